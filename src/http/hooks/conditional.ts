// Conditional requests: ETag, Last-Modified and Cache-Control on the conditional routes; 304 before the limits count.
// Not @fastify/etag: it hashes the body sent, and every body carries a new `meta.request_id`, so its ETag never matches;
// and it answers after the handler and the limits have run, where these validators, keyed by the dataset and the
// request, answer 304 before the database is read (bench/HISTORY.md, "The plumbing's libraries").
import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteContext } from '../../api/endpoint.js';
import { japanDate } from '../../domain/dates.js';
import { queryOf } from '../../domain/url-parts.js';
import { accountingOf, chargeUncounted } from './route-accounting.js';
import { LRUCache } from 'lru-cache';

// private: every answer carries the client's own RateLimit headers and request id, which a shared cache must not
// hand to another client. 5 minutes: a dataset is published at most a few times a day, and revalidating costs
// nothing against the limits (a 304 is not counted), so a client loses little by asking again.
export const CACHE_CONTROL = 'private, max-age=300';

const ATOM_ACCEPT = /\bapplication\/atom\+xml\b/u;

/**
 * What every conditional answer, a 304 as its 200, varies by: Accept (its validators are the representation's, JSON
 * or Atom) and the encoding @fastify/compress chooses (its own spelling, so that it adds no second one).
 */
export const CONDITIONAL_VARY = 'Accept, accept-encoding';

export interface Validators {
  readonly etag: string;
  /** The ETag without its weakness mark, as If-None-Match's tags are compared with it. */
  readonly opaqueTag: string;
  readonly lastModified: Date;
  /** lastModified as the header writes it. */
  readonly lastModifiedHeader: string;
}

/**
 * The validators of a request: the ETag is an HMAC under `key` of the dataset (version, kind), the day in Japan, the
 * route and the query string normalised (parameters sorted, values trimmed, empty ones dropped as the query rules drop
 * them): read from the query string as sent, never from the parsed query, which the route's checks rewrite (defaults
 * added, types coerced), so that a request gets the same tag before its checks (If-None-Match) as after; never the
 * body, whose meta.request_id differs every time. Keyed, so that only an answer of this service gives a client its
 * ETag: an ETag that matches was given with a 200 (only a 200 carries one), and a 304 for it is never a 400 in
 * disguise. Weak, because compression changes the bytes and the body's request id differs while the answer means the
 * same.
 */
export function validatorsOf(
  route: string,
  query: string,
  dataset: { version: string; kind: string },
  now: Date,
  key: string,
): Validators {
  const day = japanDate(now);
  const parameters: string[] = [];
  // a stable sort: a repeated parameter's values keep their order
  const pairs = [...new URLSearchParams(query)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of pairs) {
    const trimmed = value.trim();
    if (trimmed !== '') parameters.push(name, trimmed);
  }
  const digest = createHmac('sha256', key)
    .update(JSON.stringify([dataset.version, dataset.kind, day, route, parameters]))
    .digest('base64url')
    .slice(0, 27);
  // the answer may change when the dataset is published or at midnight in Japan, whichever came last
  const built = Date.parse(dataset.version);
  const midnight = Date.parse(`${day}T00:00:00+09:00`);
  const lastModified = new Date(Math.floor(Math.max(built, midnight) / 1000) * 1000);
  return weakValidators(digest, lastModified);
}

/** The validators of a weak ETag of `digest` and a Last-Modified at `lastModified`. */
export function weakValidators(digest: string, lastModified: Date): Validators {
  return {
    etag: `W/"${digest}"`,
    opaqueTag: `"${digest}"`,
    lastModified,
    lastModifiedHeader: lastModified.toUTCString(),
  };
}

/** If-None-Match as read once: whether it is `*`, and the tags it names without their weakness mark. */
export interface IfNoneMatch {
  readonly any: boolean;
  readonly tags: readonly string[];
}

/** The tags of an If-None-Match header, or null without one. */
export function readIfNoneMatch(header: string | undefined): IfNoneMatch | null {
  if (header === undefined) return null;
  const tags = header.split(',').map((tag) => tag.trim());
  return { any: tags.includes('*'), tags: tags.map((tag) => tag.replace(/^W\//u, '')) };
}

/** Whether If-None-Match names these validators' ETag itself (weak comparison): not `*`, not a date. */
function namesEtag(ifNoneMatch: IfNoneMatch | null, validators: Validators): boolean {
  return ifNoneMatch !== null && ifNoneMatch.tags.includes(validators.opaqueTag);
}

/**
 * RFC 9110 §13.1: If-None-Match (weak comparison) wins; If-Modified-Since only when it is absent. `ifNoneMatch` is
 * the request's header as read already, when it was.
 */
export function notModified(
  request: Pick<FastifyRequest, 'headers'>,
  validators: Validators,
  ifNoneMatch: IfNoneMatch | null = readIfNoneMatch(request.headers['if-none-match']),
): boolean {
  if (ifNoneMatch !== null) return ifNoneMatch.any || namesEtag(ifNoneMatch, validators);
  const since = request.headers['if-modified-since'];
  if (since === undefined) return false;
  const time = Date.parse(since);
  return Number.isFinite(time) && validators.lastModified.getTime() <= time;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The validators of a conditional route's request, once worked out (before the limits for a request that names an
     * ETag, else for its 200); null until then, and on any other request.
     */
    kohyoValidators: Validators | null;
  }
}

export interface ConditionalOptions {
  readonly context: RouteContext;
  /** The key the ETags are an HMAC under, so that a query's validator cannot be worked out offline. */
  readonly key: string;
  /** The ceiling on uncounted answers a 304 is taken from (the limiter's); absent, a 304 is free. */
  readonly beforeUncounted?: ((request: FastifyRequest) => void) | undefined;
}

/** Conditional requests: registered before the limits (a 304 for the client's own ETag is not counted). */
export const conditionalRequests = fp<ConditionalOptions>(
  (app, options, done) => {
    registerConditional(app, options);
    done();
  },
  { name: 'kohyo-conditional', dependencies: ['kohyo-accounting', 'kohyo-early-refusals'] },
);

/**
 * Adds the hooks. A request whose If-None-Match names its query's current ETag is answered 304 in onRequest, before
 * the limits (which must be registered after this), so that it is not counted, as GitHub does; it falls under the
 * address's ceiling on uncounted answers instead. That depends on nothing but the request: not on who asked the query
 * before, nor on how long it is. Any other request (`If-None-Match: *`, another ETag, a date in If-Modified-Since, or
 * none) is checked and counted like an unconditional one, and gets its validators once its answer is a 200 (onSend),
 * where a precondition it meets turns it into a 304, the same for every client. A 304 still passes onSend and
 * onResponse, so the usage log tallies it.
 */
function registerConditional(app: FastifyInstance, options: ConditionalOptions): void {
  const { context } = options;
  // A request's validators are kept on the request (a decorator), not in a WeakMap keyed by it.
  app.decorateRequest('kohyoValidators', null);
  // by route, representation and query string, for the dataset and day they were worked out for, so that an HMAC,
  // the query's parameters sorted and two dates are worked out once; one string gives one set
  const known = new LRUCache<string, Validators>({ max: 4096 });
  /** The validators of a conditional route's GET or HEAD, kept on the request; null for any other request. */
  const validatorsFor = (request: FastifyRequest): Validators | null => {
    const store = context.dataset();
    const route = request.routeOptions.url;
    if (store === null || route === undefined || !accountingOf(request).conditional) return null;
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const now = context.clock();
    const { version, kind } = store.meta;
    // an Atom feed and the JSON answer of one query are two representations: each has its own validators
    const representation = ATOM_ACCEPT.test(request.headers.accept ?? '') ? `${route} atom` : route;
    const query = queryOf(request.url);
    const held = `${version}\u0000${kind}\u0000${japanDate(now)}\u0000${representation}\u0000${query}`;
    let validators = known.get(held);
    if (validators === undefined) {
      validators = validatorsOf(representation, query, store.meta, now, options.key);
      if (held.length <= MAX_HELD_QUERY) known.set(held, validators);
    }
    request.kohyoValidators = validators;
    return validators;
  };
  app.addHook('onRequest', function answerNotModified(request, reply, done) {
    // only a request naming an ETag may be answered before the limits; any other waits for its answer (onSend)
    const header = request.headers['if-none-match'];
    if (header === undefined) {
      done();
      return;
    }
    const validators = validatorsFor(request);
    if (validators === null || !namesEtag(readIfNoneMatch(header), validators)) {
      done();
      return;
    }
    const refusal = chargeUncounted(options.beforeUncounted, request);
    if (refusal !== null) {
      done(refusal);
      return;
    }
    // answered here: the hook chain stops, and done is not called; applyPrecondition gives the 304 its validators
    void reply.code(304).send();
  });
  app.addHook('onSend', function applyPrecondition(request, reply, payload, done) {
    const status = reply.statusCode;
    let validators: Validators | null = null;
    if (status === 200) validators = request.kohyoValidators ?? validatorsFor(request);
    // the 304 answerNotModified made holds its validators already (a static file's own 304 has none)
    else if (status === 304) validators = request.kohyoValidators;
    if (validators === null) {
      done(null, payload);
      return;
    }
    // header names in lower case, as Fastify keeps and sends them: a mixed-case name is lowered anew on every request
    reply.header('etag', validators.etag);
    reply.header('last-modified', validators.lastModifiedHeader);
    reply.header('cache-control', CACHE_CONTROL);
    reply.header('vary', CONDITIONAL_VARY);
    // checked and counted like any request, and answered 200: now a precondition it holds applies
    const { headers } = request;
    const conditional = headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined;
    if (status === 304 || (conditional && notModified(request, validators))) {
      // no body, and so no Content-Length or Content-Type of its own (RFC 9110 15.4.5): a null payload has none set.
      // Fastify's own HEAD hook, which runs last, cannot take null and writes the length of a text, even an empty one;
      // an empty stream it drains without a length
      reply.removeHeader('content-length');
      reply.removeHeader('content-type');
      void reply.code(304);
      done(null, request.method === 'HEAD' ? Readable.from([]) : null);
      return;
    }
    done(null, payload);
  });
}

/** The longest query string whose validators are held: longer ones are worked out each time (bounded memory). */
const MAX_HELD_QUERY = 1024;
