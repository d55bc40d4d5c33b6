// The operator's source files, a list added without code or a build: a table source is a file of the folder
// KOHYO_SOURCES_DIR names, read by the registry when a command starts, with no code and no build; and a file is read
// as warily as a publisher's list: its size and number bounded, its name its id, read as data, every problem naming
// its file, line and key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../src/cli.js';
import {
  MAX_SOURCE_FILE_BYTES,
  MAX_SOURCE_FILES,
  readSourceFiles,
  sourcesFolder,
} from '../../../src/ingest/registry/source-files.js';
import { registryWithFiles, sourceRegistry } from '../../../src/ingest/registry/source-registry.js';
import { capturedIo } from '../../helpers/captured-io.js';

/** A source file's YAML, a table source of enforcements; `extra` lines appended at the top level. */
function sourceYaml(id: string, extra = ''): string {
  return [
    `id: ${id}`,
    'publisher: jftc',
    'record_kind: enforcement',
    'title: 見本の処分一覧',
    'url: https://www.example.go.jp/list.csv',
    'url_kind: list_file',
    'format: csv',
    'mapping:',
    '  columns:',
    '    company_name: [事業者名]',
    '    date: [処分日]',
    '    summary: [処分内容]',
    '    law: [根拠法令]',
    '    action_type: [処分内容]',
    extra,
  ].join('\n');
}

function folder(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-sources-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

test('a file of the folder is a source of the registry as soon as it is there; YAML and JSON alike; none without a folder', async () => {
  const json = JSON.stringify({
    id: 'made-json-list',
    publisher: 'caa',
    record_kind: 'license_action',
    title: 'JSON で書いた一覧',
    url: 'https://www.example.go.jp/list.html',
    url_kind: 'list_page',
    format: 'html',
    mapping: { columns: { company_name: ['業者名'], date: ['処分日'] }, fixed: { action_type: 'x', sector_code: 'y' } },
  });
  const dir = folder({
    'made-yaml-list.yaml': sourceYaml('made-yaml-list'),
    'made-json-list.json': json,
    'README.md': '#',
  });
  const registry = await registryWithFiles(dir);
  assert.equal(registry.sources.length, sourceRegistry().sources.length + 2);
  const yaml = registry.get('made-yaml-list');
  assert.equal(yaml?.parser, 'csv-table');
  assert.deepEqual(yaml.mapping?.columns.summary, ['処分内容']);
  assert.equal(yaml.publisher_group, sourceRegistry().get('jftc-actions')?.publisher_group);
  assert.equal(registry.get('made-json-list')?.parser, 'html-table');
  // removed, it is gone at the next read
  assert.equal((await registryWithFiles(join(dir, 'none'))).get('made-yaml-list'), undefined);
  assert.deepEqual(await readSourceFiles(join(dir, 'none')), { entries: [], problems: [] });
  // the folder beside the dataset unless the setting names one
  assert.equal(sourcesFolder(null, 'data/kohyo.sqlite'), join('data', 'sources'));
  assert.equal(sourcesFolder('/srv/sources', 'data/kohyo.sqlite'), '/srv/sources');
});

test('a file takes the place of the unread list of its id, as a module does', async () => {
  const unread = sourceRegistry().get('pref-27-construction-actions');
  assert.equal(unread?.parser, 'not_written');
  const dir = folder({ 'pref-27-construction-actions.yaml': sourceYaml('pref-27-construction-actions') });
  const registry = await registryWithFiles(dir);
  assert.equal(registry.sources.length, sourceRegistry().sources.length);
  assert.equal(registry.get('pref-27-construction-actions')?.parser, 'csv-table');
});

test('a hostile or broken file is refused, each problem naming its file, its line and its key', async () => {
  const dir = folder({
    // over the bound: never read, whatever it holds
    'too-large.yaml': `${sourceYaml('too-large')}\n#${'x'.repeat(MAX_SOURCE_FILE_BYTES)}`,
    // a name that is no id: no path, no capitals
    'My List.yaml': sourceYaml('my-list'),
    // the file's name is its id
    'named-one.yaml': sourceYaml('named-other'),
    // an id a module has
    'jftc-actions.yaml': sourceYaml('jftc-actions'),
    // a key misspelt, a key missing, a value of the wrong type, a kind that is none
    'misspelt.yaml': sourceYaml('misspelt').replace('    summary:', '    summry:'),
    'untitled.yaml': sourceYaml('untitled').replace(/^title: .*\n/mu, ''),
    'wrong-type.yaml': sourceYaml('wrong-type').replace('date: [処分日]', 'date: 処分日'),
    'no-kind.yaml': sourceYaml('no-kind').replace('record_kind: enforcement', 'record_kind: fines'),
    // YAML that is no data: a key twice, a tag of a language, a billion laughs
    'twice.yaml': sourceYaml('twice', 'title: また'),
    'tagged.yaml': sourceYaml('tagged', 'terms: !!js/function "function () { process.exit(9) }"'),
    'laughs.yaml': [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 8 },
        (_, i) => `${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(10).fill(`*${'abcdefgh'[i]}`).join(', ')}]`,
      ),
    ].join('\n'),
    'not-text.json': new Uint8Array([0xff, 0xfe, 0x00, 0x7b]),
    // an unknown publisher: the registry's own check, with the line of the key
    'nobody.yaml': sourceYaml('nobody').replace('publisher: jftc', 'publisher: nobody'),
  });
  symlinkSync('/etc/passwd', join(dir, 'linked.yaml'));
  execFileSync('mkfifo', [join(dir, 'fifo.yaml')]);
  mkdirSync(join(dir, 'folder.yaml'));
  await assert.rejects(registryWithFiles(dir), (error: Error) => {
    const lines = error.message.split('\n');
    const said = (pattern: RegExp) =>
      assert.ok(
        lines.some((line) => pattern.test(line)),
        `${pattern}\n${error.message}`,
      );
    said(
      /^source file 'too-large\.yaml': it is 257 KB, more than a source file may be \(256 KB, MAX_SOURCE_FILE_BYTES\): it was not read$/u,
    );
    said(/^source file 'My List\.yaml': a source file is named after its source's id/u);
    said(/^source file 'named-one\.yaml': line 1: id: 'named-other' is not the file's name/u);
    said(
      /^source 'jftc-actions' \(source file 'jftc-actions\.yaml', line 1: id\): the id is used twice \(in module folder 'jftc-actions' and in source file 'jftc-actions\.yaml'\)/u,
    );
    said(
      /^source file 'misspelt\.yaml': line 12: mapping\.columns\.summry: no such key; the keys here are company_name,/u,
    );
    said(/^source file 'untitled\.yaml': line 1: title: missing \(the list's title, as the publisher gives it\)$/u);
    said(/^source file 'wrong-type\.yaml': line 11: mapping\.columns\.date: expected array \(the day of the action/u);
    said(
      /^source file 'no-kind\.yaml': line 3: record_kind: "fines" is not one of enforcement, procurement_suspension, license_action/u,
    );
    said(/^source file 'twice\.yaml': line 15: Map keys must be unique$/u);
    said(/^source file 'tagged\.yaml': line 15: Unresolved tag: .*js\/function$/u);
    said(/^source file 'laughs\.yaml': Excessive alias count/u);
    said(/^source file 'not-text\.json': it is not UTF-8 text$/u);
    said(
      /^source 'nobody' \(source file 'nobody\.yaml', line 2: publisher\): publisher 'nobody' is not an authority code$/u,
    );
    said(/^source file 'linked\.yaml': it is a link: a source file is a file of the folder's own$/u);
    said(/^source file 'fifo\.yaml': it is not a file$/u);
    said(/^source file 'folder\.yaml': it is not a file$/u);
    return true;
  });
});

test('a folder of more files than a folder may hold is read not at all', async () => {
  const dir = folder({});
  for (let i = 0; i <= MAX_SOURCE_FILES; i++) writeFileSync(join(dir, `list-${i}.yaml`), '');
  const read = await readSourceFiles(dir);
  assert.equal(read.entries.length, 0);
  assert.match(
    read.problems.join('\n'),
    new RegExp(`holds ${MAX_SOURCE_FILES + 1} files, more than ${MAX_SOURCE_FILES}`, 'u'),
  );
});

test('a command whose registry does not load says so in sentences, and does nothing else', async () => {
  const dir = folder({ 'misspelt.yaml': sourceYaml('misspelt').replace('    summary:', '    summry:') });
  const { out, err, io } = capturedIo('2026-11-26T03:00:00Z', {
    env: { KOHYO_DB: join(dir, 'walk.sqlite'), KOHYO_SOURCES_DIR: dir },
  });
  assert.equal(await runCli(['collect'], io), 1);
  assert.deepEqual(out, []);
  assert.match(
    err.join('\n'),
    /^kohyo collect: the source registry does not load: the source registry has 1 problem\(s\):\nsource file 'misspelt\.yaml': line 12: mapping\.columns\.summry: no such key/u,
  );
});
