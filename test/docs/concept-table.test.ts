// docs/architecture.md's table of where each concept is defined says what the code holds: every path it names exists,
// and every name it gives a path, as `path` `name` or `path` (`name`, `name`), is declared in that file. A concept
// moved or renamed without its row fails here, naming the row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { CODE_PATH, declares } from '../helpers/declarations.js';

const root = new URL('../../', import.meta.url);
const architecture = readFileSync(new URL('docs/architecture.md', root), 'utf8');
const NAME = /^[A-Za-z_$][\w$]*(?:\.[\w$]+)?$/u;

/** The table's rows, each as its cells "Defined in" and "Derived from it". */
function conceptRows(): string[] {
  const start = architecture.indexOf('Where each concept is defined, once:');
  assert.ok(start >= 0, 'docs/architecture.md has its concept table');
  const rows = architecture
    .slice(start)
    .split('\n')
    .slice(1)
    .filter((line, i, lines) => line.startsWith('| ') && lines.slice(0, i).every((l) => l === '' || l.startsWith('|')));
  return rows.filter((row) => !/^\| Concept \||^\|---/u.test(row));
}

/** Each `path` of a cell with the names it gives it: the one right after it, or those in the parentheses after it. */
export function namedPairs(cell: string): { path: string; names: string[] }[] {
  const ticks = [...cell.matchAll(/`([^`]+)`/gu)].map((m) => ({
    text: m[1]!,
    start: m.index,
    end: m.index + m[0].length,
  }));
  return ticks.flatMap((tick, i) => {
    if (!CODE_PATH.test(tick.text)) return [];
    const next = ticks[i + 1];
    const rest = cell.slice(tick.end);
    if (next !== undefined && cell.slice(tick.end, next.start) === ' ' && NAME.test(next.text))
      return [{ path: tick.text, names: [next.text] }];
    if (!rest.startsWith(' (')) return [{ path: tick.text, names: [] }];
    // the parentheses' names before their first path of their own, which names what follows it
    let depth = 0;
    let close = tick.end;
    for (const [at, char] of [...rest].entries()) {
      if (char === '(') depth++;
      if (char === ')' && --depth === 0) {
        close = tick.end + at;
        break;
      }
    }
    const names: string[] = [];
    for (const inner of ticks.slice(i + 1).filter((t) => t.end <= close)) {
      if (CODE_PATH.test(inner.text)) break;
      if (NAME.test(inner.text)) names.push(inner.text);
    }
    return [{ path: tick.text, names }];
  });
}

test('the concept table: every file it names exists and declares the names it gives it', () => {
  const rows = conceptRows();
  assert.ok(rows.length >= 20, `${rows.length} concepts`);
  let names = 0;
  for (const row of rows) {
    const [, defined = '', derived = ''] = row.split(' | ');
    for (const { path, names: given } of [...namedPairs(defined), ...namedPairs(derived)]) {
      assert.ok(existsSync(new URL(path, root)), `${path} does not exist: ${row}`);
      for (const name of given) assert.ok(declares(path, name), `${path} does not declare ${name}: ${row}`);
      names += given.length;
    }
  }
  assert.ok(names >= 30, `${names} names checked`);
});

test('a path followed by a name, or by names in parentheses, gives them to it; a later path takes its own', () => {
  assert.deepEqual(namedPairs('`src/a.ts` (`one`, `two`), and `src/b.ts` `three`'), [
    { path: 'src/a.ts', names: ['one', 'two'] },
    { path: 'src/b.ts', names: ['three'] },
  ]);
  assert.deepEqual(namedPairs('`src/a.ts` (`one`, then `src/c.ts` `four`) and `/llms.txt`'), [
    { path: 'src/a.ts', names: ['one'] },
    { path: 'src/c.ts', names: ['four'] },
  ]);
});
