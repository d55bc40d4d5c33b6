// No object literal on the request path begins with a spread that later elements add to (`{ ...shared, law }`):
// Node 20's V8 builds such a literal in its runtime, about 0.7 µs an object here against 0.02 for the same literal
// written field by field, and presenting ten enforcements that way cost about 100 µs of a 500 µs request
// (`node --import tsx bench/object-spread.ts`, bench/README.md, issue 13). Add to the fresh object instead
// (`Object.assign(fresh, { law })`), put a field first, or write the fields out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** What runs per request or per imported row; the schemas and documents built once at start are left out. */
const CHECKED = ['src/http', 'src/store', 'src/limits', 'src/usage', 'src/domain'];
const BUILT_ONCE = /^src\/http\/(schemas\/|openapi-|llms-)/u;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every object literal of `text` whose first element is a spread and which has more elements, as `line: text`. */
function spreadFirstLiterals(text: string): string[] {
  const file = ts.createSourceFile('checked.ts', text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node) && node.properties.length > 1 && ts.isSpreadAssignment(node.properties[0]!)) {
      found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().replace(/\s+/gu, ' ').slice(0, 80)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

test('the check finds a literal that begins with a spread and adds to it, and nothing else', () => {
  assert.deepEqual(spreadFirstLiterals('const a = { ...b, c: 1 };\nconst d = { ...e, ...f };'), ['1: { ...b, c: 1 }', '2: { ...e, ...f }']);
  assert.deepEqual(spreadFirstLiterals('const a = { c: 1, ...b };\nconst d = { ...e };\nconst g = Object.assign(h(), { i: 1 });'), []);
});

test('no object literal on the request path begins with a spread that later elements add to', () => {
  const found = CHECKED.flatMap((dir) => sourceFiles(join(root, dir)))
    .map((path) => relative(root, path))
    .filter((path) => !BUILT_ONCE.test(path))
    .flatMap((path) => spreadFirstLiterals(readFileSync(join(root, path), 'utf8')).map((literal) => `${path}:${literal}`));
  assert.deepEqual(found, []);
});
