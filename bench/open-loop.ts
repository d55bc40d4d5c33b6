// An open-loop load: requests sent on a schedule at a fixed rate, whatever the server's pace, each timed from when it
// was due, so that a stalled server shows in the latencies instead of slowing the load (as a closed loop does).
import { clientFrom, latencyOf } from './fair-share-client.js';
import type { HeadersPerRequest } from './http-load.js';

export interface RateOptions {
  /** Requests a second, spread evenly over each second. */
  readonly rate: number;
  readonly warmupSeconds: number;
  readonly durationSeconds: number;
  /** Keep-alive connections the requests share; a request waits for a free one, and that wait counts. */
  readonly connections: number;
}

export interface RateResult {
  /** Requests answered in the measured seconds (those due then). */
  readonly requests: number;
  readonly durationSeconds: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Answers other than 2xx, and requests that got no answer. */
  readonly non2xx: number;
  readonly errors: number;
}

/** How often the schedule is looked at: the requests due since the last look are sent then. */
const TICK_MS = 2;

/**
 * Sends `rate` requests a second over `paths` in turn (the warm-up's not counted), each timed from the moment it was
 * due to the end of its answer. `headersPerRequest` is asked once a request, as in runLoad.
 */
export async function runAtRate(
  baseUrl: string,
  paths: readonly string[],
  options: RateOptions,
  headersPerRequest?: HeadersPerRequest,
): Promise<RateResult> {
  if (paths.length === 0) throw new Error('runAtRate needs at least one path');
  const client = clientFrom(baseUrl, '127.0.0.1', options.connections);
  const latencies: number[] = [];
  const counts = { non2xx: 0, errors: 0 };
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const measuredFrom = start + options.warmupSeconds * 1000;
  const end = measuredFrom + options.durationSeconds * 1000;
  const total = Math.round(options.rate * (options.warmupSeconds + options.durationSeconds));
  let sent = 0;
  const send = (dueAt: number) => {
    const path = paths[sent % paths.length]!;
    const headers = headersPerRequest?.() ?? {};
    sent++;
    pending.push(
      client.send({ path, headers }).then((answer) => {
        if (dueAt < measuredFrom) return;
        latencies.push(performance.now() - dueAt);
        if (answer.status === 0) counts.errors++;
        else if (answer.status < 200 || answer.status > 299) counts.non2xx++;
      }),
    );
  };
  try {
    while (sent < total) {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - start) / 1000) * options.rate) + 1);
      while (sent < due) send(start + (sent / options.rate) * 1000);
      if (now >= end) break;
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
    await Promise.all(pending);
  } finally {
    await client.close();
  }
  const { p50, p99, max } = latencyOf(latencies);
  return {
    requests: latencies.length,
    durationSeconds: options.durationSeconds,
    p50Ms: p50,
    p99Ms: p99,
    maxMs: max,
    ...counts,
  };
}
