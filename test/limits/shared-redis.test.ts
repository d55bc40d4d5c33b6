// Two server processes pointed at one Redis hold one set of limits between them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { demoDatabase } from '../helpers/server.js';

const SCRIPT = fileURLToPath(new URL('./limited-server-process.ts', import.meta.url));

let redis: RedisServer;
const children: ChildProcess[] = [];
before(async () => {
  redis = await startRedisServer();
});
after(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.filter((c) => c.exitCode === null).map((c) => new Promise((resolve) => c.once('exit', resolve))),
  );
  await redis.stop();
});

function startProcess(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => void (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(`http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`);
    });
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}: ${err}`)));
  });
}

test('two server processes sharing one Redis hold the same limits', async () => {
  const env = { REDIS_URL: redis.url, KOHYO_DB: await demoDatabase(), KOHYO_USAGE_SECRET: 'shared-test-secret' };
  const [a, b] = await Promise.all([startProcess(env), startProcess(env)]);
  const get = (base: string, ua: string) => fetch(`${base}/api/v1/companies?q=test`, { headers: { 'user-agent': ua } });

  // alternate between the processes: the one allowance of 10 is shared
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await get(i % 2 === 0 ? a : b, 'shared-client')).status);
  assert.deepEqual(statuses, [...Array<number>(10).fill(200), 429, 429]);
  const refused = await get(b, 'shared-client');
  assert.match(refused.headers.get('retry-after') ?? '', /^\d+$/u);
  assert.equal(refused.headers.get('ratelimit')?.startsWith('"minute";r=0;'), true);

  // a burst across both at once: exactly 10 pass
  const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => get(i % 2 === 0 ? a : b, 'burst-client')));
  assert.equal(burst.filter((r) => r.status === 200).length, 10);
});
