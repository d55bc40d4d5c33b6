// HTTP clients of bench/fair-share.ts, each from a loopback address of its own (127.0.0.x: Linux routes the whole
// block to lo), so that the server tells the victim, the attacker and the measuring client apart as it would tell
// apart addresses on the Internet.
import { Agent, request } from 'undici';

/** One request's outcome: the status (0 when nothing came back in time), the body's bytes as sent, and the time. */
export interface Answer {
  readonly status: number;
  readonly bytes: number;
  readonly ms: number;
  /** The body as text, when asked for. */
  readonly text?: string;
}

export interface Sent {
  readonly path: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Keep the body's text in the answer (to read a JSON-RPC batch's outcomes). */
  readonly keepText?: boolean;
}

export interface AddressClient {
  send(sent: Sent): Promise<Answer>;
  close(): Promise<void>;
}

/** A request not answered in this time is counted as unanswered. */
const ANSWER_TIMEOUT_MS = 10_000;

/** Up to `connections` keep-alive connections to `baseUrl`, all from `localAddress`. */
export function clientFrom(baseUrl: string, localAddress: string, connections: number): AddressClient {
  // keep-alive under the server's 5 s, so that the client does not reuse a connection the server is closing
  const agent = new Agent({ localAddress, connections, pipelining: 1, keepAliveTimeout: 4_000 });
  return {
    async send(sent) {
      const start = performance.now();
      try {
        const response = await request(baseUrl + sent.path, {
          dispatcher: agent,
          method: sent.method ?? 'GET',
          headers: { 'user-agent': 'kohyo-fair-share-bench', ...sent.headers },
          ...(sent.body === undefined ? {} : { body: sent.body }),
          headersTimeout: ANSWER_TIMEOUT_MS,
          bodyTimeout: ANSWER_TIMEOUT_MS,
        });
        const chunks: Buffer[] = [];
        let bytes = 0;
        for await (const chunk of response.body) {
          const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
          bytes += buffer.length;
          if (sent.keepText === true) chunks.push(buffer);
        }
        const ms = performance.now() - start;
        const text = sent.keepText === true ? Buffer.concat(chunks).toString('utf8') : undefined;
        return { status: response.statusCode, bytes, ms, ...(text === undefined ? {} : { text }) };
      } catch {
        return { status: 0, bytes: 0, ms: performance.now() - start };
      }
    },
    close: () => agent.close(),
  };
}

/** Answers counted by status ('0' for none), and their body bytes. */
export class Tally {
  readonly byStatus: Record<string, number> = {};
  bytes = 0;
  count = 0;

  add(status: number, bytes: number): void {
    this.byStatus[status] = (this.byStatus[status] ?? 0) + 1;
    this.bytes += bytes;
    this.count++;
  }

  describe(): string {
    return Object.entries(this.byStatus)
      .map(([status, n]) => `${n}×${status === '0' ? 'none' : status}`)
      .join(' ');
  }
}

/** Runs `step` over and over, `loops` at a time, until `seconds` have passed (each loop waits for its last step). */
export async function loopFor(seconds: number, loops: number, step: (loop: number) => Promise<void>): Promise<void> {
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      while (Date.now() < end) await step(loop);
    }),
  );
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Latency figures of a set of answers, in ms. */
export interface Latency {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export function latencyOf(ms: readonly number[]): Latency {
  if (ms.length === 0) return { p50: Number.NaN, p99: Number.NaN, max: Number.NaN };
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}
