// docs/architecture.md walks a request and a collection through the code, a table row a step: every file a row names
// exists, and every function it names is declared in that file; and the request's walk is what the code runs: each
// step after start-up ran, its function among those V8's precise coverage saw called in a real request (the walk's
// own, to the production service). A change to the code that the walk does not follow fails here, naming the row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { section } from '../helpers/markdown.js';
import { demoDatabase } from '../helpers/server.js';
import { OTHER_CLIENTS_FIRST, traceRequest } from '../helpers/request-trace.js';
import { CODE_PATH, declares } from '../helpers/declarations.js';

const root = new URL('../../', import.meta.url);
const architecture = readFileSync(new URL('docs/architecture.md', root), 'utf8');
const WALKS = ['## A request, file by file', '## A collection, file by file'];

interface Step {
  readonly row: string;
  /** The step's number: 0 for what happens once, at start. */
  readonly step: number;
  /** The function of the Function column, if any. */
  readonly own: string | undefined;
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
    return {
      row,
      step: Number(/^\| (\d+) \|/u.exec(row)?.[1]),
      own: ticked(functionCell)[0],
      file,
      names,
      paths: [file, ...ticked(what).filter((t) => CODE_PATH.test(t))],
    };
  });
}

for (const heading of WALKS) {
  test(`${heading.slice(3)}: every file it names exists and declares the function it names`, () => {
    for (const step of stepsOf(section(architecture, heading))) {
      assert.match(step.file, CODE_PATH, `a row names its file: ${step.row}`);
      for (const path of step.paths) assert.ok(existsSync(new URL(path, root)), `${path} does not exist: ${step.row}`);
      for (const { file, name } of step.names)
        assert.ok(declares(file, name), `${file} does not declare ${name}: ${step.row}`);
    }
  });
}

/**
 * The hooks app.ts registers, in its order: each plugin its buildApp registers that it imports from a folder of
 * hooks (src/http/hooks/, src/limits/http/, src/usage/http/), so that a hook added there is one the walk must name.
 */
function registeredHooks(): string[] {
  const app = readFileSync(new URL('src/http/app.ts', root), 'utf8');
  const imports = app.matchAll(
    /^import \{([^}]+)\} from '(?:\.\/hooks|\.\.\/limits\/http|\.\.\/usage\/http)\/[^']+';$/gmu,
  );
  const fromHooks = new Set(
    [...imports].flatMap((m) => m[1]!.split(',')).map((name) => name.trim().replace(/^type /u, '')),
  );
  const body = app.slice(app.indexOf('export async function buildApp'));
  return [...body.matchAll(/await app\.register\((\w+)/gu)].map((m) => m[1]!).filter((name) => fromHooks.has(name));
}

test('A request, file by file: step 0 of src/http/app.ts names the hooks app.ts registers, in its order', () => {
  const row = stepsOf(section(architecture, WALKS[0]!)).find((step) => step.file === 'src/http/app.ts');
  assert.ok(row !== undefined, 'the walk has a row for src/http/app.ts');
  const listed = /registered in the order they act: ([^;]+);/u.exec(row.row)?.[1];
  assert.ok(listed !== undefined, 'the row lists the hooks "registered in the order they act: …;"');
  const hooks = registeredHooks();
  assert.ok(hooks.length >= 10, hooks.join(', '));
  assert.deepEqual(ticked(listed), hooks);
});

test("A request, file by file: each step after start-up ran in a new client's first asking of the request the walk names, traced", async () => {
  const walk = section(architecture, WALKS[0]!);
  const target = /`GET (\/[^`]+)`/u.exec(walk)?.[1];
  assert.ok(target !== undefined, 'the walk names its request as `GET /path?query`');
  // a new client's first question, after three other clients', as the request-trace tool asks it
  const { status, ran } = await traceRequest(await demoDatabase(), target, OTHER_CLIENTS_FIRST, {
    KOHYO_ANSWER_CACHE_ENTRIES: '0',
  });
  assert.equal(status, 200, target);
  for (const step of stepsOf(walk).filter(({ step }) => step > 0)) {
    const functions = ran.get(step.file);
    assert.ok(functions !== undefined, `nothing of ${step.file} ran: ${step.row}`);
    // a method is named by V8 without its class
    const name = step.own?.split('.').at(-1);
    if (name !== undefined) assert.ok(functions.includes(name), `${name} did not run: ${step.row}`);
  }
});

test("A request, file by file: step 0 lists the app's hooks in the order app.ts registers them", () => {
  const listed = /registered in the order they act: ([^;]+);/u.exec(section(architecture, WALKS[0]!))?.[1];
  assert.ok(listed !== undefined, 'step 0 lists the hooks as `registered in the order they act: …;`');
  const code = readFileSync(new URL('src/http/app.ts', root), 'utf8');
  const body = code.slice(code.indexOf('export async function buildApp'));
  // the bounds on connections come first and are named apart; the OpenAPI document and the transports are no hooks
  const registered = [...body.matchAll(/app\.register\((\w+)/gu)]
    .map((m) => m[1]!)
    .filter((name) => !['connectionLimits', 'swagger', 'transport'].includes(name));
  assert.deepEqual(ticked(listed), registered);
});

// V8's %GetOptimizationStatus: marked for optimization, at once or concurrently (src/runtime/runtime-test.cc)
const MARKED_FOR_OPTIMIZATION = (1 << 8) | (1 << 9);

test('the trace counts the calls of a function that V8 marked for TurboFan before counting began', async () => {
  // in a process of its own, whose natives syntax reads the mark: V8's own heuristics mark the function, as a test
  // file that called it before in the same process can leave it
  const script = `
    import { countCalls } from ${JSON.stringify(new URL('../helpers/call-counts.ts', import.meta.url).href)};
    function plan(text) { return text.length; }
    const marked = () => (%GetOptimizationStatus(plan) & ${MARKED_FOR_OPTIMIZATION}) !== 0;
    // the caller is kept from TurboFan, which would inline plan into it and never call plan itself again
    function callUntilMarked() {
      for (let calls = 0; !marked() && calls < 1e6; calls += 1) plan(String(calls % 50));
    }
    %NeverOptimizeFunction(callUntilMarked);
    callUntilMarked();
    const wasMarked = marked();
    const { scripts } = await countCalls(async () => {
      for (let i = 0; i < 20; i += 1) plan('warm');
    }, async () => plan('counted'));
    const counts = scripts.flatMap((s) => s.functions).filter((f) => f.functionName === 'plan');
    console.log(JSON.stringify({ wasMarked, counted: counts.map((f) => f.ranges[0].count) }));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--allow-natives-syntax',
    '--import',
    'tsx',
    '--input-type=module',
    '--eval',
    script,
  ]);
  assert.deepEqual(JSON.parse(stdout), { wasMarked: true, counted: [1] });
});
