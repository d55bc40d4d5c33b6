// What `kohyo collect` prints: a line per source as it finishes, then the summary table, the rows skipped and the linked share.
import { skippedRowLines, type SkippedRow } from '../../domain/skipped-row.js';
import { cleanLine } from '../../domain/text/untrusted-text.js';
import type { SourceRunResult } from './collect-source.js';
import { textTable } from './text-table.js';

/** The one-line progress report of a finished source: `[2/5] pref-13-suspensions: success, HTTP 200, 41 records ...`. */
export function progressLine(position: number, total: number, sourceId: string, result: SourceRunResult): string {
  const { run } = result;
  const parts = [outcomeOf(result)];
  if (run.http_status !== null) parts.push(`HTTP ${run.http_status}`);
  if (run.outcome === 'success') parts.push(`${result.published} records`);
  if (run.outcome === 'not_modified') parts.push(`unchanged, ${result.published} records kept`);
  if (run.outcome === 'skipped') parts.push(`an older edition, ${result.published} records kept`);
  if (result.links !== null && run.outcome === 'success') {
    const l = result.links;
    parts.push(
      `linked ${l.source + l.linked} (${l.linked} by name and address), unlinked ${l.ambiguous + l.unmatched} (${l.ambiguous} ambiguous)`,
    );
  }
  if (run.edition_on) parts.push(`edition of ${run.edition_on} (${run.edition_date_source ?? 'unknown'})`);
  if (run.removed_by_retention) parts.push(`${run.removed_by_retention} removed by retention`);
  parts.push(seconds(result.ms));
  const error = run.error !== null ? `: ${run.error}` : '';
  return `[${position}/${total}] ${sourceId}: ${parts.join(', ')}${error}`;
}

type Results = readonly { readonly source: { readonly id: string }; readonly result: SourceRunResult }[];

/** One row per source: files read, outcome, records, how many are linked to a company and the share, rows skipped. */
export function summaryTable(results: Results): string[] {
  const rows = results.map(({ source, result }) => {
    const l = result.links;
    const linked = l === null ? '' : String(l.source + l.linked);
    const unlinked =
      l === null ? '' : `${l.ambiguous + l.unmatched}${l.ambiguous > 0 ? ` (${l.ambiguous} ambiguous)` : ''}`;
    const { run } = result;
    return [
      source.id,
      result.files === 0 ? '' : String(result.files),
      outcomeOf(result),
      run.http_status === null ? '' : String(run.http_status),
      run.records === null ? (run.outcome === 'not_modified' ? String(result.published) : '') : String(run.records),
      linked,
      l === null ? '' : percent(l.source + l.linked, total(l)),
      unlinked,
      run.skipped_rows === undefined ? '' : String(run.skipped_rows_total ?? run.skipped_rows.length),
      run.removed_by_retention ? String(run.removed_by_retention) : '',
      seconds(result.ms),
    ];
  });
  return textTable(
    ['source', 'files', 'outcome', 'http', 'records', 'linked', 'linked %', 'unlinked', 'skipped', 'removed', 'time'],
    rows,
    [1, 3, 4, 5, 6, 8, 9, 10],
  );
}

/** Under the table: each source's skipped rows and warnings (the parsers' reasons), and each failure's error. */
export function runDetails(results: Results): string[] {
  return results.flatMap(({ source, result }) => {
    const { run } = result;
    const skipped = run.skipped_rows ?? [];
    const notes = runNotes(
      source.id,
      skipped,
      run.warnings ?? [],
      run.link_notes ?? [],
      run.skipped_rows_total ?? skipped.length,
    );
    // a skipped run's reason is no error: the source is sound, the list it read was an older edition
    const label = run.outcome === 'skipped' ? 'skipped' : 'error';
    return run.error === null
      ? notes
      : [...(notes.length > 0 ? notes : [`\n${source.id}:`]), `  ${label}: ${run.error}`];
  });
}

/**
 * What retention removed, source by source: records off their list longer than KOHYO_DELISTED_RETENTION_DAYS
 * before the edition merged. Said every time, so that no record leaves the dataset unannounced.
 */
export function retentionLines(results: Results, retentionDays: number): string[] {
  const removed = results.filter(({ result }) => (result.run.removed_by_retention ?? 0) > 0);
  const rule =
    retentionDays === 0
      ? 'delisted records are removed at once (KOHYO_DELISTED_RETENTION_DAYS=0)'
      : `records delisted more than ${retentionDays} days before the edition (KOHYO_DELISTED_RETENTION_DAYS) are removed`;
  if (removed.length === 0) return [`\nretention removed no record: ${rule}`];
  return [
    `\nretention removed records: ${rule}`,
    ...removed.map(({ source, result }) => `  ${source.id}: ${result.run.removed_by_retention} removed`),
  ];
}

/**
 * A source's skipped rows, warnings and link notes, as `collect` and `sources` print them; nothing when it has none.
 * A run keeps its first skipped rows only (MAX_KEPT_SKIPPED_ROWS): the rest are counted.
 */
export function runNotes(
  id: string,
  skippedRows: readonly SkippedRow[],
  warnings: readonly string[],
  linkNotes: readonly string[] = [],
  skippedTotal: number = skippedRows.length,
): string[] {
  if (skippedTotal === 0 && warnings.length === 0 && linkNotes.length === 0) return [];
  const more = skippedTotal - skippedRows.length;
  return [
    `\n${id}:`,
    ...skippedRowLines(skippedRows).map((line) => `  ${line}`),
    ...(more > 0 ? [`  and ${more} more skipped rows, not kept (the first ${skippedRows.length} are)`] : []),
    // a note may quote a cell: each is one line, whatever the parser wrote
    ...warnings.map((w) => `  warning: ${cleanLine(w)}`),
    ...linkNotes.map((note) => `  ${cleanLine(note)}`),
  ];
}

/**
 * The share of the records read that are tied to a company: by the Corporate Number the source gives, or linked
 * by name and address (the records without one). Over the sources whose list was read this time.
 */
export function linkedShareLine(results: Results): string {
  const counts = results.map((r) => r.result.links).filter((l) => l !== null);
  if (counts.length === 0) return '\nno list was read: no records to link';
  const sum = (pick: (l: NonNullable<SourceRunResult['links']>) => number) => counts.reduce((n, l) => n + pick(l), 0);
  const records = sum(total);
  const linked = sum((l) => l.source + l.linked);
  return (
    `\nlinked ${linked} of ${records} records (${percent(linked, records)}): ${sum((l) => l.source)} by the source's Corporate Number, ` +
    `${sum((l) => l.linked)} by name and address; ${sum((l) => l.ambiguous + l.unmatched)} unlinked (${sum((l) => l.ambiguous)} ambiguous)`
  );
}

/** The entries of a --files folder that are no source's copy, and why. */
export function ignoredLines(ignored: readonly { readonly name: string; readonly reason: string }[]): string[] {
  return ignored.map((i) => `ignored ${i.name}: ${i.reason}`);
}

function outcomeOf(result: SourceRunResult): string {
  return result.held_back ? 'held_back' : result.run.outcome;
}

function total(l: NonNullable<SourceRunResult['links']>): number {
  return l.source + l.linked + l.ambiguous + l.unmatched;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '' : `${((part / whole) * 100).toFixed(1)} %`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
