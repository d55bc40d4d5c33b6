// Requests that Node's HTTP parser refuses never reach a route: they are answered here, on the raw socket, in the
// contract's error shape with a request id, wherever the connection can still be written to, under their address's
// bounds on refusals (the limiter's unreadRequest).
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { ERRORS, errorBody, type ErrorCode } from '../../api/errors.js';
import type { RefusalGate } from '../limiter.js';
import { stopReading } from './connection-pool.js';
import { DROPPED_ANSWER_DELAY_MS } from './connection-limits.js';

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

/** What the answers to unreadable requests ask of the limits: how each is answered, and who is told of a drop. */
export interface UnreadLimits {
  readonly unreadRequest: RefusalGate['unreadRequest'];
  /** Told of each connection of a dropped address closed unanswered (the refusals' tally). */
  readonly onDrop: (peer: string) => void;
}

/** The sockets of dropped addresses held until they are closed: Node's parser may report each of their requests. */
const holding = new WeakSet<Socket>();

/**
 * For Fastify's clientErrorHandler: the request's error in the contract's shape, with `headers` (those a script needs
 * to read it) and those `limits` give for its socket peer (the limits' reading of its address, which may wait on
 * Redis), and the connection closed. The connection of an address, or of its unreadable requests, dropped past its
 * refusals is read no further and closed unanswered after DROPPED_ANSWER_DELAY_MS, as a dropped address's request is
 * answered, so that a client reconnecting at once is held to its connections' pace.
 */
export function clientErrorAnswer(
  headers: Readonly<Record<string, string>>,
  limits?: UnreadLimits,
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
    if (holding.has(socket)) return;
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const code = codeOf(error);
    if (limits === undefined) {
      answer(socket, code, {});
      return;
    }
    const reading = limits.unreadRequest(socket.remoteAddress);
    if (reading === null) {
      holdAndClose(socket);
      limits.onDrop(socket.remoteAddress ?? '');
      return;
    }
    if (!(reading instanceof Promise)) {
      answer(socket, code, reading);
      return;
    }
    // the reading is an addition: were it to fail, the answer goes without it
    void reading
      .catch(() => ({}))
      .then((more) => answer(socket, code, more))
      .catch(() => socket.destroy());
  };
}

/** Reads a dropped address's connection no further, and closes it unanswered after DROPPED_ANSWER_DELAY_MS. */
function holdAndClose(socket: Socket): void {
  holding.add(socket);
  stopReading(socket);
  setTimeout(() => socket.destroy(), DROPPED_ANSWER_DELAY_MS).unref();
}
