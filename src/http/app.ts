// buildApp: the Fastify application: the bounds on connections, then the hooks as plugins, registered in the order
// they act on a request (each declares the plugins it must follow), then the routes: the API's in their /api/v1 scope, then those of other transports.
import Fastify, {
  LogController,
  type FastifyHttpOptions,
  type FastifyReply,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
} from 'fastify';
import swagger from '@fastify/swagger';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { RouteContext } from '../api/endpoint.js';
import { BASE_PATH } from '../api/catalogue.js';
import { ApiError, ERRORS, errorBody, refusalError } from '../api/errors.js';
import { clientErrorAnswer, connectAnswer, type UnreadLimits } from '../limits/connections/client-errors.js';
import { contractErrors, noRouteError, noteErrorCode } from './hooks/error-handler.js';
import { openApiOptions } from './self-description/openapi.js';
import { endpointRoutes } from './routes/endpoints.js';
import { guideRoutes, openApiRoute } from './routes/docs.js';
import { referencePageRoutes } from './routes/reference-page.js';
import { landingRoutes } from './routes/landing.js';
import { pageRoutes } from './routes/pages.js';
import { metrics } from './hooks/metrics.js';
import type { LimiterState } from '../limits/limiter-from-config.js';
import type { RequestLimits } from '../limits/limiter.js';
import { LimitRefusal } from '../limits/limit-refusal.js';
import { requestIdOf } from './hooks/answer-headers.js';
import { requestLog, requestLogging } from './hooks/request-log.js';
import { MAX_TARGET, chargeUncounted, isApiTarget, requestAccounting } from './hooks/route-accounting.js';
import { CORS_ANSWER_HEADERS, corsHeaders } from './hooks/cors.js';
import { crossSiteRefusal, resourceIsolation } from './hooks/resource-isolation.js';
import { compression } from './hooks/compression.js';
import { connectionLimits, dropBounds } from '../limits/connections/connection-limits.js';
import { earlyRefusals } from '../limits/http/early-refusals.js';
import { conditionalRequests } from './hooks/conditional.js';
import { answerHeaders } from './hooks/answer-headers.js';
import { countRequest, requestLimits } from '../limits/http/limits-hooks.js';
import { requestChecks } from './hooks/error-handler.js';
import { usageLogging, type UsageRecorder } from '../usage/http/usage-hook.js';
import { addressReader, parseTrustedProxies } from '../limits/client-identity.js';
import { lazyCompilers } from './answers/lazy-compilers.js';
import { clientId } from '../usage/client-id.js';

export interface AppDeps extends RouteContext {
  readonly logger?: FastifyBaseLogger | boolean;
  /**
   * The limits (the limiter): the refusals made before any other work, the rate limits and enumeration refusal on
   * every counted request, the ceilings per address on uncounted answers and on refusals. Absent, nothing is limited.
   */
  readonly limiter?: RequestLimits;
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
  /**
   * The routes of other transports, as plugins registered after the app's own (the service's MCP endpoint, which
   * reads the limits of the messages it carries from the app: `kohyoRouteLimits`).
   */
  readonly transports?: readonly FastifyPluginAsync[];
}

/**
 * The app, in the order a request meets it: the server's bounds on connections, the hooks (onRequest ones in this
 * order: CORS, the resource isolation policy, the early refusals, conditional requests, the limits, the request
 * checks; onSend and onResponse ones in theirs), then the routes.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, limiter } = deps;
  // the limiter's reading of the client (KOHYO_TRUST_PROXY): the connection caps and the usage log read it alike
  const trusted = parseTrustedProxies(config.trustProxy);
  const compilers = lazyCompilers();
  // the request log's tally of dropped connections, which the answers made before the app's hooks are told of too
  let tallyDrop = (_peer: string): void => undefined;
  const app = Fastify({
    ...fastifyOptions(deps, (peer) => tallyDrop(peer)),
    schemaController: { compilersFactory: compilers.compilersFactory },
  });
  // the schemas no request has compiled yet, once the server answers (/health needs none)
  app.addHook('onListen', async () => {
    compilers.warmUp().catch((error: unknown) => app.log.error({ err: error }, 'a schema did not compile'));
  });
  const clientAddress = addressReader(trusted);
  const log = requestLog(app, { clientAddress, clientId: deps.clientId ?? randomClientId(), clock: deps.clock });
  tallyDrop = log.dropped;
  const drop = dropBounds(limiter, log.dropped);
  const context: RouteContext = { config, dataset: deps.dataset, clock: deps.clock };
  await app.register(connectionLimits, {
    connections: config.connections,
    headTimeoutSeconds: config.requestTimeoutSeconds,
    closeGraceSeconds: config.closeGraceSeconds,
    trusted,
  });
  // a CONNECT never reaches a route: answered on its socket, as what Node's parser refuses is, under the same bounds
  app.server.on(
    'connect',
    connectAnswer(
      earlyAnswerHeaders(limiter),
      (url) => noRouteError(app, { method: 'CONNECT', url }),
      unreadLimits(limiter, (peer) => tallyDrop(peer)),
    ),
  );
  await app.register(swagger, openApiOptions(config));
  await app.register(requestAccounting);
  await app.register(contractErrors);
  await app.register(corsHeaders);
  await app.register(resourceIsolation);
  await app.register(earlyRefusals, { limits: limiter, trusted, drop });
  await app.register(compression);
  await app.register(answerHeaders);
  await app.register(requestLogging, { log });
  await app.register(metrics, { context, limiterState: deps.limiterState });
  if (deps.usageLog) await app.register(usageLogging, { usageLog: deps.usageLog, clock: deps.clock, clientAddress });
  const key = deps.validatorKey ?? randomBytes(32).toString('base64url');
  await app.register(conditionalRequests, { context, key, beforeUncounted: limiter?.beforeUncountedRequest });
  await app.register(requestLimits, { limits: limiter });
  await app.register(requestChecks);
  await app.register(
    async (api) => {
      endpointRoutes(api, context, { prefix: BASE_PATH });
      openApiRoute(api, BASE_PATH);
    },
    { prefix: BASE_PATH },
  );
  endpointRoutes(app, context, { prefix: BASE_PATH, outside: true });
  guideRoutes(app, context);
  await referencePageRoutes(app);
  landingRoutes(app, context);
  pageRoutes(app, context);
  for (const transport of deps.transports ?? []) await app.register(transport);
  await app.ready();
  return app;
}

/** An identifier of client addresses under a key of this app's own (AppDeps.clientId absent). */
function randomClientId(): (address: string) => string {
  const key = randomBytes(32);
  return (address) => clientId(key, address);
}

/** What the answers to requests no route reads (client-errors.ts) ask of the limiter, when there is one. */
function unreadLimits(limiter: AppDeps['limiter'], onDrop: (peer: string) => void): UnreadLimits | undefined {
  return limiter && { unreadRequest: (peer) => limiter.unreadRequest(peer), onDrop };
}

function fastifyOptions(deps: AppDeps, onDrop: (peer: string) => void): FastifyHttpOptions<Server> {
  const requestTimeoutMs = deps.config.requestTimeoutSeconds * 1000;
  const { limiter } = deps;
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
    clientErrorHandler: clientErrorAnswer(earlyAnswerHeaders(limiter), unreadLimits(limiter, onDrop)),
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
 * The headers of an answer made before any hook, for a script to read it: CORS's, and the limits' policy (the answer
 * counts against nothing).
 */
function earlyAnswerHeaders(limiter: RequestLimits | undefined): Readonly<Record<string, string>> {
  return limiter === undefined
    ? CORS_ANSWER_HEADERS
    : { ...CORS_ANSWER_HEADERS, 'ratelimit-policy': limiter.clientPolicy };
}

/**
 * What fails before routing, a malformed %-escape in the path (FST_ERR_BAD_URL), answered in the contract's shape. No
 * hook runs for it, so the policies are applied here: another site's load of it is refused and counts for nothing, as
 * resource-isolation.ts refuses any; else under /api/v1 it counts, as every request there does whatever its answer
 * (asking the enumeration rules nothing: its path was not read), and carries its RateLimit headers; elsewhere it is
 * an answer that does not count, under the address's ceiling on them. Either may refuse it instead.
 */
function frameworkErrorAnswer(deps: AppDeps): NonNullable<FastifyHttpOptions<Server>['frameworkErrors']> {
  const early = earlyAnswerHeaders(deps.limiter);
  const { limiter } = deps;
  return (error, request, reply) => {
    const unread = new ApiError(
      'invalid_parameter',
      error.code === 'FST_ERR_BAD_URL'
        ? 'The path holds a % that does not start a %-escape of two hexadecimal digits; percent-encode the path as UTF-8.'
        : 'The request could not be read; send a plain GET with query parameters.',
    );
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- frameworkErrors is generic in a route's reply types, and a request that matched no route has none: its reply takes any status and body
    const raw = reply as FastifyReply;
    const send = (refusal?: Error) => {
      const answer =
        refusal === undefined || refusal instanceof ApiError
          ? (refusal ?? unread)
          : refusal instanceof LimitRefusal
            ? refusalError(refusal)
            : new ApiError('internal_error', ERRORS.internal_error.message);
      noteErrorCode(request, answer.code);
      // the limits' own headers, when they counted it, stand
      for (const [name, value] of Object.entries({ ...early, ...answer.headers }))
        if (!raw.hasHeader(name)) raw.header(name, value);
      void raw
        .code(answer.status)
        .header('X-Request-Id', request.id)
        .header('Content-Type', 'application/json; charset=utf-8')
        .send(errorBody(answer.code, answer.message, answer.details));
    };
    // what throws here would throw out of the server's request listener and end the process: it is a 500 instead
    try {
      const crossSite = crossSiteRefusal(request.headers, request.method);
      // no hook has run: the request is not decorated, and its path is read as accountingOf reads one no route took
      if (crossSite !== null) send(crossSite);
      else if (limiter !== undefined && isApiTarget(request.url)) countRequest(limiter, request, raw, send, unread);
      else send(chargeUncounted(limiter?.beforeUncountedRequest, request) ?? unread);
    } catch (failure) {
      request.log.error({ err: failure }, 'the answer to a request that failed before routing failed');
      if (!raw.sent) void raw.code(500).send(errorBody('internal_error', ERRORS.internal_error.message));
    }
  };
}
