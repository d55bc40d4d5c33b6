// Requests that Node's HTTP parser refuses never reach a route: they are answered here, on the raw socket, in the
// contract's error shape with a request id, wherever the connection can still be written to, under their address's
// bounds on refusals (the limiter's unreadRequest).
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { ERRORS, errorBody, type ApiError, type ErrorCode } from '../../api/errors.js';
import type { RefusalGate } from '../limiter.js';
import { stopReading } from './connection-pool.js';
import { DROPPED_ANSWER_DELAY_MS } from './connection-limits.js';

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
 * unanswered before. Like a request Node's parser refuses, it is under its address's bounds on refusals (`limits`).
 */
export function connectAnswer(
  headers: Readonly<Record<string, string>>,
  refusal: (target: string) => ApiError,
  limits?: UnreadLimits,
): (request: IncomingMessage, socket: Duplex) => void {
  return (request, socket) => {
    const error = refusal(request.url ?? '');
    const body = errorBody(error.code, error.message, error.details);
    underLimits(request.socket, limits, (more) =>
      answerOnSocket(socket, error.code, { ...headers, ...error.headers, ...more }, body),
    );
  };
}

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
  const answer = (socket: Socket, code: ErrorCode, more: Readonly<Record<string, string>>) =>
    answerOnSocket(socket, code, { ...headers, ...more });
  return (error, socket) => {
    if (holding.has(socket)) return;
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const code = codeOf(error);
    underLimits(socket, limits, (more) => answer(socket, code, more));
  };
}

/**
 * Answers a request no route reads (`answer`, given the limits' headers for it) under its address's bounds on refusals
 * (`limits`): the connection of a dropped address, or of its unreadable requests, held and closed unanswered instead.
 */
function underLimits(
  socket: Socket,
  limits: UnreadLimits | undefined,
  answer: (more: Readonly<Record<string, string>>) => void,
): void {
  if (limits === undefined) {
    answer({});
    return;
  }
  const reading = limits.unreadRequest(socket.remoteAddress);
  if (reading === null) {
    holdAndClose(socket);
    limits.onDrop(socket.remoteAddress ?? '');
    return;
  }
  if (!(reading instanceof Promise)) {
    answer(reading);
    return;
  }
  // the reading is an addition: were it to fail, the answer goes without it
  void reading
    .catch(() => ({}))
    .then(answer)
    .catch(() => socket.destroy());
}

/** Reads a dropped address's connection no further, and closes it unanswered after DROPPED_ANSWER_DELAY_MS. */
function holdAndClose(socket: Socket): void {
  holding.add(socket);
  stopReading(socket);
  setTimeout(() => socket.destroy(), DROPPED_ANSWER_DELAY_MS).unref();
}
