// Fetching a source's list over HTTP: public addresses only (address-guard.ts), redirects followed hop by hop,
// timeouts, a size cap, retries on 5xx and timeouts (undici's retry interceptor), conditional requests.
import { setTimeout as sleep } from 'node:timers/promises';
import pLimit, { type LimitFunction } from 'p-limit';
import { Agent, interceptors, type Dispatcher, type RetryHandler } from 'undici';
import { errorCodeOf, messageOf } from '../../lib/error-of.js';
import { propertyOf } from '../../lib/is-object.js';
import { guardedConnector, NON_PUBLIC_ADDRESS } from './address-guard.js';
import { collectorUserAgent } from './user-agent.js';

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
  /** KOHYO_FETCH_ALLOW_HOSTS: the hosts reached whatever their addresses; any other only at a public address. */
  readonly allowHosts?: readonly string[];
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

/** The largest list read, fetched or local (the largest real list, a PDF, is a few MB). */
export const MAX_LIST_BYTES = 50 * 1024 * 1024;

const FETCH_DEFAULTS = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  maxBytes: MAX_LIST_BYTES,
  retries: 3,
  backoffMs: 2_000,
  allowHosts: [],
} as const;

/** Redirects one fetch follows, each hop checked as the first request is. */
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const MAX_BACKOFF_MS = 60_000;
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** What the retries of one fetch did: how many were made, and the error that asked for the last one. */
interface RetryTrace {
  retries: number;
  cause: unknown;
}

/** The fetcher of a command's collectors: its User-Agent names the operator's contact, its waits are real. */
export function collectorFetcher(settings: {
  readonly contact: string | null;
  readonly allowHosts: readonly string[];
}): Fetcher {
  return createFetcher({
    userAgent: collectorUserAgent(settings.contact),
    sleep: (ms) => sleep(ms),
    allowHosts: settings.allowHosts,
  });
}

export function createFetcher(options: FetcherOptions): Fetcher {
  const o = { ...FETCH_DEFAULTS, ...options };
  const agent = new Agent({
    connect: guardedConnector({ timeout: o.connectTimeoutMs, allowHosts: o.allowHosts }),
    headersTimeout: o.headersTimeoutMs,
    bodyTimeout: o.bodyTimeoutMs,
  });
  // redirects are followed by fetchList, hop by hop (each hop's address checked as it connects); the policy of the
  // retries is each request's own (retryPolicy), as it counts that request's attempts and waits with the injected sleep
  const dispatcher = agent.compose(interceptors.retry({ throwOnError: false }));
  // one request at a time to each host, other hosts in parallel; a fetcher lives for one collection, so the hosts
  // are those of the registry's lists, and none need be forgotten
  const hosts = new Map<string, LimitFunction>();
  const oneAtATime = (host: string): LimitFunction => {
    const limit = hosts.get(host) ?? pLimit(1);
    hosts.set(host, limit);
    return limit;
  };

  return {
    fetch(url, validators = null) {
      const parsed = URL.canParse(url) ? new URL(url) : null;
      if (parsed === null)
        return Promise.resolve({ kind: 'failed', status: null, error: `'${url}' is not a URL`, attempts: 0 });
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        return Promise.resolve({ kind: 'failed', status: null, error: `${url} is not http or https`, attempts: 0 });
      return oneAtATime(parsed.host)(() => fetchList(dispatcher, o, url, validators));
    },
    close: () => agent.close(),
  };
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

/**
 * Which failures are tried again, and after how long: a 5xx answer or a timeout (connecting, waiting for the answer,
 * reading the body: undici then resumes the body with a Range request where the server allows it), at most
 * `retries` times, backing off `backoffMs` doubled each time, or longer where Retry-After asks, never past 60 s.
 * Any other answer or error (a 404, DNS, refused, TLS, reset) is final at once. Ours rather than undici's default
 * policy: that one waits with its own timers, where the tests inject `sleep` so as never to wait in real time.
 */
function retryPolicy(o: Required<FetcherOptions>, trace: RetryTrace): RetryHandler.RetryCallback {
  return (error, _context, next) => {
    const status = numberOf(propertyOf(error, 'statusCode'));
    const retryable = (status !== null && status >= 500) || TIMEOUT_CODES.has(errorCodeOf(error) ?? '');
    if (!retryable || trace.retries >= o.retries) {
      next(error);
      return;
    }
    trace.retries++;
    trace.cause = error;
    const backoff = Math.min(MAX_BACKOFF_MS, o.backoffMs * 2 ** (trace.retries - 1));
    const asked = retryAfter(headerOf(propertyOf(error, 'headers'), 'retry-after')) ?? 0;
    o.sleep(Math.min(MAX_BACKOFF_MS, Math.max(backoff, asked))).then(() => next(null), next);
  };
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

function headerOf(headers: unknown, name: string): string | undefined {
  const value = propertyOf(headers, name);
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** The failure, with how many attempts it took when more than one. */
function failed(status: number | null, error: string, trace: RetryTrace): FetchOutcome {
  const attempts = trace.retries + 1;
  return { kind: 'failed', status, error: attempts === 1 ? error : `${error} (after ${attempts} attempts)`, attempts };
}

/**
 * The error a fetch failed with, in words. A resume the server could not serve (it ignores Range, so undici will not
 * join two bodies) failed because of what was retried: that cause is reported.
 */
function failureOf(error: unknown, trace: RetryTrace): string {
  const resumeRefused = errorCodeOf(error) === 'UND_ERR_REQ_RETRY' && trace.cause !== null;
  return describeError(resumeRefused ? trace.cause : error);
}

function describeError(error: unknown): string {
  const code = errorCodeOf(error);
  switch (code) {
    case NON_PUBLIC_ADDRESS:
      return `refused: ${messageOf(error)}`;
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

/**
 * One list fetched, with undici's retries under retryPolicy: its body, or that it is unchanged, or why it failed. A
 * redirect is followed here, at most MAX_REDIRECTS of them, to http and https only, each hop's host checked as the
 * first one's is when it connects (address-guard.ts).
 */
async function fetchList(
  dispatcher: Dispatcher,
  o: Required<FetcherOptions>,
  url: string,
  validators: Validators | null,
): Promise<FetchOutcome> {
  const headers: Record<string, string> = { 'user-agent': o.userAgent, accept: '*/*' };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.last_modified) headers['if-modified-since'] = validators.last_modified;
  const trace: RetryTrace = { retries: 0, cause: null };
  let at = url;
  for (let hops = 0; ; hops++) {
    // the retry interceptor reads each request's own retryOptions, which Dispatcher.RequestOptions does not declare
    const request: Dispatcher.RequestOptions & { retryOptions: RetryHandler.RetryOptions } = {
      ...target(at),
      method: 'GET',
      headers,
      retryOptions: { retry: retryPolicy(o, trace) },
    };
    let response: Dispatcher.ResponseData;
    try {
      response = await dispatcher.request(request);
    } catch (error) {
      return failed(null, `${failureOf(error, trace)}${hops === 0 ? '' : ` (redirected to ${at})`}`, trace);
    }
    const { statusCode: status } = response;
    const location = header(response.headers.location);
    if (REDIRECTS.has(status) && location !== undefined) {
      await response.body.dump();
      const next = redirectTarget(at, location, hops);
      if (next.ok) at = next.url;
      else return failed(status, next.error, trace);
      continue;
    }
    return answered(response, at, trace, o.maxBytes);
  }
}

/** Where a redirect leads, or why it is not followed: too many, no URL, or a scheme other than http and https. */
function redirectTarget(
  from: string,
  location: string,
  hops: number,
): { readonly ok: true; readonly url: string } | { readonly ok: false; readonly error: string } {
  if (hops >= MAX_REDIRECTS) return { ok: false, error: `more than ${MAX_REDIRECTS} redirects, the last from ${from}` };
  const next = URL.canParse(location, from) ? new URL(location, from) : null;
  if (next === null) return { ok: false, error: `${from} redirected to what is not a URL` };
  if (next.protocol !== 'http:' && next.protocol !== 'https:')
    return { ok: false, error: `${from} redirected to a ${next.protocol} address: only http and https are followed` };
  next.hash = '';
  return { ok: true, url: next.href };
}

/** The answer of the last hop: unchanged, failed by its status or its size, or its body. */
async function answered(
  response: Dispatcher.ResponseData,
  url: string,
  trace: RetryTrace,
  maxBytes: number,
): Promise<FetchOutcome> {
  const { statusCode: status } = response;
  if (status === 304) {
    await response.body.dump();
    return { kind: 'not_modified', status: 304, attempts: trace.retries + 1 };
  }
  if (status < 200 || status >= 300) {
    await response.body.dump();
    return failed(status, `the server answered ${status}`, trace);
  }
  const declared = Number(header(response.headers['content-length']) ?? NaN);
  if (declared > maxBytes) {
    response.body.destroy();
    return failed(status, tooLarge(maxBytes), trace);
  }
  return fetchedBody(response, url, trace, maxBytes);
}

/** A 2xx answer's body read within `maxBytes`, with the validators and type it came with. */
async function fetchedBody(
  response: Dispatcher.ResponseData,
  url: string,
  trace: RetryTrace,
  maxBytes: number,
): Promise<FetchOutcome> {
  const { statusCode: status } = response;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      const bytes = bytesOf(chunk);
      size += bytes.length;
      if (size > maxBytes) {
        response.body.destroy();
        return failed(status, tooLarge(maxBytes), trace);
      }
      chunks.push(bytes);
    }
  } catch (error) {
    return failed(status, failureOf(error, trace), trace);
  }
  const validatorsOut = {
    etag: header(response.headers.etag) ?? null,
    last_modified: header(response.headers['last-modified']) ?? null,
  };
  const contentType = header(response.headers['content-type'])?.split(';')[0]?.trim().toLowerCase() || null;
  return {
    kind: 'fetched',
    url,
    status,
    body: Buffer.concat(chunks),
    validators: validatorsOut,
    content_type: contentType,
    attempts: trace.retries + 1,
  };
}
