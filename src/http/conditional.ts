// Conditional requests: ETag, Last-Modified and Cache-Control on the conditional routes; 304 before the limits count.
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteContext } from '../api/context.js';
import { japanDate } from '../domain/dates.js';
import { parameterPairs } from './url-parts.js';
import { accountingOf } from './route-accounting.js';
import { isObject } from '../domain/is-object.js';
import { errorOf } from '../domain/error-of.js';

// private: every answer carries the client's own RateLimit headers and request id, which a shared cache must not
// hand to another client. 5 minutes: a dataset is published at most a few times a day, and revalidating costs
// nothing against the limits (a 304 is not counted), so a client loses little by asking again.
export const CACHE_CONTROL = 'private, max-age=300';

const ATOM_ACCEPT = /\bapplication\/atom\+xml\b/u;

export interface Validators {
  readonly etag: string;
  readonly lastModified: Date;
  /** lastModified as the header writes it. */
  readonly lastModifiedHeader: string;
}

/** A query as Fastify parsed it for the route (the object its schema checks, never the URL read again). */
type ParsedQuery = Readonly<Record<string, unknown>>;

/**
 * The validators of a request: the ETag is an HMAC under `key` of the dataset (version, kind), the day in Japan, the
 * route and the query normalised (parameters sorted, values trimmed, empty ones dropped as the query rules drop them)
 * — never the body, whose meta.request_id differs every time. Keyed, so that only an answer of this service gives a
 * client its ETag: an ETag that matches was given with a 200 (only a 200 carries one), and a 304 for it is never a
 * 400 in disguise. Weak, because compression changes the bytes and the body's request id differs while the answer
 * means the same.
 */
export function validatorsOf(
  route: string,
  query: ParsedQuery,
  dataset: { version: string; kind: string },
  now: Date,
  key: string,
): Validators {
  const day = japanDate(now);
  const parameters = parameterPairs(query)
    .map(([name, value]) => [name, value.trim()] as const)
    .filter(([, value]) => value !== '')
    .sort(([a, va], [b, vb]) => (a < b ? -1 : a > b ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  const digest = createHmac('sha256', key)
    .update(JSON.stringify([dataset.version, dataset.kind, day, route, parameters]))
    .digest('base64url')
    .slice(0, 27);
  // the answer may change when the dataset is published or at midnight in Japan, whichever came last
  const built = Date.parse(dataset.version);
  const midnight = Date.parse(`${day}T00:00:00+09:00`);
  const lastModified = new Date(Math.floor(Math.max(built, midnight) / 1000) * 1000);
  return { etag: `W/"${digest}"`, lastModified, lastModifiedHeader: lastModified.toUTCString() };
}

/** Whether If-None-Match names these validators' ETag itself (weak comparison): not `*`, not a date. */
function matchesEtag(request: Pick<FastifyRequest, 'headers'>, validators: Validators): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch === undefined) return false;
  const wanted = opaque(validators.etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}

function opaque(tag: string): string {
  return tag.trim().replace(/^W\//u, '');
}

/** RFC 9110 §13.1: If-None-Match (weak comparison) wins; If-Modified-Since only when it is absent. */
export function notModified(request: Pick<FastifyRequest, 'headers'>, validators: Validators): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const wanted = opaque(validators.etag);
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
  }
  const since = request.headers['if-modified-since'];
  if (since === undefined) return false;
  const time = Date.parse(since);
  return Number.isFinite(time) && validators.lastModified.getTime() <= time;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The validators of a conditional route's request, kept until its answer is sent; null on any other request. */
    kohyoValidators: Validators | null;
  }
}

/**
 * Adds the hooks. A request whose If-None-Match names its query's current ETag is answered 304 in onRequest, before
 * the limits (which must be registered after this), so that it is not counted, as GitHub does; it falls under the
 * address's ceiling on uncounted answers instead. That depends on nothing but the request: not on who asked the query
 * before, nor on how long it is. Any other conditional request (`If-None-Match: *`, another ETag, a date in
 * If-Modified-Since) is checked and counted like an unconditional one, and turns into a 304 only once its answer is a
 * 200 (onSend), the same for every client. A 304 still passes onSend and onResponse, so the usage log tallies it.
 */
export function registerConditional(
  app: FastifyInstance,
  context: RouteContext,
  options: { readonly key: string; readonly beforeUncounted?: (request: FastifyRequest) => void },
): void {
  // A request's validators are kept on the request (a decorator), not in a WeakMap keyed by it.
  app.decorateRequest('kohyoValidators', null);
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    const store = context.dataset();
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      route === undefined ||
      !accountingOf(request).conditional ||
      store === null
    ) {
      done();
      return;
    }
    // an Atom feed and the JSON answer of one query are two representations: each has its own validators
    const representation = ATOM_ACCEPT.test(request.headers.accept ?? '') ? `${route} atom` : route;
    const validators = validatorsOf(
      representation,
      parsedQuery(request.query),
      store.meta,
      context.clock(),
      options.key,
    );
    request.kohyoValidators = validators;
    if (!matchesEtag(request, validators)) {
      done();
      return;
    }
    try {
      options.beforeUncounted?.(request);
    } catch (error) {
      request.kohyoCounted = false;
      done(errorOf(error));
      return;
    }
    // answered here: the hook chain stops, and done is not called
    setValidators(reply, validators);
    void reply.code(304).send();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const validators = request.kohyoValidators;
    if (validators !== null && reply.statusCode === 200) {
      setValidators(reply, validators);
      // checked and counted like any request, and answered 200: now the precondition applies
      if (notModified(request, validators)) {
        void reply.code(304);
        done(null, '');
        return;
      }
    }
    done(null, payload);
  });
}

/** The parsed query, which Fastify always gives as an object of parameters (an empty one without a query string). */
function parsedQuery(query: unknown): ParsedQuery {
  return isObject(query) ? query : {};
}

// header names in lower case, as Fastify keeps and sends them: a mixed-case name is lowered anew on every request
function setValidators(reply: { header(name: string, value: string): unknown }, validators: Validators): void {
  reply.header('etag', validators.etag);
  reply.header('last-modified', validators.lastModifiedHeader);
  reply.header('cache-control', CACHE_CONTROL);
}
