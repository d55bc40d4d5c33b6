// docs/data-sources.md's worked example of adding a source, kept true to the code: its module compiles against the
// paths it imports, and added to the modules it takes its place in the registry as the guide says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SOURCE_MODULES } from '../../../src/ingest/sources/index.js';
import type { SourceModule } from '../../../src/ingest/registry/source-module.js';
import { loadSourceRegistry, moduleEntries, sourceRegistry } from '../../../src/ingest/registry/source-registry.js';

const guide = readFileSync('docs/data-sources.md', 'utf8');
const section = guide.slice(guide.indexOf('## Adding a source'));
const example = /```ts\n(\/\/ (\S+)\n[\s\S]*?)```/u.exec(section);
assert.ok(example?.[1] !== undefined && example[2] !== undefined, 'the guide has a worked example');
const [, code, path] = example;

/** The example's relative imports, each resolved from the path its first line gives. */
const imports = [...code.matchAll(/from '(\.[^']+)'/gu)].map((m) => m[1]!);

test('the example names a module file of src/ingest/sources/ and imports files that exist from there', () => {
  assert.match(path, /^src\/ingest\/sources\/[a-z0-9-]+\.ts$/u);
  assert.ok(imports.length > 0);
  for (const from of imports) {
    const file = resolve(dirname(path), from).replace(/\.js$/u, '.ts');
    assert.ok(existsSync(file), `${path} imports ${from}: no ${file}`);
  }
});

test('the example module, added to the index, takes the place of the site-root entry the guide names', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'kohyo-example-')), 'example.mts');
  const absolute = code.replace(/from '(\.[^']+)'/gu, (_, from: string) => {
    const target = resolve(dirname(path), from).replace(/\.js$/u, '.ts');
    return `from '${pathToFileURL(target).href}'`;
  });
  writeFileSync(file, absolute);
  const exported = Object.values((await import(pathToFileURL(file).href)) as Record<string, unknown>);
  assert.equal(exported.length, 1, 'the example exports its module');
  const module = exported[0] as SourceModule;
  const [entry] = module.sources;
  assert.ok(entry !== undefined);
  const before = sourceRegistry().sources;
  const place = before.findIndex((s) => s.id === entry.id);
  assert.ok(place >= 0, `the guide says ${entry.id} is registered at its site root`);
  assert.equal(before[place]?.url_kind, 'site_root');
  assert.match(section, new RegExp(`takes the place of the site-root entry\\s+\`${entry.id}\``, 'u'));
  assert.match(section, new RegExp(`kohyo sources try ${entry.id} --file`, 'u'));
  const after = loadSourceRegistry(moduleEntries([...SOURCE_MODULES, module])).sources;
  assert.equal(after.length, before.length);
  assert.equal(after[place]?.id, entry.id);
  assert.equal(after[place]?.url, entry.url);
  assert.equal(after[place]?.parser, `${entry.format}-table`);
  assert.equal(after[place]?.unproven, true);
});
