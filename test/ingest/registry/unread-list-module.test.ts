// A module for a list the registry names as unread is its folder alone: copied into a new folder, it takes the list's
// place in the registry (by the list's id, or by its address), in the data /coverage is built from, in `sources try`
// and in `collect`, and no other file is edited. The copies are made in temporary folders: src/ is left as it was. And a
// registry that does not load is told in a sentence by the command line's own process, never as a stack trace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sourceCoverageList } from '../../../src/domain/source-coverage.js';
import { runCollect } from '../../../src/ingest/collect/collect-command.js';
import { resolveParser } from '../../../src/ingest/collect/resolve-parser.js';
import { runSources } from '../../../src/ingest/collect/sources-command.js';
import { registerSources } from '../../../src/ingest/registry/register-sources.js';
import {
  SOURCES_ROOT,
  loadSourceRegistry,
  registryEntriesOf,
  sourceRegistry,
} from '../../../src/ingest/registry/source-registry.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { openReadOnly } from '../../../src/store/schema/database.js';
import { sourceCoverage } from '../../../src/store/read/coverage-queries.js';
import { seedVocabularies } from '../../../src/store/write/vocabulary-seed.js';
import { inCopiedCheckout } from '../../helpers/copied-checkout.js';
import { sharedData } from '../../helpers/shared-data.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const LIST = sharedData('jftc/actions.csv');
// the 個人情報保護委員会's list, registered unread at the commission's site root (src/ingest/unread-lists/)
const UNREAD = 'ppc-actions';

/** Every file under `dir` with a hash of its bytes: what a test compares to say no file was edited or added. */
function filesOf(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex')] as const;
      }),
  );
}

/** The JFTC module's source.ts as a module of the unread list would start: the same table, the list's id and publisher. */
function copiedModule(id: string, publisher: string): string {
  const text = readFileSync(join(ROOT, 'src/ingest/sources/jftc-actions/source.ts'), 'utf8');
  return text.replace("id: 'jftc-actions'", `id: '${id}'`).replace("publisher: 'jftc'", `publisher: '${publisher}'`);
}

function lines() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) };
}

test('a module copied into a new folder for an unread list: the registry, /coverage, sources try and collect take it', async () => {
  const before = filesOf(join(ROOT, 'src'));
  const folders = mkdtempSync(join(tmpdir(), 'kohyo-unread-module-'));
  try {
    mkdirSync(join(folders, UNREAD));
    writeFileSync(join(folders, UNREAD, 'source.ts'), copiedModule(UNREAD, 'ppc'));
    const unread = sourceRegistry().get(UNREAD);
    assert.equal(unread?.parser, 'not_written', 'the list is registered unread');

    // the registry: the unread tables as they are, and the folder found beside the repository's
    const found = await registryEntriesOf([SOURCES_ROOT, pathToFileURL(`${folders}/`)]);
    assert.deepEqual(found.problems, []);
    assert.deepEqual(found.taken, [{ id: UNREAD, by: UNREAD, origin: `module folder '${UNREAD}'`, how: 'id' }]);
    const registry = loadSourceRegistry(found.entries, found.problems, found.taken);
    assert.equal(registry.sources.length, sourceRegistry().sources.length, 'the module took the place of the list');
    const read = registry.get(UNREAD);
    assert.equal(read?.parser, 'csv-table');
    assert.equal(read?.url, 'https://raw.githubusercontent.com/eoylab/jftc-actions/main/data/actions.csv');
    assert.equal(read?.publisher, 'ppc');

    // sources try reads the list through the module
    const tried = lines();
    const dbPath = join(folders, 'kohyo.sqlite');
    const now = () => new Date('2026-11-26T03:00:00Z');
    // the table readers in this thread (resolveParser): a parsing thread costs its start, which is not what is tested
    const resolve = resolveParser;
    assert.equal(await runSources(['try', UNREAD, '--file', LIST], { ...tried, dbPath, now, registry, resolve }), 0);
    assert.match(tried.out.join('\n'), /^rows: 361 read, 228 kept as records, 133 skipped$/mu);

    // what /coverage is built from: the source registered with the module's address, then collected
    const db = openWritable(dbPath);
    try {
      seedVocabularies(db);
      registerSources(db, registry.sources);
      const row = sourceCoverage(db, 'enforcement').find((s) => s.id === UNREAD);
      assert.equal(row?.url, read?.url);
      assert.equal(row?.last_success_at, null);
    } finally {
      db.close();
    }
    const collected = lines();
    const code = await runCollect([UNREAD, '--file', LIST], {
      ...collected,
      dbPath,
      now,
      contact: null,
      registry,
      resolve,
    });
    assert.equal(code, 0, collected.err.join('\n'));
    const dataset = openReadOnly(dbPath);
    try {
      const [coverage] = sourceCoverageList(
        sourceCoverage(dataset, 'enforcement')
          .filter((s) => s.id === UNREAD)
          .map((s) => ({ ...s, record_kind: 'enforcement' as const })),
        now(),
        48,
      );
      assert.equal(coverage?.observed_count, 228);
      assert.equal(coverage?.freshness.status, 'fresh');
      assert.equal(coverage?.url, read?.url);
    } finally {
      dataset.close();
    }
  } finally {
    rmSync(folders, { recursive: true, force: true });
  }
  assert.deepEqual(filesOf(join(ROOT, 'src')), before, 'no file of src/ was edited, added or left behind');
});

test("a module reading an unread list's own address takes its place under an id of its own; the dataset drops the old id", async () => {
  const folders = mkdtempSync(join(tmpdir(), 'kohyo-unread-address-'));
  try {
    // 国土交通省's 営繕工事 press releases, registered unread at their own pages
    const pressed = sourceRegistry().get('mlit-press-procurement-suspensions');
    assert.equal(pressed?.url_kind, 'list_page');
    mkdirSync(join(folders, 'mlit-eizen-suspensions'));
    const module = copiedModule('mlit-eizen-suspensions', 'mlit').replace(
      "url: 'https://raw.githubusercontent.com/eoylab/jftc-actions/main/data/actions.csv'",
      `url: '${pressed.url}'`,
    );
    writeFileSync(join(folders, 'mlit-eizen-suspensions', 'source.ts'), module);
    const found = await registryEntriesOf([SOURCES_ROOT, pathToFileURL(`${folders}/`)]);
    assert.deepEqual(found.taken, [
      {
        id: 'mlit-press-procurement-suspensions',
        by: 'mlit-eizen-suspensions',
        origin: "module folder 'mlit-eizen-suspensions'",
        how: 'address',
      },
    ]);
    const registry = loadSourceRegistry(found.entries, found.problems, found.taken);
    assert.equal(registry.get('mlit-press-procurement-suspensions'), undefined);
    assert.equal(registry.get('mlit-eizen-suspensions')?.url, pressed.url);

    // a dataset that registered the unread list drops it, never collected, when the module's source is registered
    const db = openWritable(join(folders, 'kohyo.sqlite'));
    try {
      seedVocabularies(db);
      registerSources(db, sourceRegistry().sources);
      const ids = () => db.prepare('SELECT id FROM sources WHERE publisher_code = ?').pluck().all('mlit');
      assert.ok(ids().includes('mlit-press-procurement-suspensions'));
      registerSources(db, registry.sources, ['mlit-press-procurement-suspensions']);
      assert.ok(!ids().includes('mlit-press-procurement-suspensions'));
      assert.ok(ids().includes('mlit-eizen-suspensions'));
    } finally {
      db.close();
    }
  } finally {
    rmSync(folders, { recursive: true, force: true });
  }
});

test('a module whose id another already has: the command line says so in a sentence and exits 1, with no stack trace', async () => {
  await inCopiedCheckout(async ({ root, kohyo }) => {
    const sources = join(root, 'src/ingest/sources');
    for (const folder of [UNREAD, `${UNREAD}-again`]) {
      mkdirSync(join(sources, folder));
      writeFileSync(join(sources, folder, 'source.ts'), copiedModule(UNREAD, 'ppc'));
    }
    const twice = await kohyo(['sources', 'try', UNREAD, '--file', LIST], { KOHYO_DB: join(root, 'none.sqlite') });
    assert.equal(twice.code, 1);
    assert.equal(twice.stdout, '');
    assert.match(
      twice.stderr,
      /^kohyo sources try: the source registry does not load: the source registry has 1 problem\(s\):\nsource 'ppc-actions': the id is used twice \(in module folder 'ppc-actions' and in module folder 'ppc-actions-again'\): give one of them another id\n$/u,
    );
    assert.doesNotMatch(twice.stderr, /^\s+at /mu, 'no stack trace');
  });
});
