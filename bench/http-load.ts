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
  /** Answers by HTTP status over the warm-up and the measurement together: everything the server said in the case. */
  readonly statuses: Readonly<Record<number, number>>;
}

/** Headers for the next request, called once per request sent (e.g. to spread the load over many clients). */
export type HeadersPerRequest = () => Record<string, string>;

/**
 * Headers that name `count` User-Agents in turn, so that the limiter and the usage log see that many clients (the
 * production benchmark's 1,000).
 */
export function rotatingUserAgents(count: number): HeadersPerRequest {
  let next = 0;
  return () => ({ 'user-agent': `kohyo-bench/${next++ % count}` });
}

export const DEFAULT_LOAD: LoadOptions = { connections: 10, warmupSeconds: 2, durationSeconds: 10 };

/**
 * Each connection walks `paths` in order and starts again at the end, so every query gets its share. With
 * `headersPerRequest`, every request is built afresh with the headers it returns (autocannon's setupRequest).
 */
export async function runLoad(
  baseUrl: string,
  paths: readonly string[],
  options: LoadOptions,
  headersPerRequest?: HeadersPerRequest,
): Promise<LoadResult> {
  if (paths.length === 0) throw new Error('runLoad needs at least one path');
  const setupRequest =
    headersPerRequest === undefined
      ? undefined
      : <R extends { headers?: Record<string, string> }>(request: R): R => ({
          ...request,
          headers: { ...request.headers, ...headersPerRequest() },
        });
  const requests = paths.map((path) => ({ method: 'GET', path, ...(setupRequest ? { setupRequest } : {}) }));
  const common = { url: baseUrl, connections: options.connections, requests, timeout: 10 };
  const statuses: Record<number, number> = {};
  const countStatus = (_client: unknown, status: number) => void (statuses[status] = (statuses[status] ?? 0) + 1);
  // The warm-up lets V8 optimise the hot paths and SQLite fill its page cache before anything is counted.
  if (options.warmupSeconds > 0)
    await autocannon({ ...common, duration: options.warmupSeconds }).on('response', countStatus);

  // autocannon keeps latencies in whole milliseconds, too coarse for sub-millisecond answers: record them
  // ourselves in microseconds from the per-response timing it reports.
  const latencyUs = createHistogram({ lowest: 1, highest: 60_000_000, figures: 3 });
  const instance = autocannon({ ...common, duration: options.durationSeconds });
  instance.on('response', (client, status, _bytes, responseTimeMs) => {
    countStatus(client, status);
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
    statuses,
  };
}
