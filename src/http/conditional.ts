// Conditional requests: ETag, Last-Modified and Cache-Control on the conditional routes; 304 before the limits count.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteContext } from '../api/context.js';
import { BoundedMemo } from '../domain/bounded-memo.js';
import { japanDate } from '../domain/dates.js';
import { parameterPairs, queryOf } from './url-parts.js';
import { accountingOf } from './route-accounting.js';
import { isObject } from '../domain/is-object.js';

// private: every answer carries the client's own RateLimit headers and request id, which a shared cache must not
// hand to another client. 5 minutes: a dataset is published at most a few times a day, and revalidating costs
// nothing against the limits (a 304 is not counted), so a client loses little by asking again.
export const CACHE_CONTROL = 'private, max-age=300';

const ATOM_ACCEPT = /\bapplication\/atom\+xml\b/u;

/** Queries whose validators are remembered, and the longest key remembered. */
const REMEMBERED_QUERIES = 4096;
const MAX_REMEMBERED_KEY = 512;

export interface Validators {
  readonly etag: string;
  /**
   * True once a request with these validators was answered 200 by this process: only then is a 304 answered before
   * the request is checked and counted (preconditions apply only where the answer would be 2xx, RFC 9110 §13.2.1).
   */
  answered: boolean;
  readonly lastModified: Date;
  /** lastModified as the header writes it, formatted once. */
  readonly lastModifiedHeader: string;
}

/** A query as Fastify parsed it for the route (the object its schema checks, never the URL read again). */
type ParsedQuery = Readonly<Record<string, unknown>>;

/**
 * The validators of a request: the ETag hashes the dataset (version, kind), the day in Japan, the route and the
 * query normalised (parameters sorted, values trimmed, empty ones dropped as the query rules drop them) — never
 * the body, whose meta.request_id differs every time. Weak, because compression changes the bytes and the body's
 * request id differs while the answer means the same.
 */
export function validatorsOf(
  route: string,
  query: ParsedQuery,
  dataset: { version: string; kind: string },
  now: Date,
): Validators {
  return validatorsOfDay(route, query, dataset, japanDate(now));
}

function validatorsOfDay(
  route: string,
  query: ParsedQuery,
  dataset: { version: string; kind: string },
  day: string,
): Validators {
  const parameters = parameterPairs(query)
    .map(([name, value]) => [name, value.trim()] as const)
    .filter(([, value]) => value !== '')
    .sort(([a, va], [b, vb]) => (a < b ? -1 : a > b ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  const digest = createHash('sha256')
    .update(JSON.stringify([dataset.version, dataset.kind, day, route, parameters]))
    .digest('base64url')
    .slice(0, 27);
  // the answer may change when the dataset is published or at midnight in Japan, whichever came last
  const built = Date.parse(dataset.version);
  const midnight = Date.parse(`${day}T00:00:00+09:00`);
  const lastModified = new Date(Math.floor(Math.max(built, midnight) / 1000) * 1000);
  return { etag: `W/"${digest}"`, lastModified, lastModifiedHeader: lastModified.toUTCString(), answered: false };
}

/** RFC 9110 §13.1: If-None-Match (weak comparison) wins; If-Modified-Since only when it is absent. */
export function notModified(request: Pick<FastifyRequest, 'headers'>, validators: Validators): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//u, '');
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
 * Adds the hooks. A 304 is answered in onRequest, which must be registered before the limiter's hook so that a 304
 * is never counted (as GitHub does), and only for validators this process has answered 200 for: the answer is a
 * function of what the validators hash, so it would be 200 again, never a 400 the precondition would hide. Any other
 * conditional request is checked and counted like an unconditional one, and turns into a 304 only once its answer
 * is a 200 (onSend). A 304 still passes onSend and onResponse, so the usage log counts it.
 */
export function registerConditional(app: FastifyInstance, context: RouteContext): void {
  // A request's validators are kept on the request (a decorator), not in a WeakMap keyed by it: each WeakMap entry is
  // an ephemeron, which costs every request write barriers and scavenging work.
  app.decorateRequest('kohyoValidators', null);
  // A query's validators are the same on every request for it on one day of one dataset: worked out once (a SHA-256
  // and a parse of the query per request otherwise).
  const remembered = new BoundedMemo<Validators>({ entries: REMEMBERED_QUERIES, maxKeyLength: MAX_REMEMBERED_KEY });
  // callback hooks, not async ones: no promise and microtask per request for each
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
    // the query string as sent is only the memo's key: the same string always parses to the same query
    const rawQuery = queryOf(request.url);
    const day = japanDate(context.clock());
    // an Atom feed and the JSON answer of one query are two representations: each has its own validators
    const representation = ATOM_ACCEPT.test(request.headers.accept ?? '') ? `${route} atom` : route;
    const validators = remembered.get(
      `${store.meta.version}\n${store.meta.kind}\n${day}\n${representation}\n${rawQuery}`,
      () => validatorsOfDay(representation, parsedQuery(request.query), store.meta, day),
    );
    request.kohyoValidators = validators;
    if (!validators.answered || !notModified(request, validators)) {
      done();
      return;
    }
    // answered here: the hook chain stops, and done is not called
    setValidators(reply, validators);
    void reply.code(304).send();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const validators = request.kohyoValidators;
    if (validators !== null && reply.statusCode === 200) {
      validators.answered = true;
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
