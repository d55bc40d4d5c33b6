// Formats the benchmark's results: the machine it ran on and one table row per case, with its ratio to the baseline.
import { cpus, loadavg } from 'node:os';
import type { LoadOptions, LoadResult } from './http-load.js';

export interface CaseResult {
  readonly name: string;
  readonly result: LoadResult;
}

export function describeMachine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  return `${cores.length} cores (${model}), Node ${process.version}, ${process.platform}/${process.arch}`;
}

/** The load average over 1, 5 and 15 minutes: how much else the machine was doing (2 cores: above 2 is contention). */
export function describeLoadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
}

export function describeLoad(options: LoadOptions): string {
  return (
    `${options.connections} connections, ${options.warmupSeconds} s warm-up then ${options.durationSeconds} s measured per case, ` +
    'server in a child process, load from this process over 127.0.0.1'
  );
}

/** A Markdown table, so the output can be pasted into bench/README.md as it is; ratios are to `baseline` req/s. */
export function formatTable(cases: readonly CaseResult[], baseline: number): string {
  const header = ['case', 'req/s', 'p50 ms', 'p99 ms', 'vs baseline', 'bytes/resp', 'requests', 'non-2xx', 'errors'];
  const rows = cases.map(({ name, result }) => [
    name,
    result.requestsPerSecond.toFixed(0),
    result.p50Ms.toFixed(2),
    result.p99Ms.toFixed(2),
    baseline > 0 ? `${((result.requestsPerSecond / baseline) * 100).toFixed(1)} %` : 'n/a',
    result.meanResponseBytes.toFixed(0),
    String(result.requests),
    String(result.non2xx),
    String(result.errors),
  ]);
  return markdownTable(header, rows);
}

/** A Markdown table with the first column left-aligned and the others right-aligned, padded to line up. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    `| ${widths.map((w, i) => (i === 0 ? (cells[i] ?? '').padEnd(w) : (cells[i] ?? '').padStart(w))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** The middle value (the mean of the middle two for an even count): one disturbed round does not move it. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
