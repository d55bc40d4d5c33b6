// One handler renders every error as the contract's error body; 5xx answers never carry internals.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ERRORS, READ_METHODS, errorBody, methodNotAllowed } from '../api/errors.js';
import { LimitRefusal } from '../limits/limiter.js';
import { MAX_LIMIT } from '../api/schemas/queries.js';
import { MAX_TEXT_LENGTH } from '../domain/record-filters.js';
import { corporateNumberParam } from '../api/record-query.js';

export function errorHandler(maxPage: number) {
  return (error: FastifyError | ApiError | LimitRefusal, request: FastifyRequest, reply: FastifyReply): void => {
    handleError(error, request, reply, maxPage);
  };
}

function handleError(error: FastifyError | ApiError | LimitRefusal, request: FastifyRequest, reply: FastifyReply, maxPage: number): void {
  const apiError =
    error instanceof ApiError ? error
    : error instanceof LimitRefusal ? refusal(error)
    : translate(error, request, maxPage);
  if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
  for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
  void reply.status(apiError.status).send(errorBody(apiError.code, apiError.message, apiError.details));
}

function refusal(error: LimitRefusal): ApiError {
  const seconds = error.retryAfterSeconds;
  return new ApiError(error.code, error.message, { retry_after: seconds, scope: error.scope }, { 'Retry-After': String(seconds) });
}

/** Schema validation and framework errors, as contract error codes. */
function translate(error: FastifyError, request: FastifyRequest, maxPage: number): ApiError {
  if (error.validation && error.validation.length > 0) {
    const first = error.validation[0]!;
    if (first.keyword === 'required') {
      const parameter = String((first.params as { missingProperty?: string }).missingProperty ?? '');
      return new ApiError('missing_parameter', `${parameter} is required.`, { parameter });
    }
    const parameter = first.instancePath.replace(/^\//u, '') || 'query';
    // the schema's pattern (OpenAPI) refuses what cannot be 13 digits; the contract's code for that is this one
    if (parameter === 'corporate_number') return notACorporateNumber(request);
    return new ApiError('invalid_parameter', parameterMessage(parameter, request, maxPage), { parameter });
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return new ApiError('not_found');
  // the router answers 404, not 405, for a method a path lacks (app.ts answers those): this is a plugin's 405, and
  // every path a plugin serves (/docs) answers GET and HEAD
  if (status === 405) return methodNotAllowed(READ_METHODS);
  if (status >= 400 && status < 500) return new ApiError('invalid_parameter', 'The request could not be read; send a plain GET with query parameters.');
  return new ApiError('internal_error', ERRORS.internal_error.message);
}

function parameterMessage(parameter: string, request: FastifyRequest, maxPage: number): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[parameter];
  const shown = value === undefined ? '' : ` (got "${String(value)}")`;
  switch (parameter) {
    case 'limit': return `limit must be a whole number from 1 to ${MAX_LIMIT}${shown}.`;
    case 'page': return `page must be a whole number from 1 to ${maxPage}${shown}.`;
    case 'q':
    case 'company': return `${parameter} must be at most ${MAX_TEXT_LENGTH} characters.`;
    case 'from':
    case 'to': return `${parameter} must be a date written YYYY-MM-DD${shown}.`;
    default: return `${parameter} has a value this endpoint does not accept${shown}.`;
  }
}

/** The answer resolveRecordQuery gives for a value that is not 13 digits. */
function notACorporateNumber(request: FastifyRequest): ApiError {
  try {
    corporateNumberParam(String((request.query as Record<string, unknown>).corporate_number ?? ''));
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  return new ApiError('invalid_corporate_number', undefined, { parameter: 'corporate_number' });
}
