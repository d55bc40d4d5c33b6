// Each production addition on its own, per request (`npm run bench:additions`): the limiter's check, the
// usage log's entry and its share of a batch write, and the request log's line, each timed over many calls in a
// tight loop, the best of several rounds: on a shared machine a few microseconds are lost in the noise of a whole
// request, not in a loop of one step.
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../src/config.js';
import { createLogger, logDestination } from '../src/logger.js';
import { requestLog } from '../src/http/hooks/request-log.js';
import { limiterFromConfig } from '../src/limits/limiter-from-config.js';
import { UsageLog, type FinishedRequest } from '../src/usage/usage-log.js';
import { UsageStore } from '../src/usage/store/usage-store.js';

const CALLS = 20_000;
const ROUNDS = 5;

function bestMicroseconds(step: (i: number) => void | Promise<void>): Promise<number> {
  return (async () => {
    let best = Infinity;
    for (let round = 0; round < ROUNDS; round++) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < CALLS; i++) await step(round * CALLS + i);
      best = Math.min(best, Number(process.hrtime.bigint() - start) / 1000 / CALLS);
    }
    return best;
  })();
}

/** The parts, for the paths of one case; `dir` holds the usage database. */
export async function additionParts(
  config: Config,
  dir: string,
  paths: readonly string[],
): Promise<Record<string, number>> {
  const limiter = limiterFromConfig(config, { clock: () => new Date(), log: { warn: () => {}, info: () => {} } });
  const requests = paths.map((path) => {
    const url = new URL(path, 'http://x');
    return { url, query: Object.fromEntries(url.searchParams), route: url.pathname };
  });
  const reply = { header: () => reply } as unknown as FastifyReply;
  const limiterUs = await bestMicroseconds((i) => {
    const r = requests[i % requests.length]!;
    const socket = { remoteAddress: '127.0.0.1' };
    const headers = { 'user-agent': `kohyo-bench/${i % 1000}` };
    // the limiter reads the client from the request Node made (request.raw), as a new one each time
    const request = {
      socket,
      headers,
      raw: { socket, headers },
      query: r.query,
      routeOptions: { url: r.route },
      method: 'GET',
    } as unknown as FastifyRequest;
    return limiter.beforeApiRequest(request, reply);
  });
  await limiter.close();

  const store = UsageStore.open(join(dir, `parts-${Date.now()}.usage.sqlite`));
  const usage = new UsageLog({
    sink: store,
    secret: 'bench',
    clock: () => new Date(),
    timer: () => ({ stop: () => {} }),
    defer: (run) => run(),
  });
  const usageUs = await bestMicroseconds((i) => {
    const r = requests[i % requests.length]!;
    const finished: FinishedRequest = {
      at: new Date(),
      method: 'GET',
      path: r.route,
      route: r.route,
      query: r.url.search.slice(1),
      status: 200,
      errorCode: null,
      returned: 3,
      latencyMs: 0.5,
      address: '127.0.0.1',
      userAgent: `kohyo-bench/${i % 1000}`,
      referer: undefined,
      clientName: undefined,
      clientContact: undefined,
    };
    usage.record(finished);
  });
  usage.close();
  store.close();

  // the line as the server writes it (src/http/hooks/request-log.ts), through the same destination
  const logger = createLogger('info', logDestination('/dev/null'));
  const answered = { statusCode: 200, elapsedTime: 0.5 } as unknown as FastifyReply;
  // the app as the request log reads it: its logger, and a place for its closing hook (not needed here)
  const app = { log: logger, addHook: () => app } as unknown as FastifyInstance;
  const log = requestLog(app, {
    clientAddress: () => '203.0.113.7',
    clientId: (address) => address,
    clock: () => new Date(),
  });
  const logUs = await bestMicroseconds((i) => {
    const r = requests[i % requests.length]!;
    // the request's own logger, as Fastify makes it for every request (a child with the request id bound)
    const request = {
      id: `id-${i}`,
      method: 'GET',
      url: `${r.url.pathname}${r.url.search}`,
      log: logger.child({ reqId: `id-${i}` }),
    };
    log.answered.call(app, request as unknown as FastifyRequest, answered, () => undefined);
  });
  return { limiter: limiterUs, 'usage log (entry and its share of a batch write)': usageUs, 'request log line': logUs };
}
