// How `npm test` runs the checks and the test files in one pool of two processes at a time (the 2-core machine).
// Every test file as its own process paid about 2.5 s of CPU to start Node, tsx's loader thread and the app's
// modules (TypeBox's 700 ESM files alone cost 0.6 s through the loader's hooks): 204 files, 500 s of CPU before a
// test ran. So most files share a process: a group's entry imports each file inside a suite named after it, which
// keeps each file's hooks (before/after) to its own tests and names the file in the report. A file that reads
// what is process-wide, and the long files (so that the two cores share them from the start), keep a process.
//
// `node scripts/test-run.mjs` runs everything; `node scripts/test-run.mjs FILE…` runs those files, without the checks.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TEST_FOLDER = join(ROOT, 'test');

/** Files that take their own process because what they check is the process's own state. */
const OWN_PROCESS = new Set([
  // counts the process's timers
  'test/usage/usage-log.test.ts',
  // sets the AWS credentials in process.env for the S3 server it starts
  'test/replica/dataset-publication.test.ts',
]);

/**
 * Files of a minute or more of CPU (measured on main, 2026-11-25), longest first: each its own process, started
 * first, so that the shorter groups fill the other core around them instead of one of these ending the run.
 */
const LONG = [
  'test/ingest/collect/parse-budget.test.ts',
  'test/ingest/collect/mhlw-editions-history.test.ts',
  'test/ingest/collect/real-files.test.ts',
  'test/http/pages-truth.test.ts',
  'test/ingest/offline-build.test.ts',
  'test/http/pages-browser.test.ts',
  'test/scripts/build.test.ts',
  'test/ingest/collect/tottori-links-2019.test.ts',
  'test/ingest/collect/mhlw-editions-coverless.test.ts',
  'test/mcp/mcp-stdio.test.ts',
  'test/ingest/nta/nta-importer.test.ts',
  'test/ingest/collect/tottori-links-2017.test.ts',
];

/** How many processes the other files are shared among: enough to balance the two cores, few enough to pay little. */
const GROUPS = 8;

/** Every `*.test.ts` under test/, as paths from the root, sorted. */
function testFiles(folder = TEST_FOLDER) {
  return readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return testFiles(path);
      return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
    })
    .sort();
}

/** How long a file's tests may take, as when each file was a process of its own under --test-timeout. */
const FILE_TIMEOUT_MS = 300_000;
/**
 * How long a process may take: the runner's --test-timeout, which node --test passes on to each test as well. Only a
 * bound on a process that hangs: the checks had none before, and took 20 minutes of a machine loaded 15 times over.
 */
const PROCESS_TIMEOUT_MS = 3_600_000;

/**
 * How long a process may go on once its last test has ended. A file alone ended when its tests did, or hung on what
 * they left running (an open handle, the work of a test that timed out) until the runner ended it; a suite's timeout
 * ends the suite, not the process. So a process still running this long after its tests fails, saying why.
 */
const LINGER_MS = 10_000;

/** A group's entry: each file imported inside a suite named after it, which bounds its time; run in turn. */
function groupEntry(files) {
  const suites = files.map((file) => {
    const url = pathToFileURL(join(ROOT, file)).href;
    return `describe(${JSON.stringify(file)}, { timeout: ${FILE_TIMEOUT_MS} }, async () => {\n  await import(${JSON.stringify(url)});\n});\n`;
  });
  const linger = `after(() => {
  const stop = () => {
    console.error('still running ${LINGER_MS / 1000} s after its last test: a handle left open, or what a timed-out test started');
    process.exit(1);
  };
  setTimeout(stop, ${LINGER_MS}).unref();
});
`;
  return `import { after, describe } from 'node:test';\n${suites.join('')}${linger}`;
}

/** The checks of scripts/checks.mjs as one test file, one after another so that they hold one core, not three. */
function checksEntry() {
  const checks = pathToFileURL(join(ROOT, 'scripts', 'checks.mjs')).href;
  return `import { test } from 'node:test';
import { CHECKS, runCheck } from ${JSON.stringify(checks)};
for (const check of CHECKS) {
  test(check.name, async () => {
    const { status, signal, output } = await runCheck(check);
    if (status !== 0) throw new Error(\`\${check.name} failed (\${signal ?? \`exit \${status}\`})\\n\${output}\`);
  });
}
`;
}

/**
 * The entries node --test runs, written into `folder`. node --test starts files in the order of their sorted paths,
 * so each entry's name begins with its place: the checks, the long files, the files of their own, then the groups.
 */
export function plan(files, withChecks, folder) {
  const entries = [];
  const write = (name, text) => {
    const path = join(folder, `${String(entries.length).padStart(3, '0')}-${name}.test.mjs`);
    writeFileSync(path, text);
    entries.push(path);
  };
  if (withChecks) write('checks', checksEntry());
  const chosen = new Set(files);
  const alone = [...LONG.filter((file) => chosen.has(file)), ...files.filter((file) => OWN_PROCESS.has(file))];
  for (const file of alone) write(basename(file, '.test.ts'), groupEntry([file]));
  const shared = files.filter((file) => !alone.includes(file));
  // dealt in turn from the sorted list, so that each group takes a share of every folder's files
  for (let g = 0; g < Math.min(GROUPS, shared.length); g++) {
    write(`group-${g + 1}`, groupEntry(shared.filter((_, i) => i % GROUPS === g)));
  }
  return entries;
}

const named = process.argv.slice(2).map((file) => relative(ROOT, join(process.cwd(), file)));
const folder = mkdtempSync(join(tmpdir(), 'kohyo-test-run-'));
const entries = plan(named.length > 0 ? named : testFiles(), named.length === 0, folder);
const runner = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', `--test-timeout=${PROCESS_TIMEOUT_MS}`, ...entries],
  // the folder is also where test files keep what they share within the run (test/helpers/pdf-pages-cache.ts)
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, KOHYO_TEST_RUN_DIR: folder } },
);
runner.on('close', (status, signal) => {
  rmSync(folder, { recursive: true, force: true });
  process.exitCode = status ?? (signal === null ? 1 : 128);
});
