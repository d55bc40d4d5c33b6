// The rules /llms.txt states, each a promise with an id (test/http/self-description/guide-promises.test.ts checks every one against the
// running server) or advice (id null). Numbers come from the settings, so a rule cannot drift from the server.
import type { Config } from '../../config.js';
import { corporateNumberFromBase } from '../../domain/companies/corporate-number.js';
import { MAX_LIMIT } from '../../api/schemas/queries.js';
import { RECENT_BASES_PER_STEP, UNORDERED_WALK_FACTOR } from '../../limits/sequential-run.js';
import { clientShare } from '../../limits/address-ceilings.js';
import { ADDRESS_COOLDOWN_FLOOR_MS, ADDRESS_WALK_EVIDENCE } from '../../limits/policy.js';
import { MAX_DATE_RANGE_DAYS, MAX_TEXT_LENGTH } from '../../domain/records/filter-names.js';
import { MAX_QUERY_WORDS } from '../../domain/text/query-words.js';
import { RECORD_FILTERS } from '../../api/record-filters.js';
import { RECORD_KINDS } from '../../domain/records/record.js';

/**
 * A number to show how one may be written: of organisation type 99 (digits 5-6 of the base), which the registry never
 * issues, as every number of the demo dataset is (this is its first company's).
 */
const EXAMPLE_NUMBER = corporateNumberFromBase('999999000001');

/** The record filters whose values are codes of a vocabulary, from the filter table: those that count alone first. */
const VOCABULARY_FILTERS = (() => {
  const filters = RECORD_KINDS.flatMap((kind) => RECORD_FILTERS[kind]).filter((f) => f.reads === 'vocabulary');
  const names = [...filters.filter((f) => f.alone), ...filters.filter((f) => !f.alone)].map((f) => `\`${f.name}\``);
  return [...new Set(names)].join(', ');
})();

export interface GuideRule {
  /** The promise's name, or null for advice nothing can check. */
  readonly id: string | null;
  readonly text: string;
}

export interface GuideRules {
  readonly query: readonly GuideRule[];
  readonly limits: readonly GuideRule[];
  readonly headers: readonly GuideRule[];
  readonly behaviour: readonly GuideRule[];
}

export function guideRules(config: Config): GuideRules {
  return {
    query: queryRules(config),
    limits: limitRules(config.limits),
    headers: headerRules(config.limits),
    behaviour: BEHAVIOUR_RULES,
  };
}

/** What a query may say: its parameters, their values and the filters an endpoint needs. */
function queryRules(config: Config): GuideRule[] {
  return [
    {
      id: 'limit',
      text: `\`limit\`: rows to return, a whole number from 1 to ${MAX_LIMIT}; ${MAX_LIMIT} when absent. Anything else is 400 \`invalid_parameter\`.`,
    },
    {
      id: 'page',
      text: `\`page\` (only on /api/v1/procurement-suspensions and /api/v1/license-actions): from 1 to ${config.maxPage}; 1 when absent. So at most ${config.maxPage} × \`limit\` rows of one query can be reached; \`meta.max_page\` is the last page this query can ask for; on it \`meta.has_more\` stays true while more match, and \`meta.notice\` says so and why no further page is given. Narrow the query with filters rather than paging further. \`page\` on any other endpoint is 400 \`unknown_parameter\`.`,
    },
    { id: 'bulk_access', text: '`offset` and `cursor` are refused everywhere with 400 `bulk_access_not_provided`.' },
    {
      id: 'unknown_and_repeated',
      text: 'Any other parameter an endpoint does not take: 400 `unknown_parameter`, naming it. A parameter given twice: 400 `invalid_parameter`.',
    },
    {
      id: 'empty_value',
      text: 'An empty or whitespace-only value counts as absent. Any other value is read as sent, its white space included: `limit=%205` is not a whole number and `format=%20atom` no format (400 `invalid_parameter`).',
    },
    {
      id: 'text_length',
      text: `\`q\` and \`company\` are at most ${MAX_TEXT_LENGTH} characters as sent, spaces included (400 \`invalid_parameter\`); \`q\` holds at most ${MAX_QUERY_WORDS} words, split at white space as written, every one of which must match (more: 400 \`invalid_parameter\`). Every parameter must be well-formed text, UTF-8 percent-encoded: a broken %-escape, bytes that are not UTF-8, a lone surrogate or a NUL is 400 \`invalid_parameter\`.`,
    },
    {
      id: 'corporate_number',
      text: `\`corporate_number\`: 13 digits with a valid check digit (the first digit). Full-width digits, spaces, hyphens and a leading \`T\` (invoice registration numbers) are removed first, so \`T${EXAMPLE_NUMBER.slice(0, 1)}-${EXAMPLE_NUMBER.slice(1, 5)}-${EXAMPLE_NUMBER.slice(5, 9)}-${EXAMPLE_NUMBER.slice(9)}\` is read as \`${EXAMPLE_NUMBER}\`. Otherwise 400 \`invalid_corporate_number\`. In \`q\` or \`company\`, a 13-digit number with a wrong check digit matches nothing and \`meta.notice\` says why.`,
    },
    {
      id: 'enum_labels',
      text: `Enum filters (${VOCABULARY_FILTERS}) accept the code, the Japanese label or the English label, case-insensitive after NFKC and white space aside (\`jftc\`, \`公正取引委員会\`, \`Japan Fair Trade Commission\`); common short names of laws work too (\`独占禁止法\`). An unknown value is 400 \`invalid_parameter\` with the allowed codes in \`details.allowed\`; /api/v1/vocabularies lists them all.`,
    },
    {
      id: 'date_range',
      text: `\`from\` and \`to\` (every record endpoint: the date of an enforcement or a licence action, the first day of a suspension) are dates \`YYYY-MM-DD\`; \`from\` after \`to\` is 400 \`invalid_parameter\`. Both together, at most ${MAX_DATE_RANGE_DAYS} days apart, count as a filter on their own.`,
    },
    {
      id: 'authority_offices',
      text: '`authority` matches that authority and every office under it: `mhlw` finds the records of the 47 labour bureaus (`mhlw_labour_bureau_01` … `_47`) as well as its own, `mlit` those of its regional bureaus. Each authority in /api/v1/vocabularies names its `parent`.',
    },
    {
      id: 'prefecture',
      text: '`prefecture` (record endpoints) keeps the records whose `company.prefecture_code` is that prefecture: a JIS code (`01` to `47`), a Japanese name with or without 都・府・県 (`東京都`, `東京`) or an English name (`Tokyo`). It tells apart companies of one name in different places, but it only narrows the other filters: `prefecture` alone is 400 `missing_filter`.',
    },
    {
      id: 'missing_filter',
      text: 'A record endpoint called with no filter at all is 400 `missing_filter`; a search without `q` is 400 `missing_parameter`.',
    },
    {
      id: 'include_predecessors',
      text: '`include_predecessors=true` (record endpoints) adds the records of the companies merged into `corporate_number`, and needs it: without `corporate_number` it is 400 `invalid_parameter`.',
    },
    {
      id: 'listing',
      text: "`listing=listed` or `listing=delisted` (every record endpoint) narrows to the records the latest edition of their source's list still holds, or those a later edition dropped; absent, both. It narrows another filter and is none alone: `listing` by itself is 400 `missing_filter`.",
    },
  ];
}

/** How many requests a client may make, what counts, and what is refused as enumeration. */
function limitRules(l: Config['limits']): GuideRule[] {
  return [
    {
      id: 'windows',
      text: `${l.perMinute} requests per client in any 60 seconds (429 \`rate_limited\`), and ${l.perDay} in any 24 hours, rolling (429 \`daily_limit_exceeded\`).`,
    },
    {
      id: 'client_group',
      text: 'A client is the group (IP address, User-Agent, `X-Kohyo-Client`); IPv6 addresses group by their /64.',
    },
    ...addressRules(l),
    {
      id: 'refusal_ceiling',
      text: `Refusals are bounded too: more than ${clientShare(l.refusalsPerMinute, l.addressFactor)} 429s to one client in any 60 seconds, and the client is dropped for ${duration(l.refusalDropSeconds)}: until the drop ends, each of its requests is held half a second and answered 429 \`rate_limited\` with \`details.scope\` \`"client"\` and \`Retry-After\` the seconds the drop has left, and its connection closed (behind a proxy, refused at once, before any other work).${l.addressFactor === 0 ? '' : ` Past ${l.refusalsPerMinute} refusals to several clients of one address (each counted up to its own bound), the whole address is dropped alike, with \`details.scope\` \`"address"\`.`} Retrying before \`Retry-After\` only brings that on.`,
    },
    {
      id: 'what_counts',
      text: 'Every request under /api/v1/ counts, whatever its answer and however its path is spelled (%-escapes, an absolute URL, a trailing slash), except /api/v1/openapi.json and /api/v1/vocabularies; /health, /llms.txt and /llms-full.txt do not count either. A refused (429) request does not count.',
    },
    {
      id: 'enumeration',
      text: `Enumeration is refused: more than ${l.enumDistinctTerms} distinct search terms (the normalised values of \`q\`, \`company\` and \`corporate_number\`, and each distinct combination of the filters that slice the dataset without naming anything: \`from\`/\`to\` windows, \`authority\`, \`law\`, \`prefecture\` and the other vocabulary filters; paging one answer is one term) from one client in ${duration(l.enumWindowSeconds)}, or ${l.enumSequential} Corporate Number look-ups among the client's (or its address's) last ${l.enumSequential * RECENT_BASES_PER_STEP} distinct numbers whose 12-digit bases (the number without its check digit), in the order asked, move the same way by 1 to 100 each step, whatever is looked up in between (interleaved walks are each seen; the same number again neither extends nor breaks a run), or ${l.enumSequential * UNORDERED_WALK_FACTOR} distinct numbers among the client's last ${l.enumSequential * RECENT_BASES_PER_STEP} that, put in order, are each 1 to 100 from the next, whatever order they were asked in (a zig-zag walk). The request that trips it gets 429 \`automated_enumeration_detected\`, and the client is refused with that code for ${duration(l.enumCooldownSeconds)}.`,
    },
  ];
}

/** The headers that tell a client where it stands against its limits. */
function headerRules(l: Config['limits']): GuideRule[] {
  return [
    {
      id: 'policy_header',
      text: `\`RateLimit-Policy: "minute";q=${l.perMinute};w=60, "day";q=${l.perDay};w=86400\` on every counted answer.`,
    },
    {
      id: 'ratelimit_header',
      text: '`RateLimit: "minute";r=<requests left>;t=<seconds until the next free slot>` on every counted answer, errors included, for the tighter of the two windows (the name says which: `"day"` when the day window is tighter). The windows slide to the millisecond; the day does not reset at midnight.',
    },
    {
      id: 'retry_after',
      text: '`Retry-After: <seconds>` on every 429, also given as `error.details.retry_after`: the time until a slot frees, or until the enumeration cool-down ends.',
    },
  ];
}

/** How a client should behave: advice, and the one promise (revalidation) that comes with it. */
const BEHAVIOUR_RULES: readonly GuideRule[] = [
  {
    id: null,
    text: 'Identify yourself: send `X-Kohyo-Client: <your application>` and `X-Kohyo-Contact: <an address we can reach you at>` (`X-Service-Client` and `X-Service-Contact` are accepted too).',
  },
  {
    id: null,
    text: 'Look up the companies you were asked about, one by one. Never walk Corporate Numbers, sweep names or prefixes, or page through everything: that is enumeration and is refused.',
  },
  {
    id: null,
    text: 'On 429, wait the `Retry-After` seconds before the next request; do not retry sooner, and do not change address, User-Agent or client name to get around a limit. Watch `RateLimit` and slow down before you reach zero.',
  },
  {
    id: null,
    text: 'Cache answers: the same question gets the same answer until the dataset is rebuilt, and `meta.dataset.version` tells you when it was. Fetch /api/v1/vocabularies once per session.',
  },
  {
    id: 'revalidate',
    text: 'Revalidate instead of asking again: send the `ETag` of an answer you hold as `If-None-Match`; an unchanged answer comes back as 304 with no body, and a 304 does not count against the limits.',
  },
  {
    id: null,
    text: "Cite what you report: the record's `source.url`, `source.title` and `source.published_on`, and the authority.",
  },
  {
    id: null,
    text: 'When nothing is found, say "not found in Kohyo as of <meta.data_as_of>", never "clean" or "no violations". Say which lists you checked: /api/v1/coverage names every source of every record kind, the edition of its list held (`edition_on`, and `edition_age_days`) and whether its last collection failed (`last_error`). "Fresh" there means read successfully within the last hours, not that the publisher\'s list is current: a list read an hour ago may be an edition of months ago.',
  },
  {
    id: null,
    text: 'Tell demo data (`meta.dataset.kind: "demo"`) from real data, and tell a name match from a Corporate Number match: each record of an answer about a company says its `relation`. `linked`: linked to a company the query found. `predecessor`: linked to a company merged into the one asked for, part of its history. `named`: linked to no company, naming one the query found; report it as "a record naming a company of this name", never as that company\'s. `text`: found by its own printed name or words. An answer about one Corporate Number lists its own records (`linked`, `predecessor`) first, then the `named` records, only where they place the company nowhere or in its prefecture; `meta.named_elsewhere` counts the others and links to the search of the name.',
  },
];

/** The address ceiling's promise, when there is one (KOHYO_ADDRESS_LIMIT_FACTOR above 0). */
function addressRules(l: Config['limits']): GuideRule[] {
  const f = l.addressFactor;
  if (f === 0) return [];
  return [
    {
      id: 'address_ceiling',
      text: `One address (IPv4, or IPv6 /64) is also held to ${f} times a client's limits, whatever User-Agents and client names it sends: ${l.perMinute * f} requests in any 60 seconds, ${l.perDay * f} in any 24 hours, and at most ${l.enumDistinctTerms * f} distinct search terms in ${duration(l.enumWindowSeconds)}, which one client, refused at its own, never fills alone. A sequential Corporate Number run refuses the client that looked it up; it refuses its whole address only when it is spread over several clients, at least ${ADDRESS_WALK_EVIDENCE} of its numbers looked up by clients other than the one that looked up the most, and then for a cool-down in proportion to the clients in it: ${duration(l.enumCooldownSeconds)} once they are ${l.enumSequential}, at least ${duration(Math.min(l.enumCooldownSeconds, ADDRESS_COOLDOWN_FLOOR_MS / 1000))}. A 429's \`error.details.scope\` says which limit refused it (\`"client"\` or \`"address"\`), and \`RateLimit\` and \`RateLimit-Policy\` describe whichever binds (\`q\` then gives the address's quota).`,
    },
  ];
}

/** 600 → "10 minutes", 3600 → "1 hour". */
export function duration(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds % 3600 === 0 && seconds > 0) return unit(seconds / 3600, 'hour');
  if (seconds % 60 === 0 && seconds > 0) return unit(seconds / 60, 'minute');
  return unit(seconds, 'second');
}
