// The plumbing on libraries made for it, or not (issue 78): @fastify/rate-limit beside Kohyo's limiter, @fastify/etag
// beside Kohyo's keyed validators, each on a bare Fastify route in one process: the CPU each adds to a request (µs,
// median of rounds, the variants alternated), and what each does that the contract asks (a sliding window; a 304 for
// an answer whose body holds a request id, before the limits count it). bench/HISTORY.md says what was decided.
//   node --import tsx bench/plumbing-libraries.ts [--requests 4000] [--rounds 7]
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import etag from '@fastify/etag';
import { createLimiter } from '../src/limits/limiter.js';
import { MemoryStore } from '../src/limits/memory-store.js';
import { limitPolicy } from '../src/limits/policy.js';
import { parseTrustedProxies } from '../src/limits/client-identity.js';
import { loadConfig } from '../src/config.js';
import { validatorsOf, notModified } from '../src/http/hooks/conditional.js';
import { queryOf } from '../src/domain/url-parts.js';
import { describeLoadAverage, describeMachine, markdownTable, median } from './report.js';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '4000' }, rounds: { type: 'string', default: '7' } },
});
const REQUESTS = Number(values.requests);
const ROUNDS = Number(values.rounds);
const PATH = '/api/v1/companies';
const USER_AGENTS = Array.from({ length: 1000 }, (_, i) => `bench-agent-${i}`);

/** An answer as Kohyo's are: its meta carries a request id, new every time. */
const answer = () => ({ data: { companies: [] }, meta: { request_id: randomUUID() } });

/** Limits no load here reaches: every variant does its work and refuses nothing. */
const RAISED = { KOHYO_LIMIT_PER_MINUTE: '1000000', KOHYO_LIMIT_PER_DAY: '100000000' };
const RAISED_ENUM = { KOHYO_ENUM_DISTINCT_TERMS: '1000000', KOHYO_ENUM_SEQUENTIAL: '1000' };

function kohyoLimiter(
  clock: () => Date = () => new Date(),
  env: Record<string, string> = { ...RAISED, ...RAISED_ENUM },
) {
  const policy = limitPolicy(loadConfig(env).limits);
  return createLimiter({
    store: new MemoryStore(policy),
    policy,
    trusted: parseTrustedProxies([]),
    secret: 'bench',
    clock,
  });
}

type Variant = (app: FastifyInstance) => Promise<void>;

const VARIANTS: Readonly<Record<string, Variant>> = {
  'bare route': async () => {},
  '@fastify/rate-limit (one window)': async (app) => {
    await app.register(rateLimit, { max: 100_000_000, timeWindow: 60_000, keyGenerator: keyOf });
  },
  "Kohyo's limiter (two windows, two scopes, enumeration)": async (app) => {
    const limiter = kohyoLimiter();
    app.addHook('onRequest', async (request, reply) => limiter.beforeApiRequest(request, reply));
  },
  '@fastify/etag': async (app) => {
    await app.register(etag);
  },
  "Kohyo's keyed validators": async (app) => {
    const dataset = { version: '2026-11-28T00:00:00Z', kind: 'demo' };
    app.addHook('onSend', async (request, reply, payload) => {
      const validators = validatorsOf(PATH, queryOf(request.url), dataset, new Date(), 'bench');
      void reply.header('etag', validators.etag);
      if (!notModified(request, validators)) return payload;
      void reply.code(304);
      return '';
    });
  },
};

/** The client as both limiters tell it: address and User-Agent (Kohyo's also its client name, absent here). */
function keyOf(request: { ip: string; headers: Record<string, unknown> }): string {
  return `${request.ip} ${String(request.headers['user-agent'])}`;
}

async function appOf(variant: Variant): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await variant(app);
  app.get(PATH, async () => answer());
  await app.ready();
  return app;
}

/** CPU µs a request of each variant, by inject, User-Agents and queries in turn, the variants alternated by round. */
async function measure(): Promise<string[][]> {
  const apps = await Promise.all(Object.values(VARIANTS).map(appOf));
  const names = Object.keys(VARIANTS);
  const requests = Array.from({ length: REQUESTS }, (_, i) => ({
    url: `${PATH}?q=${encodeURIComponent(`company ${i % 600}`)}`,
    headers: { 'user-agent': USER_AGENTS[i % USER_AGENTS.length] ?? '' },
  }));
  const cpu = names.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? names.map((_, i) => i) : names.map((_, i) => names.length - 1 - i);
    for (const i of order) {
      const app = apps[i]!;
      // inject answers through a promise: the requests are made one after another, each awaited
      const started = process.cpuUsage();
      for (const request of requests) await app.inject({ method: 'GET', ...request });
      const used = process.cpuUsage(started);
      cpu[i]!.push((used.user + used.system) / requests.length);
    }
  }
  await Promise.all(apps.map((app) => app.close()));
  const bare = median(cpu[0]!);
  return names.map((name, i) => [name, median(cpu[i]!).toFixed(1), `+${(median(cpu[i]!) - bare).toFixed(1)}`]);
}

/**
 * The contract's minute is sliding: at most 10 in any 60 s. @fastify/rate-limit counts a fixed window per key from its
 * first request; shown at a window of 1 s (its store reads the real clock): one request, nine more just before the
 * window ends, ten just after it: nineteen within about 0.1 s. Kohyo's limiter, on an injected clock, the same.
 */
async function windows(): Promise<string[][]> {
  const library = Fastify({ logger: false });
  await library.register(rateLimit, { max: 10, timeWindow: 1000 });
  library.get(PATH, async () => answer());
  await library.ready();
  const admittedOf = async (app: FastifyInstance, count: number) => {
    let admitted = 0;
    for (let i = 0; i < count; i++) if ((await app.inject({ method: 'GET', url: PATH })).statusCode === 200) admitted++;
    return admitted;
  };
  let libraryAdmitted = await admittedOf(library, 1);
  await sleep(900);
  libraryAdmitted += await admittedOf(library, 9);
  await sleep(150);
  libraryAdmitted += await admittedOf(library, 10);
  await library.close();

  let now = new Date('2026-11-28T00:00:00Z');
  const limiter = kohyoLimiter(() => now, { KOHYO_LIMIT_PER_MINUTE: '10', ...RAISED_ENUM });
  const ours = Fastify({ logger: false });
  ours.addHook('onRequest', async (request, reply) => limiter.beforeApiRequest(request, reply));
  ours.get(PATH, async () => answer());
  await ours.ready();
  let oursAdmitted = await admittedOf(ours, 1);
  now = new Date(now.getTime() + 59_000);
  oursAdmitted += await admittedOf(ours, 9);
  now = new Date(now.getTime() + 1_500);
  oursAdmitted += await admittedOf(ours, 10);
  await ours.close();
  return [
    ['@fastify/rate-limit, window 1 s: 1, then 9 at 0.9 s, then 10 at 1.05 s', `${libraryAdmitted} of 20`],
    ["Kohyo's limiter, minute 60 s: 1, then 9 at 59 s, then 10 at 60.5 s", `${oursAdmitted} of 20`],
  ];
}

/** A repeated request naming the ETag its first answer carried: a 304 only where the ETag is not the body's. */
async function revalidations(): Promise<string[][]> {
  const rows: string[][] = [];
  for (const name of ['@fastify/etag', "Kohyo's keyed validators"] as const) {
    const app = await appOf(VARIANTS[name]!);
    const first = await app.inject({ method: 'GET', url: `${PATH}?q=x` });
    const again = await app.inject({
      method: 'GET',
      url: `${PATH}?q=x`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    rows.push([name, String(again.statusCode)]);
    await app.close();
  }
  return rows;
}

console.log(describeMachine());
console.log(`load average at the start: ${describeLoadAverage()}`);
console.log(`\n${REQUESTS} requests a variant a round, ${ROUNDS} rounds (inject, one process): CPU µs a request\n`);
console.log(markdownTable(['variant', 'µs a request', 'over the bare route'], await measure()));
console.log("\nWhat a burst at a window's edge is let through\n");
console.log(markdownTable(['limiter', 'admitted'], await windows()));
console.log('\nThe same query asked again with the ETag of its first answer\n');
console.log(markdownTable(['validators', 'status of the second answer'], await revalidations()));
console.log(`\nload average at the end: ${describeLoadAverage()}`);
