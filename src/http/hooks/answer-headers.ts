// The headers every answer carries: its request id, and those that keep a browser from misreading an answer or
// putting a page of ours inside someone else's.
import fp from 'fastify-plugin';
import { createHash, randomUUID } from 'node:crypto';
import { PAGE_STYLE } from '../pages/page-style.js';
import type { IncomingMessage } from 'node:http';

/**
 * The pages need no script and load nothing: their one stylesheet is inline, allowed by its hash, so that neither
 * an injected script nor an injected style would run. No page may be framed (clickjacking), and a form only goes
 * back here. The API reference (/docs, Swagger UI) sets a policy of its own, which is kept.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`,
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Every answer: its request id (requestIdOf), nosniff, so that a JSON or text answer holding a client's words is
 * never read as HTML or script, and no Referer to the publishers' sites a page links to (its address holds what was
 * searched for). An HTML answer without a policy of its own gets the pages' policy.
 */
export const answerHeaders = fp(
  (app, _options, done) => {
    app.addHook('onSend', function setAnswerHeaders(request, reply, payload, next) {
      reply.header('x-request-id', request.id);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', PAGE_POLICY);
      }
      next(null, payload);
    });
    done();
  },
  { name: 'kohyo-answer-headers' },
);

// The request id: a client's own X-Request-Id when it is sane, else a fresh UUID; echoed on every answer.
export const REQUEST_ID_HEADER = 'X-Request-Id';

// Sane: 1 to 128 visible ASCII characters from a safe set, so that a client id can go into headers, logs and
// JSON unchanged and cannot inject a line break, a quote or a log-forging sequence.
const SANE = /^[A-Za-z0-9._:@/+=-]{1,128}$/u;

/** For Fastify's genReqId: the client's X-Request-Id if it is one value and sane, otherwise a new UUID. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE.test(given) ? given : randomUUID();
}
