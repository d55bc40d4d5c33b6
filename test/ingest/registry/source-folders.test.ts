// A source is found, not listed: every folder of src/ingest/sources/ is a module, and a module copied into a checkout is
// registered and collected there with no other file of it edited.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { findSourceModules } from '../../../src/ingest/registry/source-folders.js';
import { inCopiedCheckout } from '../../helpers/copied-checkout.js';
import { sharedData } from '../../helpers/shared-data.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function folders(files: Readonly<Record<string, string>>): URL {
  const root = mkdtempSync(join(tmpdir(), 'kohyo-folders-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return pathToFileURL(`${root}/`);
}

const TABLE = `export const source = { sources: [{ id: 'x-list', publisher: 'pref_13' }] };\n`;
const OWN = `export const source = { parser: 'x-own', sources: [] };\n`;

test('each folder is a module: its source.ts, and its parser.ts where source.ts names a parser', async () => {
  const root = folders({
    'b-table/source.ts': TABLE,
    'a-own/source.ts': OWN,
    'a-own/parser.ts': 'export const parse = () => ({ ok: false, error: "x", problems: [] });\n',
    'a-own/helper.ts': 'export const helper = 1;\n',
  });
  const { found, problems } = await findSourceModules(root);
  assert.deepEqual(problems, []);
  assert.deepEqual(
    found.map((m) => [m.folder, m.module.parser ?? null, m.parser_file]),
    [
      ['a-own', 'x-own', new URL('a-own/parser.ts', root).href],
      ['b-table', null, null],
    ],
    'in the folders name order, whatever the file system gives',
  );
});

test('a folder that is not a module as it should be is named with what is wrong', async (t) => {
  const cases: readonly (readonly [string, Readonly<Record<string, string>>, RegExp])[] = [
    ['no source.ts', { 'm/readme.md': 'x' }, /module folder 'm': no source\.ts/u],
    ['no `source` export', { 'm/source.ts': 'export const other = 1;\n' }, /exports no `source`/u],
    ['a source.ts that does not load', { 'm/source.ts': 'throw new Error("broken");\n' }, /does not load: broken/u],
    [
      'a parser named and none there',
      { 'm/source.ts': OWN },
      /names parser 'x-own', but the folder has no parser\.ts/u,
    ],
    [
      'a parser.ts no source.ts names',
      { 'm/source.ts': TABLE, 'm/parser.ts': 'export const parse = 1;\n' },
      /has a parser\.ts, but its source\.ts names no parser/u,
    ],
  ];
  for (const [name, files, message] of cases) {
    await t.test(name, async () => {
      const { found, problems } = await findSourceModules(folders(files));
      assert.equal(found.length, 0);
      assert.match(problems.join('\n'), message);
    });
  }
});

/** Every file under `dir`, as paths from it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

test('a module folder copied into a checkout is collected there, and no other file of the checkout differs', async () => {
  await inCopiedCheckout(async ({ root: checkout, kohyo }) => {
    // a module of its own parser and a table module, each copied under a new name with new ids (a parser's id names
    // one parser.ts): nothing else
    const sources = join(checkout, 'src/ingest/sources');
    const copies = [
      ['caa-keihyo', 'caa-keihyo-actions', 'caa/keihyo_release_2024_index.main.html', 'html'],
      ['jftc-actions', 'jftc-actions', 'jftc/actions.csv', 'csv'],
    ] as const;
    const lists = join(checkout, 'lists');
    mkdirSync(lists);
    for (const [folder, id, list, extension] of copies) {
      cpSync(join(sources, folder), join(sources, `${folder}-copy`), { recursive: true });
      const source = join(sources, `${folder}-copy`, 'source.ts');
      const text = readFileSync(source, 'utf8').replace(`id: '${id}'`, `id: '${id}-copy'`);
      writeFileSync(source, text.replace("parser: 'caa-keihyo-html'", "parser: 'caa-keihyo-copy-html'"));
      cpSync(sharedData(list), join(lists, `${id}-copy.${extension}`));
    }
    for (const dir of ['src', 'demo']) {
      const differing = filesUnder(join(checkout, dir)).filter((file) => {
        if (/^ingest\/sources\/[a-z-]+-copy\//u.test(file)) return false;
        return !readFileSync(join(checkout, dir, file)).equals(readFileSync(join(ROOT, dir, file)));
      });
      assert.deepEqual(differing, [], `${dir}/: only the copied folders are new`);
    }
    const db = join(checkout, 'copy.sqlite');
    const { code, stdout, stderr } = await kohyo(['collect', '--files', lists], { KOHYO_DB: db });
    assert.equal(code, 0, stderr);
    assert.match(stdout, /caa-keihyo-actions-copy/u);
    const dataset = new Database(db, { readonly: true });
    try {
      const count = (table: string, id: string) =>
        dataset.prepare(`SELECT count(*) FROM ${table} WHERE source_id = ?`).pluck().get(id);
      // the same records their originals give (docs/data-sources.md: 228 JFTC records; 22 CAA records)
      assert.equal(count('enforcements', 'caa-keihyo-actions-copy'), 22);
      assert.equal(count('enforcements', 'jftc-actions-copy'), 228);
      const parser = dataset.prepare('SELECT parser FROM sources WHERE id = ?').pluck();
      assert.equal(parser.get('caa-keihyo-actions-copy'), 'caa-keihyo-copy-html');
      assert.equal(parser.get('jftc-actions-copy'), 'csv-table');
    } finally {
      dataset.close();
    }
  });
});
