// What a request meets before any other work: before Fastify reads it, the connection of a client or address dropped
// past its refusals is closed, and the query of a client or address a refusal stands for is held back, unparsed;
// then, in the first hook after CORS's, the refusal standing is answered, and only a request let through has its query read (and
// refused when it repeats a parameter past the bound).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RefusalGate, RequestLimits } from '../limiter.js';
import type { TrustedProxies } from '../client-identity.js';
import type { Socket } from 'node:net';
import { DROPPED_ANSWER_DELAY_MS, type DropBounds } from '../connections/connection-limits.js';
import { stopReading } from '../connections/connection-pool.js';
import { parseAddress } from '../../lib/ip-address.js';
import { errorOf } from '../../lib/error-of.js';
import { accountingOf, chargeUncounted, markNotCounted } from '../../http/hooks/route-accounting.js';
import { countRequest } from './limits-hooks.js';
import { ApiError, echoed } from '../../api/errors.js';
import { isObject } from '../../lib/is-object.js';
import { illFormedEncoded, type IllFormed } from '../../domain/text/well-formed.js';
import { MAX_QUERY_WORDS, queryWords } from '../../domain/text/query-words.js';

export interface EarlyRefusalsOptions {
  /** The limits whose refusals stand; absent, no request is refused here but for a parameter repeated past the bound. */
  readonly limits?: RequestLimits | undefined;
  /** The drop of an address past its refusals (connection-limits.ts dropBounds), when the limits make one. */
  readonly drop?: DropBounds | undefined;
  /** The proxies whose connections are not capped nor dropped per address (KOHYO_TRUST_PROXY). */
  readonly trusted: TrustedProxies;
}

/**
 * The early refusals: the gate in front of the router (gateRequests), then the first hook after CORS's (which sets the
 * headers every refusal carries), which answers the refusals that need no work (refusedBeforeAnyWork).
 */
export const earlyRefusals = fp<EarlyRefusalsOptions>(
  (app, { limits, drop, trusted }, done) => {
    if (limits !== undefined && drop !== undefined) gateRequests(app.server, limits, trusted, drop);
    /**
     * The refusal of a request before any other work. First what stands for its client or address: a counted request
     * of a client or address the limits refuse is refused again (the standing refusal, before its query is read:
     * passGate held it back), and an answer that does not count is taken from the address's ceiling on them. Then,
     * its query given back, what its target holds that no endpoint reads (targetRefusal): refused before its query is
     * read, counted as the contract counts every answer of a counted route, asking the enumeration rules nothing.
     */
    function refusedBeforeAnyWork(request: FastifyRequest, reply: FastifyReply, next: (error?: Error) => void): void {
      const { counted } = accountingOf(request);
      const chargeAnswer = limits?.beforeUncountedRequest;
      let standing: Error | null = null;
      if (!counted) standing = chargeUncounted(chargeAnswer, request);
      else
        try {
          limits?.refuseStanding(request, reply);
        } catch (error) {
          markNotCounted(request);
          standing = errorOf(error);
        }
      if (standing !== null) {
        next(standing);
        return;
      }
      const held = heldBack.get(request.raw);
      if (held !== undefined) restoreQuery(app, request, held);
      const refused = targetRefusal(request.raw.url ?? '', request.query);
      if (refused === null) {
        next();
        return;
      }
      // the contract counts every request of a counted route whatever its answer, this refusal too: counted as asking
      // nothing, it carries its RateLimit headers, and the limits' own refusal stands before it
      if (counted && limits !== undefined) {
        countRequest(limits, request, reply, next, refused);
        return;
      }
      markNotCounted(request);
      next(refused);
    }
    app.addHook('onRequest', refusedBeforeAnyWork);
    done();
  },
  { name: 'kohyo-early-refusals', dependencies: ['kohyo-accounting', 'kohyo-errors', 'kohyo-cors', 'kohyo-isolation'] },
);

/** The request targets held back, by request: only those of refused clients, each until its first hook has run. */
const heldBack = new WeakMap<IncomingMessage, string>();

/**
 * Puts the gate in front of the server's own request listener (Fastify's router). For a request whose client or
 * address a refusal stands for, its query string is cut off the target before the router sees it, so that the router
 * does not parse it (a long one is costly to parse), and `restoreQuery` gives it back once the first hook has let
 * the request through. A request whose client or address is dropped (past its refusals), from a socket peer that is
 * not a proxy in `uncapped`, is answered by the first hook after DROPPED_ANSWER_DELAY_MS, its 429 closing the
 * connection; the connection is read no further, and the requests it had already sent are not answered.
 */
function gateRequests(server: Server, gate: RefusalGate, uncapped: TrustedProxies, drop: DropBounds): void {
  const listeners = server.listeners('request');
  server.removeAllListeners('request');
  // passes a dropped client's or address's request on once its delay is over
  const pass = (request: IncomingMessage, response: ServerResponse) => {
    for (const listener of listeners) Reflect.apply(listener, server, [request, response]);
  };
  server.on('request', function passGate(request: IncomingMessage, response: ServerResponse) {
    if (gate.refusing(request)) {
      const peer = request.socket.remoteAddress;
      if (peer !== undefined && !isUncapped(peer, uncapped) && drop.dropLeft(request) !== null) {
        answerDropped(request, response, pass);
        drop.onDrop(peer);
        return;
      }
      holdBackQuery(request);
    }
    // let through at once: to the router (and the connection pool), as pass does later
    for (const listener of listeners) Reflect.apply(listener, server, [request, response]);
  });
}

/** The connections of dropped clients or addresses whose one request is being answered. */
const answering = new WeakSet<Socket>();

/**
 * Answers the first request of a dropped client's or address's connection, after DROPPED_ANSWER_DELAY_MS, through
 * `pass` (the first hook refuses it with the drop), with `Connection: close`; the connection is read no further, and
 * the requests it had already sent are left unanswered, closed with it.
 */
function answerDropped(
  request: IncomingMessage,
  response: ServerResponse,
  pass: (request: IncomingMessage, response: ServerResponse) => void,
): void {
  const socket = request.socket;
  if (answering.has(socket)) return;
  answering.add(socket);
  stopReading(socket);
  holdBackQuery(request);
  response.setHeader('connection', 'close');
  setTimeout(pass, DROPPED_ANSWER_DELAY_MS, request, response);
}

/** Whether connections from `peer` are exempt from the per-address bounds: a trusted proxy's, or a Unix socket's. */
function isUncapped(peer: string | undefined, uncapped: TrustedProxies): boolean {
  const parsed = parseAddress(peer ?? '');
  return parsed === null || uncapped.has(parsed);
}

function holdBackQuery(request: IncomingMessage): void {
  const target = request.url ?? '';
  const mark = target.indexOf('?');
  if (mark < 0) return;
  heldBack.set(request, target);
  request.url = target.slice(0, mark);
}

/**
 * Gives a request the query the gate held back (`target`), parsed as the router parses it (Fastify's findRoute runs
 * the router's own parser); a request no route takes gets an empty query, as its answer reads none.
 */
function restoreQuery(app: FastifyInstance, request: FastifyRequest, target: string): void {
  heldBack.delete(request.raw);
  request.raw.url = target;
  // findRoute is typed as always finding a route; it answers null for a path no route takes
  const found: { searchParams: Record<string, string> } | null = app.findRoute({ method: request.method, url: target });
  request.query = found === null ? {} : found.searchParams;
}

/** The contract's bound: a parameter given more than this many times is refused before any other work. */
export const MAX_PARAMETER_REPEATS = 10;

/**
 * The refusal of what a request's target holds that no endpoint reads, or null; each is refused before the limits
 * read the query (they count it as asking nothing), where reading it would cost more than its answer:
 * - a parameter given more than MAX_PARAMETER_REPEATS times: every endpoint refuses a repeated parameter anyway
 *   (query-rules.ts readQueryString), but only after the limits have read and normalised each value (a request of
 *   1,800 values of `q` cost tens of milliseconds before its refusal);
 * - a NUL (%00) in the path, or a parameter (its name or its value) that is not well-formed text: Fastify's parser
 *   keeps an escape it cannot decode as it was written, so `q=%C3` reached the search as the three characters `%C3`;
 *   read from the target as sent, and only where it holds a %-escape;
 * - a `q` of more than MAX_QUERY_WORDS words (query-words.ts): each word is a look-up in every text index the query
 *   reads, so the words bound the costliest query's cost, as a query past 100 characters would be refused by the schema.
 */
function targetRefusal(target: string, query: unknown): ApiError | null {
  const parameters = isObject(query) ? query : {};
  for (const [name, value] of Object.entries(parameters))
    if (Array.isArray(value) && value.length > MAX_PARAMETER_REPEATS) return repeatedRefusal(name, value.length);
  if (target.includes('%')) {
    const mark = target.indexOf('?');
    if ((mark < 0 ? target : target.slice(0, mark)).includes('%00'))
      return new ApiError('invalid_parameter', 'The path holds a NUL (%00), which is not text; remove it.');
    if (mark >= 0 && target.includes('%', mark))
      for (const pair of target.slice(mark + 1).split('&')) {
        const equals = pair.indexOf('=');
        const name = (equals < 0 ? pair : pair.slice(0, equals)).replaceAll('+', ' ');
        const wrong = illFormedEncoded(name) ?? illFormedEncoded(pair.slice(name.length + 1).replaceAll('+', ' '));
        if (wrong !== null) return illFormedRefusal(name, wrong);
      }
  }
  const words = typeof parameters.q === 'string' ? queryWords(parameters.q).length : 0;
  return words > MAX_QUERY_WORDS ? wordyRefusal(words) : null;
}

function repeatedRefusal(name: string, times: number): ApiError {
  return new ApiError(
    'invalid_parameter',
    `${echoed(name)} is given ${times} times; give each parameter once (at most ${MAX_PARAMETER_REPEATS} times is read at all).`,
    { parameter: name },
  );
}

/** The refusal of a parameter that is not well-formed text, named as sent, or decoded where its name itself is text. */
function illFormedRefusal(name: string, wrong: IllFormed): ApiError {
  const shown = illFormedEncoded(name) === null ? decodeURIComponent(name) : name;
  return new ApiError(
    'invalid_parameter',
    `${echoed(shown)} is not well-formed text: it holds ${wrong}. Send parameters as UTF-8, percent-encoded (each % followed by two hexadecimal digits).`,
    { parameter: shown },
  );
}

function wordyRefusal(words: number): ApiError {
  return new ApiError(
    'invalid_parameter',
    `q holds ${words} words; a query holds at most ${MAX_QUERY_WORDS} (every word must match): keep the words that tell the company or the record apart.`,
    { parameter: 'q' },
  );
}
