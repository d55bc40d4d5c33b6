// GET /metrics: Prometheus text (prom-client) for operators, from an allowed address only: requests by route and
// status, latency, refusals by error code, the dataset served, collection runs and where the limits are kept.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RouteContext } from '../../api/endpoint.js';
import { ApiError } from '../../api/errors.js';
import { parseTrustedProxies } from '../../limits/client-identity.js';
import { parseAddress } from '../../lib/ip-address.js';
import type { LimiterState } from '../../limits/limiter-from-config.js';

export const METRICS_PATH = '/metrics';

export interface MetricsOptions {
  readonly context: RouteContext;
  /** Where the limits are kept; absent, the app has no limiter. */
  readonly limiterState?: (() => LimiterState) | undefined;
}

/** The collectors, counting every answer as it leaves, and the route; each app has a registry of its own. */
export const metrics = fp<MetricsOptions>(
  (app, options, done) => {
    registerMetrics(app, options);
    done();
  },
  { name: 'kohyo-metrics', dependencies: ['kohyo-errors'] },
);

function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { context } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'kohyo_' });
  const requests = new Counter({
    name: 'kohyo_http_requests_total',
    help: 'Answered requests by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'kohyo_http_request_duration_seconds',
    help: "Time from a request's arrival to its answer, by route pattern.",
    labelNames: ['route'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'kohyo_refusals_total',
    help: "Error answers by the contract's error code.",
    labelNames: ['code'],
    registers: [registry],
  });
  datasetGauges(registry, context);
  if (options.limiterState) limiterGauges(registry, options.limiterState);

  // callback hooks, not async ones: no promise and microtask per request
  app.addHook('onResponse', function countAnswer(request, reply, done) {
    // the pattern, never the URL: one series per route, whatever clients send
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    if (route !== METRICS_PATH) {
      requests.inc({ route, method: request.method, status: String(reply.statusCode) });
      latency.observe({ route }, reply.elapsedTime / 1000);
      // the code the error handlers noted, whatever the body's form (a page's refusal included)
      const code = request.kohyoErrorCode;
      if (code !== null) refusals.inc({ code });
    }
    done();
  });

  const allowed = parseTrustedProxies(context.config.metricsAllow, 'KOHYO_METRICS_ALLOW');
  app.get(METRICS_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    // the socket's peer, never X-Forwarded-For: a header would let anyone in
    const peer = parseAddress(request.socket.remoteAddress ?? '');
    if (peer === null || !allowed.has(peer))
      throw new ApiError(
        'not_found',
        `There is nothing at ${METRICS_PATH}; see /llms.txt or /api/v1/openapi.json for what there is.`,
      );
    void reply.header('Content-Type', registry.contentType);
    return registry.metrics();
  });
}

function datasetGauges(registry: Registry, context: RouteContext): void {
  new Gauge({
    name: 'kohyo_dataset_info',
    help: 'The dataset served: 1 for its kind and version.',
    labelNames: ['kind', 'version'],
    registers: [registry],
    collect() {
      this.reset();
      const store = context.dataset();
      if (store !== null) this.set({ kind: store.meta.kind, version: store.meta.version }, 1);
    },
  });
  new Gauge({
    name: 'kohyo_dataset_age_seconds',
    help: 'Seconds since the dataset served was built.',
    registers: [registry],
    collect() {
      this.reset();
      const store = context.dataset();
      if (store !== null) this.set((context.clock().getTime() - Date.parse(store.meta.version)) / 1000);
    },
  });
  new Gauge({
    name: 'kohyo_collection_runs',
    help: 'Collection runs recorded in the dataset served, by source and outcome.',
    labelNames: ['source', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const run of context.dataset()?.collectionRuns() ?? [])
        this.set({ source: run.sourceId, outcome: run.outcome }, run.runs);
    },
  });
}

function limiterGauges(registry: Registry, state: () => LimiterState): void {
  new Gauge({
    name: 'kohyo_limiter_store',
    help: 'Where the limits are kept: 1 for the store in use (memory, redis, or redis_fallback while Redis is down).',
    labelNames: ['store'],
    registers: [registry],
    collect() {
      this.reset();
      const now = state();
      this.set({ store: now.degraded ? 'redis_fallback' : now.store }, 1);
    },
  });
  new Gauge({
    name: 'kohyo_limiter_fallback_checks',
    help: 'Limit checks the memory windows answered because Redis could not, since start.',
    registers: [registry],
    collect() {
      this.set(state().fallbackChecks);
    },
  });
}
