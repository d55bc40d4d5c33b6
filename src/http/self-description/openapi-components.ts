// The OpenAPI document's named components: the schemas that validate and serialise answers, the response headers,
// and one error response per status with the codes it can carry (from the error catalogue).
import type { TSchema } from '@sinclair/typebox';
import { Company } from '../../api/schemas/company.js';
import { Enforcement, LicenseAction, ProcurementSuspension } from '../../api/schemas/records.js';
import { CoverageEntry, SourceCoverageEntry } from '../../api/schemas/coverage.js';
import { SearchMeta } from '../../api/schemas/search.js';
import {
  AnswerCoverage,
  DatasetInfo,
  ErrorBody,
  Label,
  ListMeta,
  Meta,
  PagedRecordListMeta,
  RecordListMeta,
} from '../../api/schemas/common.js';
import { ERRORS, ERROR_CODES, type ErrorCode } from '../../api/errors.js';
import { REQUEST_ID_HEADER } from '../hooks/answer-headers.js';
import { MAX_TARGET } from '../hooks/route-accounting.js';

/** The schemas given a name, largest first: where one holds another, the outer one is named first. */
export const NAMED_SCHEMAS: Readonly<Record<string, TSchema>> = {
  Company,
  Enforcement,
  ProcurementSuspension,
  LicenseAction,
  CoverageEntry,
  SearchMeta,
  SourceCoverage: SourceCoverageEntry,
  PagedRecordListMeta,
  RecordListMeta,
  ListMeta,
  AnswerCoverage,
  Meta,
  Error: ErrorBody,
  DatasetInfo,
  Label,
};

// required: present on every answer whose response lists it; RateLimit and RateLimit-Policy are not, since the
// uncounted endpoints (vocabularies, health) share the error responses and do not carry them
const header = (description: string, schema: object, example?: string | number, required = true) => ({
  description,
  required,
  schema: example === undefined ? schema : { ...schema, examples: [example] },
});

const HEADERS = {
  [REQUEST_ID_HEADER]: header(
    "The request id: the client's own X-Request-Id when it is 1 to 128 characters of A-Z a-z 0-9 . _ : @ / + = -, otherwise a new UUID; also `meta.request_id`.",
    { type: 'string' },
    '6f1c2a9e-0b7d-4c1e-9a51-3d2f8e4b7c10',
  ),
  RateLimit: header(
    "What is left of the tighter limit (IETF httpapi rate-limit headers draft); on counted endpoints, a refusal of a malformed request among them. A request whose head could not be read at all (400, 408, 431 from the HTTP parser) tells its address's standing, uncounted.",
    { type: 'string' },
    '"minute";r=9;t=0',
    false,
  ),
  'RateLimit-Policy': header(
    "The limits RateLimit is read against: per minute and per rolling day, the client's, or its address's when that binds (or when the request's head could not be read).",
    { type: 'string' },
    '"minute";q=10;w=60, "day";q=300;w=86400',
    false,
  ),
  'Retry-After': header('Seconds to wait before trying again.', { type: 'integer', minimum: 0 }, 42),
  ETag: header(
    'A weak tag of the dataset version, the day in Japan and the normalised request; send it back in If-None-Match.',
    { type: 'string' },
    'W/"mQ3c1r2F0dQ9c5xkT0bHq1Vx8aE"',
  ),
  'Last-Modified': header(
    "When the answer last could change: the dataset's build time or midnight in Japan, whichever came last.",
    { type: 'string' },
    'Sat, 21 Nov 2026 03:00:00 GMT',
  ),
  'Cache-Control': header(
    'How long the answer may be reused without asking again.',
    { type: 'string' },
    'private, max-age=300',
  ),
  Allow: header('The methods the path answers.', { type: 'string', enum: ['GET, HEAD'] }),
} as const;

export type HeaderName = keyof typeof HEADERS;
const refs = (names: readonly HeaderName[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** The error responses, by status: their codes come from the error catalogue. */
const ERROR_RESPONSES = {
  400: {
    name: 'BadRequest',
    description: 'The query is not one this endpoint accepts; `error.code` says why.',
    headers: [],
  },
  403: {
    name: 'CrossSiteRequestRefused',
    description:
      "Another site's page made a browser ask for this as an image, script, style, font, frame or prefetch " +
      '(`Sec-Fetch-Site: cross-site`, and neither a CORS `fetch()` nor a link followed); refused on every path before ' +
      'anything counts it, and never stored (`Cache-Control: no-store`).',
    headers: [],
  },
  404: {
    name: 'NotFound',
    description: 'Nothing in the dataset Kohyo holds has this number or id; `error.details.parameter` names it.',
    headers: [],
  },
  408: {
    name: 'RequestTimeout',
    description:
      'The request did not arrive whole within `KOHYO_REQUEST_TIMEOUT_S` (30 s by default); the connection is closed after this answer.',
    headers: [],
  },
  431: {
    name: 'RequestTooLarge',
    description: `The request line and its headers are longer than the server reads (${MAX_TARGET} bytes together).`,
    headers: [],
  },
  405: {
    name: 'MethodNotAllowed',
    description:
      'Any method other than GET or HEAD on this path; `error.details.allowed` lists the methods it answers, as `Allow` does.',
    headers: ['Allow'],
  },
  429: {
    name: 'TooManyRequests',
    description:
      'Refused by the limits of the client or of its address (`error.details.scope`), or, on any path, by the ' +
      "address's ceiling on answers that do not count (304s, documents, /health) or on refusals; wait Retry-After " +
      'seconds (also `error.details.retry_after`).',
    headers: ['Retry-After'],
  },
  500: { name: 'InternalError', description: 'A fault on the server; the body never carries internals.', headers: [] },
  503: { name: 'ServiceUnavailable', description: 'No dataset is open yet; try again shortly.', headers: [] },
} as const satisfies Record<number, { name: string; description: string; headers: readonly HeaderName[] }>;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** Whether a status is one the error responses answer with. */
function isErrorStatus(status: number): status is ErrorStatus {
  return Object.hasOwn(ERROR_RESPONSES, status);
}

function codesOf(status: number): ErrorCode[] {
  return ERROR_CODES.filter((code) => ERRORS[code].status === status);
}

export function errorResponseRef(status: ErrorStatus) {
  return { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
}

function errorResponse(status: ErrorStatus) {
  const { description, headers } = ERROR_RESPONSES[status];
  const codes = codesOf(status);
  return {
    description: `${description} Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
    headers: refs([REQUEST_ID_HEADER, 'RateLimit', 'RateLimit-Policy', ...headers]),
    content: {
      'application/json': {
        // one Error type for generated clients; the codes this status carries are listed and shown one example each
        schema: { $ref: '#/components/schemas/Error' },
        examples: Object.fromEntries(
          codes.map((code) => [
            code,
            { value: { error: { code, message: ERRORS[code].message, ...exampleDetails(status, code) } } },
          ]),
        ),
      },
    },
  };
}

/** The details an example carries: every refusal's (error-handler.ts) and a 405's methods. */
function exampleDetails(status: ErrorStatus, code: ErrorCode): { details?: object } {
  if (status === 429) return { details: { retry_after: 42, scope: 'client' } };
  return code === 'method_not_allowed' ? { details: { allowed: ['GET', 'HEAD'] } } : {};
}

/** The headers of a success answer and of a 304, as refs. */
export function successHeaders(options: { counted: boolean; conditional: boolean }) {
  return refs([
    REQUEST_ID_HEADER,
    ...(options.counted ? (['RateLimit', 'RateLimit-Policy'] as const) : []),
    ...(options.conditional ? (['ETag', 'Last-Modified', 'Cache-Control'] as const) : []),
  ]);
}

const NOT_MODIFIED = {
  description:
    'Not Modified: the answer for this If-None-Match or If-Modified-Since has not changed. No body; not counted against the limits.',
  headers: successHeaders({ counted: false, conditional: true }),
};

/** A request header a client may send, as an OpenAPI parameter. */
const requestHeader = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: false,
  description,
  schema: { type: 'string' },
  example,
});

/** The request headers the server reads, by component name: identification on every operation, conditions on some. */
const REQUEST_HEADERS = {
  ClientName: requestHeader(
    'X-Kohyo-Client',
    "Your application's name (`X-Service-Client` is read too): part of what a client is to the limits, and kept in the usage log.",
    'my-app/1.0',
  ),
  ClientContact: requestHeader(
    'X-Kohyo-Contact',
    'An address the operator can reach you at (`X-Service-Contact` is read too), kept in the usage log.',
    'ops@example.org',
  ),
  RequestId: requestHeader(
    REQUEST_ID_HEADER,
    'Your own request id, echoed in `X-Request-Id` and `meta.request_id` when it is 1 to 128 characters of A-Z a-z 0-9 . _ : @ / + = -; otherwise a new UUID is given.',
    'my-app-0001',
  ),
  IfNoneMatch: requestHeader(
    'If-None-Match',
    'The ETag of an answer you hold: 304 with no body when it still holds (not counted against the limits when it names the ETag itself).',
    'W/"mQ3c1r2F0dQ9c5xkT0bHq1Vx8aE"',
  ),
  IfModifiedSince: requestHeader(
    'If-Modified-Since',
    'The Last-Modified of an answer you hold: 304 when nothing changed since (read only without If-None-Match).',
    'Sat, 21 Nov 2026 03:00:00 GMT',
  ),
} as const;

/** The request headers an operation reads, as refs: the conditions only where its answer is conditional. */
export function requestHeaderRefs(conditional: boolean) {
  const names: (keyof typeof REQUEST_HEADERS)[] = ['ClientName', 'ClientContact', 'RequestId'];
  if (conditional) names.push('IfNoneMatch', 'IfModifiedSince');
  return names.map((name) => ({ $ref: `#/components/parameters/${name}` }));
}

/** components.responses, components.headers and components.parameters. */
export function sharedComponents() {
  const statuses = Object.keys(ERROR_RESPONSES).map(Number).filter(isErrorStatus);
  return {
    parameters: REQUEST_HEADERS,
    headers: HEADERS,
    responses: {
      NotModified: NOT_MODIFIED,
      ...Object.fromEntries(statuses.map((status) => [ERROR_RESPONSES[status].name, errorResponse(status)])),
    },
  };
}
