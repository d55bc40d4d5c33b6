// docs/architecture.md's layout matches the tree, and src/ has no import cycle: a newcomer reads the architecture
// from the tree, and data flows one way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const architecture = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const start = architecture.indexOf('## Layout');
const end = architecture.indexOf('\n## ', start + 1);
const layout = architecture.slice(start, end < 0 ? undefined : end);

test('every folder of src/ and the demo generator are in the layout of docs/architecture.md, and every path it names exists', () => {
  const folders = readdirSync(join(root, 'src')).filter((name) => statSync(join(root, 'src', name)).isDirectory());
  for (const folder of folders)
    assert.ok(
      layout.includes(`\`src/${folder}/\``),
      `src/${folder}/ is missing from the layout of docs/architecture.md`,
    );
  assert.ok(layout.includes('`demo/`'));
  const named = [...layout.matchAll(/`((?:src|demo|docs)\/[\w./-]+)`/gu)].map((m) => m[1]!);
  assert.ok(named.length > 15);
  for (const path of named)
    assert.ok(existsSync(join(root, path)), `docs/architecture.md names ${path}, which does not exist`);
});

/** The most lines a file of src/ has, every line counted (CONTRIBUTING.md). */
const MAX_FILE_LINES = 400;

test('every file of src/ is under 400 lines as a reader counts them (wc -l), as CONTRIBUTING.md says, but a generated one', () => {
  const contributing = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
  assert.ok(contributing.includes(`Files under ${MAX_FILE_LINES} lines, every line counted as \`wc -l\` counts them`));
  const long = sourceFiles(join(root, 'src'))
    .filter((file) => !file.endsWith('.generated.ts'))
    .map((file) => ({ file: file.slice(root.length + 1), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines >= MAX_FILE_LINES);
  assert.deepEqual(long, []);
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : /\.tsx?$/u.test(entry.name) ? [path] : [];
  });
}

/** The files of src/ that `file` imports (or re-exports from), each as its source file (.ts, else .tsx). */
function importedFiles(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?from '(\.{1,2}\/[^']+)\.js';/gmu)]
    .map((m) => resolve(dirname(file), m[1]!))
    .filter((target) => target.startsWith(join(root, 'src')))
    .map((target) => (existsSync(`${target}.ts`) ? `${target}.ts` : `${target}.tsx`));
}

test('no import cycle in src/ (what `npx madge --circular --extensions ts src` checks)', () => {
  const edges = new Map<string, string[]>();
  for (const file of sourceFiles(join(root, 'src'))) edges.set(file, importedFiles(file));
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...path.slice(path.indexOf(file)), file].map((f) => f.slice(root.length + 1)).join(' → '));
      return;
    }
    state.set(file, 'open');
    for (const next of edges.get(file) ?? []) visit(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of edges.keys()) visit(file, []);
  assert.deepEqual(cycles, []);
});

test('the HTTP app and the MCP server do not import each other: both answer through src/api/', () => {
  for (const [from, to] of [
    ['http', 'mcp'],
    ['mcp', 'http'],
  ] as const) {
    for (const file of sourceFiles(join(root, 'src', from))) {
      const imports = [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/gu)].map((m) =>
        resolve(dirname(file), m[1]!),
      );
      const crossing = imports.filter((target) => target.startsWith(join(root, 'src', to) + '/'));
      assert.deepEqual(crossing, [], `${file.slice(root.length + 1)} imports src/${to}/`);
    }
  }
});

test('the service imports nothing of demo/ but its generator: the demo dataset is built on demand, never read as code', () => {
  const demo = join(root, 'demo') + '/';
  const generator = join(root, 'demo/build-demo.ts');
  for (const file of sourceFiles(join(root, 'src')).filter((f) => !/\.test\.tsx?$/u.test(f))) {
    const read = [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/gu)]
      .map((m) => resolve(dirname(file), m[1]!).replace(/\.js$/u, '.ts'))
      .filter((target) => target.startsWith(demo) && target !== generator);
    assert.deepEqual(read, [], `${file.slice(root.length + 1)} imports demo/`);
  }
});

/** The folders of src/ whose own folders the layout lists one by one. */
const SPLIT_FOLDERS = ['http', 'store', 'limits', 'usage'];

/** A file's folder as the layout names it: a folder of src/, or a folder of one of SPLIT_FOLDERS. */
function folderOf(file: string): string {
  const parts = file.slice(join(root, 'src').length + 1).split('/');
  if (parts.length === 1) return parts[0]!;
  return SPLIT_FOLDERS.includes(parts[0]!) && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** Every import of one folder from another, as `from → to: file`. */
function folderImports(): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(join(root, 'src')).filter((f) => !/\.test\.tsx?$/u.test(f))) {
    const from = folderOf(file);
    for (const target of importedFiles(file)) {
      const to = folderOf(target);
      if (to === from) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      out.set(to, file.slice(root.length + 1));
      edges.set(from, out);
    }
  }
  return edges;
}

test('no two folders of src/ import each other, however indirectly (src/http/, src/store/, src/limits/ and src/usage/ by their folders)', () => {
  const edges = folderImports();
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      for (const next of edges.get(stack.pop()!)?.keys() ?? []) {
        if (next === to) return true;
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    return false;
  };
  const loops = [...edges].flatMap(([from, out]) =>
    [...out].filter(([to]) => reaches(to, from)).map(([to, file]) => `${from} → ${to} (${file}) and back`),
  );
  assert.deepEqual(loops, []);
});

test('src/http/, src/store/, src/limits/ and src/usage/: a folder imports only the folders before it, as the layout lists them', () => {
  const edges = folderImports();
  for (const order of [
    ['http/feeds', 'http/pages', 'http/hooks', 'http/answers', 'http/self-description', 'http/routes'],
    ['store/schema', 'store/read', 'store/write'],
    ['limits', 'limits/connections', 'limits/http'],
    ['usage/store', 'usage', 'usage/http'],
  ]) {
    for (const [at, folder] of order.entries()) {
      assert.ok(existsSync(join(root, 'src', folder)), `src/${folder}/ exists`);
      for (const [to, file] of edges.get(folder) ?? []) {
        const place = order.indexOf(to);
        assert.ok(place < 0 || place < at, `${file} (src/${folder}/) imports src/${to}/, listed after it`);
      }
      assert.ok(layout.includes(`\`src/${folder}/\``), `src/${folder}/ is in the layout of docs/architecture.md`);
    }
  }
});
