// The request log: one line for each answered request, by method and path only (the logger's request serializer
// drops the query string, src/logger.ts says why), the path scrubbed of the client's address and cut; and refusals
// counted per address and minute instead (refusal-tally.ts), so that a flood of them cannot fill a disk.
import type { FastifyInstance, FastifyRequest, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { addressScrubber } from '../../domain/address-scrubber.js';
import { LRUCache } from 'lru-cache';
import { pathOf } from '../../domain/url-parts.js';
import { REFUSALS_MESSAGE, RefusalTally } from '../../limits/refusal-tally.js';
import type { ErrorCode } from '../../api/errors.js';

export const REQUEST_LINE_MESSAGE = 'request completed';

/**
 * Another site's loads (resource-isolation.ts) are tallied as refusals are: a page of a thousand images, or a forger,
 * would otherwise write a line each.
 */
const CROSS_SITE: ErrorCode = 'cross_site_request_refused';

/** The logger levels at which the request log is written: its lines are at info. */
const WRITING_LEVELS = new Set(['info', 'debug', 'trace']);

/** How often the minutes that have ended are written, in ms. */
const FLUSH_EVERY_MS = 5_000;

export interface RequestLogOptions {
  /** The client's address as the limits read it (the usage log's reading). */
  readonly clientAddress: (request: FastifyRequest) => string;
  /** The usage log's identifier of an address (a keyed hash), which the tally writes instead of the address. */
  readonly clientId: (address: string) => string;
  readonly clock: () => Date;
}

export interface RequestLog {
  /**
   * The onResponse hook: an answered request's line, or for a refusal (429, or another site's load refused) a count
   * in its address's minute. Its line gives the request's id (the request logger's binding), method and path,
   * scrubbed of the client's address (and cut by the logger's request serializer, src/logger.ts), status and time.
   */
  readonly answered: onResponseHookHandler;
  /** Counts a connection of `address` closed because the address is dropped. */
  readonly dropped: (address: string) => void;
}

/** The request log of `app`, written through its logger; the tally is written every few seconds and at close. */
export function requestLog(app: FastifyInstance, options: RequestLogOptions): RequestLog {
  const tally = new RefusalTally((line) => app.log.info(line, REFUSALS_MESSAGE), options.clientId, options.clock);
  const timer = setInterval(() => tally.flush(), FLUSH_EVERY_MS);
  timer.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    tally.flush(true);
    done();
  });
  // an address is short, and as many as the clients: one scrubber each, made once
  const scrubbers = new LRUCache<string, (value: string) => string>({ max: 4096, memoMethod: addressScrubber });
  // a logger above info (or none: Fastify's stand-in has no level) writes none of it: nothing is read for nothing
  const writing = WRITING_LEVELS.has(app.log.level);
  return {
    answered: function logAnswer(request, reply, done) {
      if (writing) {
        const address = options.clientAddress(request);
        if (reply.statusCode === 429 || request.kohyoErrorCode === CROSS_SITE)
          tally.refused(address, request.kohyoErrorCode);
        else
          request.log.info(
            {
              req: { method: request.method, url: scrubbers.memo(address)(pathOf(request.url)) },
              res: { statusCode: reply.statusCode },
              responseTime: reply.elapsedTime,
            },
            REQUEST_LINE_MESSAGE,
          );
      }
      done();
    },
    dropped: (address) => tally.dropped(address),
  };
}

/** The request log's hook: each answered request logged once its answer is sent. */
export const requestLogging = fp<{ readonly log: RequestLog }>(
  (app, { log }, done) => {
    app.addHook('onResponse', log.answered);
    done();
  },
  { name: 'kohyo-request-log', dependencies: ['kohyo-errors'] },
);
