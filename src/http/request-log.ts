// The request log: one line for each answered request, by method and path only (logger.ts says why).
import pino from 'pino';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from './url-parts.js';

/** Writes the request's line, if the logger takes lines at `info`. */
export type RequestLine = (request: FastifyRequest, reply: FastifyReply) => void;

export const REQUEST_LINE_MESSAGE = 'request completed';

/**
 * The line is the one pino writes for `request.log.info({ req, res, responseTime }, 'request completed')`, field for
 * field, but built as one template string and handed to the logger's destination: through pino's `info` the served process
 * spent about 20 µs a request on the line, this way about 2 (issue 13, bench/README.md). A logger that is not pino's (no
 * bindings and destination to write to) is written to through its `info`, as before.
 */
export function requestLineWriter(logger: FastifyBaseLogger): RequestLine {
  // pino.symbols: the bindings as pino writes them, its destination and its timestamp
  const internals = logger as unknown as Record<symbol, unknown>;
  const bindings = internals[pino.symbols.chindingsSym];
  const stream = internals[pino.symbols.streamSym];
  const time = internals[pino.symbols.timeSym];
  const info = (logger as unknown as Partial<pino.Logger>).levels?.values.info;
  if (typeof bindings !== 'string' || !isWritable(stream) || typeof time !== 'function' || info === undefined) {
    return (request, reply) => request.log.info({ req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, REQUEST_LINE_MESSAGE);
  }
  const head = `{"level":${info}`;
  const tail = `,"msg":${JSON.stringify(REQUEST_LINE_MESSAGE)}}\n`;
  const pinoLogger = logger as unknown as pino.Logger;
  return (request, reply) => {
    if (!pinoLogger.isLevelEnabled('info')) return;
    stream.write(`${head}${time()}${bindings},"reqId":${JSON.stringify(request.id)},"req":{"method":${JSON.stringify(request.method)},"url":${JSON.stringify(pathOf(request.url))}},"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime}${tail}`);
  };
}

function isWritable(stream: unknown): stream is { write(line: string): unknown } {
  return typeof (stream as { write?: unknown } | undefined)?.write === 'function';
}
