// What every parser takes besides the bytes (the source and when it was fetched) and what it gives back.
import type { RecordInput, RecordKind } from '../../domain/record-input.js';

export interface ParseContext {
  readonly source: { readonly id: string; readonly url: string; readonly title: string };
  readonly kind: RecordKind;
  /** The publisher's authority code: the records' authority unless a column names another. */
  readonly authority: string;
  /** RFC 3339 instant of the fetch (or of reading the local file). */
  readonly retrieved_at: string;
  /** The list's publication date where the page states it. */
  readonly published_on?: string | null;
}

export interface ParsedList {
  readonly ok: true;
  /** Records in the record JSON Lines shape, each one already passed validateRecordLine. */
  readonly records: RecordInput[];
  /** The earliest and latest record dates (a suspension's start), null when the list is empty. */
  readonly period: { readonly from: string; readonly to: string } | null;
  /** Rows left out on purpose (blank rows, repeated header rows), by their 1-based row number. */
  readonly skipped_rows: readonly number[];
  /** Things read but not kept: a corporate number with a wrong check digit, for instance. */
  readonly warnings: readonly string[];
}

export interface ParseFailure {
  readonly ok: false;
  /** One sentence a person can act on: what is wrong with the file, as a whole. */
  readonly error: string;
  /** The row-level problems behind it, each naming its row and column (at most MAX_PROBLEMS). */
  readonly problems: readonly string[];
}

export type ParseOutcome = ParsedList | ParseFailure;

/** How many row problems a failure lists: enough to fix a layout change, not a flood. */
export const MAX_PROBLEMS = 10;

export function parseFailure(error: string, problems: readonly string[] = []): ParseFailure {
  return { ok: false, error, problems: problems.slice(0, MAX_PROBLEMS) };
}
