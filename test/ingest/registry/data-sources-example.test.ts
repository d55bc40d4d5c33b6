// docs/data-sources.md's walk of adding a source, kept true to the code: the made list's module compiles against the
// paths it imports, its folder alone takes the place of the unread list it reads, and what the guide pastes as the
// output of `sources propose` (on the made list and on the real one) and of `sources try` is what they print.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from '../../../src/cli.js';
import { resolveParser } from '../../../src/ingest/collect/resolve-parser.js';
import { runSources } from '../../../src/ingest/collect/sources-command.js';
import {
  SOURCES_ROOT,
  loadSourceRegistry,
  registryEntriesOf,
  sourceRegistry,
} from '../../../src/ingest/registry/source-registry.js';
import { sharedData } from '../../helpers/shared-data.js';
import { capturedIo } from '../../helpers/captured-io.js';

const guide = readFileSync('docs/data-sources.md', 'utf8');
const section = guide.slice(guide.indexOf('## Adding a source'), guide.indexOf('## Data and licences'));
const made = section.slice(section.indexOf('### The walk on a list made here'), section.indexOf('### The same walk'));
const real = section.slice(section.indexOf('### The same walk on a real list'));

/** The first code block of a language in a text. */
function block(text: string, language: string): string {
  const found = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'u').exec(text)?.[1];
  assert.ok(found !== undefined, `a ${language} block`);
  return found;
}

/** What the guide pastes as a command's output: the text block after the block running it. */
function pasted(text: string, command: string): string {
  const at = text.indexOf(`\`\`\`sh\n${command}\n\`\`\``);
  assert.ok(at >= 0, `the guide runs ${command}`);
  return block(text.slice(at), 'text').replace(/\n$/u, '');
}

const example = /^(\/\/ (\S+)\n[\s\S]*)$/u.exec(block(made, 'ts'));
assert.ok(example?.[1] !== undefined && example[2] !== undefined, 'the walk writes a module');
const [, code, path] = example;
const folder = /^src\/ingest\/sources\/([a-z0-9-]+)\/source\.ts$/u.exec(path)?.[1];

function io(dir: string) {
  const { out, err, io } = capturedIo('2026-11-26T03:00:00Z', { env: { KOHYO_DB: join(dir, 'walk.sqlite') } });
  return { out, err, ...io };
}

test("the made list's module is the source.ts of a folder of src/ingest/sources/, importing files that exist from there", () => {
  assert.ok(folder !== undefined, `${path} is not src/ingest/sources/<folder>/source.ts`);
  const imports = [...code.matchAll(/from '(\.[^']+)'/gu)].map((m) => m[1]!);
  assert.ok(imports.length > 0);
  for (const from of imports) {
    const file = resolve(dirname(path), from).replace(/\.js$/u, '.ts');
    assert.ok(existsSync(file), `${path} imports ${from}: no ${file}`);
  }
});

test('its folder alone takes the unread list it reads, and sources propose and try print what the guide pastes', async () => {
  const root = mkdtempSync(join(tmpdir(), 'kohyo-walk-'));
  try {
    const placeholder = sourceRegistry().get(folder!);
    assert.equal(placeholder?.url_kind, 'site_root', `the guide says ${folder} is registered, unread`);
    mkdirSync(join(root, 'modules', folder!), { recursive: true });
    writeFileSync(join(root, 'modules', folder!, 'source.ts'), code);
    // the unread tables as they are: the folder is the whole change
    const found = await registryEntriesOf([SOURCES_ROOT, pathToFileURL(`${root}/modules/`)]);
    assert.deepEqual(
      found.taken.map((t) => [t.id, t.how]),
      [[folder, 'id']],
    );
    const registry = loadSourceRegistry(found.entries, found.problems, found.taken);
    assert.equal(registry.sources.length, sourceRegistry().sources.length);
    const entry = registry.get(folder!);
    assert.equal(entry?.parser, `${entry?.format}-table`);
    assert.equal(entry?.unproven, true);
    assert.notEqual(entry?.url, placeholder.url);

    // the made list, saved as the guide tells
    const list = join(root, 'kantokushobun.csv');
    writeFileSync(list, block(made, 'csv'));
    const proposed = io(root);
    assert.equal(await runCli(['sources', 'propose', '--file', list], proposed), 0, proposed.err.join('\n'));
    assert.equal(proposed.out.join('\n'), pasted(made, 'npx kohyo sources propose --file kantokushobun.csv'));
    const tried = io(root);
    const exit = await runSources(['try', folder!, '--file', list], {
      ...tried,
      dbPath: tried.env.KOHYO_DB,
      registry,
      resolve: resolveParser,
    });
    assert.equal(exit, 0, tried.err.join('\n'));
    assert.equal(
      tried.out.join('\n').replaceAll(tried.env.KOHYO_DB, 'walk.sqlite'),
      pasted(made, `npx kohyo sources try ${folder} --file kantokushobun.csv`),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  assert.ok(
    pasted(made, `npx kohyo collect ${folder} --file kantokushobun.csv`).includes(`${folder}: success, 4 records`),
  );
});

test('the real list: what the guide pastes of the proposal is what it prints', async () => {
  const tsv = 'company_list_20180801_to_20190731.tsv';
  const proposed = io(tmpdir());
  assert.equal(await runCli(['sources', 'propose', '--file', sharedData(`mhlw/${tsv}`)], proposed), 0);
  assert.equal(proposed.out.join('\n'), pasted(real, `npx kohyo sources propose --file ${tsv}`));
  // and the module it ends in is the proposal with its TODOs filled in
  const module = block(real, 'ts');
  assert.doesNotMatch(module, /'TODO'/u);
  for (const command of [
    `npx kohyo sources try mhlw-labour-law-tsv --file ${tsv}`,
    `npx kohyo collect mhlw-labour-law-tsv`,
  ])
    assert.ok(real.includes(command), command);
});
