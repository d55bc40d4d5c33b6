// For every error code: when the API answers it and what a client should do next (used by /llms.txt).
import type { ErrorCode } from './errors.js';

export interface ErrorAdvice {
  readonly when: string;
  readonly action: string;
}

// Keyed by ErrorCode, so a code added to ERRORS without advice here fails the type check.
export const ERROR_ADVICE: { readonly [C in ErrorCode]: ErrorAdvice } = {
  missing_parameter: {
    when: '`q` is missing on /api/v1/search or /api/v1/companies',
    action: 'add the parameter named in `details.parameter`',
  },
  missing_filter: {
    when: 'a record endpoint was called without any filter',
    action: 'add one of the filters listed in `details.filters`; listing everything is not provided',
  },
  invalid_parameter: {
    when: 'a value is out of range or malformed, a parameter is given twice, an enum value is unknown, or `from` is after `to`',
    action: 'fix the parameter named in `details.parameter`; for enum filters use a code from `details.allowed`',
  },
  invalid_corporate_number: {
    when: '`corporate_number` is not 13 digits or its check digit (the first digit) is wrong',
    action: 'check the number at its source; do not try neighbouring numbers',
  },
  malformed_request: {
    when: 'the request is not valid HTTP/1.1: bytes outside ASCII or control characters in the URL (a Japanese query pasted without percent-encoding), a method in lower case or unknown, a bad Content-Length or chunked body, no Host header',
    action: 'percent-encode the query as UTF-8 (`--data-urlencode` in curl), send GET with a Host header',
  },
  request_too_large: {
    when: 'the request line or its headers are longer than about 16 KB',
    action: 'shorten the query: `q` and `company` are at most 100 characters anyway',
  },
  request_timeout: {
    when: 'the request line, headers and body took longer to arrive than the server waits (`KOHYO_REQUEST_TIMEOUT_S`, 30 s by default)',
    action: 'send the whole request at once; the connection is closed after this answer',
  },
  unknown_parameter: {
    when: 'the endpoint does not take a parameter that was sent (including `page` where there is no paging)',
    action: 'drop it; `details.allowed` lists what the endpoint takes',
  },
  bulk_access_not_provided: {
    when: '`offset` or `cursor` was sent',
    action: 'narrow the search with filters instead; bulk export is not provided',
  },
  cross_site_request_refused: {
    when: "another site's page made a browser ask for it as an image, script, style, font, frame or prefetch (Fetch Metadata: `Sec-Fetch-Site: cross-site`, not a CORS fetch nor a link followed)",
    action:
      'from a page of your own, call the API with `fetch()` (CORS is open to every origin) or link to the page; never embed an answer',
  },
  not_found: {
    when: 'the path does not exist',
    action: 'check the path against /api/v1/openapi.json',
  },
  method_not_allowed: {
    when: 'a method other than GET or HEAD was used',
    action: 'use GET (the `Allow` header and `details.allowed` say so)',
  },
  rate_limited: {
    when: 'the per-minute limit of the client, or of its address (`details.scope`: `"client"` or `"address"`), was exceeded',
    action: 'wait `Retry-After` seconds before the next request',
  },
  daily_limit_exceeded: {
    when: 'the rolling 24-hour limit of the client or of its address (`details.scope`) was exceeded',
    action: 'wait `Retry-After` seconds; do not rotate addresses or client names to get around it',
  },
  automated_enumeration_detected: {
    when: 'many distinct search terms in a short window, or a run of sequential Corporate Numbers, from the client or from its address (`details.scope`)',
    action:
      'stop; the client is refused until `Retry-After` has passed; search only for companies you were asked about',
  },
  internal_error: {
    when: 'a fault on the server',
    action: 'retry once later; report it with the `X-Request-Id` header if it persists',
  },
  service_unavailable: {
    when: 'no dataset is open yet (for example during start-up)',
    action: 'retry after a short wait',
  },
};
