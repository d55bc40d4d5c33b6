// docs/data-sources.md's walk of adding a source, kept true to the code: a made list goes from a source file,
// written by `sources propose --write` into a folder outside src/, to records the running server answers, with no
// file of src/ changed and nothing built; the next edition is answered without a restart; the demo's refusal says what
// to run instead. What the guide pastes as each command's output is what it prints; the real list's file loads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../src/cli.js';
import { loadConfig } from '../../../src/config.js';
import { createLogger, logDestination } from '../../../src/logger.js';
import { startService } from '../../../src/service.js';
import { sourceFileEntry } from '../../../src/ingest/registry/source-files.js';
import { registryWithFiles, sourceRegistry } from '../../../src/ingest/registry/source-registry.js';
import { sharedData } from '../../helpers/shared-data.js';
import { capturedIo } from '../../helpers/captured-io.js';
import { demoDatabase } from '../../helpers/server.js';
import { until } from '../../helpers/until.js';

const guide = readFileSync('docs/data-sources.md', 'utf8');
const section = guide.slice(guide.indexOf('## Adding a source'), guide.indexOf('## Data and licences'));
const made = section.slice(section.indexOf('### The walk on a list made here'), section.indexOf('### The same walk'));
const real = section.slice(section.indexOf('### The same walk on a real list'), section.indexOf('### A source module'));

/** The first code block of a language in a text (after `from`, where given). */
function block(text: string, language: string, from = ''): string {
  const found = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'u').exec(text.slice(text.indexOf(from)))?.[1];
  assert.ok(found !== undefined, `a ${language} block`);
  return found;
}

/** What the guide pastes as a command's output: the text block after the block running it. */
function pasted(text: string, command: string): string {
  const at = text.indexOf(`\`\`\`sh\n${command}\n\`\`\``);
  assert.ok(at >= 0, `the guide runs ${command}`);
  return block(text.slice(at), 'text').replace(/\n$/u, '');
}

const ID = 'pref-27-construction-actions';
const WRITE = [
  'npx kohyo sources propose --file kantokushobun.csv',
  "--url 'https://www.pref.osaka.lg.jp/…/kantokushobun.csv' \\\n  --id",
].join(' ');

/** The command line run in `root` as the guide runs it: KOHYO_DB=walk.sqlite, KOHYO_SOURCES_DIR=sources (made absolute). */
async function kohyo(root: string, args: readonly string[], db = 'walk.sqlite') {
  const env = { KOHYO_DB: join(root, db), KOHYO_SOURCES_DIR: join(root, 'sources'), LOG_LEVEL: 'silent' };
  const { out, err, io } = capturedIo('2026-11-26T03:00:00Z', { env });
  const code = await runCli(args, io);
  // the guide's paths are relative to the folder it runs in
  const shown = (lines: readonly string[]) => lines.join('\n').replaceAll(`${root}/`, '');
  return { code, out: shown(out), err: shown(err) };
}

test('a made list: propose, --write, try and collect as the guide pastes them, then served, the next edition without a restart', async () => {
  const root = mkdtempSync(join(tmpdir(), 'kohyo-walk-'));
  const service = { close: async () => undefined } as { close(): Promise<void> };
  try {
    assert.equal(sourceRegistry().get(ID)?.url_kind, 'site_root', `the guide says ${ID} is registered, unread`);
    const list = block(made, 'csv');
    writeFileSync(join(root, 'kantokushobun.csv'), list);
    const proposed = await kohyo(root, ['sources', 'propose', '--file', join(root, 'kantokushobun.csv')]);
    assert.equal(proposed.code, 0, proposed.err);
    assert.equal(proposed.out, pasted(made, 'npx kohyo sources propose --file kantokushobun.csv'));

    const url = 'https://www.pref.osaka.lg.jp/…/kantokushobun.csv';
    const given = ['--url', url, '--id', ID, '--publisher', 'pref_27', '--title', '大阪府 建設業者に対する監督処分'];
    const written = await kohyo(root, [
      'sources',
      'propose',
      '--file',
      join(root, 'kantokushobun.csv'),
      ...given,
      '--write',
    ]);
    assert.equal(written.code, 0, written.err);
    assert.ok(made.includes(WRITE), 'the guide runs propose --write');
    const ends = block(made, 'text', 'and ends:').replace(/\n$/u, '');
    assert.ok(written.out.endsWith(ends), `${written.out}\n--- does not end with ---\n${ends}`);
    const file = readFileSync(join(root, 'sources', `${ID}.yaml`), 'utf8');
    assert.equal(file, block(made, 'yaml'), 'the file as the guide shows it');

    // the file alone takes the unread list's place: the registry holds as many sources as before
    const registry = await registryWithFiles(join(root, 'sources'));
    assert.deepEqual(
      registry.taken?.filter((t) => t.id === ID).map((t) => [t.by, t.how]),
      [[ID, 'id']],
    );
    assert.equal(registry.sources.length, sourceRegistry().sources.length);
    assert.equal(registry.get(ID)?.parser, 'csv-table');

    const tried = await kohyo(root, ['sources', 'try', ID, '--file', join(root, 'kantokushobun.csv')]);
    assert.equal(tried.code, 0, tried.err);
    assert.equal(tried.out, pasted(made, `npx kohyo sources try ${ID} --file kantokushobun.csv`));
    const collected = await kohyo(root, ['collect', ID, '--file', join(root, 'kantokushobun.csv')]);
    assert.equal(collected.code, 0, collected.err);
    assert.ok(collected.out.includes(`${ID}: success, 4 records`), collected.out);
    assert.ok(pasted(made, `npx kohyo collect ${ID} --file kantokushobun.csv`).includes(`${ID}: success, 4 records`));

    // served as `KOHYO_DB=walk.sqlite npm start` serves it
    const config = loadConfig({ KOHYO_DB: join(root, 'walk.sqlite'), LOG_LEVEL: 'silent' });
    const started = await startService(config, createLogger('silent', logDestination('/dev/null')));
    service.close = () => started.close();
    await started.app.listen({ host: '127.0.0.1', port: 0 });
    const address = started.app.server.address();
    assert.ok(address !== null && typeof address === 'object');
    const get = async (path: string) => {
      const response = await fetch(`http://127.0.0.1:${address.port}${path}`);
      return { status: response.status, text: await response.text() };
    };
    const served = async () =>
      (
        JSON.parse((await get('/api/v1/license-actions?authority=pref_27')).text) as {
          data: { license_actions: unknown[] };
        }
      ).data.license_actions.length;
    assert.equal(await served(), 4);
    const coverage = JSON.parse((await get('/api/v1/coverage')).text) as {
      data: { sources: { id: string; observed_count: number; last_success_at: string | null }[] };
    };
    const source = coverage.data.sources.find((s) => s.id === ID);
    assert.equal(source?.observed_count, 4);
    assert.ok(source.last_success_at !== null);
    const page = (await get('/coverage?lang=ja')).text;
    assert.ok(
      page.includes('kantokushobun.csv') && page.includes('datetime="2025-06-03"'),
      'the coverage page lists it',
    );

    // the next edition, one row more: the running server answers it, never restarted
    writeFileSync(
      join(root, 'kantokushobun.csv'),
      `${list}令和7年7月1日,見本舗装株式会社,大阪府東大阪市荒本北1-1-1,大阪府知事許可（般-6）第56789号,営業停止（7日間）,建設業法第28条第1項第2号に該当\n`,
    );
    const again = await kohyo(root, ['collect', ID, '--file', join(root, 'kantokushobun.csv')]);
    assert.equal(again.code, 0, again.err);
    await until(async () => (await served()) === 5, 'the running server answers the new edition', 30_000, 100);
  } finally {
    await service.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test("the demo's refusal of a collection says what to run instead, the file and the setting", async () => {
  const root = mkdtempSync(join(tmpdir(), 'kohyo-walk-'));
  try {
    mkdirSync(join(root, 'data'));
    copyFileSync(await demoDatabase(), join(root, 'data', 'kohyo.sqlite'));
    writeFileSync(join(root, 'kantokushobun.csv'), block(made, 'csv'));
    mkdirSync(join(root, 'sources'));
    writeFileSync(join(root, 'sources', `${ID}.yaml`), block(made, 'yaml'));
    const refused = await kohyo(root, ['collect', ID, '--file', join(root, 'kantokushobun.csv')], 'data/kohyo.sqlite');
    assert.equal(refused.code, 1);
    assert.equal(refused.err, block(made, 'text', 'what to run instead:').replace(/\n$/u, ''));
    assert.match(refused.err, /^ {2}KOHYO_DB=data\/production\.sqlite npx kohyo collect /mu);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the real list: what the guide pastes of the proposal is what it prints, and the file it ends in loads', async () => {
  const tsv = 'company_list_20180801_to_20190731.tsv';
  const root = mkdtempSync(join(tmpdir(), 'kohyo-walk-'));
  try {
    const proposed = await kohyo(root, ['sources', 'propose', '--file', sharedData(`mhlw/${tsv}`)]);
    assert.equal(proposed.code, 0, proposed.err);
    assert.equal(proposed.out, pasted(real, `npx kohyo sources propose --file ${tsv}`));
    // the file the operator saves: the proposal with its TODOs filled in, and a code for the words no code fitted
    const file = block(real, 'yaml');
    assert.doesNotMatch(file, /\bTODO\b/u);
    const read = sourceFileEntry(file, 'mhlw-labour-law-tsv', 'mhlw-labour-law-tsv.yaml');
    assert.ok('entry' in read, JSON.stringify(read));
    mkdirSync(join(root, 'sources'));
    writeFileSync(join(root, 'sources', 'mhlw-labour-law-tsv.yaml'), file);
    const tried = await kohyo(root, ['sources', 'try', 'mhlw-labour-law-tsv', '--file', sharedData(`mhlw/${tsv}`)]);
    assert.equal(tried.code, 0, tried.err);
    assert.match(tried.out, /^rows: 414 read, 414 kept as records, 0 skipped$/mu);
    for (const command of [
      `npx kohyo sources try mhlw-labour-law-tsv --file ${tsv}`,
      `npx kohyo collect mhlw-labour-law-tsv`,
    ])
      assert.ok(real.includes(command), command);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
