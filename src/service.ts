// The service as one process runs it: the dataset (built from the demo data when missing), the limiter, the usage
// log and the app over them. The HTTP server and the MCP stdio command both start it, so that an agent on stdio is
// limited and logged like any other client.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import cluster from 'node:cluster';
import { createHmac } from 'node:crypto';
import { loadUsageSecret } from './usage/store/usage-secret.js';
import { clientId } from './usage/client-id.js';
import type { Config } from './config.js';
import { ConfigError } from './config-readers.js';
import { parseManifestUrl } from './domain/published-dataset.js';
import { systemClock } from './domain/dates.js';
import type { DatasetFollower } from './replica/dataset-follower.js';
import fp from 'fastify-plugin';
import { buildApp, type AppDeps } from './http/app.js';
import { guideTexts } from './http/self-description/guide.js';
import { mcpRoutes } from './mcp/mcp-route.js';
import { mcpTools } from './mcp/tools.js';
import { limiterFromConfig } from './limits/limiter-from-config.js';
import { openUsageLog } from './usage/open-usage-log.js';
import { DatasetHolder } from './store/read/dataset-holder.js';
import { openStore, type Store } from './store/read/store.js';
import { upgradeDatasetFile } from './ingest/upgrade-dataset.js';
import { clearDeadDrafts } from './store/write/draft.js';

export interface Service {
  readonly app: FastifyInstance;
  readonly holder: DatasetHolder;
  /** The whole guide (/llms-full.txt) for the dataset being served. */
  guide(): string;
  /** Waits for the limiter's store (Redis) to be reachable or given up on. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A follower of KOHYO_DATASET_URL, when set. Its modules (the S3 client among them) are loaded only then: a server
 * that follows no published dataset starts without them.
 */
export async function followerFor(
  config: Config,
  logger: Logger,
  switchTo?: () => void,
): Promise<DatasetFollower | null> {
  if (config.datasetUrl === null) return null;
  const [{ openBucket }, { DatasetFollower }] = await Promise.all([
    import('./replica/dataset-bucket.js'),
    import('./replica/dataset-follower.js'),
  ]);
  const bucket = openBucket(parseManifestUrl(config.datasetUrl), { s3Endpoint: config.s3Endpoint });
  return new DatasetFollower({ bucket, dbPath: config.dbPath, switchTo, log: logger });
}

/**
 * Makes sure there is a dataset at KOHYO_DB: a replica downloads the published one (and fails to start without it),
 * otherwise the demo is built when there is none; then brings the file to this build's schema.
 */
export async function prepareDataset(config: Config, logger: Logger): Promise<void> {
  for (const path of clearDeadDrafts(config.dbPath)) logger.info({ path }, 'removed the draft a stopped writer left');
  const follower = existsSync(config.dbPath) ? null : await followerFor(config, logger);
  if (follower !== null) {
    logger.info({ url: config.datasetUrl }, 'no dataset yet: downloading the published one');
    if ((await follower.sync()) !== 'switched')
      throw new ConfigError(`could not download the dataset published at ${config.datasetUrl} (see the log above)`);
  }
  if (!existsSync(config.dbPath)) {
    logger.info({ path: config.dbPath }, 'no dataset yet: building the demo dataset (fictional companies and records)');
    mkdirSync(dirname(config.dbPath), { recursive: true });
    // loaded only here: the demo's builder brings the ingestion pipeline, which a start over a dataset does not need
    const { buildDemoDatabase } = await import('../demo/build-demo.js');
    buildDemoDatabase(config.dbPath, { now: new Date() });
  }
  const upgrade = upgradeDatasetFile(config.dbPath, { now: () => new Date() });
  if (upgrade.kind === 'upgraded')
    logger.info({ path: config.dbPath, ...upgrade }, "dataset migrated to this build's schema");
}

/**
 * Says so when the dataset is larger than SQLite's memory map: every answer then reads the rest through the page
 * cache, at all Japan about a tenth of its CPU (bench/README.md), until better-sqlite3 is built to map it whole.
 */
export function warnPastTheMap(logger: Logger, store: Store): void {
  if (store.pastTheMap === 0) return;
  logger.warn(
    { path: store.path, pastTheMapBytes: store.pastTheMap },
    'this build of SQLite maps only part of the dataset; the rest is read through the page cache (KOHYO_DB_CACHE_MB): see docs/operating.md, "A dataset larger than the memory map"',
  );
}

export async function startService(config: Config, logger: Logger): Promise<Service> {
  const clock = systemClock;
  const limiter = limiterFromConfig(config, { clock, log: logger });
  // a collection publishes a new file at the path: picked up on SIGHUP and by watching the directory
  const holder = new DatasetHolder(
    config.dbPath,
    {
      onSwitched: (next) => {
        logger.info({ path: config.dbPath, dataset: next.meta }, 'dataset switched to the new file');
        warnPastTheMap(logger, next);
      },
      onReloadFailed: (error) =>
        logger.error({ err: error }, 'the new dataset file could not be opened; still serving the previous one'),
    },
    (path) => openStore(path, { answerCacheEntries: config.answerCacheEntries, cacheMiB: config.dbCacheMiB }),
  );
  const store = holder.start();
  logger.info({ path: config.dbPath, dataset: store.meta }, 'dataset open');
  warnPastTheMap(logger, store);
  const usage = openUsageLog(config, clock, logger);
  const usageSecret = loadUsageSecret(config);
  logger.info({ path: usage.path }, 'usage log open');
  // one process serves: it follows the published dataset itself (with several workers, the primary does)
  const follower = cluster.isPrimary ? await followerFor(config, logger, () => holder.reload()) : null;
  follower?.start(config.datasetPollSeconds * 1000);
  const app = await buildServiceApp({
    config,
    dataset: holder.dataset,
    clock,
    logger,
    usageLog: usage.log,
    limiter,
    // the ETags of every process of this dataset alike, and none computable without the secret
    validatorKey: createHmac('sha256', usageSecret).update('kohyo validators').digest('base64url'),
    // the server's log names an address as the usage log does, by the same keyed hash
    clientId: (address) => clientId(usageSecret, address),
    limiterState: () => limiter.state(),
  });
  holder.watch();
  return {
    app,
    holder,
    guide: () => guideTexts({ config, dataset: holder.dataset, clock }).full,
    ready: () => limiter.ready(),
    async close() {
      await follower?.stop();
      await app.close();
      await limiter.close();
      usage.close();
      holder.close();
    },
  };
}

/** The app with every transport the service answers: the HTTP API, and MCP over Streamable HTTP at /mcp. */
export function buildServiceApp(deps: AppDeps): Promise<FastifyInstance> {
  const context = { config: deps.config, dataset: deps.dataset, clock: deps.clock };
  const mcp = fp(
    async (app) => {
      await mcpRoutes(app, {
        tools: mcpTools(deps.config),
        guide: async () => guideTexts(context).full,
        maxBatch: deps.config.mcpMaxBatch,
        // each message is limited as a request of the client that sent it (limits-hooks.ts)
        ...(app.kohyoRouteLimits === null ? {} : { limits: app.kohyoRouteLimits }),
        publicUrl: deps.config.publicUrl,
      });
    },
    { name: 'kohyo-mcp', dependencies: ['kohyo-limits'] },
  );
  return buildApp({ ...deps, transports: [...(deps.transports ?? []), mcp] });
}
