// A server process for shared-redis.test.ts: the real app with the limiter the settings build, on a free port.
// Prints {"port": N} once it listens. Settings come from the environment, as in main.ts.
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { limiterFromConfig } from '../../src/limits/limiter-from-config.js';
import { openStore } from '../../src/store/read/store.js';

const config = loadConfig(process.env);
const silent = { warn: () => undefined, info: () => undefined };
const limiter = limiterFromConfig(config, { clock: () => new Date(), log: silent });
const store = openStore(config.dbPath);
const app = await buildApp({
  config,
  dataset: () => store,
  clock: () => new Date(),
  logger: false,
  limiter,
});
await limiter.ready();
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address !== null ? address.port : null })}\n`,
);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => limiter.close())
    .then(() => {
      store.close();
      process.exit(0);
    });
});
