// scripts/kohyo.mjs (npm run kohyo): the build in dist/ when every source has a newer compiled file, else the sources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** A checkout in miniature: the launcher, the project's packages, and a cli that says which copy of it ran. */
function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), 'kohyo-launcher-'));
  mkdirSync(join(root, 'scripts'));
  copyFileSync(join(ROOT, 'scripts', 'kohyo.mjs'), join(root, 'scripts', 'kohyo.mjs'));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }');
  const cli = (copy: string) =>
    `export function runCliProcess(): void { console.log(${JSON.stringify(copy)}, process.argv.slice(2).join(' ')); }\n`;
  write(root, 'src/cli.ts', cli('sources'), 1000);
  write(root, 'src/store/part.ts', 'export const part = 1;\n', 1000);
  write(root, 'demo/demo-part.ts', 'export const demo = 1;\n', 1000);
  write(root, 'dist/src/cli.js', cli('build').replace(': void', ''), 2000);
  write(root, 'dist/src/store/part.js', 'export const part = 1;\n', 2000);
  write(root, 'dist/demo/demo-part.js', 'export const demo = 1;\n', 2000);
  return root;
}

/** Writes a file and sets its modification time, in seconds since the epoch. */
function write(root: string, path: string, text: string, seconds: number): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  utimesSync(join(root, path), seconds, seconds);
}

async function whichRuns(root: string): Promise<string> {
  const { stdout } = await run(process.execPath, [join(root, 'scripts', 'kohyo.mjs'), 'import', 'nta', 'FILE'], {
    cwd: root,
  });
  return stdout.trim();
}

test('a current build runs, with the arguments', async () => {
  const root = checkout();
  try {
    assert.equal(await whichRuns(root), 'build import nta FILE');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a source changed after the build, or one the build lacks, runs the sources', async () => {
  const root = checkout();
  try {
    write(root, 'src/store/part.ts', 'export const part = 2;\n', 3000);
    assert.equal(await whichRuns(root), 'sources import nta FILE');
    write(root, 'src/store/part.ts', 'export const part = 2;\n', 1000);
    write(root, 'demo/new-part.ts', 'export const added = 1;\n', 1000);
    assert.equal(await whichRuns(root), 'sources import nta FILE');
    rmSync(join(root, 'demo/new-part.ts'));
    assert.equal(await whichRuns(root), 'build import nta FILE');
    rmSync(join(root, 'dist'), { recursive: true });
    assert.equal(await whichRuns(root), 'sources import nta FILE');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
