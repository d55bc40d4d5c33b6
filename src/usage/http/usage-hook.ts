// Wires the usage log into the app: every answered request of a route that declares `usage` (route-accounting.ts) is
// recorded once its answer is sent, as an entry when it counted and in the hourly tallies when it did not.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FinishedRequest } from '../usage-log.js';
import { pathOf, queryOf } from '../../domain/url-parts.js';
import { accountingOf } from '../../http/hooks/route-accounting.js';
import { errorOf } from '../../lib/error-of.js';
import { isObject, propertyOf } from '../../lib/is-object.js';

export interface UsageRecorder {
  record(request: FinishedRequest): void;
}

/**
 * The client address a request is attributed to. No default: it must be the limiter's reading of the request
 * (src/limits/client-identity.ts), or behind a proxy every client would be the proxy, or be named by a header it forged.
 */
type ClientAddress = (request: FastifyRequest) => string;

interface Outcome {
  readonly returned: number | null;
  readonly errorCode: string | null;
}

interface Sent extends Outcome {
  /** Null until onSend has read it. */
  readonly address: string | null;
}

/** The request decorator the hooks keep a request's outcome in (declared on FastifyRequest below). */
const USAGE = 'kohyoUsage';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What the usage hooks learned of the request: set by preSerialization and onSend, read by onResponse. Only an
     * app with the usage log has it.
     */
    [USAGE]?: Sent | null;
  }
}

export interface UsageLogOptions {
  readonly usageLog: UsageRecorder;
  readonly clock: () => Date;
  readonly clientAddress: ClientAddress;
}

/**
 * The usage log's hooks. The result count and error code are read from the answer as it leaves (onSend), so the
 * routes and the error handler stay as they are; the entry is handed over once the answer is out (onResponse).
 */
export const usageLogging = fp<UsageLogOptions>(
  (app, options, done) => {
    registerUsageLog(app, options);
    done();
  },
  { name: 'kohyo-usage-log', dependencies: ['kohyo-accounting', 'kohyo-errors'] },
);

function registerUsageLog(app: FastifyInstance, { usageLog, clock, clientAddress }: UsageLogOptions): void {
  // What the hooks learn of a request, kept on the request (a decorator, so every request has the same shape) rather
  // than in WeakMaps keyed by it, whose entries the garbage collector must trace as ephemerons.
  app.decorateRequest(USAGE, null);
  // The outcome is read from the answer object before it is serialised (a property read); only an answer sent
  // already serialised is searched as text in onSend, since searching serialised text means flattening it first.
  app.addHook('preSerialization', function readAnswer(request, reply, payload, done) {
    if (accountingOf(request).usage) {
      const { returned, errorCode } = outcomeOfAnswer(reply.statusCode, payload);
      request[USAGE] = { returned, errorCode, address: null };
    }
    done(null, payload);
  });
  // callback hooks, not async ones: no promise and microtask per request for each
  app.addHook('onSend', function readSent(request, reply, payload, done) {
    if (accountingOf(request).usage) {
      try {
        // a body sent compressed, or not JSON (a document served from memory, an Atom feed), holds no outcome to read
        const { returned, errorCode } =
          request[USAGE] ??
          (isPlainJson(reply.getHeader('content-type'), reply.getHeader('content-encoding'))
            ? readOutcome(reply.statusCode, payload)
            : { returned: null, errorCode: null });
        // the address is read while the socket is surely open: a client that hangs up mid-answer takes its peer with it
        request[USAGE] = { returned, errorCode, address: clientAddress(request) };
      } catch {
        // the log must never fail an answer; onResponse records the request without what was not read here
        request[USAGE] = null;
      }
    }
    done(null, payload);
  });
  app.addHook('onResponse', function recordResponse(request, reply, done) {
    try {
      const accounting = accountingOf(request);
      if (!accounting.usage) {
        done();
        return;
      }
      // what onSend read, and nothing when it did not finish reading (preSerialization's part has no address yet)
      const held = request[USAGE];
      const outcome = held?.address === null ? undefined : held;
      const { headers, method, url } = request;
      const status = reply.statusCode;
      usageLog.record({
        // as the limits counted it; without them, as the route says, and a 304 or a refusal never (the contract)
        counted: request.kohyoCounted ?? (accounting.counted && status !== 304 && status !== 429),
        at: clock(),
        method,
        path: pathOf(url),
        route: request.is404 ? null : (request.routeOptions.url ?? null),
        query: queryOf(url),
        // the query Fastify parsed: an object of parameters, always, for a request it routed
        parameters: isObject(request.query) ? request.query : undefined,
        status,
        // the code the error handlers noted, whatever the body's form (a page's refusal is HTML)
        errorCode: request.kohyoErrorCode ?? outcome?.errorCode ?? null,
        returned: outcome?.returned ?? null,
        latencyMs: reply.elapsedTime,
        address: outcome?.address ?? clientAddress(request),
        // one text each: Node joins a repeated header into one (a User-Agent or Referer keeps its first); the types
        // alone allow an array
        userAgent: headers['user-agent'],
        referer: headers.referer,
        clientName: (headers['x-kohyo-client'] ?? headers['x-service-client'])?.toString(),
        clientContact: (headers['x-kohyo-contact'] ?? headers['x-service-contact'])?.toString(),
      });
    } catch (error) {
      // as an async hook's rejection would be: Fastify logs it; the answer is already out
      done(errorOf(error));
      return;
    }
    done();
  });
}

function isPlainJson(type: unknown, encoding: unknown): boolean {
  return encoding === undefined && typeof type === 'string' && type.startsWith('application/json');
}

/** meta.returned of a success answer and error.code of an error answer, as the answer object holds them. */
export function outcomeOfAnswer(status: number, payload: unknown): Outcome {
  if (status >= 400) return { returned: null, errorCode: errorCodeOfAnswer(payload) };
  const returned = propertyOf(propertyOf(payload, 'meta'), 'returned');
  return { returned: typeof returned === 'number' ? returned : null, errorCode: null };
}

/** error.code of an error answer, when it is a string. */
function errorCodeOfAnswer(answer: unknown): string | null {
  const code = propertyOf(propertyOf(answer, 'error'), 'code');
  return typeof code === 'string' ? code : null;
}

// Larger bodies are not parsed to find an error code: error bodies are a few hundred bytes.
const MAX_ERROR_BODY = 16_384;
const RETURNED = '"returned":';

/**
 * meta.returned of a success answer and error.code of an error answer sent already serialised, read cheaply: a success body is only
 * searched (meta comes last, and inside a JSON string a quote is always escaped, so the last `"returned":`
 * is the key), an error body, being small, is parsed.
 */
export function readOutcome(status: number, payload: unknown): Outcome {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (text === null) return { returned: null, errorCode: null };
  if (status >= 400) {
    if (text.length > MAX_ERROR_BODY) return { returned: null, errorCode: null };
    try {
      return { returned: null, errorCode: errorCodeOfAnswer(JSON.parse(text)) };
    } catch {
      return { returned: null, errorCode: null };
    }
  }
  const at = text.lastIndexOf(RETURNED);
  if (at < 0) return { returned: null, errorCode: null };
  const digits = /^\s*(\d+)/u.exec(text.slice(at + RETURNED.length, at + RETURNED.length + 24));
  return { returned: digits ? Number(digits[1]) : null, errorCode: null };
}
