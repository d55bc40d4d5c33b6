// `npm run build`, and what `npm start` and `npm run kohyo` run first: dist/ compiled from src/ and demo/ by tsc,
// incrementally (tsconfig.build.json keeps tsc's build info in dist/), and with `--if-changed` not at all while
// nothing changed since the last build, so that a second start serves at once instead of compiling the project.
//
// JavaScript, not TypeScript, because it is what compiles the TypeScript.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The folders tsconfig.build.json compiles into dist/. */
const SOURCE_FOLDERS = ['src', 'demo'];
/** The settings a build is made with: a change to one is a change to every compiled file. */
const SETTINGS_FILES = ['tsconfig.json', 'tsconfig.build.json'];
/** Written by a build that succeeded, dated when that build started (an edit during the build is not in it). */
const STAMP = join('dist', '.built');
/** tsc's build info (tsconfig.build.json's tsBuildInfoFile). */
const BUILD_INFO = join('dist', 'tsconfig.build.tsbuildinfo');
/**
 * The path of TypeScript 7's tsc, the compiler ported to Go (package.json's `typescript-go`): the same checks and
 * output as TypeScript 5's, in about a sixth of the time. The `typescript` package stays for the tools that use its
 * JavaScript API (typescript-eslint, knip, openapi-typescript), which TypeScript 7.0 does not have; both name their
 * command `tsc`, hence the path. Looked up when a build needs it: the image runs scripts/kohyo.mjs, which imports this
 * module, without its development dependencies.
 */
export function tscPath() {
  return join(dirname(createRequire(import.meta.url).resolve('typescript-go/package.json')), 'bin', 'tsc');
}

/** A source module's tests sit beside it in src/ (tsconfig.build.json leaves them out): no build compiles them. */
const isTest = (name) => name.endsWith('.test.ts');

/** Every source file (tests aside) and folder under the source folders. */
function sourcesOf(root) {
  const files = [];
  const folders = [];
  const walk = (folder) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    folders.push(folder);
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/u.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(entry.name)) files.push(path);
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(join(root, folder));
  return { files, folders };
}

const compiledOf = (root, source) => join(root, 'dist', relative(root, source)).replace(/\.tsx?$/u, '.js');

const modifiedAt = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
};

/** Whether every source file has its compiled file, and nothing (a file, a folder's list, a setting) changed since. */
export function buildIsCurrent(root) {
  const builtAt = existsSync(join(root, STAMP)) ? statSync(join(root, STAMP)).mtimeMs : Number.NEGATIVE_INFINITY;
  const { files, folders } = sourcesOf(root);
  if (!files.every((source) => existsSync(compiledOf(root, source)))) return false;
  // a folder's time moves when a file is added to it, removed or renamed
  const inputs = [...files, ...folders, ...SETTINGS_FILES.map((name) => join(root, name))];
  return inputs.every((path) => modifiedAt(path) <= builtAt);
}

/**
 * Removes the compiled files whose source is gone, and the folders they leave empty: tsc never deletes an output, and a
 * module folder that moved would otherwise stay in dist/ as a folder the source registry finds (and refuses, having no
 * source.js).
 */
function pruneStale(root) {
  const prune = (folder) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) prune(path);
      const compiled = /^(.*)\.js(?:\.map)?$/u.exec(relative(join(root, 'dist'), path))?.[1];
      if (compiled === undefined) continue;
      if (!['.ts', '.tsx'].some((extension) => existsSync(join(root, `${compiled}${extension}`)))) rmSync(path);
    }
    if (readdirSync(folder).length === 0) rmSync(folder, { recursive: true });
  };
  for (const folder of SOURCE_FOLDERS) prune(join(root, 'dist', folder));
}

/**
 * Set to 1, tsc compiles on one thread. `npm test` sets it for the builds its tests run (scripts/test-run.mjs): its
 * lanes keep both cores busy, and tsc's own threads there cost twice the CPU (14.5 s against 7.5 s for the project)
 * for no earlier end. A build of one's own has the cores to itself and is quicker on all of them.
 */
export const SINGLE_THREADED = 'KOHYO_BUILD_SINGLE_THREADED';

/** Compiles dist/ (only what changed, tsc deciding), unless `ifChanged` and it is current; the exit status. */
export function build(root, { ifChanged = false, log = console.error } = {}) {
  if (ifChanged && buildIsCurrent(root)) return 0;
  const startedAt = new Date();
  const { files } = sourcesOf(root);
  // tsc's build info would say a compiled file someone deleted is still there
  if (!files.every((source) => existsSync(compiledOf(root, source)))) rmSync(join(root, BUILD_INFO), { force: true });
  const threads = process.env[SINGLE_THREADED] === '1' ? ['--singleThreaded'] : [];
  const compiled = spawnSync(process.execPath, [tscPath(), '-p', join(root, 'tsconfig.build.json'), ...threads], {
    cwd: root,
    // tsc's errors to stderr: the standard output is the command's own (`npm run --silent kohyo -- …`)
    stdio: ['ignore', 2, 2],
  });
  if (compiled.status !== 0) {
    log(`build: tsc failed (${compiled.status ?? compiled.signal}); dist/ is not current`);
    return 1;
  }
  pruneStale(root);
  writeFileSync(join(root, STAMP), `${startedAt.toISOString()}\n`);
  utimesSync(join(root, STAMP), startedAt, startedAt);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = build(ROOT, { ifChanged: process.argv.includes('--if-changed') });
}
