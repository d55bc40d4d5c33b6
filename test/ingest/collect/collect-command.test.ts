import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../../../src/cli.js';
import { runCollect } from '../../../src/ingest/collect/collect-command.js';
import { runSources } from '../../../src/ingest/collect/sources-command.js';
import { createFetcher } from '../../../src/ingest/collect/fetcher.js';
import { loadSourceRegistry } from '../../../src/ingest/registry/source-registry.js';
import {
  bodyRoute,
  FIXTURE_HOSTS,
  startFixtureServer,
  tempDir,
  testResolver,
  testSource,
  tsvList,
} from './collect-helpers.js';
import { sharedData } from '../../helpers/shared-data.js';
import { capturedIo } from '../../helpers/captured-io.js';

const server = await startFixtureServer({
  '/ok.tsv': bodyRoute(`# 令和7年度分\n${tsvList(3)}`),
  '/gone.tsv': bodyRoute('gone', 404),
});
const fetcher = createFetcher({ userAgent: 'test', sleep: async () => undefined, allowHosts: FIXTURE_HOSTS });
after(async () => {
  await fetcher.close();
  await server.close();
});

function io(dbPath: string) {
  const ok = testSource('test-ok', server.url('/ok.tsv'));
  const gone = testSource('test-gone', server.url('/gone.tsv'), 'pref_27');
  const registry = { sources: [ok, gone], get: (id: string) => [ok, gone].find((s) => s.id === id) };
  const extra = { dbPath, contact: 'ops@example.org', registry, resolve: testResolver, fetcher };
  return capturedIo('2026-11-20T00:00:00Z', extra);
}

test('collect prints a line per source and a summary table; a failed source makes the exit code 1', async () => {
  const dbPath = join(tempDir(), 'kohyo.sqlite');
  const run = io(dbPath);
  assert.equal(await runCollect([], run.io), 1);
  const text = run.out.join('\n');
  assert.match(
    text,
    /\[\d\/2\] test-ok: success, HTTP 200, 3 records, linked 0 \(0 by name and address\), unlinked 3 \(0 ambiguous\)/u,
  );
  assert.match(text, /\[\d\/2\] test-gone: failure, HTTP 404, .*: the server answered 404/u);
  assert.match(
    text,
    /^source\s+files\s+outcome\s+http\s+records\s+linked\s+linked %\s+unlinked\s+skipped\s+removed\s+time$/mu,
  );
  assert.match(text, /^test-ok\s+1\s+success\s+200\s+3\s+0\s+0\.0 %\s+3\s+1\s+\d+\.\d s$/mu);
  // under the table: the rows the parser skipped with its reasons, each failure's error, the linked share
  assert.match(text, /^test-ok:\n  skipped row 1: a note, not a record: 「令和7年度分」$/mu);
  assert.match(text, /^test-gone:\n  error: the server answered 404$/mu);
  // what retention removed is said even when it removed nothing
  assert.match(text, /^retention removed no record: records delisted more than 1825 days before the edition/mu);
  assert.match(
    text,
    /^linked 0 of 3 records \(0\.0 %\): 0 by the source's Corporate Number, 0 by name and address; 3 unlinked \(0 ambiguous\)$/mu,
  );
  assert.match(run.err.join('\n'), /1 of 2 source\(s\) failed/u);

  const sources = io(dbPath);
  assert.equal(await runSources([], sources.io), 0);
  assert.match(
    sources.out.join('\n'),
    /^test-ok\s+pref_13\s+procurement_suspension\s+list_file csv\s+csv-table\s+success\s+2026-11-20T\S+\s+3\s+1\s+0$/mu,
  );
  // the run keeps what the parser skipped and warned of, and `sources` shows it
  assert.match(sources.out.join('\n'), /^test-ok:\n  skipped row 1: a note, not a record: 「令和7年度分」$/mu);
  assert.match(sources.out.join('\n'), /^test-gone\s+.*failure .*the server answered 404$/mu);
});

test("collect mhlw-labour-law-violations --file reads the ministry's own PDF end to end", async () => {
  const dbPath = join(tempDir(), 'kohyo.sqlite');
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['collect', 'mhlw-labour-law-violations', '--file', sharedData('mhlw/000534084.pdf')], {
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    now: () => new Date('2026-11-20T00:00:00Z'),
    env: { KOHYO_DB: dbPath },
  });
  assert.equal(code, 0, err.join('\n'));
  assert.match(out.join('\n'), /mhlw-labour-law-violations: success, 414 records/u);
  const db = new Database(dbPath, { readonly: true });
  assert.deepEqual(
    db.prepare('SELECT count(*) AS n FROM enforcements WHERE source_id = ?').get('mhlw-labour-law-violations'),
    { n: 414 },
  );
  const run = db.prepare('SELECT outcome, http_status, records, bytes FROM collection_runs').get() as Record<
    string,
    unknown
  >;
  assert.deepEqual(
    { ...run, bytes: (run.bytes as number) > 0 },
    { outcome: 'success', http_status: null, records: 414, bytes: true },
  );
  // every source of the registry is registered, so coverage lists the ones not collected yet too
  assert.ok(
    (db.prepare('SELECT count(*) AS n FROM sources').get() as { n: number }).n === loadSourceRegistry().sources.length,
  );
  db.close();
});
