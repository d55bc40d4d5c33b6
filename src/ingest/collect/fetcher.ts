// Fetching a source's list over HTTP: timeouts, a size cap, retries on 5xx and timeouts, conditional requests.
import { Agent, interceptors, type Dispatcher } from 'undici';
import { errorCodeOf, messageOf } from '../../domain/error-of.js';
import { HostQueue } from './host-queue.js';
import { propertyOf } from '../../domain/is-object.js';

export interface FetcherOptions {
  readonly userAgent: string;
  /** Waits between attempts; injected so that tests never wait in real time. */
  readonly sleep: (ms: number) => Promise<void>;
  readonly connectTimeoutMs?: number;
  /** Longest wait for the response headers. */
  readonly headersTimeoutMs?: number;
  /** Longest silence between two chunks of the body. */
  readonly bodyTimeoutMs?: number;
  /** Bodies above this many bytes are refused (the largest real list, a PDF, is a few MB). */
  readonly maxBytes?: number;
  /** Attempts after the first, on a 5xx answer or a timeout. */
  readonly retries?: number;
  /** The first backoff; each next one doubles, up to 60 s. */
  readonly backoffMs?: number;
}

/** What the publisher said about the list we hold: sent back so that an unchanged list answers 304. */
export interface Validators {
  readonly etag: string | null;
  readonly last_modified: string | null;
}

export type FetchOutcome =
  | {
      readonly kind: 'fetched';
      /** The address the body came from, after redirects: what the records cite. */
      readonly url: string;
      readonly status: number;
      readonly body: Buffer;
      readonly validators: Validators;
      /** The media type without its parameters, lower case; null when the server sent none. */
      readonly content_type: string | null;
      readonly attempts: number;
    }
  | { readonly kind: 'not_modified'; readonly status: 304; readonly attempts: number }
  | { readonly kind: 'failed'; readonly status: number | null; readonly error: string; readonly attempts: number };

export interface Fetcher {
  fetch(url: string, validators?: Validators | null): Promise<FetchOutcome>;
  close(): Promise<void>;
}

const FETCH_DEFAULTS = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  maxBytes: 50 * 1024 * 1024,
  retries: 3,
  backoffMs: 2_000,
} as const;

const MAX_BACKOFF_MS = 60_000;
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

type Attempt =
  | { readonly kind: 'done'; readonly outcome: FetchOutcome }
  | {
      readonly kind: 'retry';
      readonly status: number | null;
      readonly error: string;
      readonly retryAfterMs: number | null;
    };

export function createFetcher(options: FetcherOptions): Fetcher {
  const o = { ...FETCH_DEFAULTS, ...options };
  const agent = new Agent({
    connect: { timeout: o.connectTimeoutMs },
    headersTimeout: o.headersTimeoutMs,
    bodyTimeout: o.bodyTimeoutMs,
  });
  const dispatcher = agent.compose(interceptors.redirect({ maxRedirections: 5 }));
  const queue = new HostQueue();

  async function fetchWithRetries(url: string, validators: Validators | null): Promise<FetchOutcome> {
    for (let attempts = 1; ; attempts++) {
      const result = await attempt(dispatcher, o, url, validators, attempts);
      if (result.kind === 'done') return result.outcome;
      if (attempts > o.retries) {
        const tries = attempts === 1 ? '' : ` (after ${attempts} attempts)`;
        return { kind: 'failed', status: result.status, error: `${result.error}${tries}`, attempts };
      }
      const backoff = Math.min(MAX_BACKOFF_MS, o.backoffMs * 2 ** (attempts - 1));
      await o.sleep(Math.min(MAX_BACKOFF_MS, Math.max(backoff, result.retryAfterMs ?? 0)));
    }
  }

  return {
    fetch(url, validators = null) {
      let host: string;
      try {
        host = new URL(url).host;
      } catch {
        return Promise.resolve({ kind: 'failed', status: null, error: `'${url}' is not a URL`, attempts: 0 });
      }
      return queue.run(host, () => fetchWithRetries(url, validators));
    },
    close: () => agent.close(),
  };
}

/** The redirect interceptor lists every address it visited in the response context, the last one answering. */
function finalUrl(context: unknown, requested: string): string {
  const history = propertyOf(context, 'history');
  const last: unknown = Array.isArray(history) ? history.at(-1) : undefined;
  return last instanceof URL ? last.href : requested;
}

/** A chunk of a response body: undici's body stream gives Buffers (no text encoding is set on it). */
function bytesOf(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  throw new TypeError(`the response body gave a ${typeof chunk} where bytes were expected`);
}

function target(url: string): { origin: string; path: string } {
  const parsed = new URL(url);
  return { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
}

/** A timeout is worth another attempt; any other error (DNS, refused, TLS, reset) is reported at once. */
function failure(error: unknown, status: number | null, attempts: number): Attempt {
  const code = errorCodeOf(error) ?? '';
  const message = describeError(error);
  if (TIMEOUT_CODES.has(code)) return { kind: 'retry', status, error: message, retryAfterMs: null };
  return { kind: 'done', outcome: { kind: 'failed', status, error: message, attempts } };
}

function describeError(error: unknown): string {
  const code = errorCodeOf(error);
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'timed out connecting to the server';
    case 'UND_ERR_HEADERS_TIMEOUT':
      return 'timed out waiting for the answer';
    case 'UND_ERR_BODY_TIMEOUT':
      return 'timed out reading the body';
    default:
      return `could not fetch: ${messageOf(error)}${code ? ` (${code})` : ''}`;
  }
}

function tooLarge(max: number): string {
  return `the body is larger than the ${Math.round(max / 1024 / 1024)} MB cap`;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Retry-After in seconds; null when absent or given as a date (reading one would need the clock). */
function retryAfter(value: string | string[] | undefined): number | null {
  const raw = header(value);
  if (raw === undefined) return null;
  if (/^\d+$/u.test(raw.trim())) return Number(raw.trim()) * 1000;
  return null;
}

/** One request: its outcome, or why it may be tried again (a 5xx, a network error). */
async function attempt(
  dispatcher: Dispatcher,
  o: Required<FetcherOptions>,
  url: string,
  validators: Validators | null,
  attempts: number,
): Promise<Attempt> {
  const headers: Record<string, string> = { 'user-agent': o.userAgent, accept: '*/*' };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.last_modified) headers['if-modified-since'] = validators.last_modified;
  let response: Dispatcher.ResponseData;
  try {
    response = await dispatcher.request({ ...target(url), method: 'GET', headers });
  } catch (error) {
    return failure(error, null, attempts);
  }
  const { statusCode: status } = response;
  if (status === 304) {
    await response.body.dump();
    return { kind: 'done', outcome: { kind: 'not_modified', status: 304, attempts } };
  }
  if (status >= 500) {
    await response.body.dump();
    return {
      kind: 'retry',
      status,
      error: `the server answered ${status}`,
      retryAfterMs: retryAfter(response.headers['retry-after']),
    };
  }
  if (status < 200 || status >= 300) {
    await response.body.dump();
    return { kind: 'done', outcome: { kind: 'failed', status, error: `the server answered ${status}`, attempts } };
  }
  const declared = Number(header(response.headers['content-length']) ?? NaN);
  if (declared > o.maxBytes) {
    response.body.destroy();
    return { kind: 'done', outcome: { kind: 'failed', status, error: tooLarge(o.maxBytes), attempts } };
  }
  return fetchedBody(response, url, attempts, o.maxBytes);
}

/** A 2xx answer's body read within `maxBytes`, with the validators and type it came with. */
async function fetchedBody(
  response: Dispatcher.ResponseData,
  url: string,
  attempts: number,
  maxBytes: number,
): Promise<Attempt> {
  const { statusCode: status } = response;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      const bytes = bytesOf(chunk);
      size += bytes.length;
      if (size > maxBytes) {
        response.body.destroy();
        return { kind: 'done', outcome: { kind: 'failed', status, error: tooLarge(maxBytes), attempts } };
      }
      chunks.push(bytes);
    }
  } catch (error) {
    return failure(error, status, attempts);
  }
  const validatorsOut = {
    etag: header(response.headers.etag) ?? null,
    last_modified: header(response.headers['last-modified']) ?? null,
  };
  const contentType = header(response.headers['content-type'])?.split(';')[0]?.trim().toLowerCase() || null;
  const final = finalUrl(response.context, url);
  return {
    kind: 'done',
    outcome: {
      kind: 'fetched',
      url: final,
      status,
      body: Buffer.concat(chunks),
      validators: validatorsOut,
      content_type: contentType,
      attempts,
    },
  };
}
