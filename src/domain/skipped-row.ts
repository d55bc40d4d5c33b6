// A row of a published list that a parser left out, and why: blank rows and repeated headers on purpose, unreadable
// rows alone (a list is not lost for a few bad rows). Shared by the parsers, the collection runs and their reports.
import { isObject, textOf } from '../lib/is-object.js';
import { cleanLine, cutText, oneLine } from './text/untrusted-text.js';

export interface SkippedRow {
  /** 1-based, as the parser counts the list's rows (a sheet's rows, a PDF table's rows across its pages). */
  readonly row: number;
  /** The PDF page the row is on, or null. */
  readonly page: number | null;
  /** Why it was left out, in words an operator can act on. */
  readonly reason: string;
  /** The row's text as read (cells joined with " | "), or null for a blank row. */
  readonly text: string | null;
  /** The file of a list published as several files (row numbers restart in each), or null. */
  readonly file?: string | null;
}

/**
 * When a list's unreadable rows say its format changed, and the whole list fails rather than quietly dropping
 * records: more than `rows` of them AND more than `share` of its data rows. Both, so that a list of ten keeps its
 * nine good rows for one bad date, and a list of ten thousand is not failed by its six typos. A list of which no row
 * reads fails too, however short. A source may set its own (`unreadable_rows` on its registry entry).
 */
export interface UnreadableRule {
  readonly rows: number;
  /** A fraction, 0 to 1. */
  readonly share: number;
}

export const DEFAULT_UNREADABLE_RULE: UnreadableRule = { rows: 5, share: 0.2 };

/**
 * Why a list fails by the rule, for its message, or null when it keeps its good rows: 'more than 5 rows and more than
 * 20 % of the rows' past the rule, or 'every one of its rows' for a list, however short, of which no row reads.
 */
export function unreadableRuleBroken(
  unreadable: number,
  dataRows: number,
  rule: UnreadableRule = DEFAULT_UNREADABLE_RULE,
): string | null {
  if (unreadable > rule.rows && unreadable > dataRows * rule.share)
    return `more than ${rule.rows} rows and more than ${Math.round(rule.share * 1000) / 10} % of the rows`;
  return unreadable > 0 && unreadable >= dataRows ? 'every one of its rows' : null;
}

/**
 * Skipped rows a run keeps: the first few hundred say what was left out and why; all of them would not (a sheet
 * with one cell at XFD1048576 has a million blank rows, megabytes in every copy of the dataset). The count is kept too.
 */
export const MAX_KEPT_SKIPPED_ROWS = 300;

export function skippedRow(
  row: number,
  reason: string,
  cells: readonly string[] | null = null,
  page: number | null = null,
): SkippedRow {
  const text = cells === null ? null : cells.map(shownCell).join(' | ');
  // a reason may quote a cell, and is printed on its row's line
  return {
    row,
    page,
    reason: cleanLine(reason),
    text: text === null || text.replace(/[|\s]/gu, '') === '' ? null : text,
  };
}

/** The most of a cell a skipped row keeps: enough to find the row, never a cell that passed its bound whole. */
export const MAX_SKIPPED_CELL_CHARS = 200;

function shownCell(cell: string): string {
  return cutText(oneLine(cleanLine(cell)), MAX_SKIPPED_CELL_CHARS);
}

/**
 * A stored skipped row; runs recorded before reasons were kept stored bare row numbers. Anything else stored is
 * shown as it is, under row 0, rather than hide the run's other rows.
 */
export function skippedRowOfStored(value: unknown): SkippedRow {
  if (typeof value === 'number')
    return { row: value, page: null, reason: 'left out (no reason was recorded then)', text: null };
  if (isSkippedRow(value)) return value;
  return { row: 0, page: null, reason: 'left out (stored in a form not read here)', text: textOf(value) };
}

function isSkippedRow(value: unknown): value is SkippedRow {
  if (!isObject(value)) return false;
  const { row, page, reason, text, file } = value;
  return (
    typeof row === 'number' &&
    (page === null || typeof page === 'number') &&
    typeof reason === 'string' &&
    (text === null || typeof text === 'string') &&
    (file === undefined || file === null || typeof file === 'string')
  );
}

/**
 * What `collect` and `sources` print: each row with text on a line of its own, its reason next to its number
 * (`skipped row 7 (page 3): unreadable: …: 「A | B」`); rows without text (blank rows) grouped by reason, a run of
 * consecutive rows as one range (a sheet's thousands of trailing blank rows are one line: `rows 1405-5583 of a.xlsx`).
 */
export function skippedRowLines(rows: readonly SkippedRow[]): string[] {
  const blankByReason = new Map<string, SkippedRow[]>();
  const lines: string[] = [];
  for (const row of rows) {
    if (row.text !== null) {
      lines.push(`skipped row ${rowPlace(row.row, row)}: ${row.reason}: 「${row.text}」`);
      continue;
    }
    const group = blankByReason.get(row.reason) ?? [];
    group.push(row);
    blankByReason.set(row.reason, group);
  }
  for (const [reason, group] of blankByReason) {
    lines.push(`skipped ${group.length === 1 ? 'row' : 'rows'} ${rangePlaces(group).join(', ')}: ${reason}`);
  }
  return lines;
}

/** Rows of one page and file whose numbers follow each other, written as `first-last`. */
function rangePlaces(rows: readonly SkippedRow[]): string[] {
  const runs: { first: SkippedRow; last: SkippedRow }[] = [];
  for (const row of rows) {
    const run = runs.at(-1);
    if (run && row.row === run.last.row + 1 && row.page === run.first.page && row.file == run.first.file)
      run.last = row;
    else runs.push({ first: row, last: row });
  }
  return runs.map(({ first, last }) =>
    rowPlace(first.row === last.row ? `${first.row}` : `${first.row}-${last.row}`, first),
  );
}

function rowPlace(rows: number | string, where: SkippedRow): string {
  const page = where.page === null ? '' : ` (page ${where.page})`;
  const file = where.file == null ? '' : ` of ${where.file}`;
  return `${rows}${page}${file}`;
}
