// The process: read settings, open (or first build) the dataset, serve, and close gracefully on a signal.
import cluster from 'node:cluster';
import { loadConfig } from './config.js';
import { ConfigError } from './config-readers.js';
import { runPrimary } from './cluster-primary.js';
import { assertSharedState } from './limits/limiter-from-config.js';
import { createLogger } from './logger.js';
import { followerFor, prepareDataset, startService } from './service.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  // refused before anything starts: several processes with memory windows would multiply every client's allowance
  assertSharedState(config);
  // workers are forked once the primary has prepared the file
  if (cluster.isPrimary) await prepareDataset(config, logger);
  if (config.workers > 1 && cluster.isPrimary) {
    // the workers watch KOHYO_DB and switch when the primary's follower renames a new version over it
    (await followerFor(config, logger))?.start(config.datasetPollSeconds * 1000);
    runPrimary(config.workers, logger);
    return;
  }
  const service = await startService(config, logger);
  await service.ready();
  await service.app.listen({ host: config.host, port: config.port });
  process.on('SIGHUP', () => service.holder.reload());

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'closing');
    await service.close();
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
