// What an NTA import did, per file and in total, and its rendering as the table the command prints.
import type { NtaEncoding } from './nta-decoder.js';
import { NTA_ROW_ERROR_REASONS, type NtaRowError, type NtaRowErrorReason } from './nta-row.js';

export interface NtaFileSummary {
  readonly file: string;
  /** The CSV entry read when the file is a zip. */
  readonly entry: string | null;
  readonly encoding: NtaEncoding | null;
  readonly rowsRead: number;
  /** Rows that are the current state of their number (latest = 1). */
  readonly currentRows: number;
  /** History rows (latest = 0): they never change the current state, only add former names. */
  readonly historyRows: number;
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
  /** Current rows older than what was stored, so not applied. */
  readonly older: number;
  /** Companies removed by a process-99 (deleted) row. */
  readonly deleted: number;
  readonly formerNamesAdded: number;
  /** Former names from history rows whose company never appeared. */
  readonly unclaimedFormerNames: number;
  readonly skipped: Readonly<Partial<Record<NtaRowErrorReason, number>>>;
  readonly skippedTotal: number;
  /** The first skipped rows, each with its line and reason (at most MAX_SKIP_EXAMPLES). */
  readonly skippedExamples: readonly NtaRowError[];
  readonly elapsedMs: number;
}

export interface NtaImportSummary {
  readonly files: readonly NtaFileSummary[];
  readonly elapsedMs: number;
  /**
   * Whether the upkeep after the import ran (maintenance.ts): a change large against what the dataset held, which
   * also keeps the full check of the draft; a daily change leaves both to a later import.
   */
  readonly upkeepRan: boolean;
}

export const MAX_SKIP_EXAMPLES = 20;

/** The fields of a file's summary that are counts. */
type NtaCount = { [K in keyof NtaFileSummary]: NtaFileSummary[K] extends number ? K : never }[keyof NtaFileSummary];

const COUNTS: readonly (readonly [NtaCount, string])[] = [
  ['rowsRead', 'rows read'],
  ['currentRows', '  current (latest = 1)'],
  ['historyRows', '  history (latest = 0)'],
  ['inserted', 'companies inserted'],
  ['updated', 'companies updated'],
  ['unchanged', 'unchanged'],
  ['older', 'older than stored (not applied)'],
  ['deleted', 'deleted (process 99)'],
  ['formerNamesAdded', 'former names added'],
  ['unclaimedFormerNames', 'former names without a company'],
  ['skippedTotal', 'rows skipped'],
];

/** A plain-text table: one column per file, and a total column when there are several. */
export function formatNtaSummary(summary: Omit<NtaImportSummary, 'upkeepRan'>): string {
  const columns = summary.files.map((f) => ({
    title: baseName(f.file),
    get: (k: NtaCount) => f[k],
    f,
  }));
  const total = (k: NtaCount) => summary.files.reduce((s, f) => s + f[k], 0);
  const heads = columns.map((c) => c.title);
  const rows: string[][] = COUNTS.map(([key, label]) => [
    label,
    ...columns.map((c) => fmt(c.get(key))),
    ...(columns.length > 1 ? [fmt(total(key))] : []),
  ]);
  const reasons = NTA_ROW_ERROR_REASONS.filter((reason) => summary.files.some((f) => f.skipped[reason] !== undefined));
  for (const reason of reasons.sort()) {
    const per = summary.files.map((f) => f.skipped[reason] ?? 0);
    rows.push([`  ${reason}`, ...per.map(fmt), ...(columns.length > 1 ? [fmt(per.reduce((a, b) => a + b, 0))] : [])]);
  }
  const rowsRead = total('rowsRead');
  const seconds = summary.elapsedMs / 1000;
  rows.push([
    'time',
    ...summary.files.map((f) => `${(f.elapsedMs / 1000).toFixed(1)} s`),
    ...(columns.length > 1 ? [`${seconds.toFixed(1)} s`] : []),
  ]);
  rows.push([
    'rows/s',
    ...summary.files.map((f) => fmt(rate(f.rowsRead, f.elapsedMs))),
    ...(columns.length > 1 ? [fmt(rate(rowsRead, summary.elapsedMs))] : []),
  ]);
  const header = ['', ...heads, ...(columns.length > 1 ? ['total'] : [])];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** One line per skipped row kept as an example, and a note of how many more each file skipped. */
export function describeSkippedRows(summary: NtaImportSummary): string[] {
  return summary.files.flatMap((f) => {
    const more = f.skippedTotal - f.skippedExamples.length;
    return [
      ...f.skippedExamples.map((e) => `${f.file}: ${e.message}; row skipped [${e.reason}]`),
      ...(more > 0 ? [`${f.file}: … and ${more} more skipped rows`] : []),
    ];
  });
}

function rate(rows: number, ms: number): number {
  return ms > 0 ? Math.round((rows * 1000) / ms) : 0;
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

function baseName(path: string): string {
  return path.split(/[\\/]/u).pop() ?? path;
}
