import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCollection } from '../../../src/ingest/collect/collection.js';
import { lockPathFor, type LockOwner } from '../../../src/store/write/writer-lock.js';
import { createFetcher } from '../../../src/ingest/collect/fetcher.js';
import { openStore } from '../../../src/store/read/store.js';
import { steppingClock, tempDir, testSource, tsvList, tsvParser } from './collect-helpers.js';

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

test('a collection killed (SIGKILL) midway leaves the live file intact; the next one recovers its lock and draft', async () => {
  const dir = tempDir();
  const live = join(dir, 'kohyo.sqlite');
  const list = join(dir, 'list.tsv');
  writeFileSync(list, tsvList(3));
  const fetcher = createFetcher({ userAgent: 'test', sleep: async () => undefined });
  const clock = steppingClock('2026-11-20T00:00:00Z');
  const source = testSource('test-killed', 'https://example.go.jp/list.tsv');
  await runCollection({
    dbPath: live,
    sources: [source],
    resolve: () => tsvParser,
    fetcher,
    clock: clock.now,
    file: list,
  });
  const before = sha(live);

  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'killable-collection.ts'), live, list],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('parsing') && resolve());
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before parsing`)));
  });
  assert.ok(existsSync(`${live}.next-${child.pid}`), 'the child was building its draft');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;

  assert.equal(sha(live), before, 'the live file is untouched');
  assert.equal(
    (JSON.parse(readFileSync(lockPathFor(live), 'utf8')) as LockOwner).pid,
    child.pid,
    'the dead collection left its lock',
  );
  const store = openStore(live);
  assert.equal(store.sourcesOf.procurement_suspension.find((s) => s.id === 'test-killed')!.observed_count, 3);
  store.close();

  writeFileSync(list, tsvList(4));
  const next = await runCollection({
    dbPath: live,
    sources: [source],
    resolve: () => tsvParser,
    fetcher,
    clock: clock.now,
    file: list,
  });
  assert.equal(next.recovered_stale_lock, true);
  assert.deepEqual(next.removed_drafts, [`${live}.next-${child.pid}`]);
  assert.equal(next.results[0]!.result.published, 4);
  assert.deepEqual(readdirSync(dir).sort(), ['kohyo.sqlite', 'list.tsv']);
  await fetcher.close();
});
