// Starts the real app on a free loopback port over a real database file, for endpoint tests.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppDeps } from '../../src/http/app.js';
import { buildServiceApp } from '../../src/service.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openStore, type Store } from '../../src/store/read/store.js';
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

/**
 * How long a test server keeps an idle connection (a test of the bound sets its own): longer than a test file may run
 * (300 s), so that the server never closes one of fetch's pooled connections. fetch's pool drops a connection idle for
 * the server's bound less 2 s, but counts that idle time by its timer ticks, which stop while the event loop is held;
 * the server counts it by the clock. A test that held the loop for seconds, on a loaded machine, then asked again on
 * the connection that the server's timer was just closing: "fetch failed: read ECONNRESET".
 */
const IDLE_KEPT_S = '600';

export async function startServer(
  options: {
    dbPath?: string | null;
    env?: Record<string, string>;
    store?: Store | null;
    deps?: Partial<AppDeps>;
  } = {},
): Promise<TestServer> {
  const config: Config = loadConfig({ LOG_LEVEL: 'silent', KOHYO_KEEP_ALIVE_S: IDLE_KEPT_S, ...options.env });
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
