// The usage log as the server runs it: the store at its configured path, the secret, the batching writer.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from '../config.js';
import { loadUsageSecret } from './store/usage-secret.js';
import { UsageStore, usageDbPath } from './store/usage-store.js';
import { UsageLog, type UsageLogger } from './usage-log.js';

export interface OpenUsageLog {
  readonly log: UsageLog;
  readonly path: string;
  /** Writes what is queued, then closes the database. */
  close(): void;
}

export function openUsageLog(config: Config, clock: () => Date, logger: UsageLogger): OpenUsageLog {
  const path = usageDbPath(config);
  mkdirSync(dirname(path), { recursive: true });
  const store = UsageStore.open(path);
  const log = new UsageLog({ sink: store, secret: loadUsageSecret(config), clock, logger });
  return {
    log,
    path,
    close() {
      log.close();
      store.close();
    },
  };
}
