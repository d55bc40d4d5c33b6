// One handler renders every error as the contract's error body; 5xx answers never carry internals.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiError,
  ERRORS,
  READ_METHODS,
  errorBody,
  methodNotAllowed,
  refusalError,
  schemaRefusal,
} from '../api/errors.js';
import { LimitRefusal } from '../limits/limiter.js';
import { KindGuard } from '@sinclair/typebox';
import type { QueryRoute } from './route-options.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The contract's error code the request was answered with, whatever the body's form (JSON, a page); or null. */
    kohyoErrorCode: string | null;
  }
}

/** Notes the code a request's error answer carries, for the logs and the metrics to read whatever the body's form. */
export function noteErrorCode(request: FastifyRequest, code: string): void {
  request.kohyoErrorCode = code;
}

export function errorHandler(
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
    const querystring = request.routeOptions.schema?.querystring;
    return schemaRefusal(first, KindGuard.IsObject(querystring) ? querystring.properties : {}, request.query);
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
