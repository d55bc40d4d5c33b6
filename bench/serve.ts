// The server side of the benchmark, run in its own process: `node --import tsx bench/serve.ts baseline | kohyo DB_PATH`.
// It listens on a free loopback port, prints one line `{"port":N}` on stdout, and exits when stdin closes.
import type { FastifyInstance } from 'fastify';
import { buildBaselineApp } from './baseline-app.js';
import { buildApp } from '../src/http/app.js';
import { loadConfig } from '../src/config.js';
import { openStore, type Store } from '../src/store/store.js';

async function main(argv: readonly string[]): Promise<void> {
  const [kind, dbPath] = argv;
  let store: Store | null = null;
  let app: FastifyInstance;
  if (kind === 'baseline') {
    app = await buildBaselineApp();
  } else if (kind === 'kohyo' && dbPath !== undefined) {
    store = openStore(dbPath);
    const opened = store;
    // Built as production builds it, minus the request log and the rate limiter (no beforeApiRequest):
    // the bench measures the answering path, and a limiter would refuse the load after 10 requests.
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    app = await buildApp({ config, dataset: () => opened, clock: () => new Date(), logger: false });
  } else {
    throw new Error('usage: serve.ts baseline | kohyo DB_PATH');
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP port');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

  // The parent holds our stdin open; when it goes (normally or by crashing) we go too, so no server outlives a run.
  process.stdin.resume();
  process.stdin.on('end', () => {
    void app.close().then(() => {
      store?.close();
      process.exit(0);
    });
  });
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
