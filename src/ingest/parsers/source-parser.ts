// The one parser contract: what every parser takes besides the bytes, what it gives back, and which parser reads a source.
import type { RecordInput } from '../../domain/records/record-input.js';
import {
  DEFAULT_UNREADABLE_RULE,
  MAX_KEPT_SKIPPED_ROWS,
  type SkippedRow,
  type UnreadableRule,
} from '../../domain/skipped-row.js';
import type { SourceEntry } from '../registry/source-entry.js';
import { messageOf } from '../../lib/error-of.js';
import { DEFAULT_PARSE_BUDGET, ParseBudgetError, type ParseBudget } from './parse-budget.js';

export interface ParseContext {
  /** The registry entry: id, title, publisher (the records' authority unless a column names another), kind, mapping. */
  readonly source: SourceEntry;
  /**
   * The address the bytes came from, what the records cite: after redirects, and the linked file where the
   * registry gives a list_link. The registry's URL for a local file.
   */
  readonly url: string;
  /** RFC 3339 instant of the fetch (or of reading the local file). */
  readonly retrieved_at: string;
  /** The list's publication date where the page states it. */
  readonly published_on?: string | null;
  /** The bounds the parse keeps to (parse-budget.ts); DEFAULT_PARSE_BUDGET when not given. */
  readonly budget?: ParseBudget;
  /** The rows the list's files before this one held (parse-list-files.ts): what this file may add is the rest. */
  readonly list_rows_before?: number;
}

export function budgetOf(context: Pick<ParseContext, 'budget'>): ParseBudget {
  return context.budget ?? DEFAULT_PARSE_BUDGET;
}

/** The rows this file may hold before its list passes KOHYO_MAX_LIST_ROWS. */
export function listRowsLeft(context: Pick<ParseContext, 'budget' | 'list_rows_before'>): number {
  return budgetOf(context).listRows - (context.list_rows_before ?? 0);
}

/**
 * The bound on a list's rows passed, as thrown: `rows` is how many this file holds, or more than it may where its
 * reader stopped counting.
 */
export function listRowsError(
  context: Pick<ParseContext, 'budget' | 'list_rows_before'>,
  rows: string,
): ParseBudgetError {
  const before = context.list_rows_before ?? 0;
  const others = before > 0 ? `, after ${before.toLocaleString('en')} in the list's other files` : '';
  return new ParseBudgetError('listRows', budgetOf(context).listRows, `${rows}${others}`);
}

/** When the source's unreadable rows fail its whole list: its entry's rule, else the default one. */
export function unreadableRuleOf(context: Pick<ParseContext, 'source'>): UnreadableRule {
  return context.source.unreadable_rows ?? DEFAULT_UNREADABLE_RULE;
}

/** Where in the list a record was read: its row as the parser counts rows, its PDF page, its file of several. */
export interface RecordOrigin {
  readonly row: number;
  readonly page?: number | null;
  readonly file?: string | null;
}

export interface ParsedList {
  readonly ok: true;
  /**
   * Records in the record JSON Lines shape, as read: the collection validates and links them (prepare-records.ts),
   * and leaves out as unreadable a record that does not validate.
   */
  readonly records: RecordInput[];
  /** Where each record was read, by index, for the messages about it; its position in the list where absent. */
  readonly origins?: readonly RecordOrigin[];
  /** The header each field was read from, as the list prints it (a table read through a mapping, or by its own parser). */
  readonly columns?: Readonly<Record<string, string>>;
  /**
   * Where a parser of its own read the fields no column holds, in words: 「the labour bureau named above each table」,
   * 「the <time datetime> of each release」. What `sources try` shows beside the columns.
   */
  readonly read_from?: Readonly<Record<string, string>>;
  /** The earliest and latest record dates (a suspension's start), null when the list is empty. */
  readonly period: { readonly from: string; readonly to: string } | null;
  /** Rows left out: on purpose (blank rows, repeated header rows), or unreadable rows that fail alone. */
  readonly skipped_rows: readonly SkippedRow[];
  /** How many rows were left out, when more than `skipped_rows` keeps (keptNotes); its length otherwise. */
  readonly skipped_total?: number;
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

/** Pure: the same bytes and context give the same outcome. PDF and XLSX reading are asynchronous, hence the Promise. */
export type SourceParser = (bytes: Uint8Array, context: ParseContext) => ParseOutcome | Promise<ParseOutcome>;

/**
 * A parser imported at its first call. A collection reads a few formats and a parsing thread one file at a time, so
 * each loads the readers it uses alone: SheetJS, parse5 and the readers are most of what a thread's start costs.
 */
export function loadedOnUse<A extends unknown[]>(
  load: () => Promise<(...args: A) => ParseOutcome | Promise<ParseOutcome>>,
): (...args: A) => Promise<ParseOutcome> {
  let loading: ReturnType<typeof load> | undefined;
  return async (...args) => (await (loading ??= load()))(...args);
}

/** The parser of a source, or null when none is written for it yet. */
export type ParserResolver = (source: SourceEntry) => SourceParser | null;

/** How many row problems a failure lists: enough to fix a layout change, not a flood. */
const MAX_PROBLEMS = 10;

export function parseFailure(error: string, problems: readonly string[] = []): ParseFailure {
  return { ok: false, error, problems: problems.slice(0, MAX_PROBLEMS) };
}

/** A successful parse; the period is taken from the records' dates when the list does not state one. */
export function parsedList(
  records: RecordInput[],
  period: ParsedList['period'],
  skipped_rows: readonly SkippedRow[] = [],
  warnings: readonly string[] = [],
): ParsedList {
  return { ok: true, records, period, skipped_rows, warnings };
}

/**
 * The list as a run keeps it: its first MAX_KEPT_SKIPPED_ROWS skipped rows with the count of all of them, and its
 * first MAX_KEPT_WARNINGS warnings with a last one counting the rest (a warning a row would otherwise be stored
 * row after row of a list of a million).
 */
export function keptNotes(list: ParsedList): ParsedList {
  const total = skippedTotal(list);
  // one warning more is kept rather than replaced by the count of one: so a kept list is kept again unchanged
  const moreWarnings = list.warnings.length - MAX_KEPT_WARNINGS;
  if (list.skipped_rows.length <= MAX_KEPT_SKIPPED_ROWS && total === list.skipped_rows.length && moreWarnings <= 1)
    return list;
  return {
    ...list,
    skipped_rows: list.skipped_rows.slice(0, MAX_KEPT_SKIPPED_ROWS),
    skipped_total: total,
    warnings:
      moreWarnings <= 1
        ? list.warnings
        : [...list.warnings.slice(0, MAX_KEPT_WARNINGS), `and ${moreWarnings} more warnings, not kept`],
  };
}

/** Warnings a run keeps; the rest are counted in one more. */
export const MAX_KEPT_WARNINGS = 300;

export function skippedTotal(list: ParsedList): number {
  return list.skipped_total ?? list.skipped_rows.length;
}

/**
 * Runs a parser: a file past one of its bounds fails with the message naming the bound, and any other throw (a
 * parser bug) fails this source's run with its message, never the whole collection. A list past its bound on rows
 * fails here whatever its parser (the table readers stop at it earlier), so that a parsing thread never hands its
 * records over.
 */
export async function parseSafely(
  parse: SourceParser,
  bytes: Uint8Array,
  context: ParseContext,
): Promise<ParseOutcome> {
  try {
    const parsed = await parse(bytes, context);
    const rows = parsed.ok ? parsed.records.length + skippedTotal(parsed) : 0;
    if (rows > listRowsLeft(context)) throw listRowsError(context, `it has ${rows.toLocaleString('en')} rows`);
    return parsed;
  } catch (error) {
    if (error instanceof ParseBudgetError) return parseFailure(error.message);
    return parseFailure(`the parser failed unexpectedly: ${messageOf(error)}`);
  }
}
