// The bytes of answers the limits do not count, charged to their address's ceiling (KOHYO_UNCOUNTED_BYTES_PER_MINUTE)
// once they are sent: what the app's hooks see of them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RefusalGate } from '../limits/limiter.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bytes of an uncounted answer's payload as the app's onSend hook saw it (0 when it did not). */
    kohyoPayloadBytes: number;
  }
}

/**
 * Notes the bytes of an answer the limits did not count, as the app's onSend hook sees its payload: the body as sent
 * when it was made whole (a precompressed one), the plain body when a route's hook compresses it later (the larger);
 * a stream's are not known here.
 */
export function noteUncountedBytes(request: FastifyRequest, payload: unknown): void {
  if (request.kohyoCounted === true || request.method === 'HEAD') return;
  if (typeof payload === 'string') request.kohyoPayloadBytes = Buffer.byteLength(payload);
  else if (Buffer.isBuffer(payload)) request.kohyoPayloadBytes = payload.length;
}

/**
 * Charges the bytes of an answer the limits did not count to its address's ceiling (KOHYO_UNCOUNTED_BYTES_PER_MINUTE)
 * once it is sent: its Content-Length (a stream made whole by a route's hook has one), or what onSend saw.
 */
export function chargeUncountedBytes(gate: RefusalGate, request: FastifyRequest, reply: FastifyReply): void {
  if (request.kohyoCounted === true || request.method === 'HEAD') return;
  const length = Number(reply.getHeader('content-length') ?? 0);
  const bytes = Math.max(Number.isFinite(length) ? length : 0, request.kohyoPayloadBytes);
  if (bytes > 0) gate.chargeBytes(request, bytes);
}
