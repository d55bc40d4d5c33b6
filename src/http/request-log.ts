// The request log: one line for each answered request, by method and path only (the logger's request serializer
// drops the query string, src/logger.ts says why), written through the request's own logger.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REQUEST_LINE_MESSAGE = 'request completed';

/** Writes the request's line at `info`: its id (the request logger's binding), method and path, status and time. */
export function logRequestLine(request: FastifyRequest, reply: FastifyReply): void {
  request.log.info(
    { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
    REQUEST_LINE_MESSAGE,
  );
}
