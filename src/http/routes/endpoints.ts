// Every endpoint of the catalogue as a GET route: its query schema and rules, its answer schemas, its answer; a
// record list also as an Atom feed when the request asks for one.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINTS, routeOf } from '../../api/catalogue.js';
import { openDataset, type RouteContext } from '../../api/context.js';
import type { Endpoint, PresentedRecord } from '../../api/endpoint.js';
import { endpointOptions, type QueryRoute } from '../route-options.js';
import { ATOM_TYPE, atomFeed, wantsAtom } from '../atom-feed.js';
import { queryOf } from '../url-parts.js';
import { requestBase, targetPath } from '../request-origin.js';

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
      if (feed === undefined) return endpoint.answer(context, query, request.id);
      if (!wantsAtom(request, query.format)) {
        const answer = endpoint.answer(context, query, request.id);
        varyByAccept(reply);
        return answer;
      }
      const records = feed.records(context, query, request.id);
      varyByAccept(reply);
      return feedAnswer(endpoint, records, request, reply, context);
    });
  }
}

/** One address answers JSON or Atom by Accept: a cache must keep them apart. */
function varyByAccept(reply: FastifyReply): void {
  void reply.header('vary', 'Accept');
}

/** A query string as a person reads it: values decoded, parameters joined by &. */
function readable(query: string): string {
  return [...new URLSearchParams(query)].map(([name, value]) => `${name}=${value}`).join('&');
}

function feedAnswer(
  endpoint: Endpoint,
  records: readonly PresentedRecord[],
  request: FastifyRequest,
  reply: FastifyReply,
  context: RouteContext,
): string {
  const query = queryOf(request.url);
  const base = requestBase(request, context.config.publicUrl);
  const store = openDataset(context);
  void reply.type(ATOM_TYPE);
  return atomFeed(records, {
    base,
    selfUrl: `${base}${targetPath(request.url, endpoint.path)}`,
    title: `Kohyo: ${endpoint.summary}${query === '' ? '' : ` (${readable(query)})`}`,
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
