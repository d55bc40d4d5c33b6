// The bounds one file of a list is parsed under (time, memory, pages, operators, inflated size, rows, cells, and the
// rows of its whole list), their defaults and settings, and the error a parser throws when a file goes past one,
// naming the bound.

export interface ParseBudget {
  /** Wall-clock seconds one file's parse may take. */
  readonly seconds: number;
  /** The parsing thread's JavaScript heap, in MiB (typed arrays are bounded by `inflatedMb` instead). */
  readonly memoryMb: number;
  /** Pages of a PDF. */
  readonly pages: number;
  /** Drawing and text operators of a PDF, all pages together. */
  readonly operators: number;
  /** What a compressed file (an xlsx's zip entries, a PDF's compressed streams) inflates to, all together, in MiB. */
  readonly inflatedMb: number;
  /** Rows of a table: a sheet's rows up to its last cell, an HTML or CSV table's, a PDF table's. */
  readonly rows: number;
  /** A sheet's rows × columns up to its last cell: what reading it as a table takes. */
  readonly cells: number;
  /**
   * Rows a list may have, its files together: each row read under a table's header (kept as a record or skipped), or
   * each record and skipped row of a parser of its own. What the collection holds in memory and writes grows with it.
   */
  readonly listRows: number;
}

export type ParseBound = keyof ParseBudget;

/**
 * Each bound's name in messages, its unit, and the setting that changes it (config.ts), named in a failure so
 * that an operator can raise one for a list known to be large.
 */
export const BOUNDS: Readonly<
  Record<ParseBound, { readonly word: string; readonly unit: string; readonly setting: string }>
> = {
  seconds: { word: 'time', unit: 's', setting: 'KOHYO_PARSE_TIMEOUT_S' },
  memoryMb: { word: 'memory', unit: 'MiB', setting: 'KOHYO_PARSE_MEMORY_MB' },
  pages: { word: 'pages', unit: 'pages', setting: 'KOHYO_PARSE_MAX_PAGES' },
  operators: { word: 'operators', unit: 'operators', setting: 'KOHYO_PARSE_MAX_OPERATORS' },
  inflatedMb: { word: 'inflated size', unit: 'MiB', setting: 'KOHYO_PARSE_MAX_INFLATED_MB' },
  rows: { word: 'rows', unit: 'rows', setting: 'KOHYO_PARSE_MAX_ROWS' },
  cells: { word: 'cells', unit: 'cells', setting: 'KOHYO_PARSE_MAX_CELLS' },
  listRows: { word: "a list's rows", unit: 'rows', setting: 'KOHYO_MAX_LIST_ROWS' },
};

/**
 * Defaults well above what the real lists take (docs/operating.md has the figures), and low enough that a bomb ends
 * within seconds: a PDF path of millions of segments fails on operators (pdfjs builds a page's operators before they
 * can be counted; the inflated bound caps that). A parse takes at most about its heap bound plus twice the inflated
 * bound.
 */
export const DEFAULT_PARSE_BUDGET: ParseBudget = Object.freeze({
  seconds: 300,
  memoryMb: 1024,
  pages: 2000,
  operators: 2_000_000,
  inflatedMb: 64,
  rows: 1_000_000,
  cells: 20_000_000,
  listRows: 50_000,
});

/** A file that goes past one of its parse's bounds: the source fails alone, with this message. */
export class ParseBudgetError extends Error {
  override readonly name = 'ParseBudgetError';
  constructor(
    readonly bound: ParseBound,
    limit: number,
    what: string,
  ) {
    super(budgetMessage(bound, limit, what));
  }
}

/** `the file goes past the bound on pages: it has 2,400 pages (KOHYO_PARSE_MAX_PAGES is 2,000 pages)`. */
export function budgetMessage(bound: ParseBound, limit: number, what: string): string {
  const { word, unit, setting } = BOUNDS[bound];
  return `the file goes past the bound on ${word}: ${what} (${setting} is ${limit.toLocaleString('en')} ${unit})`;
}

export const MIB = 1024 * 1024;
