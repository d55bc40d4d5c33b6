// The server side of the benchmark, run in its own process: `node --import tsx bench/serve.ts baseline | kohyo DB_PATH [options]`.
// Options (kohyo only): --limiter off|memory|redis (default off), --redis-url URL, --usage-db PATH (turns the usage log on),
// --request-log (the request log, to /dev/null as production's), --raise-limits (the production benchmark's limits, so
// that the limiter refuses nothing): each of the production additions on its own.
// It listens on a free loopback port, prints one line `{"port":N}` on stdout, and exits when stdin closes.
import type { FastifyInstance } from 'fastify';
import { parseArgs } from 'node:util';
import { buildBaselineApp } from './baseline-app.js';
import { buildApp } from '../src/http/app.js';
import { loadConfig } from '../src/config.js';
import { limiterFromConfig } from '../src/limits/limiter-from-config.js';
import type { Limiter } from '../src/limits/limiter.js';
import { openStore, type Store } from '../src/store/read/store.js';
import { openUsageLog, type OpenUsageLog } from '../src/usage/open-usage-log.js';
import { startService } from '../src/service.js';
import { createLogger, logDestination } from '../src/logger.js';

/** Limits no load of the benchmarks reaches, so that the limiter does its work on every request and refuses none. */
const RAISED_LIMITS = {
  KOHYO_LIMIT_PER_MINUTE: '1000000',
  KOHYO_LIMIT_PER_DAY: '100000000',
  KOHYO_ENUM_DISTINCT_TERMS: '1000000',
  KOHYO_ENUM_SEQUENTIAL: '1000',
} as const;

/** Limiter faults (Redis unreachable, so answers come from the memory fallback) and usage-log faults must show. */
const stderrLog = {
  warn: (object: object, message: string) => console.error(`serve.ts: ${message} ${JSON.stringify(object)}`),
  info: (object: object, message: string) => console.error(`serve.ts: ${message} ${JSON.stringify(object)}`),
  error: (object: object, message: string) => console.error(`serve.ts: ${message} ${JSON.stringify(object)}`),
};

/**
 * As npm start serves: the request log (to /dev/null here), the memory limiter and the usage log, with the limits
 * raised so that the load is never refused.
 */
function productionConfig(
  dbPath: string,
  options: { 'usage-db'?: string; 'cache-entries': string; 'db-cache-mb'?: string },
) {
  return loadConfig({
    KOHYO_DB: dbPath,
    KOHYO_USAGE_DB: options['usage-db'] ?? `${dbPath}.usage.sqlite`,
    KOHYO_USAGE_SECRET: 'bench',
    ...RAISED_LIMITS,
    KOHYO_ANSWER_CACHE_ENTRIES: options['cache-entries'],
    ...(options['db-cache-mb'] === undefined ? {} : { KOHYO_DB_CACHE_MB: options['db-cache-mb'] }),
    LOG_LEVEL: 'info',
  });
}

async function main(argv: readonly string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      limiter: { type: 'string', default: 'off' },
      'redis-url': { type: 'string' },
      'usage-db': { type: 'string' },
      'cache-entries': { type: 'string', default: '0' },
      'db-cache-mb': { type: 'string' },
      'request-log': { type: 'boolean', default: false },
      'raise-limits': { type: 'boolean', default: false },
    },
  });
  const [kind, dbPath] = positionals;
  let closeService: (() => Promise<void>) | null = null;
  let store: Store | null = null;
  let limiter: Limiter | null = null;
  let usage: OpenUsageLog | null = null;
  let app: FastifyInstance;
  if (kind === 'baseline') {
    app = await buildBaselineApp(dbPath);
  } else if (kind === 'production' && dbPath !== undefined) {
    const service = await startService(
      productionConfig(dbPath, values),
      createLogger('info', logDestination('/dev/null')),
    );
    await service.ready();
    app = service.app;
    closeService = () => service.close();
  } else if (kind === 'kohyo' && dbPath !== undefined && ['off', 'memory', 'redis'].includes(values.limiter)) {
    store = openStore(dbPath, { answerCacheEntries: Number(values['cache-entries']) });
    const opened = store;
    if (values.limiter === 'redis' && values['redis-url'] === undefined)
      throw new Error('--limiter redis needs --redis-url');
    // Settings as main.ts reads them from the environment; the request log stays off (LOG_LEVEL silent, logger
    // false) unless --request-log, because the bench measures the answering path, not log writing.
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      KOHYO_DB: dbPath,
      // the load generator is the proxy: bench/limits.ts names each client's address in X-Forwarded-For
      KOHYO_TRUST_PROXY: '127.0.0.1',
      ...(values.limiter === 'redis' ? { REDIS_URL: values['redis-url'] } : {}),
      ...(values['usage-db'] !== undefined ? { KOHYO_USAGE_DB: values['usage-db'] } : {}),
      ...(values['raise-limits'] ? RAISED_LIMITS : {}),
    });
    const clock = () => new Date();
    // Without a limiter (--limiter off) nothing refuses the load: the answering path alone.
    if (values.limiter !== 'off') limiter = limiterFromConfig(config, { clock, log: stderrLog });
    if (values['usage-db'] !== undefined) usage = openUsageLog(config, clock, stderrLog);
    app = await buildApp({
      config,
      dataset: () => opened,
      clock,
      logger: values['request-log'] ? createLogger('info', logDestination('/dev/null')) : false,
      ...(usage ? { usageLog: usage.log } : {}),
      ...(limiter ? { limiter } : {}),
    });
    await limiter?.ready();
  } else {
    throw new Error(
      'usage: serve.ts baseline [DB_PATH] | production DB_PATH [--cache-entries N] [--db-cache-mb N] | kohyo DB_PATH [--cache-entries N] [--limiter off|memory|redis] [--redis-url URL] [--usage-db PATH]',
    );
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP port');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

  // The parent holds our stdin open; when it goes (normally or by crashing) we go too, so no server outlives a run.
  process.stdin.resume();
  process.stdin.on('end', () => {
    if (closeService !== null) return void closeService().then(() => process.exit(0));
    void app.close().then(async () => {
      await limiter?.close();
      usage?.close();
      store?.close();
      process.exit(0);
    });
  });
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
