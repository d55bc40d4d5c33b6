// buildApp: the Fastify application with every route registered explicitly, the error handler and the docs.
import Fastify, {
  LogController,
  type FastifyHttpOptions,
  type FastifyReply,
  type FastifyRequest,
  type FastifyBaseLogger,
  type FastifyInstance,
} from 'fastify';
import swagger from '@fastify/swagger';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { RouteContext } from '../api/context.js';
import { ApiError, ERRORS, READ_METHODS, echoed, errorBody, methodNotAllowed, refusalError } from '../api/errors.js';
import { answerClientError } from './client-errors.js';
import { errorHandler, noteErrorCode } from './error-handler.js';
import { openApiOptions } from './openapi.js';
import { endpointRoutes } from './routes/endpoints.js';
import { docsRoutes } from './routes/docs.js';
import { referencePageRoutes } from './routes/reference-page.js';
import { landingRoutes } from './routes/landing.js';
import { pageRoutes } from './routes/pages.js';
import { registerMetrics } from './metrics.js';
import type { LimiterState } from '../limits/limiter-from-config.js';
import { LimitRefusal, type RefusalGate, type RouteLimits } from '../limits/limiter.js';
import { requestIdOf } from './request-id.js';
import { requestLog, type RequestLog } from './request-log.js';
import { MAX_TARGET, accountingOf, chargeUncounted, registerRouteAccounting, routedPath } from './route-accounting.js';
import { registerCors } from './cors.js';
import { registerCompression } from './compression.js';
import { boundClose } from './bounded-close.js';
import {
  capConnections,
  defaultMaxConnections,
  timeOutStalledSends,
  type CappedConnections,
  type DropBounds,
} from './connection-limits.js';
import { gateRequests, refusedBeforeAnyWork } from './first-look.js';
import { chargeUncountedBytes, noteUncountedBytes } from './uncounted-bytes.js';
import { registerConditional } from './conditional.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerUsageLog, type UsageRecorder } from '../usage/usage-hook.js';
import { clientAddressText, clientHeaders } from '../limits/client-identity.js';
import { parseTrustedProxies, type TrustedProxies } from '../limits/trusted-proxies.js';
import { errorOf } from '../domain/error-of.js';
import { lazyCompilers } from './lazy-compilers.js';
import { clientId } from '../usage/client-id.js';

export interface AppDeps extends RouteContext {
  readonly logger?: FastifyBaseLogger | boolean;
  /**
   * Runs before every counted request (route-accounting.ts: a route that declares `counted`, or a request no route
   * takes under /api/v1/, however spelled) reaches its handler: the seam for the rate limiter and enumeration
   * refusal. It may throw an ApiError (e.g. 429) or set headers on the reply.
   */
  readonly beforeApiRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<void> | undefined;
  /**
   * Runs before every answer that does not count (an uncounted route's, a 304, a preflight, a refusal made before the
   * limits): the seam for the per-address ceiling on them (KOHYO_UNCOUNTED_PER_MINUTE). It may throw a refusal.
   */
  readonly beforeUncountedRequest?: (request: FastifyRequest) => void;
  /**
   * The refusals made before any other work (the limiter's): the drop of an address past its refusals, the refusals
   * still standing for a client or address, the bytes of uncounted answers; absent, none are made.
   */
  readonly refusals?: RefusalGate;
  /**
   * The usage log's identifier of a client address (a keyed hash), which the server's log writes instead of it;
   * absent, a hash under a key made at random for this app.
   */
  readonly clientId?: (address: string) => string;
  /**
   * The key the ETags are an HMAC under, so that a query's validator cannot be worked out offline (conditional.ts);
   * absent, one made at random for this app.
   */
  readonly validatorKey?: string;
  /** Receives every answered request of a route that declares `usage` (the usage log); absent, nothing is recorded. */
  readonly usageLog?: UsageRecorder;
  /** Where the limits are kept, for /metrics. */
  readonly limiterState?: () => LimiterState;
  /** Registers more routes before the app is ready (the service's MCP endpoint), with the limits they may apply. */
  readonly register?: (app: FastifyInstance, context: RouteContext, limits: RouteLimits) => Promise<void>;
}

/**
 * The app, in the order a request meets it: the server's bounds on connections, the hooks every request passes (in
 * the order they run), then the routes.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // the limiter's reading of the client (KOHYO_TRUST_PROXY): the connection caps and the usage log read it alike
  const trusted = parseTrustedProxies(deps.config.trustProxy);
  const compilers = lazyCompilers();
  const app = Fastify({ ...fastifyOptions(deps), schemaController: { compilersFactory: compilers.compilersFactory } });
  // the schemas no request has compiled yet, once the server answers (/health needs none)
  app.addHook('onListen', async () => {
    compilers.warmUp().catch((error: unknown) => app.log.error({ err: error }, 'a schema did not compile'));
  });
  boundClose(app, deps.config.closeGraceSeconds * 1000);
  // the limiter's reading of the client's address: the usage log and the request log read it alike
  const clientAddress = (request: FastifyRequest) =>
    clientAddressText(clientHeaders(request.socket.remoteAddress, request.headers), trusted);
  const log = requestLog(app, { clientAddress, clientId: deps.clientId ?? randomClientId(), clock: deps.clock });
  const connections = boundConnections(app, deps, trusted, log);
  await app.register(swagger, openApiOptions(deps.config));
  registerRouteAccounting(app);
  app.decorateRequest('kohyoErrorCode', null);
  app.decorateRequest('kohyoPayloadBytes', 0);
  // before any route is added: a route keeps the error handler its context had then
  app.setErrorHandler(errorHandler);
  await registerRequestHooks(app, deps, { log, connections, clientAddress });
  const context: RouteContext = { config: deps.config, dataset: deps.dataset, clock: deps.clock };
  endpointRoutes(app, context);
  docsRoutes(app, context);
  await referencePageRoutes(app);
  landingRoutes(app, context);
  pageRoutes(app, context);
  // routes of other transports (MCP), registered by the service that serves them
  if (deps.register) await deps.register(app, context, routeLimits(deps));
  await app.ready();
  return app;
}

/** An identifier of client addresses under a key of this app's own (AppDeps.clientId absent). */
function randomClientId(): (address: string) => string {
  const key = randomBytes(32);
  return (address) => clientId(key, address);
}

/**
 * The server's bounds on connections: per address and in all, a dropped address's new connections held unanswered
 * and its others closed at their next request (first-look.ts), and the send timeout.
 */
function boundConnections(
  app: FastifyInstance,
  deps: AppDeps,
  trusted: TrustedProxies,
  log: RequestLog,
): CappedConnections {
  const { connections } = deps.config;
  const gate = deps.refusals;
  const drop: DropBounds | undefined =
    gate === undefined
      ? undefined
      : {
          dropped: (peer) => gate.dropsPeer(peer),
          holdMs: deps.config.limits.refusalDropSeconds * 1000,
          onDrop: log.dropped,
        };
  const capped = capConnections(app.server, {
    perAddress: connections.perAddress,
    total: connections.total ?? defaultMaxConnections(),
    uncapped: trusted,
    ...(drop === undefined ? {} : { drop }),
  });
  if (gate !== undefined && drop !== undefined) gateRequests(app.server, gate, trusted, drop);
  timeOutStalledSends(app.server, connections.sendTimeoutSeconds * 1000);
  return capped;
}

function routeLimits(deps: AppDeps): RouteLimits {
  return {
    count: async (request, reply) => {
      await deps.beforeApiRequest?.(request, reply);
    },
    chargeUncounted: (request, answers) => deps.refusals?.chargeUncounted(request, answers),
    standingRefusal(request, reply) {
      try {
        deps.refusals?.refuseStanding(request, reply);
        return null;
      } catch (error) {
        return errorOf(error);
      }
    },
  };
}

function fastifyOptions(deps: AppDeps): FastifyHttpOptions<Server> {
  const requestTimeoutMs = deps.config.requestTimeoutSeconds * 1000;
  return {
    loggerInstance: typeof deps.logger === 'object' ? deps.logger : undefined,
    logger: typeof deps.logger === 'boolean' ? deps.logger : undefined,
    genReqId: requestIdOf,
    // one line a request, written below when it is answered, instead of Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    // a path parameter as long as a request target may be (find-my-way's default is 100): a longer one failed before
    // routing and was answered uncounted, and unrefused, by frameworkErrors; now the route takes it and refuses it
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_TARGET },
    // a parameter is read as its schema's type, and nothing is removed: a parameter no schema names is refused
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false } },
    // what Node's parser refuses is answered on the socket; a request without Host is let through to be refused below
    clientErrorHandler: answerClientError,
    // a request is read in bounded time (Fastify's default is unbounded), checked often enough to hold to the bound
    requestTimeout: requestTimeoutMs,
    // an idle connection is closed soon (Node's default is 72 s with Fastify)
    keepAliveTimeout: deps.config.connections.keepAliveSeconds * 1000,
    http: {
      requireHostHeader: false,
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, requestTimeoutMs / 4),
    },
    frameworkErrors: frameworkErrorAnswer(deps),
  };
}

/**
 * What fails before routing, a malformed %-escape in the path (FST_ERR_BAD_URL), answered in the contract's shape. No
 * hook runs for it, so the bounds of its address are applied here: it is an answer that does not count, under the
 * address's ceiling on them, and past it refused (a refusal like any, under the ceiling on refusals).
 */
function frameworkErrorAnswer(deps: AppDeps): NonNullable<FastifyHttpOptions<Server>['frameworkErrors']> {
  return (error, request, reply) => {
    const refusal = chargeUncounted(deps.beforeUncountedRequest, request);
    const answer =
      refusal === null
        ? new ApiError(
            'invalid_parameter',
            error.code === 'FST_ERR_BAD_URL'
              ? 'The path holds a % that does not start a %-escape of two hexadecimal digits; percent-encode the path as UTF-8.'
              : 'The request could not be read; send a plain GET with query parameters.',
          )
        : refusal instanceof LimitRefusal
          ? refusalError(refusal)
          : new ApiError('internal_error', ERRORS.internal_error.message);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- frameworkErrors is generic in a route's reply types, and a request that matched no route has none: its reply takes any status and body
    const raw = reply as FastifyReply;
    noteErrorCode(request, answer.code);
    for (const [name, value] of Object.entries(answer.headers)) raw.header(name, value);
    void raw
      .code(answer.status)
      .header('X-Request-Id', request.id)
      .header('Content-Type', 'application/json; charset=utf-8')
      .send(errorBody(answer.code, answer.message, answer.details));
  };
}

/** What the request hooks write to and act on, made with the app. */
interface HookParts {
  readonly log: RequestLog;
  readonly connections: CappedConnections;
  readonly clientAddress: (request: FastifyRequest) => string;
}

/**
 * The hooks every request passes, in the order its onRequest hooks run: refusals that need no work and the ceiling
 * on uncounted answers; CORS preflights; a 304 for the client's own ETag; the limits; the Host check. Then, as the
 * answer leaves: security headers, the request id and the bytes of an uncounted answer, the request log (and the
 * connections of an address its refusals have just dropped closed), the usage log.
 */
async function registerRequestHooks(app: FastifyInstance, deps: AppDeps, parts: HookParts): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    done(refusedBeforeAnyWork(app, request, reply, deps.refusals, deps.beforeUncountedRequest));
  });
  // before the limiter's hook: a preflight is answered here and never counted; an OPTIONS that is not a preflight is
  // refused there, once counted like any request under /api/v1/
  await registerCors(app, (request, reply, done) =>
    limitCounted(deps.beforeApiRequest, request, reply, (error) => done(error ?? noRouteError(app, request))),
  );
  await registerCompression(app);
  app.setNotFoundHandler((request) => {
    throw noRouteError(app, request);
  });
  registerSecurityHeaders(app);
  const gate = deps.refusals;
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (gate !== undefined) noteUncountedBytes(request, payload);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (gate !== undefined) chargeUncountedBytes(gate, request, reply);
    parts.log.answered(request, reply);
    const peer = request.socket.remoteAddress;
    // the refusal that took its address past the ceiling: every connection of the address goes, this one included
    if (reply.statusCode === 429 && peer !== undefined && gate?.dropsPeer(peer) === true)
      parts.connections.closeAddress(peer);
    done();
  });
  registerMetrics(app, deps, { limiterState: deps.limiterState });
  if (deps.usageLog) registerUsageLog(app, deps.usageLog, deps.clock, parts.clientAddress);
  // before the limiter's hook: a 304 is answered here and never counted
  registerConditional(app, deps, {
    key: deps.validatorKey ?? randomBytes(32).toString('base64url'),
    beforeUncounted: deps.beforeUncountedRequest,
  });
  const limits = deps.beforeApiRequest;
  if (limits) app.addHook('onRequest', (request, reply, done) => limitCounted(limits, request, reply, done));
  // after the limiter's hook, so that the refusal counts like any other answer
  app.addHook('onRequest', async (request) => {
    // Node's own refusal would be an empty 400; this one is the contract's, counted and logged like any other
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
      throw new ApiError('malformed_request', 'An HTTP/1.1 request needs a Host header.');
  });
}

/**
 * Runs the limits on a request that counts (route-accounting.ts), then `next`, with their refusal if they refuse.
 * An admitted request is marked counted, whatever its answer turns out to be (a 304 once checked, say).
 */
function limitCounted(
  hook: AppDeps['beforeApiRequest'],
  request: FastifyRequest,
  reply: FastifyReply,
  next: (error?: Error) => void,
): void {
  if (hook === undefined || !accountingOf(request).counted) {
    next();
    return;
  }
  let pending: Promise<void> | undefined;
  try {
    pending = hook(request, reply);
  } catch (error) {
    next(errorOf(error));
    return;
  }
  const admitted = () => {
    request.kohyoCounted = true;
    next();
  };
  if (pending === undefined) admitted();
  else pending.then(admitted, (error: unknown) => next(errorOf(error)));
}

/** The answer to a request no route takes: 405 with Allow where GET would answer, else 404. */
function noRouteError(app: FastifyInstance, request: FastifyRequest): ApiError {
  // the path as the router read it (a GET at /%61pi/v1/companies answers, so a POST there is a 405 too)
  const path = routedPath(request.url);
  if (request.method !== 'GET' && request.method !== 'HEAD' && hasGetRoute(app, path)) {
    return methodNotAllowed(READ_METHODS, `${echoed(request.method)} is not allowed here; use GET or HEAD.`);
  }
  return new ApiError(
    'not_found',
    `There is nothing at ${echoed(path)}; see /llms.txt or /api/v1/openapi.json for what there is.`,
  );
}

/** Whether GET answers at the path; a path the router cannot read as a route (a `*` inside it) has none. */
function hasGetRoute(app: FastifyInstance, path: string): boolean {
  try {
    return app.hasRoute({ method: 'GET', url: path });
  } catch {
    // find-my-way throws "Wildcard must be the last character in the route" (found by npm run fuzz)
    return false;
  }
}
