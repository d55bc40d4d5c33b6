// docs/data-sources.md's worked example of adding a source, kept true to the code: its module compiles against the
// paths it imports, and its folder, found beside the repository's, is the source once the row it names is deleted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  SOURCES_ROOT,
  loadSourceRegistry,
  registryEntriesOf,
  sourceRegistry,
} from '../../../src/ingest/registry/source-registry.js';
import { UNREAD_LISTS } from '../../../src/ingest/unread-lists/index.js';

const guide = readFileSync('docs/data-sources.md', 'utf8');
const section = guide.slice(guide.indexOf('## Adding a source'), guide.indexOf('## Data and licences'));
const example = /```ts\n(\/\/ (\S+)\n[\s\S]*?)```/u.exec(section);
assert.ok(example?.[1] !== undefined && example[2] !== undefined, 'the guide has a worked example');
const [, code, path] = example;
const folder = /^src\/ingest\/sources\/([a-z0-9-]+)\/source\.ts$/u.exec(path)?.[1];

test('the example is the source.ts of a folder of src/ingest/sources/, importing files that exist from there', () => {
  assert.ok(folder !== undefined, `${path} is not src/ingest/sources/<folder>/source.ts`);
  const imports = [...code.matchAll(/from '(\.[^']+)'/gu)].map((m) => m[1]!);
  assert.ok(imports.length > 0);
  for (const from of imports) {
    const file = resolve(dirname(path), from).replace(/\.js$/u, '.ts');
    assert.ok(existsSync(file), `${path} imports ${from}: no ${file}`);
  }
});

test('the example folder is found beside the modules, and is the source once its unread row is deleted', async () => {
  const root = mkdtempSync(join(tmpdir(), 'kohyo-example-'));
  mkdirSync(join(root, folder!));
  const absolute = code.replace(/from '(\.[^']+)'/gu, (_, from: string) => {
    const target = resolve(dirname(path), from).replace(/\.js$/u, '.ts');
    return `from '${pathToFileURL(target).href}'`;
  });
  writeFileSync(join(root, folder!, 'source.ts'), absolute);
  const roots = [SOURCES_ROOT, pathToFileURL(`${root}/`)];
  const before = sourceRegistry().sources;
  const placeholder = before.find((s) => s.id === folder);
  assert.equal(placeholder?.url_kind, 'site_root', `the guide says ${folder} is registered, unread`);
  assert.match(section, new RegExp(`\\['${placeholder.publisher}', '${placeholder.url}', \\['construction'`, 'u'));

  // the list still unread: the registry refuses the id twice, saying where
  const both = await registryEntriesOf(roots);
  assert.throws(() => loadSourceRegistry(both.entries, both.problems), /used twice .*take it out of them/u);

  // its word deleted from the row (what the guide tells): the folder is the source, and nothing else changed
  const unread = UNREAD_LISTS.map((lists) => ({
    ...lists,
    at: lists.at.filter(([publisher]) => `${publisher.replace(/_/gu, '-')}-${lists.list}` !== folder),
  }));
  const after = await registryEntriesOf(roots, unread);
  const registry = loadSourceRegistry(after.entries, after.problems);
  assert.equal(registry.sources.length, before.length);
  const entry = registry.get(folder!);
  assert.equal(entry?.parser, `${entry?.format}-table`);
  assert.equal(entry?.unproven, true);
  assert.notEqual(entry?.url, placeholder.url);
  // the walk the guide gives, in its words (a command may wrap over two lines)
  for (const command of [`kohyo sources try ${folder} --file`, 'kohyo sources propose', `kohyo collect ${folder}`])
    assert.match(section, new RegExp(command.replaceAll(' ', '\\s+'), 'u'));
});
