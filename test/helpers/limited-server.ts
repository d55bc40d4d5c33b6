// The real app with a limiter on a clock the test moves, over the endpoint fixtures, for the limits' HTTP tests.
import { Agent } from 'undici';
import type { AppDeps } from '../../src/http/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createLimiter, type Limiter } from '../../src/limits/limiter.js';
import type { LimiterStore } from '../../src/limits/limiter-store.js';
import { MemoryStore } from '../../src/limits/memory-store.js';
import { limitPolicy, type LimitPolicy } from '../../src/limits/policy.js';
import { parseTrustedProxies } from '../../src/limits/client-identity.js';
import { startServer, TEST_NOW, type TestServer } from './server.js';
import type { TestResponse } from './test-response.js';
import { fixtureDatabase } from './fixture-dataset.js';

export interface LimitedServer {
  readonly server: TestServer;
  /** Moves the limiter's clock (the app's own clock stays at TEST_NOW). */
  advance(ms: number): void;
  get<P extends string>(path: P, headers?: Record<string, string>, method?: string): Promise<TestResponse<P>>;
  /** A GET sent from another loopback address (127.0.0.2, …), so that the server sees another socket peer. */
  getFrom<P extends string>(localAddress: string, path: P, headers?: Record<string, string>): Promise<TestResponse<P>>;
  close(): Promise<void>;
}

/** The store the limiter uses: a memory store unless the test gives another (Redis, say). */
export type StoreFor = (policy: LimitPolicy, config: Config) => LimiterStore;

export async function limitedServer(
  env: Record<string, string> = {},
  storeFor: StoreFor = (policy) => new MemoryStore(policy),
  deps: Partial<AppDeps> = {},
): Promise<LimitedServer> {
  const config = loadConfig(env);
  let now = TEST_NOW.getTime();
  const policy = limitPolicy(config.limits);
  const limiter: Limiter = createLimiter({
    store: storeFor(policy, config),
    policy,
    trusted: parseTrustedProxies(config.trustProxy),
    secret: null,
    clock: () => new Date(now),
    bounds: config.limits,
  });
  await limiter.ready();
  const server = await startServer({
    dbPath: await fixtureDatabase(),
    env,
    deps: {
      limiter,
      ...deps,
    },
  });
  const agents = new Map<string, Agent>();
  return {
    server,
    advance: (ms) => void (now += ms),
    get: (path, headers = {}, method = 'GET') =>
      server.get(path, { method, headers: { 'user-agent': 'limits-test', ...headers } }),
    getFrom: (localAddress, path, headers = {}) => {
      let agent = agents.get(localAddress);
      if (agent === undefined) agents.set(localAddress, (agent = new Agent({ localAddress })));
      // fetch takes undici's dispatcher option, which RequestInit does not declare
      return server.get(path, {
        headers: { 'user-agent': 'limits-test', ...headers },
        dispatcher: agent,
      } as RequestInit);
    },
    close: async () => {
      await server.close();
      await limiter.close();
      await Promise.all([...agents.values()].map((agent) => agent.close()));
    },
  };
}
