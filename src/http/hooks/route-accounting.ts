// What an answer counts for (the limits, the usage log, conditional requests), read from the route Fastify matched and
// never from how the client spelled its path: a route declares it in its `config`, and every hook reads it here.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BASE_PATH } from '../../api/catalogue.js';
import { errorOf } from '../../lib/error-of.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's requests count against the rate limits and are read by the enumeration rules, whatever their
     * answer (a 304 and a refusal excepted). Absent: not counted.
     */
    counted?: boolean;
    /**
     * The route's answers are recorded in the usage log: a counted answer as an entry of its own, any other (a 304, a
     * refusal, an uncounted route's answer) in the hourly counts. Absent: not recorded.
     */
    usage?: boolean;
    /** The route's answer is a function of the dataset, the query and the day: ETag, Last-Modified and 304 apply. */
    conditional?: boolean;
    /**
     * The route takes CORS preflights (cors.ts): a preflight is never counted and is tallied in the usage log; any
     * other request it takes is read as one no route takes.
     */
    preflight?: boolean;
  }
  interface FastifyRequest {
    /**
     * True once the limits admitted and counted the request, false once refused before they counted it, null when
     * they did not look at it. Written only by route-accounting.ts (markCounted, markNotCounted).
     */
    kohyoCounted: boolean | null;
    /** What the request counts for, read once (accountingOf); null until a hook first asks. */
    kohyoAccounting: Accounting | null;
  }
}

/** What a request counts for. */
export interface Accounting {
  readonly counted: boolean;
  readonly usage: boolean;
  readonly conditional: boolean;
}

const NOTHING: Accounting = { counted: false, usage: false, conditional: false };
/** A request no route takes (404, 405) whose path, read as the router reads it, is under BASE_PATH. */
const UNKNOWN_API_PATH: Accounting = { counted: true, usage: true, conditional: false };
const PREFLIGHT: Accounting = { counted: false, usage: true, conditional: false };

/**
 * Gives every request the slots its accounting is kept in. This module is their one writer: the hooks read them
 * (accountingOf, request.kohyoCounted), and the limits mark a request through markCounted and markNotCounted.
 */
export const requestAccounting = fp(
  (app, _options, done) => {
    app.decorateRequest('kohyoCounted', null);
    app.decorateRequest('kohyoAccounting', null);
    done();
  },
  { name: 'kohyo-accounting' },
);

/** The limits admitted and counted the request, whatever its answer turns out to be (a 304 once checked, say). */
export function markCounted(request: FastifyRequest): void {
  request.kohyoCounted = true;
}

/** The request was refused before the limits counted it: it is not logged as counted. */
export function markNotCounted(request: FastifyRequest): void {
  request.kohyoCounted = false;
}

/**
 * Charges an answer that does not count to the address's ceiling on them (`charge`, the limiter's
 * beforeUncountedRequest): its refusal when the ceiling is reached, the request then marked as not counted, or null.
 */
export function chargeUncounted(
  charge: ((request: FastifyRequest) => void) | undefined,
  request: FastifyRequest,
): Error | null {
  try {
    charge?.(request);
    return null;
  } catch (error) {
    markNotCounted(request);
    return errorOf(error);
  }
}

/** A real preflight names an origin and the method it asks for; any other OPTIONS is an ordinary 405. */
export function isPreflight(request: Pick<FastifyRequest, 'method' | 'headers'>): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.origin !== undefined &&
    request.headers['access-control-request-method'] !== undefined
  );
}

/**
 * What a request counts for: the route's declaration, for a request a route took. A request no route took is
 * counted and logged when its path lies under BASE_PATH once read as the router would read it (routedPath): the
 * contract counts every request under /api/v1/ whatever its answer, and `/%61pi/v1/nothing` is as much under it as
 * `/api/v1/nothing`.
 */
export function accountingOf(request: FastifyRequest): Accounting {
  // every hook asks (up to seven times a request), and Fastify builds request.routeOptions anew on each read
  if (request.kohyoAccounting !== null) return request.kohyoAccounting;
  let accounting: Accounting | null = null;
  if (!request.is404) {
    const { counted = false, usage = false, conditional = false, preflight = false } = request.routeOptions.config;
    if (!preflight) accounting = { counted, usage, conditional };
    else if (isPreflight(request)) accounting = PREFLIGHT;
  }
  // a request no route took, or one a preflight's route takes that is no preflight: by where its path leads
  accounting ??= isApiTarget(request.url) ? UNKNOWN_API_PATH : NOTHING;
  return (request.kohyoAccounting = accounting);
}

/**
 * Whether a request target no route took lies under BASE_PATH (and so counts), as accountingOf reads it: for answers
 * made before routing, to requests no hook sees.
 */
export function isApiTarget(target: string): boolean {
  return isUnderBasePath(routedPath(target));
}

/** Whether a routed path (routedPath) is BASE_PATH or under it; letter case aside, as a careless client might write it. */
function isUnderBasePath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === BASE_PATH || lower.startsWith(`${BASE_PATH}/`);
}

/** The longest request target read (the server reads about 16 KB of request line; nothing routes beyond this). */
export const MAX_TARGET = 16_384;

/**
 * The path of a request target as a router reads it, and then some: an absolute-form target's scheme and authority
 * dropped, the query and fragment cut, %-escapes decoded once (a malformed one kept as written), `.` and `..`
 * segments resolved and runs of slashes read as one. Used only for requests no route took, to decide whether they
 * lie under BASE_PATH.
 */
export function routedPath(target: string): string {
  let path = target.length > MAX_TARGET ? target.slice(0, MAX_TARGET) : target;
  const absolute = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/iu.exec(path);
  if (absolute !== null) path = path.slice(absolute[0].length);
  const end = path.search(/[?#]/u);
  if (end >= 0) path = path.slice(0, end);
  path = path.replace(/%([\da-f]{2})/giu, (escape, hex: string) => {
    const byte = Number.parseInt(hex, 16);
    // only ASCII: a multi-byte character cannot spell BASE_PATH, so its bytes may stay escaped
    return byte < 0x80 ? String.fromCharCode(byte) : escape;
  });
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}${path.endsWith('/') && segments.length > 0 ? '/' : ''}`;
}
