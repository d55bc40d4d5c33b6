// How `npm test` runs the type check and the test files: in a few long-lived processes ("lanes") that take the next item
// of one shared queue whenever they finish one, the longest items first, so that the two cores stay busy to the end.
// A process of its own for each file loaded Node, tsx's loader thread and the app's modules (TypeBox's 700 ESM files
// among them) again before any test, and a fixed share of files per process left one core idle while the other
// finished its share. A lane imports each file it takes inside a suite named after
// it, which keeps the file's hooks (before/after) to its own tests and names the file in the report.
//
// `node scripts/test-run.mjs` runs everything; `node scripts/test-run.mjs FILE…` runs those files, without the type
// check. The lint rules, the formatting and dead code are `npm run lint`'s (package.json). With KOHYO_TEST_CPU_LOG=FILE
// each lane appends to FILE a line per item: its CPU seconds in the lane's process (all its threads), those of the
// child processes that ended meanwhile, and its name. What a file's after hooks end (a browser closed) counts to the
// lane's next item. CPU time, unlike the wall clock, holds on a loaded machine: compare runs by it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SINGLE_THREADED } from './build.mjs';
import { TYPE_CHECK } from './tsc.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where test files are: test/, a folder for each folder of src/, and src/ itself, where a source module keeps its tests in its folder. */
const TEST_FOLDERS = [join(ROOT, 'test'), join(ROOT, 'src')];

/** Files that take their own process because what they check is the process's own state. */
const OWN_PROCESS = new Set([
  // counts the process's timers
  'test/usage/usage-log.test.ts',
  // sets the AWS credentials in process.env for the S3 server it starts
  'test/replica/dataset-publication.test.ts',
]);

/**
 * The type check and the files of about 10 s or more (measured from a fresh clone of main, 2026-11-28, two cores),
 * longest first: the queue gives them out first, so that what is left at the end is the many short files, which even
 * out the lanes (a long file the sorted rest gives out last, test/scripts/ or test/store/, ends the run alone).
 */
const LONG = [
  'test/ingest/collect/tottori-namesakes.test.ts',
  'test/ingest/nta/nta-importer.test.ts',
  'test/ingest/collect/mhlw-editions-history.test.ts',
  'test/http/one-company-real.test.ts',
  'test/mcp-stdio.test.ts',
  'test/ingest/collect/parse-budget.test.ts',
  'test/store/romaji-recall.test.ts',
  'test/ingest/collect/tottori-links-2019.test.ts',
  TYPE_CHECK.name,
  'test/http/pages-browser.test.ts',
  'test/ingest/nta/nta-bulk-content.test.ts',
  'test/http/pages-truth.test.ts',
  'test/ingest/offline-build.test.ts',
  'test/scripts/build.test.ts',
  'test/ingest/collect/mhlw-editions-coverless.test.ts',
  'test/api/every-spelling.test.ts',
  'test/store/record-text-words.test.ts',
  'test/scripts/kohyo-launcher.test.ts',
  'test/ingest/nta/nta-csv.test.ts',
  'test/demo/build-demo.test.ts',
  'test/http/many-addresses.test.ts',
  'test/limits/memory-store.test.ts',
  'test/http/docs-page.test.ts',
  'test/http/self-description/openapi-lint.test.ts',
  'test/store/company-indexes-upgrade.test.ts',
  'test/ingest/registry/source-folders.test.ts',
  'test/http/spellings-served.test.ts',
  'test/store/company-search-recall.test.ts',
  'test/http/address-limits.test.ts',
  'test/ingest/registry/unread-list-module.test.ts',
  'test/api/one-company.test.ts',
  'test/http/fair-share.test.ts',
  // every operation of the served document at and past its bounds: about 5 s of CPU besides loading (2026-11-29)
  'test/http/self-description/openapi-bounds.test.ts',
  'test/limits/shared-redis.test.ts',
];

/**
 * Lanes at once: one a core, and two more, because the tests wait on other processes too (Chromium, redis-server,
 * the command line, tsc, xmllint) and the extra lanes fill those waits. On the idle 2-core machine (2026-11-26) the
 * whole run took 328 s in three lanes and 272 s in four, with all tests passing in both.
 */
const LANES = 4;

/** Every `*.test.ts` under `folder`, as paths from the root, sorted. */
function testFiles(folder) {
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

const LINGER = `after(() => {
  const stop = () => {
    console.error('still running ${LINGER_MS / 1000} s after its last test: a handle left open, or what a timed-out test started');
    process.exit(1);
  };
  setTimeout(stop, ${LINGER_MS}).unref();
});
`;

/**
 * A lane's entry: it takes the queue's items in turn, each one that no other lane has taken yet (taking item i is
 * creating the folder `claims/i`, which one process alone can do), and runs it before it takes the next. A test file
 * is imported inside a suite named after it, which bounds its time; the type check runs as a test of its name.
 */
function laneEntry(queue, claims) {
  const tsc = pathToFileURL(join(ROOT, 'scripts', 'tsc.mjs')).href;
  const items = queue.map((item) => (item.check ? { check: item.check } : { file: item.file, url: item.url }));
  return `import { after, describe, test } from 'node:test';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { TYPE_CHECK, runTsc } from ${JSON.stringify(tsc)};
const items = ${JSON.stringify(items)};
const cpuLog = process.env.KOHYO_TEST_CPU_LOG;
// utime, stime, cutime and cstime of /proc/self/stat (fields 14 to 17), in seconds
const cpu = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ').map(Number);
  return { own: (fields[11] + fields[12]) / 100, children: (fields[13] + fields[14]) / 100 };
};
const taken = (i) => {
  try {
    mkdirSync(${JSON.stringify(claims)} + '/' + i);
    return true;
  } catch {
    return false;
  }
};
for (const [i, item] of items.entries()) {
  if (!taken(i)) continue;
  const started = cpuLog ? cpu() : null;
  let ended;
  const end = new Promise((resolve) => (ended = resolve));
  if (item.check) {
    // a test's promise settles once it has ended
    test(TYPE_CHECK.name, async () => {
      const { status, signal, output } = await runTsc(TYPE_CHECK.args);
      if (status !== 0) throw new Error(\`\${TYPE_CHECK.name} failed (\${signal ?? \`exit \${status}\`})\\n\${output}\`);
    }).then(ended);
  } else {
    // a suite's promise settles at once: its after hook says when it has ended
    describe(item.file, { timeout: ${FILE_TIMEOUT_MS} }, async () => {
      after(ended);
      await import(item.url);
    });
  }
  await end;
  if (started !== null) {
    const now = cpu();
    const line = [now.own - started.own, now.children - started.children].map((s) => s.toFixed(2));
    appendFileSync(cpuLog, [...line, item.file ?? item.check].join(' ') + '\\n');
  }
}
${LINGER}`;
}

/** A file's entry of its own: the file imported inside a suite named after it. */
function ownEntry(file) {
  const url = pathToFileURL(join(ROOT, file)).href;
  return `import { after, describe } from 'node:test';
describe(${JSON.stringify(file)}, { timeout: ${FILE_TIMEOUT_MS} }, async () => {
  await import(${JSON.stringify(url)});
});
${LINGER}`;
}

/** The queue: the long items first, in LONG's order, then the others as sorted. */
export function queueOf(files, withTypeCheck) {
  const items = [
    ...(withTypeCheck ? [{ key: TYPE_CHECK.name, check: TYPE_CHECK.name }] : []),
    ...files.map((file) => ({ key: file, file, url: pathToFileURL(join(ROOT, file)).href })),
  ];
  const rank = (item) => (LONG.includes(item.key) ? LONG.indexOf(item.key) : LONG.length);
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.i - b.i)
    .map((x) => x.item);
}

/**
 * The entries node --test runs, written into `folder`. node --test starts files in the order of their sorted paths,
 * so each entry's name begins with its place: the files of their own (short), then the lanes.
 */
export function plan(files, withTypeCheck, folder) {
  const entries = [];
  const write = (name, text) => {
    const path = join(folder, `${String(entries.length).padStart(3, '0')}-${name}.test.mjs`);
    writeFileSync(path, text);
    entries.push(path);
  };
  for (const file of files.filter((f) => OWN_PROCESS.has(f))) write(basename(file, '.test.ts'), ownEntry(file));
  const queue = queueOf(
    files.filter((f) => !OWN_PROCESS.has(f)),
    withTypeCheck,
  );
  const claims = join(folder, 'claims');
  mkdirSync(claims);
  for (let lane = 1; lane <= Math.min(LANES, queue.length); lane++) write(`lane-${lane}`, laneEntry(queue, claims));
  return entries;
}

/**
 * tsx keeps its compiled files in os.tmpdir()'s tsx-<uid>: the run's temporary folder links to the system's, so that a
 * run does not compile every file again (about 25 s of a run on two cores).
 */
function keepTsxCache(temporary) {
  const name = `tsx-${process.getuid?.() ?? 'user'}`;
  const cache = join(tmpdir(), name);
  mkdirSync(cache, { recursive: true });
  symlinkSync(cache, join(temporary, name));
}

const named = process.argv.slice(2).map((file) => relative(ROOT, join(process.cwd(), file)));
const folder = mkdtempSync(join(tmpdir(), 'kohyo-test-run-'));
// every temporary file and folder a test makes (os.tmpdir() reads TMPDIR) goes in the run's folder, removed with it:
// the tests' fixtures left about a hundred folders in the system's temporary folder a run, tens of GB over months
const temporary = join(folder, 'tmp');
mkdirSync(temporary);
keepTsxCache(temporary);
const entries = plan(named.length > 0 ? named : TEST_FOLDERS.flatMap((f) => testFiles(f)), named.length === 0, folder);
const runner = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${LANES}`, `--test-timeout=${PROCESS_TIMEOUT_MS}`, ...entries],
  // the folder is also where test files keep what they share within the run (test/helpers/run-cache.ts), and the
  // builds the tests run take one thread each (scripts/build.mjs)
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, KOHYO_TEST_RUN_DIR: folder, TMPDIR: temporary, [SINGLE_THREADED]: '1' },
  },
);
runner.on('close', (status, signal) => {
  rmSync(folder, { recursive: true, force: true });
  process.exitCode = status ?? (signal === null ? 1 : 128);
});
