// Production and demo never mix. Every writing command refuses the other kind, says what to do, and changes nothing.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { runCli } from '../../src/cli.js';
import { liveDatasetKind } from '../../src/store/write/dataset-kind.js';
import { demoDatabase } from '../helpers/server.js';
import { sharedData } from '../helpers/shared-data.js';
import { tempDir } from './collect/collect-helpers.js';
import { SAMPLE_FILE } from './nta/nta-fixtures.js';

const RECORDS_FILE = new URL('../fixtures/records/good.jsonl', import.meta.url).pathname;
const now = new Date('2026-11-22T00:00:00Z');

async function cli(dbPath: string, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    now: () => now,
    env: { KOHYO_DB: dbPath },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Every file of the folder with its digest: a refusal leaves each of them as it was, and adds none. */
function folder(dbPath: string): Record<string, string> {
  const dir = join(dbPath, '..');
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [
        name,
        createHash('sha256')
          .update(readFileSync(join(dir, name)))
          .digest('hex'),
      ]),
  );
}

const REAL_WRITERS: readonly (readonly [string, (dir: string) => string[]])[] = [
  ['import nta', () => ['import', 'nta', SAMPLE_FILE]],
  ['import records', () => ['import', 'records', RECORDS_FILE]],
  ['collect', () => ['collect', 'caa-keihyo-actions', '--file', sharedData('caa/keihyo_release_2024_index.main.html')]],
];

describe('the demo guard', () => {
  let demo: string;
  before(async () => {
    // the run's demo dataset (built once per test run): what is guarded is its kind, whatever its build time
    demo = await demoDatabase();
  });

  for (const [name, argv] of REAL_WRITERS) {
    it(`${name} into the demo dataset is refused with how to start a production dataset, and the file is byte-identical`, async () => {
      const dbPath = join(tempDir(), 'kohyo.sqlite');
      copyFileSync(demo, dbPath);
      const was = folder(dbPath);
      const run = await cli(dbPath, argv(join(dbPath, '..')));
      assert.equal(run.code, 1);
      assert.equal(run.out, '');
      const [refusal, ...instead] = run.err.split('\n');
      assert.equal(
        refusal,
        `kohyo ${name}: KOHYO_DB (${dbPath}) holds the fictional demo dataset; real records never go into it. Start a production dataset: ` +
          'point KOHYO_DB at a new path (KOHYO_DB=data/production.sqlite npm run kohyo -- import nta FILE) or delete the demo file. Nothing was changed.',
      );
      // a collection is told what to run instead, the new file and the setting, with its own arguments
      const production = join(dbPath, '..', 'production.sqlite');
      assert.deepEqual(
        instead.map((line) => line.trim().split(' ').slice(0, 3).join(' ')),
        name === 'collect'
          ? [
              'kohyo collect: to',
              `KOHYO_DB=${production} npx kohyo`,
              'and serve that',
              `KOHYO_DB=${production} npm start`,
            ]
          : [],
      );
      assert.deepEqual(folder(dbPath), was);
      assert.equal(liveDatasetKind(dbPath), 'demo');
    });

    it(`${name} into a path with no dataset makes it a production dataset`, async () => {
      const dbPath = join(tempDir(), 'new', 'kohyo.sqlite');
      const run = await cli(dbPath, argv(join(dbPath, '..')));
      assert.equal(run.code, 0, run.err);
      assert.equal(liveDatasetKind(dbPath), 'production');
    });
  }

  it('build-demo never replaces a production dataset, not even with --force', async () => {
    const dbPath = join(tempDir(), 'kohyo.sqlite');
    assert.equal((await cli(dbPath, ['import', 'records', RECORDS_FILE])).code, 0);
    const was = folder(dbPath);
    for (const argv of [['build-demo'], ['build-demo', '--force']]) {
      const run = await cli(dbPath, argv);
      assert.equal(run.code, 1, argv.join(' '));
      assert.match(
        run.err,
        argv.length === 1
          ? /exists; give --force .*\(a production dataset is never replaced\)/u
          : /holds a production dataset; the demo never replaces it, not even with --force/u,
      );
      assert.deepEqual(folder(dbPath), was);
    }
    assert.equal(liveDatasetKind(dbPath), 'production');
  });

  it('build-demo --force replaces a demo dataset', async () => {
    const dbPath = join(tempDir(), 'kohyo.sqlite');
    copyFileSync(demo, dbPath);
    const run = await cli(dbPath, ['build-demo', '--force']);
    assert.equal(run.code, 0, run.err);
    assert.equal(liveDatasetKind(dbPath), 'demo');
  });
});
