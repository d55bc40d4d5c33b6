// Every endpoint of the catalogue as a GET route: its query schema and the contract's query rules, its answer
// schemas, what it counts for, its answer; a record list also as an Atom feed when the request asks for one.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ENDPOINTS, routeOf, routeAccounting } from '../../api/catalogue.js';
import { openDataset, type RouteContext } from '../../api/endpoint.js';
import type { Endpoint, PresentedRecord } from '../../api/endpoint.js';
import { feedTitle } from '../../api/feed-follows.js';
import { ATOM_TYPE, atomFeed } from '../feeds/atom-feed.js';
import type { QueryRoute } from '../hooks/error-handler.js';
import { requestBase, targetPath } from '../feeds/request-origin.js';
import type { Config } from '../../config.js';
import type { TObject, TSchema } from '@sinclair/typebox';
import { readQueryString } from '../../api/query-rules.js';
import { NoQuery, parameterNames } from '../../api/schemas/queries.js';
import { ErrorBody } from '../../api/schemas/common.js';
import { errorOf } from '../../lib/error-of.js';

/**
 * The endpoints of the catalogue whose paths lie under `prefix` (the scope's, '' for the root's), each as a GET route
 * at its path within the scope; `outside`: those whose paths do not (/health, beside the /api/v1 scope).
 */
export function endpointRoutes(
  app: FastifyInstance,
  context: RouteContext,
  { prefix, outside = false }: { readonly prefix: string; readonly outside?: boolean },
): void {
  for (const endpoint of ENDPOINTS) {
    if (endpoint.path.startsWith(`${prefix}/`) === outside) continue;
    const options = endpointOptions(endpoint, context.config);
    const path = outside ? routeOf(endpoint.path) : routeOf(endpoint.path).slice(prefix.length);
    app.get<QueryRoute>(path, options, (request, reply) => {
      // the query has passed the endpoint's own schema (and its rules) by the time the handler runs
      const query = endpoint.parametersIn === 'path' ? request.params : request.query;
      const { feed } = endpoint;
      // one address answers JSON or Atom by Accept: its Vary says so, as every conditional answer's (conditional.ts)
      if (feed === undefined || !wantsAtom(request, query.format)) return endpoint.answer(context, query, request.id);
      const title = feedTitle(feed.follows(context, query), feed.lists);
      return feedAnswer(endpoint, title, feed.records(context, query, request.id), request, reply, context);
    });
  }
}

/** Whether a request asks for the feed: `format=atom`, or `Accept` naming Atom without an explicit `format=json`. */
function wantsAtom(request: Pick<FastifyRequest, 'headers'>, format: unknown): boolean {
  if (format === 'atom') return true;
  if (format === 'json') return false;
  return /\bapplication\/atom\+xml\b/u.test(request.headers.accept ?? '');
}

/** The feed of an endpoint's records, under its title (feed-follows.ts). */
function feedAnswer(
  endpoint: Endpoint,
  title: string,
  records: readonly PresentedRecord[],
  request: FastifyRequest,
  reply: FastifyReply,
  context: RouteContext,
): string {
  const base = requestBase(request, context.config.publicUrl);
  const store = openDataset(context);
  void reply.type(ATOM_TYPE);
  return atomFeed(records, {
    base,
    selfUrl: `${base}${targetPath(request.url, endpoint.path)}`,
    title,
    datasetVersion: store.meta.version,
    notAfter: notAfter(request, context.clock()),
    changedAt: store.records.changedAt(records.map((record) => record.id)),
  });
}

/**
 * The latest date a feed may give: the answer's time, or its Last-Modified where it has one (the start of the day in
 * Japan, or the dataset's build if later), so that the feed is the same all day, as its ETag says.
 */
function notAfter(request: FastifyRequest, now: Date): Date {
  const lastModified = request.kohyoValidators?.lastModified;
  return lastModified !== undefined && lastModified < now ? lastModified : now;
}

// Route options of a catalogue endpoint: the query schema, the contract's query rules, the answer schemas, what it counts for.
/** A catalogue endpoint's route options: Fastify validates its query and serialises its answers from these schemas. */
function endpointOptions(endpoint: Endpoint, config: Config) {
  const parameters = endpoint.query?.(config);
  const inPath = endpoint.parametersIn === 'path';
  // an address's parameters are its path's segments, and its query string takes none
  const querystring: TObject | undefined = inPath ? NoQuery : parameters;
  const schema = {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description(config),
    tags: [...endpoint.tags],
    ...(querystring === undefined ? {} : { querystring }),
    ...(inPath && parameters !== undefined ? { params: parameters } : {}),
    response: { 200: endpoint.response, '4xx': ErrorBody, '5xx': ErrorBody },
  };
  // what the route's answers count for (route-accounting.ts), from the catalogue
  const accounting = routeAccounting(endpoint);
  if (querystring === undefined) return { schema, config: accounting };
  const allowed = parameterNames(querystring);
  const integers = new Set(
    Object.entries<TSchema>(querystring.properties)
      .filter(([, s]) => s.type === 'integer')
      .map(([name]) => name),
  );
  // a callback hook, not an async one: no promise and microtask per request
  function enforceRules(request: FastifyRequest<QueryRoute>, _reply: unknown, done: HookHandlerDoneFunction): void {
    try {
      request.query = readQueryString(request.query, allowed, integers);
    } catch (error) {
      done(errorOf(error));
      return;
    }
    done();
  }
  return { schema, config: accounting, preValidation: enforceRules };
}
