// The request id: a client's own X-Request-Id when it is sane, else a fresh UUID; echoed on every answer.
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// Sane: 1 to 128 visible ASCII characters from a safe set, so that a client id can go into headers, logs and
// JSON unchanged and cannot inject a line break, a quote or a log-forging sequence.
const SANE = /^[A-Za-z0-9._:@/+=-]{1,128}$/u;

/** For Fastify's genReqId: the client's X-Request-Id if it is one value and sane, otherwise a new UUID. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE.test(given) ? given : randomUUID();
}
