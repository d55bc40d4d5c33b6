// One handler renders every error as the contract's error body; 5xx answers never carry internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ApiError,
  ERRORS,
  READ_METHODS,
  echoed,
  errorBody,
  methodNotAllowed,
  refusalError,
  schemaRefusal,
} from '../../api/errors.js';
import { routedPath } from './route-accounting.js';
import { LimitRefusal } from '../../limits/limit-refusal.js';
import { KindGuard } from '@sinclair/typebox';

/**
 * A request's types as the routes and the error handler read them: Fastify parses the query string of every request
 * into parameters by name, which a catalogue route's query rules and schema then check.
 */
export interface QueryRoute {
  Querystring: Readonly<Record<string, unknown>>;
  Params: Readonly<Record<string, string>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The contract's error code the request was answered with, whatever the body's form (JSON, a page); or null. */
    kohyoErrorCode: string | null;
  }
}

/**
 * Every error answered in the contract's shape, and a request no route takes answered 404 (405 where GET would
 * answer). Registered before any route: a route keeps the error handler its context had then.
 */
export const contractErrors = fp(
  (app, _options, done) => {
    app.decorateRequest('kohyoErrorCode', null);
    app.setErrorHandler(errorHandler);
    app.setNotFoundHandler((request) => {
      throw noRouteError(app, request);
    });
    done();
  },
  { name: 'kohyo-errors' },
);

/** Notes the code a request's error answer carries, for the logs and the metrics to read whatever the body's form. */
export function noteErrorCode(request: FastifyRequest, code: string): void {
  request.kohyoErrorCode = code;
}

function errorHandler(
  error: FastifyError | ApiError | LimitRefusal,
  request: FastifyRequest<QueryRoute>,
  reply: FastifyReply,
): void {
  const apiError = apiErrorOf(error, request);
  noteErrorCode(request, apiError.code);
  if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
  for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
  void reply.status(apiError.status).send(errorBody(apiError.code, apiError.message, apiError.details));
}

/** Any error of a request as the contract's error: its own, a limiter's refusal, or a framework error translated. */
export function apiErrorOf(error: unknown, request: FastifyRequest<QueryRoute>): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof LimitRefusal) return refusalError(error);
  if (isFastifyError(error)) return translate(error, request);
  return new ApiError('internal_error', ERRORS.internal_error.message);
}

/**
 * Fastify's errors are Errors whose `validation` and `statusCode` may be absent: translate reads both as optional, so
 * any Error is read as one (one without them answers 500).
 */
function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error;
}

/** Schema validation and framework errors, as contract error codes. */
function translate(error: FastifyError, request: FastifyRequest<QueryRoute>): ApiError {
  const first = error.validation?.[0];
  if (first !== undefined) {
    // the path's parameters (an address's) or the query string's, whichever the schema refused
    const inPath = error.validationContext === 'params';
    const schema = inPath ? request.routeOptions.schema?.params : request.routeOptions.schema?.querystring;
    const given = inPath ? request.params : request.query;
    return schemaRefusal(first, KindGuard.IsObject(schema) ? schema.properties : {}, given);
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return new ApiError('not_found');
  // the router answers 404, not 405, for a method a path lacks (app.ts answers those): this is a plugin's 405, and
  // every path a plugin serves (/docs) answers GET and HEAD
  if (status === 405) return methodNotAllowed(READ_METHODS);
  if (status >= 400 && status < 500)
    return new ApiError('invalid_parameter', 'The request could not be read; send a plain GET with query parameters.');
  return new ApiError('internal_error', ERRORS.internal_error.message);
}

/**
 * The answer to a request no route takes: 405 with Allow where the path answers another method (GET and HEAD, or
 * POST at /mcp), else 404.
 */
export function noRouteError(app: FastifyInstance, { method, url }: Pick<FastifyRequest, 'method' | 'url'>): ApiError {
  // the path as the router read it (a GET at /%61pi/v1/companies answers, so a POST there is a 405 too)
  const path = routedPath(url);
  const allowed = methodsAt(app, path);
  // a method the path takes, spelled as the router takes no route (/api//v1/search): there is nothing at that spelling
  if (allowed.length > 0 && !allowed.includes(method))
    return methodNotAllowed(allowed, `${echoed(method)} is not allowed here; use ${allowed.join(' or ')}.`);
  return new ApiError(
    'not_found',
    `There is nothing at ${echoed(path)}; see /llms.txt or /api/v1/openapi.json for what there is.`,
  );
}

/** The methods a path answers: GET and HEAD where GET does, else POST where it does (MCP's), else none. */
function methodsAt(app: FastifyInstance, path: string): readonly string[] {
  if (hasRoute(app, 'GET', path)) return READ_METHODS;
  return hasRoute(app, 'POST', path) ? ['POST'] : [];
}

/**
 * Whether a route takes the method at the path, as the router matches it (an address's `/companies/8999999000001`
 * too, which no route is declared at); a path the router cannot read as a route (a `*` inside it) has none.
 */
function hasRoute(app: FastifyInstance, method: 'GET' | 'POST', path: string): boolean {
  try {
    // findRoute is typed as always finding a route; it answers null for a path no route takes
    const found: unknown = app.findRoute({ method, url: path });
    return found !== null;
  } catch {
    // find-my-way throws "Wildcard must be the last character in the route" (found by npm run fuzz)
    return false;
  }
}

// What the contract refuses of a request's form, after the limits: so the refusal counts like any other answer.
/**
 * An HTTP/1.1 request without Host (Node's own refusal would be an empty 400: this one is the contract's), and a
 * request no route takes, answered 404 or 405 here, before Fastify reads its body: a method that may carry one
 * (QUERY, PROPFIND, a POST) was otherwise refused by the body's parser first (a QUERY without Content-Type, a body
 * that is not JSON: 400 without Allow), where the document promises 405 with Allow.
 */
export const requestChecks = fp(
  (app, _options, done) => {
    app.addHook('onRequest', function checkRequestForm(request, _reply, next) {
      if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
        next(new ApiError('malformed_request', 'An HTTP/1.1 request needs a Host header.'));
      else if (request.is404) next(noRouteError(app, request));
      else next();
    });
    done();
  },
  { name: 'kohyo-request-checks', dependencies: ['kohyo-errors', 'kohyo-limits'] },
);
