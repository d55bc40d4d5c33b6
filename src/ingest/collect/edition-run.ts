// The edition a run read, judged against what its source has merged: dated, put in order, and planned, or skipped.
import { editionDateOf, editionOrder, printedDateOf, type EditionDate } from '../../domain/edition-date.js';
import { planEdition, type EditionPlan } from '../../domain/records/listing.js';
import type { ValidRecord } from '../../domain/records/record.js';
import type { Db } from '../../store/schema/database.js';
import { heldPrintedOn } from '../../store/read/held-editions.js';
import type { RecordWriter } from '../../store/write/record-writer.js';

export type EditionJudgement =
  | { readonly kind: 'merge'; readonly edition: EditionDate; readonly plan: EditionPlan }
  /** An edition older than those merged: the run is skipped, and the source keeps what it holds. */
  | { readonly kind: 'skip'; readonly edition: EditionDate; readonly reason: string };

export interface EditionRead {
  readonly records: readonly ValidRecord[];
  /** The newest record's date (the run's period_to). */
  readonly latest_record: string | null;
  /** The response's Last-Modified (the latest of several files'); null for local files. */
  readonly last_modified: string | null;
  readonly retrieved_at: Date;
}

/** Dates the edition (edition-date.ts), checks its order against the source's merged editions, plans the merge. */
export function judgeEdition(
  context: { readonly db: Db; readonly writer: RecordWriter; readonly delistedRetentionDays: number },
  sourceId: string,
  read: EditionRead,
): EditionJudgement {
  const edition = editionDateOf({
    printed: printedDateOf(read.records),
    latest_record: read.latest_record,
    last_modified: read.last_modified,
    retrieved_at: read.retrieved_at,
  });
  const order = editionOrder(heldPrintedOn(context.db, sourceId), edition);
  if (!order.ok) return { kind: 'skip', edition, reason: order.reason };
  const stored = context.writer.listingsOfSource(sourceId);
  return {
    kind: 'merge',
    edition,
    plan: planEdition(stored, read.records, edition.on, context.delistedRetentionDays),
  };
}

/** The latest of the files' Last-Modified headers that parse as dates, as sent; null when none does. */
export function latestLastModified(values: readonly (string | null | undefined)[]): string | null {
  let latest: { value: string; ms: number } | null = null;
  for (const value of values) {
    const ms = value ? Date.parse(value) : Number.NaN;
    if (value && Number.isFinite(ms) && (latest === null || ms > latest.ms)) latest = { value, ms };
  }
  return latest?.value ?? null;
}
