import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatasetHolder } from '../../../src/store/read/dataset-holder.js';
import { buildApp } from '../../../src/http/app.js';
import { loadConfig } from '../../../src/config.js';
import { openStore, type Store } from '../../../src/store/read/store.js';
import { runCollection } from '../../../src/ingest/collect/collection.js';
import { runImportRecords } from '../../../src/ingest/records/records-command.js';
import { createFetcher } from '../../../src/ingest/collect/fetcher.js';
import { steppingClock, tempDir, testSource, tsvList, tsvParser } from '../../ingest/collect/collect-helpers.js';

const fetcher = createFetcher({ userAgent: 'test', sleep: async () => undefined });
after(() => fetcher.close());
const source = testSource('test-swap', 'https://example.go.jp/swap.tsv');

async function collect(live: string, dir: string, n: number, clock: () => Date): Promise<void> {
  const list = join(dir, `list-${n}.tsv`);
  writeFileSync(list, tsvList(n));
  await runCollection({ dbPath: live, sources: [source], resolve: () => tsvParser, fetcher, clock, file: list });
}

test('the swap under load: requests run while a collection publishes; none fails and later ones see the new data', async () => {
  const dir = tempDir();
  const live = join(dir, 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  await collect(live, dir, 3, clock.now);
  let switched!: () => void;
  const switchedOnce = new Promise<void>((resolve) => (switched = resolve));
  const holder = new DatasetHolder(live, { onSwitched: () => switched() });
  holder.start();
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    dataset: holder.dataset,
    clock: () => new Date('2026-11-20T01:00:00Z'),
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  holder.watch(20);
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const observed = async (): Promise<number> => {
    const response = await fetch(`${base}/api/v1/procurement-suspension-coverage`);
    assert.equal(response.status, 200);
    const body = (await response.json()) as {
      data: { coverage: { publisher_group: { code: string }; observed_count: number }[] };
    };
    return body.data.coverage.find((g) => g.publisher_group.code === 'prefecture')!.observed_count;
  };
  assert.equal(await observed(), 3);

  let running = true;
  const statuses: number[] = [];
  const seen = new Set<number>();
  const loop = async () => {
    while (running) {
      const [coverage, search] = await Promise.all([
        observed(),
        fetch(`${base}/api/v1/procurement-suspensions?q=${encodeURIComponent('見本建設')}`).then((r) => r.status),
      ]);
      seen.add(coverage);
      statuses.push(search);
    }
  };
  const loops = [loop(), loop(), loop(), loop()];
  await collect(live, dir, 5, clock.now);
  await switchedOnce;
  assert.equal(await observed(), 5, 'a request after the switch sees the new file');
  running = false;
  await Promise.all(loops);

  assert.ok(statuses.length > 0);
  assert.deepEqual([...new Set(statuses)], [200], 'no request failed during the swap');
  assert.ok([...seen].every((n) => n === 3 || n === 5));
  await app.close();
  holder.close();
});

test('the old store closes once its grace is over, or when the holder closes; a bad file keeps the old store', async () => {
  const dir = tempDir();
  const live = join(dir, 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  await collect(live, dir, 2, clock.now);
  const closed: string[] = [];
  const failures: Error[] = [];
  let opened = 0;
  const open = (path: string): Store => {
    const store = openStore(path);
    const name = `store-${++opened}`;
    return { ...store, close: () => (closed.push(name), store.close()) };
  };
  // the graces, ended by the test rather than by a timer
  const graces: (() => void)[] = [];
  const holder = new DatasetHolder(live, { onReloadFailed: (e) => failures.push(e) }, open, (close) =>
    graces.push(close),
  );
  const first = holder.start();

  await collect(live, dir, 3, clock.now);
  assert.equal(holder.reload(), true);
  assert.notEqual(holder.dataset(), first);
  assert.deepEqual(closed, [], 'the first store is open through its grace');
  assert.equal(first.companies.findByCorporateNumber('0000000000000'), null, 'and still answers');
  graces.shift()?.();
  assert.deepEqual(closed, ['store-1']);
  assert.equal(holder.reload(), false, 'the same file is not opened twice');

  // a file that is not a database: reported, and the current store still answers
  const current = holder.dataset();
  writeFileSync(join(dir, 'junk'), 'not a database');
  copyFileSync(live, join(dir, 'keep.sqlite'));
  renameSync(join(dir, 'junk'), live);
  assert.equal(holder.reload(), false);
  assert.equal(failures.length, 1);
  assert.equal(holder.dataset(), current);

  // a store replaced and still in its grace is closed with the holder, once
  renameSync(join(dir, 'keep.sqlite'), live);
  assert.equal(holder.reload(), true);
  assert.deepEqual(closed, ['store-1']);
  holder.close();
  assert.deepEqual(closed.sort(), ['store-1', 'store-2', 'store-3']);
  graces.shift()?.();
  assert.equal(closed.length, 3, 'a grace ending after the holder closed closes nothing twice');
});

test('an import written in place while the server reads the file is picked up on reload', async () => {
  const dir = tempDir();
  const live = join(dir, 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  await collect(live, dir, 2, clock.now);
  const records = new URL('../../fixtures/records/good.jsonl', import.meta.url).pathname;
  const importAt = async (at: string) => {
    const io = {
      dbPath: live,
      now: () => new Date(at),
      stdout: () => undefined,
      stderr: (l: string) => assert.fail(l),
    };
    assert.equal(await runImportRecords([records], io), 0);
  };
  // the first import turns the published file to write-ahead logging; from then on the server's connection holds the log open
  await importAt('2026-11-21T00:00:00Z');
  const holder = new DatasetHolder(live);
  holder.start();
  assert.equal(holder.dataset()!.meta.version, '2026-11-21T00:00:00Z');

  await importAt('2026-11-22T00:00:00Z');
  assert.equal(holder.reload(), true, 'the import changed the file itself, not only its log');
  assert.equal(holder.dataset()!.meta.version, '2026-11-22T00:00:00Z');
  holder.close();
});
