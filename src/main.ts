// The process: read settings, open (or first build) the dataset, serve, and close gracefully on a signal.
import cluster from 'node:cluster';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadConfig, ConfigError } from './config.js';
import { buildApp } from './http/app.js';
import { runPrimary } from './cluster-primary.js';
import { assertSharedState, limiterFromConfig } from './limits/limiter-from-config.js';
import { createLogger } from './http/logger.js';
import { openUsageLog } from './usage/open-usage-log.js';
import { DatasetHolder } from './store/dataset-holder.js';
import { openStore } from './store/store.js';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { upgradeDatasetFile } from './ingest/upgrade-dataset.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  // refused before anything starts: several processes with memory windows would multiply every client's allowance
  assertSharedState(config);
  if (!existsSync(config.dbPath)) {
    logger.info({ path: config.dbPath }, 'no dataset yet: building the demo dataset (fictional companies and records)');
    mkdirSync(dirname(config.dbPath), { recursive: true });
    buildDemoDatabase(config.dbPath, { now: new Date() });
  }
  if (cluster.isPrimary) {
    const upgrade = upgradeDatasetFile(config.dbPath, { now: () => new Date() });
    if (upgrade.kind === 'upgraded') logger.info({ path: config.dbPath, ...upgrade }, 'dataset migrated to this build\'s schema');
  }
  if (config.workers > 1 && cluster.isPrimary) {
    runPrimary(config.workers, logger);
    return;
  }
  const limiter = limiterFromConfig(config, { clock: () => new Date(), log: logger });
  // a collection publishes a new file at the path: picked up on SIGHUP and by watching the directory
  const holder = new DatasetHolder(config.dbPath, {
    onSwitched: (next) => logger.info({ path: config.dbPath, dataset: next.meta }, 'dataset switched to the new file'),
    onReloadFailed: (error) => logger.error({ err: error }, 'the new dataset file could not be opened; still serving the previous one'),
  }, (path) => openStore(path, { answerCacheEntries: config.answerCacheEntries }));
  const store = holder.start();
  logger.info({ path: config.dbPath, dataset: store.meta }, 'dataset open');
  const usage = openUsageLog(config, () => new Date(), logger);
  logger.info({ path: usage.path }, 'usage log open');
  const app = await buildApp({
    config, dataset: holder.dataset, clock: () => new Date(), logger, usageLog: usage.log, beforeApiRequest: limiter.beforeApiRequest,
  });
  holder.track(app.server);
  await limiter.ready();
  await app.listen({ host: config.host, port: config.port });
  holder.watch();
  process.on('SIGHUP', () => holder.reload());

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'closing');
    await app.close();
    await limiter.close();
    usage.close();
    holder.close();
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
