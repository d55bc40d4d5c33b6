// What the limiter's state costs per address, as an operator sees it: the memory store's heap, the whole server
// process's heap and RSS (every per-address table beside the store: client keys, the ceilings, the logs' memos) against
// the same requests from one address, and Redis's memory and keys; each case in a process of its own, after a full GC.
//   node --import tsx bench/limiter-state.ts [--addresses 20000,100000] [--cases store,app,redis,redis-busy]
// (app: about 4 minutes of CPU for 100,000 addresses; redis-busy: 300 requests of each of at most 100 clients)
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { loadConfig } from '../src/config.js';
import { MemoryStore } from '../src/limits/memory-store.js';
import { RedisStore } from '../src/limits/redis-store.js';
import { limitPolicy, type LimitPolicy } from '../src/limits/policy.js';
import { startService, type Service } from '../src/service.js';
import { createLogger, logDestination } from '../src/logger.js';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { startRedisServer } from '../test/helpers/redis-server.js';
import { SERVER_NODE_FLAGS } from '../src/server-node-flags.js';
import { RAISED_LIMITS_ENV } from './fair-share-catalogue.js';

const { values } = parseArgs({
  options: {
    addresses: { type: 'string', default: '20000,100000' },
    cases: { type: 'string', default: 'store,app,redis' },
    // set by the parent for the child that measures one case
    child: { type: 'string' },
    count: { type: 'string' },
  },
});

/** The instant every check is made at: one request each, within one minute. */
const NOW = Date.parse('2026-11-21T03:00:00Z');

/** An address of its own /64 for each i: what a client behind a trusted proxy, with IPv6, can send. */
const addressOf = (i: number) => `2001:db8:${(i >>> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`;

/** A key as client-identity.ts makes one (32 characters of base64url): distinct per i and scope. */
const keyOf = (scope: string, i: number) => `${scope}${String(i).padStart(10, '0')}`.padEnd(32, 'x');

/** The most clients redis-busy fills to their daily limit. */
const BUSY_CLIENTS = 100;

/** A hashed term as request-probe.ts makes one (16 characters); the same question from every address. */
const TERM = 'q2n8Yx0b1c3d5e7f';

function heapAfterGc(): { heapMb: number; heapTotalMb: number; rssMb: number } {
  // --expose-gc: the parent starts the child with it
  (globalThis as { gc?: () => void }).gc?.();
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, heapTotal, rss } = process.memoryUsage();
  return { heapMb: heapUsed / 2 ** 20, heapTotalMb: heapTotal / 2 ** 20, rssMb: rss / 2 ** 20 };
}

/**
 * The memory store alone: `count` addresses, one request each, with and without the address scope; a search (one
 * term) or a look-up by number (one term and its number, each address's far from the others').
 */
function storeCase(count: number, factor: string, asks: 'search' | 'number'): object {
  const policy = limitPolicy(loadConfig({ KOHYO_ADDRESS_LIMIT_FACTOR: factor }).limits);
  const before = heapAfterGc();
  const store = new MemoryStore(policy);
  for (let i = 0; i < count; i++)
    store.check({
      key: keyOf('c', i),
      address: keyOf('a', i),
      now: NOW,
      terms: [asks === 'search' ? TERM : keyOf('n', i).slice(0, 16)],
      bases: asks === 'search' ? [] : [400_000_000_000 + i * 1000],
    });
  const after = heapAfterGc();
  return {
    held: store.size,
    heapMb: round(after.heapMb - before.heapMb),
    bytesPerEntry: bytesPer(after, before, store.size),
  };
}

/**
 * The service as `npm start` runs it (startService: the memory limiter, the usage log, the request log to
 * /dev/null), behind a trusted proxy: `count` requests of `/api/v1/companies?q=…`, each from an address of its own,
 * through app.inject (the proxy's one connection aside, the per-address state is the limits' and the logs').
 */
async function appCase(count: number, addresses: 'distinct' | 'one'): Promise<object> {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-state-'));
  const dbPath = join(dir, 'demo.sqlite');
  buildDemoDatabase(dbPath, { now: new Date() });
  const config = loadConfig({
    KOHYO_DB: dbPath,
    KOHYO_USAGE_DB: join(dir, 'usage.sqlite'),
    KOHYO_USAGE_SECRET: 'bench',
    KOHYO_TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'info',
    // one address asks as often as all of them: nothing refused, so that the two cases differ only by addresses
    ...RAISED_LIMITS_ENV,
  });
  const service = await startService(config, createLogger('info', logDestination('/dev/null')));
  await service.ready();
  // a first request of each kind, so that what is made once (schemas compiled, statements prepared) is not counted
  const from = (i: number) => (addresses === 'one' ? 0 : i);
  for (let i = 0; i < 50; i++) await ask(service.app, from(i));
  await new Promise((resolve) => setImmediate(resolve));
  const before = heapAfterGc();
  for (let i = 50; i < count + 50; i++) {
    await ask(service.app, from(i));
    // inject answers through promises alone: without a turn of the event loop now and then, every answer's streams
    // wait in the immediate queue to finish, and the heap holds them all
    if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  const after = heapAfterGc();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    heapMb: round(after.heapMb - before.heapMb),
    heapTotalAtEndMb: round(after.heapTotalMb),
    rssMb: round(after.rssMb - before.rssMb),
    rssAtEndMb: round(after.rssMb),
  };
}

const round = (mb: number) => Math.round(mb * 10) / 10;

async function ask(app: Service['app'], i: number): Promise<void> {
  const answer = await app.inject({
    method: 'GET',
    url: '/api/v1/companies/8999999000001',
    headers: { 'x-forwarded-for': addressOf(i), 'user-agent': 'bench' },
    remoteAddress: '127.0.0.1',
  });
  if (answer.statusCode !== 200) throw new Error(`answer ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
}

/**
 * A redis-server of its own (`options` on its command line), the limits' Redis store over it at `factor`, and what
 * `fill` leaves in it: Redis's used memory grown, and its keys.
 */
async function inRedis(
  factor: string,
  options: readonly string[],
  fill: (store: RedisStore, policy: LimitPolicy) => Promise<object>,
): Promise<{ readonly grown: number; readonly keys: number; readonly filled: object }> {
  const server = await startRedisServer(options);
  const redis = new Redis(server.url);
  try {
    const policy = limitPolicy(loadConfig({ KOHYO_ADDRESS_LIMIT_FACTOR: factor }).limits);
    const used = async () => Number(/used_memory:(\d+)/u.exec(await redis.info('memory'))?.[1]);
    const before = await used();
    const filled = await fill(new RedisStore(redis, policy), policy);
    return { grown: (await used()) - before, keys: await redis.dbsize(), filled };
  } finally {
    redis.disconnect();
    await server.stop();
  }
}

/** Runs `check(i)` for i below `count`, 50 at a time, as a server's connections would send them. */
async function inBatches<T>(count: number, check: (i: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let i = 0; i < count; i += 50)
    answers.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => check(i + j)))));
  return answers;
}

/** Redis: `count` addresses, one check each, through the Redis store; its memory and keys. */
async function redisCase(count: number, factor: string): Promise<object> {
  const { grown, keys } = await inRedis(factor, [], async (store) =>
    inBatches(count, (i) =>
      store.check({ key: keyOf('c', i), address: keyOf('a', i), now: NOW, terms: [TERM], bases: [] }),
    ),
  );
  return { keys, mb: round(grown / 2 ** 20), bytesPerAddress: Math.round(grown / count) };
}

/**
 * Redis: `count` clients (one address each) at their daily limit: 300 requests a day, one every 6.1 s from a new
 * instant, 25 distinct terms in turn (under the enumeration rule's 30); memory per client with its address.
 */
async function busyRedisCase(count: number, options: readonly string[] = []): Promise<object> {
  const { grown, keys, filled } = await inRedis('3', options, async (store, policy) => {
    let refused = 0;
    for (let request = 0; request < policy.perDay; request++) {
      const term = `${TERM.slice(0, 14)}${String(request % 25).padStart(2, '0')}`;
      const decisions = await inBatches(count, (i) =>
        store.check({
          key: keyOf('c', i),
          address: keyOf('a', i),
          now: NOW + request * 6_100,
          terms: [term],
          bases: [],
        }),
      );
      refused += decisions.filter((decision) => decision.refusal !== null).length;
    }
    return { refused };
  });
  return { keys, ...filled, bytesPerClient: Math.round(grown / count) };
}

function bytesPer(after: { heapMb: number }, before: { heapMb: number }, entries: number): number {
  return Math.round(((after.heapMb - before.heapMb) * 2 ** 20) / Math.max(entries, 1));
}

async function runChild(which: string, count: number): Promise<object> {
  switch (which) {
    case 'store':
      return {
        search: storeCase(count, '3', 'search'),
        searchClientOnly: storeCase(count, '0', 'search'),
        number: storeCase(count, '3', 'number'),
      };
    case 'app':
      return { distinct: await appCase(count, 'distinct'), oneAddress: await appCase(count, 'one') };
    case 'redis':
      return { address: await redisCase(count, '3'), clientOnly: await redisCase(count, '0') };
    case 'redis-busy':
      // 300 checks each: a hundred clients are enough to read the bytes of one
      return {
        asStarted: await busyRedisCase(Math.min(count, BUSY_CLIENTS)),
        listpack1024: await busyRedisCase(Math.min(count, BUSY_CLIENTS), ['--zset-max-listpack-entries', '1024']),
      };
    default:
      throw new Error(`no case ${which}`);
  }
}

if (values.child !== undefined) {
  console.log(JSON.stringify(await runChild(values.child, Number(values.count))));
} else {
  const script = fileURLToPath(import.meta.url);
  for (const which of values.cases.split(','))
    for (const count of values.addresses.split(',').map(Number)) {
      const output = execFileSync(
        process.execPath,
        // the server's own flags (its young generation), as npm start runs it
        ['--expose-gc', ...SERVER_NODE_FLAGS, '--import', 'tsx', script, '--child', which, '--count', String(count)],
        { encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      console.log(`${which} ${count}: ${output.trim()}`);
    }
}
