// The process: read settings, open (or first build) the dataset, serve, and close gracefully on a signal.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pino from 'pino';
import { loadConfig, ConfigError } from './config.js';
import { buildApp } from './http/app.js';
import { openStore, type Store } from './store/store.js';
import { buildDemoDatabase } from './ingest/demo/build-demo.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  // requests are logged without the client's address: the raw IP address is never written anywhere
  const logger = pino({
    level: config.logLevel,
    serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }) },
  });
  if (config.workers > 1 || config.redisUrl !== null) {
    logger.warn('KOHYO_WORKERS and REDIS_URL are read but not used yet: this build serves from one process');
  }
  if (!existsSync(config.dbPath)) {
    logger.info({ path: config.dbPath }, 'no dataset yet: building the demo dataset (fictional companies and records)');
    mkdirSync(dirname(config.dbPath), { recursive: true });
    buildDemoDatabase(config.dbPath, { now: new Date() });
  }
  let store: Store | null = openStore(config.dbPath);
  logger.info({ path: config.dbPath, dataset: store.meta }, 'dataset open');
  const app = await buildApp({ config, dataset: () => store, clock: () => new Date(), logger });
  await app.listen({ host: config.host, port: config.port });

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'closing');
    await app.close();
    store?.close();
    store = null;
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`kohyo: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
