// The load driver: autocannon against a URL, over a rotation of paths, with a warm-up and sub-millisecond latencies.
import autocannon from 'autocannon';
import { createHistogram } from 'node:perf_hooks';

export interface LoadOptions {
  /** Concurrent keep-alive connections, each sending its next request when the last is answered. */
  readonly connections: number;
  readonly warmupSeconds: number;
  readonly durationSeconds: number;
}

export interface LoadResult {
  readonly requests: number;
  readonly durationSeconds: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly meanResponseBytes: number;
  /** Anything but a 2xx answer, or a connection error: the bench treats any as a broken case. */
  readonly non2xx: number;
  readonly errors: number;
}

export const DEFAULT_LOAD: LoadOptions = { connections: 10, warmupSeconds: 2, durationSeconds: 10 };

/** Each connection walks `paths` in order and starts again at the end, so every query gets its share. */
export async function runLoad(baseUrl: string, paths: readonly string[], options: LoadOptions): Promise<LoadResult> {
  if (paths.length === 0) throw new Error('runLoad needs at least one path');
  const requests = paths.map((path) => ({ method: 'GET', path }));
  const common = { url: baseUrl, connections: options.connections, requests, timeout: 10 };
  // The warm-up lets V8 optimise the hot paths and SQLite fill its page cache before anything is counted.
  if (options.warmupSeconds > 0) await autocannon({ ...common, duration: options.warmupSeconds });

  // autocannon keeps latencies in whole milliseconds, too coarse for sub-millisecond answers: record them
  // ourselves in microseconds from the per-response timing it reports.
  const latencyUs = createHistogram({ lowest: 1, highest: 60_000_000, figures: 3 });
  const instance = autocannon({ ...common, duration: options.durationSeconds });
  instance.on('response', (_client, _status, _bytes, responseTimeMs) => {
    latencyUs.record(Math.max(1, Math.round(responseTimeMs * 1000)));
  });
  const result = await instance;
  const completed = result.requests.total;
  return {
    requests: completed,
    durationSeconds: result.duration,
    requestsPerSecond: completed / result.duration,
    p50Ms: latencyUs.percentile(50) / 1000,
    p99Ms: latencyUs.percentile(99) / 1000,
    meanResponseBytes: completed === 0 ? 0 : result.throughput.total / completed,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
