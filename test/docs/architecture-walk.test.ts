// docs/architecture.md walks a request and a collection through the code, a table row a step: every file a row names
// exists, and every function it names is exported from that file, so that a change to the code that the walk does
// not follow fails here, naming the row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { section } from '../helpers/markdown.js';

const root = new URL('../../', import.meta.url);
const architecture = readFileSync(new URL('docs/architecture.md', root), 'utf8');
const WALKS = ['## A request, file by file', '## A collection, file by file'];
/** A path of the code, as the walk writes one in backticks. */
const CODE_PATH = /^(?:src|scripts|demo)\/[\w./-]+\.(?:ts|tsx|mjs)$/u;

interface Step {
  readonly row: string;
  readonly file: string;
  /** The function of the Function column, then every `path` `name` pair of the row's text. */
  readonly names: readonly { readonly file: string; readonly name: string }[];
  /** Every path the row names. */
  readonly paths: readonly string[];
}

const ticked = (text: string) => [...text.matchAll(/`([^`]+)`/gu)].map((m) => m[1]!);

function stepsOf(walk: string): Step[] {
  const rows = walk.split('\n').filter((line) => /^\| \d+ \|/u.test(line));
  assert.ok(rows.length >= 10, `${walk.split('\n')[0]}: a step a row`);
  return rows.map((row) => {
    const [, fileCell = '', functionCell = '', what = ''] = row
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    const [file = ''] = ticked(fileCell);
    const names = ticked(functionCell).map((name) => ({ file, name }));
    for (const m of what.matchAll(/`([^`]+)` `(\w+(?:\.\w+)?)`/gu)) {
      if (CODE_PATH.test(m[1]!)) names.push({ file: m[1]!, name: m[2]! });
    }
    return { row, file, names, paths: [file, ...ticked(what).filter((t) => CODE_PATH.test(t))] };
  });
}

const codeOf = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** Whether the file exports `name`, or, for `Class.method`, exports the class and it has the method. */
function exports(path: string, qualified: string): boolean {
  const [name = '', method] = qualified.split('.');
  const code = codeOf(path);
  const declared = new RegExp(
    `^export (?:declare )?(?:async )?(?:function\\*?|const|let|class|interface|type|enum) ${name}\\b`,
    'mu',
  );
  const listed = new RegExp(`^export \\{[^}]*\\b${name}\\b`, 'mu');
  if (!declared.test(code) && !listed.test(code)) return false;
  return method === undefined || new RegExp(`^\\s+(?:async )?${method}\\s*[(<]`, 'mu').test(code);
}

for (const heading of WALKS) {
  test(`${heading.slice(3)}: every file it names exists and exports the function it names`, () => {
    for (const step of stepsOf(section(architecture, heading))) {
      assert.match(step.file, CODE_PATH, `a row names its file: ${step.row}`);
      for (const path of step.paths) assert.ok(existsSync(new URL(path, root)), `${path} does not exist: ${step.row}`);
      for (const { file, name } of step.names)
        assert.ok(exports(file, name), `${file} does not export ${name}: ${step.row}`);
    }
  });
}
