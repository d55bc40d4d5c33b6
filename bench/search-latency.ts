// Times one query class in-process: a warm-up pass, then each query once, to the microsecond; and the table of the results.
import type { BenchQuery } from './search-queries.js';

export interface ClassLatency {
  readonly klass: string;
  readonly queries: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly meanMs: number;
  /**
   * The same percentiles of the process's CPU time per query (user + system): on a shared machine, time spent
   * waiting for a core inflates the wall-clock figures but not these.
   */
  readonly cpuP50Ms: number;
  readonly cpuP99Ms: number;
  /** Share of queries that found at least one company. */
  readonly found: number;
  readonly slowest: readonly (BenchQuery & { ms: number })[];
}

/** Queries of the class run once, unmeasured, before the measured pass: JIT, prepared statements, page cache. */
const WARMUP_QUERIES = 200;

export function measureClass(klass: string, queries: readonly BenchQuery[], run: (q: string) => number): ClassLatency {
  // the warm-up takes its queries from the end, the measured pass starts at the beginning: a query is not
  // timed right after its own warm-up run when there are more than twice WARMUP_QUERIES of them
  for (const query of queries.slice(-WARMUP_QUERIES)) run(query.q);
  const timed: (BenchQuery & { ms: number })[] = [];
  const cpu: number[] = [];
  let found = 0;
  for (const query of queries) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    const hits = run(query.q);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const used = process.cpuUsage(cpuStart);
    if (hits > 0) found++;
    timed.push({ ...query, ms });
    cpu.push((used.user + used.system) / 1000);
  }
  const sorted = timed.map((t) => t.ms).sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const rank = (p: number) => Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  const at = (p: number) => sorted[rank(p)]!;
  return {
    klass,
    queries: queries.length,
    p50Ms: at(50),
    p90Ms: at(90),
    p99Ms: at(99),
    maxMs: sorted[sorted.length - 1]!,
    meanMs: sorted.reduce((s, v) => s + v, 0) / sorted.length,
    cpuP50Ms: cpu[rank(50)]!,
    cpuP99Ms: cpu[rank(99)]!,
    found: found / queries.length,
    slowest: [...timed].sort((a, b) => b.ms - a.ms).slice(0, 5),
  };
}

/** A Markdown table, one row per class. */
export function latencyTable(results: readonly ClassLatency[]): string {
  const header = [
    'class',
    'queries',
    'found',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'max ms',
    'mean ms',
    'CPU p50 ms',
    'CPU p99 ms',
  ];
  const rows = results.map((r) => [
    r.klass,
    String(r.queries),
    `${(r.found * 100).toFixed(0)} %`,
    r.p50Ms.toFixed(3),
    r.p90Ms.toFixed(3),
    r.p99Ms.toFixed(3),
    r.maxMs.toFixed(2),
    r.meanMs.toFixed(3),
    r.cpuP50Ms.toFixed(3),
    r.cpuP99Ms.toFixed(3),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
