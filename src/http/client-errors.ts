// Requests that Node's HTTP parser refuses never reach a route: they are answered here, on the raw socket, in the
// contract's error shape with a request id, wherever the connection can still be written to.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { ERRORS, errorBody, type ErrorCode } from '../api/errors.js';

const REASONS: Readonly<Record<number, string>> = { 400: 'Bad Request', 431: 'Request Header Fields Too Large' };

/** For Fastify's clientErrorHandler: 431 request_too_large for an over-long request line or header, else 400 malformed_request. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const code: ErrorCode = error.code === 'HPE_HEADER_OVERFLOW' ? 'request_too_large' : 'malformed_request';
  const { status, message } = ERRORS[code];
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`,
  );
}
