// The limits as a request meets them: a counted request is counted (or refused) once nothing before has answered it;
// as an uncounted answer leaves, its bytes go to its address's ceiling.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RequestLimits, RouteLimits } from '../limiter.js';
import { errorOf } from '../../lib/error-of.js';
import { accountingOf, markCounted } from '../../http/hooks/route-accounting.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The limits a route applies to the messages a request carries (MCP's batches); null without a limiter. */
    kohyoRouteLimits: RouteLimits | null;
  }
  interface FastifyRequest {
    /** The bytes of an uncounted answer's payload as the limits' onSend hook saw it (0 when it did not); theirs alone. */
    kohyoPayloadBytes: number;
  }
}

export interface LimitsOptions {
  /** Absent, nothing is limited (an app without a limiter: a test's, a benchmark's). */
  readonly limits?: RequestLimits | undefined;
}

/**
 * After the early refusals (they stand first), CORS (a refusal carries its headers) and conditional requests (a
 * 304 is not counted): the limits count a counted request here; what is refused after them counts like any answer.
 */
export const requestLimits = fp<LimitsOptions>(
  (app, options, done) => {
    const { limits } = options;
    app.decorate('kohyoRouteLimits', limits === undefined ? null : routeLimitsOf(limits));
    if (limits === undefined) {
      done();
      return;
    }
    const limiter: RequestLimits = limits;
    app.decorateRequest('kohyoPayloadBytes', 0);
    /**
     * Runs the limits on a request that counts (route-accounting.ts), then `next`, with their refusal if they refuse.
     * An admitted request is marked counted, whatever its answer turns out to be (a 304 once checked, say).
     */
    function limitCounted(request: FastifyRequest, reply: FastifyReply, next: (error?: Error) => void): void {
      if (!accountingOf(request).counted) {
        next();
        return;
      }
      countRequest(limiter, request, reply, next);
    }
    app.addHook('onRequest', limitCounted);
    // the bytes of an answer the limits did not count, as the app's onSend hook sees its payload: the body as sent when
    // it was made whole (a precompressed one), the plain body when a route's hook compresses it later (the larger); a
    // stream's are not known here
    app.addHook('onSend', function noteUncountedBytes(request, _reply, payload, next) {
      if (request.kohyoCounted !== true && request.method !== 'HEAD') {
        if (typeof payload === 'string') request.kohyoPayloadBytes = Buffer.byteLength(payload);
        else if (Buffer.isBuffer(payload)) request.kohyoPayloadBytes = payload.length;
      }
      next(null, payload);
    });
    app.addHook('onResponse', function chargeAnswer(request, reply, next) {
      // charged to the address's ceiling once sent: its Content-Length (a stream made whole by a route's hook has
      // one), or what onSend saw
      if (request.kohyoCounted !== true && request.method !== 'HEAD') {
        const length = Number(reply.getHeader('content-length') ?? 0);
        const bytes = Math.max(Number.isFinite(length) ? length : 0, request.kohyoPayloadBytes);
        if (bytes > 0) limits.chargeBytes(request, bytes);
      }
      next();
    });
    done();
  },
  {
    name: 'kohyo-limits',
    dependencies: ['kohyo-connections', 'kohyo-accounting', 'kohyo-early-refusals', 'kohyo-cors', 'kohyo-conditional'],
  },
);

/**
 * Counts a counted request (`unread`: one refused before its query was read, counted as asking nothing), then calls
 * `next`: with the limits' refusal when they refuse, else, the request marked counted, with `unread`, if any.
 */
export function countRequest(
  limits: RequestLimits,
  request: FastifyRequest,
  reply: FastifyReply,
  next: (error?: Error) => void,
  unread?: Error,
): void {
  let pending: Promise<void> | undefined;
  try {
    pending = unread === undefined ? limits.beforeApiRequest(request, reply) : limits.countUnread(request, reply);
  } catch (error) {
    next(errorOf(error));
    return;
  }
  if (pending === undefined) {
    markCounted(request);
    next(unread);
  } else
    pending.then(
      () => {
        markCounted(request);
        next(unread);
      },
      (error: unknown) => next(errorOf(error)),
    );
}

/** The limits of the messages a request carries, read from the app's limits. */
function routeLimitsOf(limits: RequestLimits): RouteLimits {
  return {
    count: async (request, reply) => {
      await limits.beforeApiRequest(request, reply);
    },
    chargeUncounted: (request, answers) => limits.chargeUncounted(request, answers),
    standingRefusal(request, reply) {
      try {
        limits.refuseStanding(request, reply);
        return null;
      } catch (error) {
        return errorOf(error);
      }
    },
  };
}
