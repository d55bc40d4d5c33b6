// Requests that Node's HTTP parser refuses never reach a route: they are answered here, on the raw socket, in the
// contract's error shape with a request id, wherever the connection can still be written to.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { ERRORS, errorBody, type ErrorCode } from '../../api/errors.js';

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

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
  const answer = (socket: Socket, code: ErrorCode, more: Readonly<Record<string, string>>) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const fixed = Object.entries({ ...headers, ...more })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const { status, message } = ERRORS[code];
    const body = JSON.stringify(errorBody(code, message));
    socket.end(
      `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n${fixed}` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
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
