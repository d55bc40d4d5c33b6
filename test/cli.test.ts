import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../src/cli.js';
import { capturedIo } from './helpers/captured-io.js';

const io = (env: Record<string, string> = {}) => capturedIo('2026-11-21T00:00:00Z', { env });

test('help prints the commands; no command or an unknown one is a usage error', async () => {
  const help = io();
  assert.equal(await runCli(['help'], help.io), 0);
  assert.match(help.out.join('\n'), /import nta FILE/u);
  assert.match(help.out.join('\n'), /import records FILE/u);
  assert.equal(await runCli([], io().io), 2);
  const unknown = io();
  assert.equal(await runCli(['frobnicate'], unknown.io), 2);
  assert.match(unknown.err.join('\n'), /unknown command "frobnicate"/u);
  assert.equal(await runCli(['import', 'csv'], io().io), 2);
});

test('collect: an unknown source, a source without a parser, or --file without exactly one id is a usage error', async () => {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'kohyo-cli-')), 'collect.sqlite');
  const cases: readonly (readonly [string[], RegExp])[] = [
    [['collect', 'no-such-source'], /no source 'no-such-source'/u],
    [['collect', 'mlit-negative-info-construction'], /has no parser yet/u],
    [['collect', '--file', 'x.pdf'], /exactly one SOURCE_ID/u],
    [['collect', '--frobnicate'], /unknown option/u],
  ];
  for (const [argv, message] of cases) {
    const run = io({ KOHYO_DB: dbPath });
    assert.equal(await runCli(argv, run.io), 2, argv.join(' '));
    assert.match(run.err.join('\n'), message);
  }
});

test("sources lists the registry with each source's last outcome", async () => {
  const run = io({ KOHYO_DB: join(mkdtempSync(join(tmpdir(), 'kohyo-cli-')), 'none.sqlite') });
  assert.equal(await runCli(['sources'], run.io), 0);
  const text = run.out.join('\n');
  assert.match(
    text,
    /^source\s+publisher\s+kind\s+address \(kind, format\)\s+parser\s+last outcome\s+at\s+records\s+skipped rows\s+warnings\s+error$/mu,
  );
  assert.match(
    text,
    /^mhlw-labour-law-violations\s+mhlw\s+enforcement\s+list_page → pdf\s+mhlw-labour-violations-pdf\s+never_collected$/mu,
  );
  assert.match(
    text,
    /^isa-titp-certification-revocations\s+isa\s+license_action\s+list_page → all xlsx\s+isa-titp-xlsx\s+never_collected$/mu,
  );
  assert.match(text, /^\S+\s+\S+\s+\S+\s+list_file pdf( \+\d+)?\s+pdf-table \(unproven\)\s+never_collected$/mu);
  assert.match(text, /^\S+\s+\S+\s+\S+\s+site_root\s+\(not written\)\s+never_collected$/mu);
});

test('a bad setting is reported, not thrown', async () => {
  const run = io({ KOHYO_MAX_PAGE: 'many' });
  assert.equal(await runCli(['help'], run.io), 2);
  assert.match(run.err.join('\n'), /KOHYO_MAX_PAGE/u);
});

test('import records writes to KOHYO_DB', async () => {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'kohyo-cli-')), 'cli.sqlite');
  const run = io({ KOHYO_DB: dbPath });
  assert.equal(await runCli(['import', 'records', 'test/fixtures/records/good.jsonl'], run.io), 0, run.err.join('\n'));
  const db = new Database(dbPath, { readonly: true });
  assert.equal((db.prepare('SELECT count(*) AS n FROM enforcements').get() as { n: number }).n, 2);
  db.close();
});

test('build-demo builds the demo dataset and refuses to overwrite without --force', async () => {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'kohyo-cli-')), 'demo.sqlite');
  assert.equal(await runCli(['build-demo'], io({ KOHYO_DB: dbPath }).io), 0);
  const again = io({ KOHYO_DB: dbPath });
  assert.equal(await runCli(['build-demo'], again.io), 1);
  assert.match(again.err.join('\n'), /--force/u);
  assert.equal(await runCli(['build-demo', '--force'], io({ KOHYO_DB: dbPath }).io), 0);
  const db = new Database(dbPath, { readonly: true });
  assert.equal(
    (db.prepare("SELECT value FROM dataset_meta WHERE key = 'kind'").get() as { value: string }).value,
    'demo',
  );
  db.close();
});

test('issue 79: a killed writer’s draft is deleted by the next command; a running writer’s is kept', async () => {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'kohyo-cli-')), 'kohyo.sqlite');
  // a process that has ended: its pid names a writer that is not running
  const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const dead = `${dbPath}.next-${ended.stdout}`;
  const running = `${dbPath}.next-${process.pid}`;
  for (const path of [dead, `${dead}-wal`, running]) writeFileSync(path, 'draft');
  const run = io({ KOHYO_DB: dbPath });
  assert.equal(await runCli(['sources'], run.io), 0);
  assert.deepEqual([existsSync(dead), existsSync(`${dead}-wal`), existsSync(running)], [false, false, true]);
  assert.match(run.err.join('\n'), /removed the draft a stopped writer left/u);
});
