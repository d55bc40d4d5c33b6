// An edition's date and how it was obtained, and whether an edition may follow those a source already merged. Pure.
import { japanDate } from './dates.js';

/** How an edition's date was obtained, the surest first. */
export const EDITION_DATE_SOURCES = ['printed', 'last_modified', 'latest_record', 'collected'] as const;
export type EditionDateSource = (typeof EDITION_DATE_SOURCES)[number];

export interface EditionDate {
  readonly on: string;
  readonly source: EditionDateSource;
}

/** What a collection knows of an edition. */
export interface EditionEvidence {
  /** The date the list prints about itself (its parser puts it in the records' `source.published_on`). */
  readonly printed: string | null;
  /** The response's `Last-Modified` header, as sent; null for a local file or a server that sends none. */
  readonly last_modified: string | null;
  /** The date of its newest record. */
  readonly latest_record: string | null;
  readonly retrieved_at: Date;
}

/**
 * The edition's date: printed by the publisher; else the server's `Last-Modified` (when the file was put up); else
 * inferred from the list itself (its newest record: an edition is at least as new as the newest case it lists);
 * else, as a last resort, the day it was collected (Japan time). A date after the day of collection is a misprint
 * (R17 for R7) and is passed over: it would make every later edition look older.
 */
export function editionDateOf(evidence: EditionEvidence): EditionDate {
  const today = japanDate(evidence.retrieved_at);
  const sure = (date: string | null): date is string => date !== null && date <= today;
  if (sure(evidence.printed)) return { on: evidence.printed, source: 'printed' };
  const modified = evidence.last_modified === null ? Number.NaN : Date.parse(evidence.last_modified);
  const modifiedOn = Number.isFinite(modified) ? japanDate(new Date(modified)) : null;
  if (sure(modifiedOn)) return { on: modifiedOn, source: 'last_modified' };
  if (sure(evidence.latest_record)) return { on: evidence.latest_record, source: 'latest_record' };
  return { on: today, source: 'collected' };
}

export type EditionOrder = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Whether an edition may be merged after those already merged (merging an older one would delist the cases a
 * later edition holds and move their dates back). Only the publisher's printed dates decide: an edition printed
 * as older than the latest printed date merged is refused. Every other date lets it through: a collection day
 * says nothing of the list; a list's newest record does not order editions (a suspension list drops its shortest
 * suspensions first, so a newer edition may hold an older newest case); a server's Last-Modified moves when a site
 * is redeployed. Merging an older undated edition costs dates set back until the next edition; refusing a newer
 * one would stop the source for good.
 */
export function editionOrder(heldPrintedOn: string | null, next: EditionDate): EditionOrder {
  if (next.source !== 'printed' || heldPrintedOn === null || next.on >= heldPrintedOn) return { ok: true };
  return {
    ok: false,
    reason: `the list is dated ${next.on}, older than the edition of ${heldPrintedOn} already collected (both as the publisher prints them): editions are merged in date order, so it is skipped`,
  };
}

/** The date the list prints about itself: its parser puts it in every record's `source.published_on` (the latest if they differ). */
export function printedDateOf(
  records: readonly { readonly source: { readonly published_on: string | null } }[],
): string | null {
  let latest: string | null = null;
  for (const { source } of records)
    if (source.published_on !== null && (latest === null || source.published_on > latest)) latest = source.published_on;
  return latest;
}
