// What `kohyo collect` prints: a line per source as it finishes, and the summary table at the end.
import type { SourceRunResult } from './collect-source.js';
import { textTable } from './text-table.js';

/** The one-line progress report of a finished source: `[2/5] pref-13-suspensions: success, HTTP 200, 41 records ...`. */
export function progressLine(position: number, total: number, sourceId: string, result: SourceRunResult): string {
  const { run } = result;
  const parts = [outcomeOf(result)];
  if (run.http_status !== null) parts.push(`HTTP ${run.http_status}`);
  if (run.outcome === 'success') parts.push(`${result.published} records`);
  if (run.outcome === 'not_modified') parts.push(`unchanged, ${result.published} records kept`);
  if (result.links !== null && run.outcome === 'success') {
    const l = result.links;
    parts.push(`linked ${l.source + l.linked} (${l.linked} by name and address), unlinked ${l.ambiguous + l.unmatched} (${l.ambiguous} ambiguous)`);
  }
  parts.push(seconds(result.ms));
  const error = run.error !== null ? `: ${run.error}` : '';
  return `[${position}/${total}] ${sourceId}: ${parts.join(', ')}${error}`;
}

export function summaryTable(results: readonly { readonly source: { readonly id: string }; readonly result: SourceRunResult }[]): string[] {
  const rows = results.map(({ source, result }) => {
    const l = result.links;
    const linked = l === null ? '' : String(l.source + l.linked);
    const unlinked = l === null ? '' : `${l.ambiguous + l.unmatched}${l.ambiguous > 0 ? ` (${l.ambiguous} ambiguous)` : ''}`;
    return [
      source.id,
      outcomeOf(result),
      result.run.http_status === null ? '' : String(result.run.http_status),
      result.run.records === null ? (result.run.outcome === 'not_modified' ? String(result.published) : '') : String(result.run.records),
      linked,
      unlinked,
      seconds(result.ms),
    ];
  });
  return textTable(['source', 'outcome', 'http', 'records', 'linked', 'unlinked', 'time'], rows, [2, 3, 4, 6]);
}

export function outcomeOf(result: SourceRunResult): string {
  return result.held_back ? 'held_back' : result.run.outcome;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
