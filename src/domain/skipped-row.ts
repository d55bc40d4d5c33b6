// A row of a published list that a parser left out, and why: blank rows and repeated headers on purpose, unreadable
// rows alone (a list is not lost for a few bad rows). Shared by the parsers, the collection runs and their reports.

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
 * The share of a list's data rows that may be unreadable before the whole list fails: a few bad rows are a
 * publisher's typo, more is a changed layout that would quietly drop records.
 */
export const MAX_UNREADABLE_SHARE = 0.02;

export function tooManyUnreadable(unreadable: number, dataRows: number): boolean {
  return unreadable > dataRows * MAX_UNREADABLE_SHARE;
}

export function skippedRow(
  row: number,
  reason: string,
  cells: readonly string[] | null = null,
  page: number | null = null,
): SkippedRow {
  const text = cells === null ? null : cells.map((cell) => cell.replace(/\s+/gu, ' ').trim()).join(' | ');
  return { row, page, reason, text: text === null || text.replace(/[|\s]/gu, '') === '' ? null : text };
}

/** A stored skipped row; runs recorded before reasons were kept stored bare row numbers. */
export function skippedRowOfStored(value: unknown): SkippedRow {
  if (typeof value === 'number')
    return { row: value, page: null, reason: 'left out (no reason was recorded then)', text: null };
  return value as SkippedRow;
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
  const places: string[] = [];
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    const first = rows[start]!;
    const next = rows[i];
    const previous = rows[i - 1]!;
    if (next !== undefined && next.row === previous.row + 1 && next.page === first.page && next.file == first.file)
      continue;
    places.push(rowPlace(first.row === previous.row ? `${first.row}` : `${first.row}-${previous.row}`, first));
    start = i;
  }
  return places;
}

function rowPlace(rows: number | string, where: SkippedRow): string {
  const page = where.page === null ? '' : ` (page ${where.page})`;
  const file = where.file == null ? '' : ` of ${where.file}`;
  return `${rows}${page}${file}`;
}
