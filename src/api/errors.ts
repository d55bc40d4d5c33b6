// Every error code the API answers with, its status and message, in one table; the details an error may carry; the
// typed error that carries one; and the refusals of a query, whether its schema or a rule no schema can say refused it.
import { Type, type Static } from '@sinclair/typebox';
import { isRecord, textOf } from '../lib/is-object.js';
import { CORPORATE_NUMBER_INPUT } from './schemas/queries.js';

export const ERRORS = {
  missing_parameter: { status: 400, message: 'A required parameter is missing.' },
  missing_filter: { status: 400, message: 'Give at least one filter; listing everything is not provided.' },
  invalid_parameter: { status: 400, message: 'A parameter has a value this endpoint does not accept.' },
  invalid_corporate_number: { status: 400, message: 'A Corporate Number has 13 digits and a valid check digit.' },
  unknown_parameter: { status: 400, message: 'This endpoint does not take that parameter.' },
  bulk_access_not_provided: {
    status: 400,
    message: 'Bulk access is not provided: offset and cursor are not supported.',
  },
  malformed_request: {
    status: 400,
    message:
      'The request is not valid HTTP/1.1: percent-encode the URL as UTF-8, use an upper-case method and send a Host header.',
  },
  request_too_large: {
    status: 431,
    message: 'The request line or its headers are longer than the server reads (about 16 KB); shorten the query.',
  },
  request_timeout: {
    status: 408,
    message: 'The request did not arrive whole in the time the server waits for one; send it at once.',
  },
  cross_site_request_refused: {
    status: 403,
    message:
      "Another site's page asked for this as an image, script, style, frame or prefetch (Sec-Fetch-Site: cross-site); such loads are refused and count against nothing: call the API with fetch() (CORS is open to every origin), or link to the page.",
  },
  not_found: { status: 404, message: 'There is nothing at this address; see /llms.txt or /api/v1/openapi.json.' },
  method_not_allowed: { status: 405, message: 'Only GET and HEAD are allowed.' },
  rate_limited: { status: 429, message: 'Too many requests in the last 60 seconds; wait for Retry-After seconds.' },
  daily_limit_exceeded: {
    status: 429,
    message: 'Too many requests in the last 24 hours; wait for Retry-After seconds.',
  },
  automated_enumeration_detected: {
    status: 429,
    message:
      'This looks like automated enumeration of the dataset, which is not provided; this client is refused for a while.',
  },
  internal_error: { status: 500, message: 'Something went wrong on our side; try again later.' },
  service_unavailable: { status: 503, message: 'The dataset is not open yet; try again shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** What every path but /mcp answers. */
export const READ_METHODS = ['GET', 'HEAD'] as const;

/** Whether a name is one of the table's error codes. */
function isErrorCode(name: string): name is ErrorCode {
  return Object.hasOwn(ERRORS, name);
}

export const ERROR_CODES = Object.keys(ERRORS).filter(isErrorCode);

/** What an error's `details` may say, each by the codes that say it (docs/errors.md); left open for details to come. */
export const ErrorDetails = Type.Object(
  {
    parameter: Type.Optional(
      Type.String({ description: 'on a 400 about one parameter: the parameter at fault, to fix or drop' }),
    ),
    allowed: Type.Optional(
      Type.Array(Type.String(), {
        description:
          "the values allowed: an enum filter's codes (invalid_parameter), the parameters the endpoint takes " +
          '(unknown_parameter), or the methods the path answers (method_not_allowed)',
      }),
    ),
    filters: Type.Optional(
      Type.Array(Type.String(), {
        description: 'on missing_filter: the filters the endpoint takes, one of which to give',
      }),
    ),
    retry_after: Type.Optional(
      Type.Integer({ minimum: 1, description: 'on a 429: seconds to wait, as in Retry-After' }),
    ),
    scope: Type.Optional(
      Type.Union([Type.Literal('client'), Type.Literal('address')], {
        description:
          'on a 429: whether the client (address, User-Agent, client name) or its address as a whole is over the limit',
      }),
    ),
  },
  { additionalProperties: true },
);
export type ErrorDetails = Static<typeof ErrorDetails>;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message?: string, details?: ErrorDetails, headers: Record<string, string> = {}) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.details = details;
    this.headers = headers;
  }
}

/** A 405: the methods the path answers, in the Allow header and as `details.allowed` (the contract of 2026-11-24). */
export function methodNotAllowed(allowed: readonly string[], message?: string): ApiError {
  return new ApiError('method_not_allowed', message, { allowed: [...allowed] }, { Allow: allowed.join(', ') });
}

/** The most of a client's own text (a value, a parameter name, a path) an error message repeats. */
export const MAX_ECHOED = 64;

/**
 * A client's text as an error message repeats it: whole when short, else its first MAX_ECHOED characters and "…", so
 * that a 10 KB parameter does not come back in the answer (and in every log that keeps it). Every message and
 * `details.parameter` that names what the client sent goes through this.
 */
export function echoed(text: string): string {
  return text.length <= MAX_ECHOED ? text : `${text.slice(0, MAX_ECHOED)}…`;
}

/**
 * The error answer's body, over HTTP and MCP alike. `details.parameter` is the client's own name for a parameter,
 * which may be as long as the request line: it is echoed at most MAX_ECHOED characters.
 */
export function errorBody(code: ErrorCode, message: string, details?: ErrorDetails) {
  if (details === undefined) return { error: { code, message } };
  const shown = details.parameter === undefined ? details : { ...details, parameter: echoed(details.parameter) };
  return { error: { code, message, details: shown } };
}

/** A refusal of the limits (src/limits/limiter.ts's LimitRefusal) as the contract's 429 error, with its Retry-After. */
export function refusalError(refusal: {
  readonly code: 'rate_limited' | 'daily_limit_exceeded' | 'automated_enumeration_detected';
  readonly message: string;
  readonly retryAfterSeconds: number;
  readonly scope: 'client' | 'address';
}): ApiError {
  const seconds = refusal.retryAfterSeconds;
  return new ApiError(
    refusal.code,
    refusal.message,
    { retry_after: seconds, scope: refusal.scope },
    { 'Retry-After': String(seconds) },
  );
}

/** What ajv reports of the first thing a query's schema refused (Fastify's `error.validation[0]`). */
interface SchemaFailure {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * The contract's refusal of what a query's schema refused: a missing parameter, or a value its parameter's schema
 * does not take, said in the words of that schema (its range, its values, its form, its length).
 */
export function schemaRefusal(
  failure: SchemaFailure,
  properties: Readonly<Record<string, unknown>>,
  query: Readonly<Record<string, unknown>>,
): ApiError {
  if (failure.keyword === 'required') {
    const parameter = textOf(failure.params.missingProperty ?? '');
    return new ApiError('missing_parameter', `${parameter} is required.`, { parameter });
  }
  const parameter = failure.instancePath.replace(/^\//u, '') || 'query';
  const value = query[parameter];
  return valueRefusal(parameter, properties[parameter], value === undefined ? undefined : textOf(value));
}

/** The refusal of `value` for `parameter`, by what the parameter's schema says it takes. */
function valueRefusal(parameter: string, schema: unknown, value: string | undefined): ApiError {
  const got = value === undefined ? '' : ` (got "${echoed(value)}")`;
  const invalid = (message: string) => new ApiError('invalid_parameter', message, { parameter });
  if (!isRecord(schema)) return invalid(`${parameter} has a value this endpoint does not accept${got}.`);
  if (schema.pattern === CORPORATE_NUMBER_INPUT) return corporateNumberRefusal(parameter, value ?? '', 'not_13_digits');
  if (schema.type === 'integer')
    return invalid(
      `${parameter} must be a whole number from ${textOf(schema.minimum)} to ${textOf(schema.maximum)}${got}.`,
    );
  if (Array.isArray(schema.enum)) return invalid(`${parameter} must be ${schema.enum.map(textOf).join(' or ')}${got}.`);
  if (schema.format === 'date') return invalid(`${parameter} must be a date written YYYY-MM-DD${got}.`);
  if (schema.type === 'string' && typeof schema.maxLength === 'number')
    return invalid(`${parameter} must be at most ${schema.maxLength} characters.`);
  return invalid(`${parameter} has a value this endpoint does not accept${got}.`);
}

/** The refusal of a value that is not a Corporate Number, saying why. */
export function corporateNumberRefusal(
  parameter: string,
  value: string,
  reason: 'not_13_digits' | 'check_digit',
): ApiError {
  const why = reason === 'check_digit' ? 'its check digit (the first digit) is wrong' : 'it is not 13 digits';
  return new ApiError(
    'invalid_corporate_number',
    `${parameter} "${echoed(value)}" is not a Corporate Number: ${why}.`,
    {
      parameter,
    },
  );
}
