// A source's new edition merged into the records it already has: which are listed again, which leave the list,
// which have been off it longer than they are kept. Pure; collect-source.ts writes the plan in one transaction.
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

export interface EditionPlan {
  /** The edition's records, each with its listing: first listed when it first appeared, last on this edition. */
  readonly records: readonly ValidRecord[];
  /** Listed records this edition no longer holds: delisted, their last_listed_on unchanged. */
  readonly delist: readonly StoredListing[];
  /** Delisted records past the retention window (after this edition's delistings): removed. */
  readonly remove: readonly StoredListing[];
}

/**
 * Merges an edition dated `date` into the stored listings. Whether the edition comes after those merged is
 * decided before (edition-date.ts, editionOrder): an edition of the same date, or of a date after one that was
 * only the day of a collection, is merged, a record keeping the earliest first_listed_on it had.
 */
export function planEdition(
  stored: readonly StoredListing[],
  records: readonly ValidRecord[],
  date: string,
  retentionDays: number,
): EditionPlan {
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
  return { records: listed, delist, remove };
}

function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
