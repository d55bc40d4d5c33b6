// scripts/kohyo.mjs (npm run kohyo): the command line from dist/, compiled first in a checkout where a source changed
// since the last build, and run as it is where there is no src/ (the image).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cliSaying, inMiniatureCheckout } from '../helpers/miniature-checkout.js';

const run = promisify(execFile);

/** What the command line printed on its standard output, given `import nta FILE`. */
async function printed(root: string): Promise<string> {
  const { stdout } = await run(process.execPath, [join(root, 'scripts', 'kohyo.mjs'), 'import', 'nta', 'FILE'], {
    cwd: root,
  });
  return stdout;
}

test('in a checkout the build runs, compiled first when a source changed, with the arguments', () =>
  inMiniatureCheckout(async (root) => {
    assert.equal(await printed(root), 'one import nta FILE\n', 'the first run compiles, and prints nothing else');
    writeFileSync(join(root, 'src/cli.ts'), cliSaying('two'));
    assert.equal(await printed(root), 'two import nta FILE\n');
    writeFileSync(join(root, 'src/cli.ts'), 'export const broken: number = "text";\n');
    await assert.rejects(printed(root), /tsc failed/u, 'a source that does not compile is not run stale');
  }));

test('without src/, as in the image, the build in dist/ runs as it is, without the development dependencies', () =>
  inMiniatureCheckout(async (root) => {
    await printed(root);
    rmSync(join(root, 'src'), { recursive: true });
    // the image's node_modules has no compiler: the launcher must not need one to run the build it has
    rmSync(join(root, 'node_modules'));
    mkdirSync(join(root, 'node_modules'));
    writeFileSync(join(root, 'dist/src/cli.js'), cliSaying('shipped').replace(': void', ''));
    assert.equal(await printed(root), 'shipped import nta FILE\n');
  }));

test('kohyo is the package bin: npx kohyo in a checkout runs the launcher, a program of its own', () =>
  inMiniatureCheckout(async (root) => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; bin?: Record<string, string> };
    assert.deepEqual(manifest.bin, { kohyo: 'scripts/kohyo.mjs' });
    const launcher = join(root, manifest.bin.kohyo);
    assert.match(readFileSync(launcher, 'utf8'), /^#!\/usr\/bin\/env node\n/u);
    assert.ok((statSync(launcher).mode & 0o111) !== 0, 'the launcher is executable');
    // the checkout's own package.json names the bin, as the repository's does
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({ name: manifest.name, type: 'module', bin: manifest.bin }),
    );
    const { stdout } = await run('npx', ['--offline', '--no-install', 'kohyo', 'import', 'nta', 'FILE'], { cwd: root });
    assert.equal(stdout, 'one import nta FILE\n');
    assert.equal((await run(launcher, ['help'], { cwd: root })).stdout, 'one help\n', 'run as a program by its path');
  }));
