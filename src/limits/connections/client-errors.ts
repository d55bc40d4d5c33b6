// Requests that Node's HTTP parser refuses never reach a route: they are answered here, on the raw socket, in the
// contract's error shape with a request id, wherever the connection can still be written to.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { ERRORS, errorBody, type ApiError, type ErrorCode } from '../../api/errors.js';

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** Writes an error answer in the contract's shape on a raw socket, and closes the connection. */
function answerOnSocket(
  socket: Duplex,
  code: ErrorCode,
  headers: Readonly<Record<string, string>>,
  body: ReturnType<typeof errorBody> = errorBody(code, ERRORS[code].message),
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const fixed = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const { status } = ERRORS[code];
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n${fixed}` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nX-Request-Id: ${randomUUID()}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/**
 * For the server's 'connect' event: a CONNECT, which Node hands to no route (it asks for a tunnel), answered as any
 * method a path does not take is (`refusal`: 405 with Allow, or 404), and its connection closed; Node closed it
 * unanswered before.
 */
export function connectAnswer(
  headers: Readonly<Record<string, string>>,
  refusal: (target: string) => ApiError,
): (request: IncomingMessage, socket: Duplex) => void {
  return (request, socket) => {
    const error = refusal(request.url ?? '');
    answerOnSocket(
      socket,
      error.code,
      { ...headers, ...error.headers },
      errorBody(error.code, error.message, error.details),
    );
  };
}

/** The catalogue's code for what Node's parser reports: an over-long head, a request too slow to arrive, or bad HTTP. */
function codeOf(error: Error & { code?: string }): ErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'request_too_large';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  return 'malformed_request';
}

/**
 * For Fastify's clientErrorHandler: the request's error in the contract's shape, with `headers` (those a script needs
 * to read it) and those `limitHeaders` gives for its socket peer (the limits' reading of its address, which may wait on
 * Redis), and the connection closed.
 */
export function clientErrorAnswer(
  headers: Readonly<Record<string, string>>,
  limitHeaders?: (peer: string | undefined) => Promise<Readonly<Record<string, string>>>,
): (error: Error & { code?: string }, socket: Socket) => void {
  const answer = (socket: Socket, code: ErrorCode, more: Readonly<Record<string, string>>) =>
    answerOnSocket(socket, code, { ...headers, ...more });
  return (error, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const code = codeOf(error);
    if (limitHeaders === undefined) {
      answer(socket, code, {});
      return;
    }
    // the reading is an addition: were it to fail, the answer goes without it
    void limitHeaders(socket.remoteAddress)
      .catch(() => ({}))
      .then((more) => answer(socket, code, more))
      .catch(() => socket.destroy());
  };
}
