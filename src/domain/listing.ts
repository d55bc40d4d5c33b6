// A source's new edition merged into the records it already has: which are listed again, which leave the list,
// which have been off it longer than they are kept. Pure; collect-source.ts writes the plan in one transaction.
import { japanDate } from './dates.js';
import type { Listing, RecordKind, ValidRecord } from './record.js';

/**
 * Five years: the longest window MLIT keeps a licence action on its list. A delisted case still happened, so it
 * is kept past the publisher's window, but not forever: some records name a person (sole proprietors publish
 * under their own names). KOHYO_DELISTED_RETENTION_DAYS overrides it; 0 drops a record when it leaves the list.
 */
export const DEFAULT_DELISTED_RETENTION_DAYS = 1825;

/** A record already stored for the source, as far as its listing goes. */
export interface StoredListing {
  readonly kind: RecordKind;
  readonly id: string;
  readonly listing: Listing;
}

export type EditionPlan =
  | {
      readonly ok: true;
      /** The edition's records, each with its listing: first listed when it first appeared, last on this edition. */
      readonly records: readonly ValidRecord[];
      /** Listed records this edition no longer holds: delisted, their last_listed_on unchanged. */
      readonly delist: readonly StoredListing[];
      /** Delisted records past the retention window (after this edition's delistings): removed. */
      readonly remove: readonly StoredListing[];
    }
  | { readonly ok: false; readonly error: string };

/**
 * An edition's date: the list's own (the parsers put it in every record's `source.published_on`; the latest if
 * they differ), else the day the list was retrieved, in Japan time.
 */
export function editionDate(records: readonly ValidRecord[], retrievedAt: Date): string {
  let latest: string | null = null;
  for (const { source } of records)
    if (source.published_on !== null && (latest === null || source.published_on > latest)) latest = source.published_on;
  return latest ?? japanDate(retrievedAt);
}

/**
 * Merges an edition dated `date` into the stored listings. An edition older than the newest one collected is
 * refused: merging it would delist records a later edition holds and move their dates back, so history is only
 * ever built forwards (collect older editions first, in date order). An edition of the same date is merged again
 * (a corrected list, or one collected with --force).
 */
export function planEdition(
  stored: readonly StoredListing[],
  records: readonly ValidRecord[],
  date: string,
  retentionDays: number,
): EditionPlan {
  const newest = stored.reduce<string | null>(
    (max, s) => (max === null || s.listing.last_listed_on > max ? s.listing.last_listed_on : max),
    null,
  );
  if (newest !== null && date < newest) {
    return {
      ok: false,
      error: `the list is dated ${date}, older than the edition of ${newest} already collected: editions are collected in date order, so it is not merged`,
    };
  }
  const byId = new Map(stored.map((s) => [s.id, s]));
  const held = new Set<string>();
  const listed = records.map((record) => {
    held.add(record.id);
    const before = byId.get(record.id)?.listing.first_listed_on;
    const first = before !== undefined && before < date ? before : date;
    const listing = { status: 'listed' as const, first_listed_on: first, last_listed_on: date };
    return Object.assign({}, record, { listing });
  });
  const delist = stored.filter((s) => s.listing.status === 'listed' && !held.has(s.id));
  const delisted = [...stored.filter((s) => s.listing.status === 'delisted' && !held.has(s.id)), ...delist];
  const cutoff = retentionDays === 0 ? null : daysBefore(date, retentionDays);
  const remove = delisted.filter((s) => cutoff === null || s.listing.last_listed_on < cutoff);
  return { ok: true, records: listed, delist, remove };
}

function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
