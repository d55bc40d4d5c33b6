// Route options of a catalogue endpoint: the query schema, the contract's query rules, the answer schemas, what it counts for.
import type { FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Config } from '../config.js';
import type { Endpoint } from '../api/endpoint.js';
import type { TObject, TSchema } from '@sinclair/typebox';
import { routeAccounting } from '../api/catalogue.js';
import { readQueryString } from '../api/query-string.js';
import { NoQuery, parameterNames } from '../api/schemas/queries.js';
import { ErrorBody } from '../api/schemas/common.js';
import { errorOf } from '../domain/error-of.js';

/**
 * A request's types as the routes and the error handler read them: Fastify parses the query string of every request
 * into parameters by name, which a catalogue route's query rules and schema then check.
 */
export interface QueryRoute {
  Querystring: Readonly<Record<string, unknown>>;
  Params: Readonly<Record<string, string>>;
}

/** A catalogue endpoint's route options: Fastify validates its query and serialises its answers from these schemas. */
export function endpointOptions(endpoint: Endpoint, config: Config) {
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
