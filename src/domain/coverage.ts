// Coverage of the sources: per publisher group, their counts, periods, freshness and ratios (/api/v1/coverage); per
// answer, the sources that feed what it read and those not current (answerCoverage, meta.coverage).
import { authorities, authorityAndOffices } from './vocabularies/authorities.js';
import { publisherGroups } from './vocabularies/publisher-groups.js';
import type { Term } from './vocabulary.js';
import type { EditionDateSource } from './edition-date.js';
import { LRUCache } from 'lru-cache';

/** A source with its record count, covered period and the outcome of its latest runs. */
export interface CoverageSourceInput {
  readonly id: string;
  readonly publisher_code: string;
  /**
   * The body the source counts for toward the group's official total (a regional bureau counts for its
   * ministry); the publisher when not given.
   */
  readonly counted_body?: string;
  readonly group_code: string;
  readonly url: string;
  readonly title: string;
  readonly observed_count: number;
  readonly period_from: string | null;
  readonly period_to: string | null;
  /**
   * Finish of the newest run that read the list: merged it, found it unchanged, or found it an edition older than
   * the one held (skipped: the source answered, its list is just not newer).
   */
  readonly last_success_at: string | null;
  /** The error of the newest run, when that run failed. */
  readonly last_error: string | null;
  /** The date of the edition the source holds, and how it was obtained (null for runs that did not record it). */
  readonly edition_on?: string | null;
  readonly edition_date_source?: EditionDateSource | null;
  /** Records of the source retention removed (KOHYO_DELISTED_RETENTION_DAYS), over all its runs. */
  readonly removed_by_retention?: number;
}

type FreshnessStatus = 'fresh' | 'stale' | 'never_collected';
export interface Freshness {
  readonly status: FreshnessStatus;
  readonly age_hours: number | null;
}

/** Fresh when the last success is under `freshHours` old; age in hours to one decimal. */
export function freshness(lastSuccessAt: string | null, now: Date, freshHours: number): Freshness {
  if (lastSuccessAt === null) return { status: 'never_collected', age_hours: null };
  const age = Math.max(0, (now.getTime() - Date.parse(lastSuccessAt)) / 3_600_000);
  return { status: age < freshHours ? 'fresh' : 'stale', age_hours: Math.round(age * 10) / 10 };
}

export function buildCoverage(
  groups: readonly { code: string; official_total: number | null }[],
  sources: readonly CoverageSourceInput[],
  now: Date,
  freshHours: number,
) {
  return groups.map((group) => {
    const own = sources.filter((s) => s.group_code === group.code);
    const collected = own.filter((s) => s.last_success_at !== null);
    // a group is as fresh as its stalest collected source
    const lastSuccess = minOf(collected.map((s) => s.last_success_at));
    const coveredBodies = coveredBodiesOf(collected, group.official_total);
    return {
      publisher_group: label(publisherGroups.get(group.code), group.code),
      sources: own.map((s) => ({
        id: s.id,
        publisher: label(authorities.get(s.publisher_code), s.publisher_code),
        title: s.title,
        url: s.url,
        observed_count: s.observed_count,
        period: { from: s.period_from, to: s.period_to },
        last_success_at: s.last_success_at,
        last_error: s.last_error,
        freshness: freshness(s.last_success_at, now, freshHours),
      })),
      observed_count: own.reduce((sum, s) => sum + s.observed_count, 0),
      period: {
        from: minOf(own.map((s) => s.period_from)),
        to: maxOf(own.map((s) => s.period_to)),
      },
      last_success_at: lastSuccess,
      freshness: freshness(lastSuccess, now, freshHours),
      covered_bodies: coveredBodies,
      official_total: group.official_total,
      coverage_ratio: group.official_total
        ? Math.round((coveredBodies / group.official_total) * 10_000) / 10_000
        : null,
    };
  });
}

/**
 * Distinct bodies with a collected source. Capped at the official total: a body the registry counts that the
 * official basis does not (a registry error) must not push the ratio over 1.
 */
function coveredBodiesOf(collected: readonly CoverageSourceInput[], officialTotal: number | null): number {
  const bodies = new Set(collected.map((s) => s.counted_body ?? s.publisher_code)).size;
  return officialTotal === null ? bodies : Math.min(bodies, officialTotal);
}

export function label(term: Term | undefined, code: string): Term {
  return term ? { code: term.code, name: term.name, name_en: term.name_en } : { code, name: code, name_en: code };
}

function minOf(values: readonly (string | null)[]): string | null {
  return values.filter((v): v is string => v !== null).sort()[0] ?? null;
}

function maxOf(values: readonly (string | null)[]): string | null {
  return (
    values
      .filter((v): v is string => v !== null)
      .sort()
      .at(-1) ?? null
  );
}

/** How a source stands for an answer that did not get all of it: never read, its newest run failed, or read too long ago. */
export type NotCurrentState = 'never_collected' | 'failing' | 'stale';
const NOT_CURRENT_ORDER: readonly NotCurrentState[] = ['never_collected', 'failing', 'stale'];

/** How many sources not current an answer names, per record kind: the rest are counted, and all are in the coverage list. */
export const NOT_CURRENT_NAMED = 5;

/**
 * How many sources never collected an answer names, per record kind (the contract's bound): the rest are counted, and
 * all are in the coverage list.
 */
export const NOT_SEARCHED_NAMED = 20;

/** A source an answer did not search at all: registered, and never collected (or failing since its first run). */
interface NotSearchedSource {
  readonly id: string;
  readonly publisher: Term;
}

/** A source an answer could not search as of now, by name: what a "no" did not cover. */
interface NotCurrentSource {
  readonly id: string;
  readonly publisher: Term;
  readonly state: NotCurrentState;
  readonly last_success_at: string | null;
}

/** How the sources behind a record list stand: what `meta.coverage` says next to `data_as_of`. */
export interface AnswerCoverage {
  readonly sources: number;
  readonly collected: number;
  readonly fresh: number;
  readonly stale: number;
  readonly failing: number;
  readonly never_collected: number;
  readonly oldest_success_at: string | null;
  /** The sources not current, all counted, the first NOT_CURRENT_NAMED named (never collected, then failing, then stale). */
  readonly not_current: { readonly total: number; readonly sources: readonly NotCurrentSource[] };
  /** The sources never collected, all counted, the first NOT_SEARCHED_NAMED named in the registry's order. */
  readonly not_searched: { readonly total: number; readonly sources: readonly NotSearchedSource[] };
}

type SourceState = Pick<CoverageSourceInput, 'id' | 'publisher_code' | 'last_success_at' | 'last_error'>;

/** Where a source stands among the not current, or null when it is fresh and its newest run succeeded. */
export function notCurrentState(
  source: Pick<SourceState, 'last_success_at' | 'last_error'>,
  now: Date,
  freshHours: number,
): NotCurrentState | null {
  const status = freshness(source.last_success_at, now, freshHours).status;
  if (status === 'never_collected') return 'never_collected';
  if (source.last_error !== null) return 'failing';
  return status === 'stale' ? 'stale' : null;
}

/**
 * The coverage of an answer from `sources` (the sources of its record kind), narrowed to those that feed an
 * authority's records when one is asked for: a source its own, an office's under it, or a body's above it (the
 * ministry's list holds its bureaus' cases). `failing` counts sources whose newest run failed, collected or not.
 *
 * The sources are the dataset's (read once when it is opened), and the answer changes with `now` only when a source
 * turns stale: it is kept per sources and authority until then, so that a request does not walk every registered
 * source again. The answer is shared: callers copy what they change.
 */
export function answerCoverage(
  sources: readonly SourceState[],
  authority: string | undefined,
  now: Date,
  freshHours: number,
): AnswerCoverage {
  let held = ANSWERS.get(sources);
  if (held === undefined) {
    // authorities are a vocabulary's codes, but the key is a client's word: the map stays bounded whatever is asked
    held = new LRUCache({ max: MAX_AUTHORITIES_HELD });
    ANSWERS.set(sources, held);
  }
  const key = `${freshHours}\u0000${authority ?? ''}`;
  const time = now.getTime();
  const known = held.get(key);
  if (known !== undefined && known.from <= time && time < known.until) return known.coverage;
  const feeding =
    authority === undefined ? sources : sources.filter((s) => feedsAuthority(s.publisher_code, authority));
  const coverage = coverageOf(feeding, now, freshHours);
  held.set(key, { coverage, from: time, until: nextStaleAt(feeding, time, freshHours) });
  return coverage;
}

/** Answers kept for each sources list, by fresh hours and authority, with the span of time they hold for. */
const ANSWERS = new WeakMap<
  readonly SourceState[],
  LRUCache<string, { readonly coverage: AnswerCoverage; readonly from: number; readonly until: number }>
>();
const MAX_AUTHORITIES_HELD = 1024;

/** The first instant after `time` at which one of the sources turns stale (freshness()'s boundary), or never. */
function nextStaleAt(sources: readonly SourceState[], time: number, freshHours: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const source of sources) {
    if (source.last_success_at === null) continue;
    const staleAt = Date.parse(source.last_success_at) + freshHours * 3_600_000;
    if (staleAt > time && staleAt < next) next = staleAt;
  }
  return next;
}

function coverageOf(feeding: readonly SourceState[], now: Date, freshHours: number): AnswerCoverage {
  let fresh = 0;
  let stale = 0;
  let failing = 0;
  let oldest: string | null = null;
  const notCurrent: NotCurrentSource[] = [];
  const notSearched: NotSearchedSource[] = [];
  for (const source of feeding) {
    const status = freshness(source.last_success_at, now, freshHours).status;
    if (status === 'fresh') fresh++;
    if (status === 'stale') stale++;
    if (source.last_error !== null) failing++;
    if (source.last_success_at !== null && (oldest === null || source.last_success_at < oldest))
      oldest = source.last_success_at;
    const state = notCurrentState(source, now, freshHours);
    if (state !== null) notCurrent.push(notCurrentSource(source, state));
    if (state === 'never_collected') notSearched.push({ id: source.id, publisher: publisherOf(source) });
  }
  notCurrent.sort((a, b) => NOT_CURRENT_ORDER.indexOf(a.state) - NOT_CURRENT_ORDER.indexOf(b.state));
  return {
    sources: feeding.length,
    collected: fresh + stale,
    fresh,
    stale,
    failing,
    never_collected: feeding.length - fresh - stale,
    oldest_success_at: oldest,
    not_current: { total: notCurrent.length, sources: notCurrent.slice(0, NOT_CURRENT_NAMED) },
    not_searched: { total: notSearched.length, sources: notSearched.slice(0, NOT_SEARCHED_NAMED) },
  };
}

function notCurrentSource(source: SourceState, state: NotCurrentState): NotCurrentSource {
  return {
    id: source.id,
    publisher: publisherOf(source),
    state,
    last_success_at: source.last_success_at,
  };
}

function publisherOf(source: SourceState): Term {
  return label(authorities.get(source.publisher_code), source.publisher_code);
}

function feedsAuthority(publisher: string, authority: string): boolean {
  return authorityAndOffices(authority).includes(publisher) || authorityAndOffices(publisher).includes(authority);
}
