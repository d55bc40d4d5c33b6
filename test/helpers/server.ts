// Starts the real app on a free loopback port over a real database file, for endpoint tests.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppDeps } from '../../src/http/app.js';
import { buildServiceApp } from '../../src/service.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openStore, type Store } from '../../src/store/store.js';
import { buildDemoDatabase } from '../../demo/build-demo.js';
import { fetchAnswer, type TestResponse } from './test-response.js';
import { fileOfRun } from './run-cache.js';

/** The instant the demo test dataset is built at, and the clock the test servers run on. */
export const TEST_NOW = new Date('2026-11-21T03:00:00Z');

export interface TestServer {
  readonly url: string;
  readonly store: Store | null;
  /** Any method (init.method); the answer is typed by the path asked for, a literal or a template literal. */
  get<P extends string>(path: P, init?: RequestInit): Promise<TestResponse<P>>;
  close(): Promise<void>;
}

let demoPath: Promise<string> | undefined;

/** A demo database of the test process's own, built at TEST_NOW once per test run and copied. */
export function demoDatabase(): Promise<string> {
  demoPath ??= (async () => {
    const built = await fileOfRun('demo.sqlite', async (target) => {
      buildDemoDatabase(target, { now: TEST_NOW });
    });
    const path = join(mkdtempSync(join(tmpdir(), 'kohyo-test-')), 'demo.sqlite');
    copyFileSync(built, path);
    return path;
  })();
  return demoPath;
}

export async function startServer(
  options: {
    dbPath?: string | null;
    env?: Record<string, string>;
    store?: Store | null;
    deps?: Partial<AppDeps>;
  } = {},
): Promise<TestServer> {
  const config: Config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  const store =
    options.store !== undefined
      ? options.store
      : options.dbPath
        ? openStore(options.dbPath, { answerCacheEntries: config.answerCacheEntries })
        : null;
  const app = await buildServiceApp({
    config,
    dataset: () => store,
    clock: () => TEST_NOW,
    logger: false,
    ...options.deps,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    store,
    get: (path, init) => fetchAnswer(url, path, init),
    async close() {
      await app.close();
      if (options.store === undefined) store?.close();
    },
  };
}
