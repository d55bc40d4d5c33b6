// An answer of the service as the tests read it: its status, headers and text, and its JSON body typed by what the
// API documents for the path asked for and the status answered.
import { ERRORS, type ErrorCode } from '../../src/api/errors.js';
import { messageOf } from '../../src/lib/error-of.js';
import { propertyOf } from '../../src/lib/is-object.js';
import type { Answer, ErrorAnswer } from './documented-answers.js';

/** The statuses of the service's error answers (src/api/errors.ts): their body is the error envelope. */
export type ErrorStatus = (typeof ERRORS)[ErrorCode]['status'];
/** The statuses of answers without a body: a CORS preflight, a conditional request's Not Modified. */
type EmptyStatus = 204 | 304;

interface Answered {
  readonly headers: Headers;
  /** The body as sent, '' when there is none. */
  readonly text: string;
}

/**
 * An answer to a request for the path P, told apart by its status: a 200's body is P's documented JSON answer
 * (./documented-answers.ts), an error's the error envelope. An answer that carries no JSON (HEAD, an Atom feed, a
 * page) has a null body: its tests read `text`.
 */
export type TestResponse<P extends string = string> =
  | (Answered & { readonly status: 200; readonly body: Answer<P> })
  | (Answered & { readonly status: ErrorStatus; readonly body: ErrorAnswer })
  | (Answered & { readonly status: EmptyStatus; readonly body: null });

/** An answer with the error envelope. */
export type ErrorResponse = Extract<TestResponse, { readonly status: ErrorStatus }>;

const STATUSES: ReadonlySet<number> = new Set([200, 204, 304, ...Object.values(ERRORS).map((e) => e.status)]);

function isKnownStatus(status: number): status is TestResponse['status'] {
  return STATUSES.has(status);
}

export function isErrorResponse(response: TestResponse): response is ErrorResponse {
  return response.status >= 400;
}

/**
 * The answer from its parts, its JSON body parsed where it has one. A status the service is not known to answer
 * fails, so that the statuses above are all there are.
 */
export function testResponse<P extends string>(status: number, headers: Headers, text: string): TestResponse<P> {
  if (!isKnownStatus(status)) throw new Error(`a status the service is not known to answer: ${status} ${text}`);
  const body: unknown = (headers.get('content-type') ?? '').includes('json') && text !== '' ? JSON.parse(text) : null;
  // the service answers as its OpenAPI document says (test/http/self-description/openapi-answers.test.ts validates every kind of answer
  // against it), and the status tells which answer it is
  return { status, headers, text, body } as TestResponse<P>;
}

/** Asks a server at `url` (a test server, a replica) for `path`. */
export async function fetchAnswer<P extends string>(
  url: string,
  path: P,
  init?: RequestInit,
): Promise<TestResponse<P>> {
  const response = await fetch(url + path, init).catch((error: unknown) => {
    // fetch says only "fetch failed": what failed (a reset, a refused connection, a timeout) is its cause
    const cause = propertyOf(error, 'cause');
    throw new Error(
      `${init?.method ?? 'GET'} ${path}: ${messageOf(error)}: ${cause === undefined ? '' : messageOf(cause)}`,
      {
        cause: error,
      },
    );
  });
  return testResponse(response.status, response.headers, await response.text());
}
