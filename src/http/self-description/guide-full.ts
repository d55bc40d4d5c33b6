// The text of /llms.txt: what the service is and how an agent should use it. Endpoints come from the catalogue,
// numbers from the settings, parameters from the query schemas and error codes from the error catalogue, so the
// guide cannot drift from the API.
import type { TObject, TSchema } from '@sinclair/typebox';
import type { Config } from '../../config.js';
import { ERRORS, ERROR_CODES } from '../../api/errors.js';
import { ERROR_ADVICE } from '../../api/error-advice.js';
import {
  BASE_PATH,
  DOCUMENTS,
  ENDPOINTS,
  GUIDE_URI,
  MCP_ACCEPT,
  MCP_ANSWER_BYTES,
  MCP_PATH,
} from '../../api/catalogue.js';
import { SEARCH_PATH } from '../../api/links.js';
import { shellQuoted } from '../../domain/text/shell-word.js';
import { encodedCall, readableCall, type GuideExamples } from './guide-examples.js';
import { guideRules, type GuideRule } from './guide-rules.js';

interface EndpointGuide {
  readonly path: string;
  readonly what: string;
  /** The query schema; null when the endpoint takes none, 'ignored' when it ignores any given. */
  readonly query: TObject | null | 'ignored';
  readonly counted: boolean;
}

/** The endpoints, then the documents, as the guide lists them. */
function endpoints(config: Config): readonly EndpointGuide[] {
  const query = (schema: TObject | undefined): EndpointGuide['query'] =>
    schema === undefined ? 'ignored' : Object.keys(schema.properties).length === 0 ? null : schema;
  return [
    ...ENDPOINTS.map((e) => ({
      path: e.path,
      what: e.description(config),
      query: query(e.query?.(config)),
      counted: e.counted,
    })),
    ...DOCUMENTS.map((d) => ({
      path: d.path,
      what: d.description,
      query: 'ignored' as const,
      counted: d.counted === true,
    })),
  ];
}

/** The summary both the index and the whole guide open with (the llms.txt convention's blockquote). */
export const SUMMARY =
  "> Kohyo is a public, read-only JSON API over Japanese company profiles (from the National Tax Agency's Corporate Number register) and public enforcement records: administrative enforcement actions, procurement (bidding) suspensions, and licence and registration actions. No key, no account: clients are anonymous and rate limited. It answers searches; bulk export is not provided.";

/** The whole guide, its examples those of `served`. */
export function fullGuide(config: Config, served: GuideExamples): string {
  const l = config.limits;
  const rules = guideRules(config);
  return [
    '# Kohyo',
    '',
    SUMMARY,
    '',
    `Base path: \`${BASE_PATH}\`. Every endpoint answers GET and HEAD with JSON in UTF-8; any other method gets 405. Field names are snake_case, dates \`YYYY-MM-DD\` (Japan time), instants RFC 3339 in UTC. A success is \`{"data": {…}, "meta": {…}}\`; an error is \`{"error": {"code", "message", "details"}}\`. Percent-encode query values as UTF-8: each example below is given both readable and percent-encoded, and a request line holding raw (unencoded) non-ASCII bytes is refused with 400 \`malformed_request\`.`,
    '',
    '`meta.dataset.kind` says which data you are reading: `demo` is a FICTIONAL dataset for trying the API out (invented companies, numbers and records; never cite it as fact), `production` is collected from public sources. `meta.dataset.version` is when the dataset was built.',
    '',
    '## Endpoints',
    '',
    examplesNote(served),
    '',
    ...endpoints(config).flatMap((e) => endpointSection(e, l.perMinute, served)),
    '## Query rules',
    '',
    ...ruleLines(rules.query),
    '',
    '## What an answer means: meta.data_as_of and meta.coverage',
    '',
    'Record lists carry `meta.data_as_of`: the oldest last successful collection among the sources that feed that list, and `meta.coverage`: how many sources feed it (narrowed by `authority` when given) and how they stand: `{"sources", "collected", "fresh", "stale", "failing", "never_collected", "oldest_success_at"}`. An empty list means "nothing in what Kohyo held as of `data_as_of`": say "nothing in 12 sources, 2 of them stale", not "nothing". `meta.coverage.not_current` names the first five sources never collected, failing or stale, and `meta.coverage.not_searched` the first 20 registered and never collected, whose lists the answer did not search at all: name their publishers when you say nothing was found. On /api/v1/search, `meta.coverage` has one such block per record kind (`enforcements`, `procurement_suspensions`, `license_actions`), `meta.data_as_of` is that of the stalest kind, and `meta.matches` gives the full count of each list (up to 1000): a list shorter than its count has more at its own endpoint. It never means the company is clean: sources publish late, remove old notices, and some publishers are not collected at all (see /api/v1/coverage for every source of every kind, with the edition of its list held and how old it is, and /api/v1/procurement-suspension-coverage for the suspension lists by publisher group). `fresh` means a source was read successfully within the hours given, not that the publisher keeps the list current: read the date and age of the edition held for that. Every record has `summary_en`, an English sentence composed from the vocabularies (action, authority, law and article, date, period or amount), never a translation: quote `summary` or `reason_detail` (Japanese, as the source wrote it) for the words of the source. A record names the company as the source does; `company.link` says whether the source gave the Corporate Number (`source`), Kohyo matched it unambiguously by name and address (`name_address`), or it is not linked (null). Records without a number can share a name with an unrelated company: `company.address` (as the source writes it, or null) and `company.prefecture_code` (JIS `01` to `47`, or null) say where the source places it, and `prefecture=` narrows a query to one prefecture.',
    '',
    '## Limits',
    '',
    ...ruleLines(rules.limits),
    '',
    'Headers, per the IETF httpapi rate-limit headers draft:',
    '',
    ...ruleLines(rules.headers),
    '',
    '## How to behave',
    '',
    ...ruleLines(rules.behaviour),
    '',
    ...mcpSection(config, served),
    '## Errors',
    '',
    'Every error is `{"error": {"code": "…", "message": "one sentence a person can act on", "details": {…}}}`; `details` names the parameter where one is at fault. 5xx answers never carry internals; quote the `X-Request-Id` header when you report one.',
    '',
    '| Status | Code | Meaning | What to do |',
    '|---|---|---|---|',
    ...ERROR_CODES.map(
      (code) => `| ${ERRORS[code].status} | \`${code}\` | ${ERRORS[code].message} | ${ERROR_ADVICE[code].action} |`,
    ),
    '',
    '## Optional',
    '',
    `- [OpenAPI document](${BASE_PATH}/openapi.json): every endpoint, parameter and field, with types.`,
    `- [Vocabularies](${BASE_PATH}/vocabularies): every code with its labels.`,
    '',
  ].join('\n');
}

function ruleLines(rules: readonly GuideRule[]): string[] {
  return rules.map((rule) => `- ${rule.text}`);
}

function examplesNote({ dataset, from }: GuideExamples): string {
  if (from === 'demo')
    return `No dataset is open yet, so the example calls and answers below are the demo dataset's (version ${dataset.version}), FICTIONAL: never cite them as fact.`;
  const chosen = `The example calls below were chosen from the ${dataset.kind} dataset this server serves (version ${dataset.version}) when this guide was built, and each answers with rows; the answers shown are theirs.`;
  return dataset.kind === 'demo'
    ? `${chosen} The demo's companies and records are FICTIONAL: never cite them as fact.`
    : chosen;
}

function endpointSection(e: EndpointGuide, perMinute: number, served: GuideExamples): string[] {
  const example = served.examples[e.path];
  const lines = [`### GET ${e.path}`, '', e.what, ''];
  if (typeof e.query === 'object' && e.query !== null) {
    lines.push('Parameters:', '', ...parameterLines(e.query), '');
  } else if (e.query === null) {
    lines.push('No parameters (any given: 400 `unknown_parameter`).', '');
  } else if (e.path.startsWith(BASE_PATH)) {
    lines.push('Takes no parameters; any given are ignored.', '');
  }
  lines.push(e.counted ? `Counts against the limits (${perMinute} a minute).` : 'Outside the rate limit.', '');
  if (example === undefined && e.query !== null && e.query !== 'ignored') {
    lines.push('The dataset served holds nothing for an example call here yet.', '');
  }
  if (example) {
    const readable = readableCall(example.call);
    const encoded = encodedCall(example.call);
    lines.push(`Example: \`GET ${readable}\``, '');
    if (encoded !== readable) lines.push(`Percent-encoded, as sent: \`GET ${encoded}\``, '');
    if (example.answer !== null) {
      const source = example.source === 'fixed' ? [] : [answerSource(served.dataset)];
      const notes = [...source, ...(example.abridged ? [`abridged to ${example.abridged}`] : [])];
      const heading = notes.length === 0 ? 'Answer:' : `Answer (${notes.join('; ')}):`;
      lines.push(heading, '', '```json', renderJson(example.answer), '```', '');
    }
  }
  return lines;
}

function answerSource(dataset: GuideExamples['dataset']): string {
  return dataset.kind === 'demo' ? 'from the demo dataset: fictional' : 'from the dataset served';
}

function mcpSection(config: Config, served: GuideExamples): string[] {
  const tools = ENDPOINTS.flatMap((e) => e.tools)
    .map((t) => `\`${t.name}\``)
    .join(', ');
  const origin = config.publicUrl ?? 'http://127.0.0.1:3000';
  return [
    '## MCP',
    '',
    `Agents that speak the Model Context Protocol can use Kohyo as tools instead of HTTP calls: POST JSON-RPC to \`${MCP_PATH}\` (Streamable HTTP, stateless: no session, JSON answers; GET and DELETE answer 405) with \`Content-Type: application/json\` and \`Accept: ${MCP_ACCEPT}\` (both types, as the protocol asks of a client, or the answer is 406). Tools: ${tools}. Their inputs are the query parameters above (an enum filter a string: \`list_vocabularies\` with \`field\` lists its codes; numbers as numbers or text; no \`format\`) and their answers the JSON answers above as text, \`meta.dataset.kind\` and \`meta.data_as_of\` included, at most ${MCP_ANSWER_BYTES / 1024} KB (a longer list keeps its first rows, with \`meta.has_more\`); an error comes back as a tool error holding the same error body. This guide is the resource \`${GUIDE_URI}\`. A tool call is a request like any other: the same limits, enumeration rules and usage log apply to the client that sent it, each call in a batch counting as one; reading the guide resource counts as one request too. A batch holds at most ${config.mcpMaxBatch} messages. Local agents can run the same server on standard input and output: \`npm run --silent kohyo -- mcp\`.`,
    '',
    config.publicUrl === null
      ? `A tool call with curl (this server's origin in place of ${origin}):`
      : 'A tool call with curl:',
    '',
    '```sh',
    mcpCurl(origin, served),
    '```',
    '',
  ];
}

/** A tools/call of `search` for the search example's company (tools/list where there is none), as curl sends it. */
function mcpCurl(origin: string, served: GuideExamples): string {
  const q = served.examples[SEARCH_PATH]?.call.params.find(([name]) => name === 'q')?.[1];
  const message =
    q === undefined
      ? { jsonrpc: '2.0', id: 1, method: 'tools/list' }
      : { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { q, limit: 2 } } };
  return [
    `curl -s ${origin}${MCP_PATH} -H 'Content-Type: application/json' -H 'Accept: ${MCP_ACCEPT}' \\`,
    `  -d ${shellQuoted(jsonText(message))}`,
  ].join('\n');
}

/**
 * JSON, with what JSON.stringify leaves raw escaped too: the C1 controls, the line separators and the direction
 * controls, which only a string can hold, so that no value of the dataset reorders or breaks the guide's lines.
 */
function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(
    /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function parameterLines(schema: TObject): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]: [string, TSchema]) => {
    const description = typeof property.description === 'string' ? property.description : '';
    return `- \`${name}\`${required.has(name) ? ' (required)' : ''}: ${description}`;
  });
}

/** JSON with one field a line, small objects and arrays kept on one line, so examples stay short. */
export function renderJson(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return jsonText(value);
  const flat = jsonText(value);
  if (flat.length + indent.length <= 110) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => inner + renderJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  const fields = Object.entries(value).map(([k, v]) => `${inner}${jsonText(k)}: ${renderJson(v, inner)}`);
  return `{\n${fields.join(',\n')}\n${indent}}`;
}
