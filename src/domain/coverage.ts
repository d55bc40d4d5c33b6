// Coverage of procurement suspension lists per publisher group: counts, periods, freshness and ratios.
import { authorities } from './vocabularies/authorities.js';
import { publisherGroups } from './vocabularies/publisher-groups.js';
import type { Term } from './vocabulary.js';

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
  /** Finish of the newest run that succeeded or found the list unchanged. */
  readonly last_success_at: string | null;
  /** The error of the newest run, when that run failed. */
  readonly last_error: string | null;
}

export type FreshnessStatus = 'fresh' | 'stale' | 'never_collected';
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
    const lastSuccess = collected.map((s) => s.last_success_at!).sort()[0] ?? null;
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
      coverage_ratio: group.official_total ? Math.round((coveredBodies / group.official_total) * 10_000) / 10_000 : null,
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

function label(term: Term | undefined, code: string): Term {
  return term ? { code: term.code, name: term.name, name_en: term.name_en } : { code, name: code, name_en: code };
}

function minOf(values: readonly (string | null)[]): string | null {
  return values.filter((v): v is string => v !== null).sort()[0] ?? null;
}

function maxOf(values: readonly (string | null)[]): string | null {
  return values.filter((v): v is string => v !== null).sort().at(-1) ?? null;
}
