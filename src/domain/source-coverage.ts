// Every source of every record kind, as GET /api/v1/coverage lists it: the edition it holds, its records, its runs.
import { freshness, label, type CoverageSourceInput, type Freshness } from './coverage.js';
import { daysBetween, japanDate } from './dates.js';
import type { EditionDateSource } from './edition-date.js';
import type { RecordKind } from './records/record.js';
import { authorities } from './vocabularies/authorities.js';
import type { Term } from './vocabulary.js';

export interface SourceCoverage {
  readonly id: string;
  readonly record_kind: RecordKind;
  readonly publisher: Term;
  readonly title: string;
  readonly url: string;
  /** The date of the edition held: what the publisher's list said as of then. */
  readonly edition_on: string | null;
  readonly edition_date_source: EditionDateSource | null;
  /** Whole days from the edition's date to today in Japan: how old the list held is, however recently it was read. */
  readonly edition_age_days: number | null;
  readonly observed_count: number;
  readonly last_success_at: string | null;
  readonly last_error: string | null;
  /** How recently the source was read successfully (not how current the publisher's list is: see edition_age_days). */
  readonly freshness: Freshness;
  readonly removed_by_retention: number;
}

/** The sources of each kind, in the order given (kind by kind), with their freshness as of `now`. */
export function sourceCoverageList(
  sources: readonly (CoverageSourceInput & { readonly record_kind: RecordKind })[],
  now: Date,
  freshHours: number,
): SourceCoverage[] {
  const today = japanDate(now);
  return sources.map((s) => {
    const edition = s.edition_on ?? null;
    return {
      id: s.id,
      record_kind: s.record_kind,
      publisher: label(authorities.get(s.publisher_code), s.publisher_code),
      title: s.title,
      url: s.url,
      edition_on: edition,
      edition_date_source: s.edition_date_source ?? null,
      edition_age_days: edition === null ? null : Math.max(0, daysBetween(edition, today)),
      observed_count: s.observed_count,
      last_success_at: s.last_success_at,
      last_error: s.last_error,
      freshness: freshness(s.last_success_at, now, freshHours),
      removed_by_retention: s.removed_by_retention ?? 0,
    };
  });
}
