// scripts/build.mjs (npm run build, and what npm start and npm run kohyo build first): compiles what changed, and with
// --if-changed nothing while the build is current; run on a checkout in miniature with the project's tsconfig files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cliSaying, inMiniatureCheckout } from '../helpers/miniature-checkout.js';

const run = promisify(execFile);

const build = (root: string, ...args: string[]) =>
  run(process.execPath, [join(root, 'scripts', 'build.mjs'), ...args], { cwd: root });
const compiled = (root: string, path: string) => readFileSync(join(root, 'dist', path), 'utf8');

test('a build compiles src and demo into dist; --if-changed compiles nothing while nothing changed', () =>
  inMiniatureCheckout(async (root) => {
    await build(root, '--if-changed');
    assert.match(compiled(root, 'src/cli.js'), /"one"/u);
    assert.match(compiled(root, 'demo/demo-part.js'), /demo = 1/u);
    // a compiled file changed by hand stays as it is: the build is current, so tsc does not run
    writeFileSync(join(root, 'dist/demo/demo-part.js'), 'export const demo = "by hand";\n');
    await build(root, '--if-changed');
    assert.match(compiled(root, 'demo/demo-part.js'), /by hand/u);
    // without --if-changed tsc runs, and compiles only what changed (nothing did)
    await build(root);
    assert.match(compiled(root, 'demo/demo-part.js'), /by hand/u);
  }));

test('--if-changed compiles a source changed, added or whose compiled file is gone, and a changed setting', () =>
  inMiniatureCheckout(async (root) => {
    await build(root, '--if-changed');
    writeFileSync(join(root, 'src/cli.ts'), cliSaying('two'));
    await build(root, '--if-changed');
    assert.match(compiled(root, 'src/cli.js'), /"two"/u);

    writeFileSync(join(root, 'src/added.ts'), 'export const added = 1;\n');
    await build(root, '--if-changed');
    assert.match(compiled(root, 'src/added.js'), /added = 1/u);

    rmSync(join(root, 'dist/demo/demo-part.js'));
    await build(root, '--if-changed');
    assert.match(compiled(root, 'demo/demo-part.js'), /demo = 1/u);

    writeFileSync(join(root, 'dist/demo/demo-part.js'), 'export const demo = "by hand";\n');
    const settings = readFileSync(join(root, 'tsconfig.json'), 'utf8');
    writeFileSync(join(root, 'tsconfig.json'), settings.replace('"sourceMap": true', '"sourceMap": false'));
    await build(root, '--if-changed');
    assert.match(compiled(root, 'demo/demo-part.js'), /demo = 1/u, 'a changed setting compiles every file again');
  }));

test('a source that does not compile fails the build, and the next build tries again', () =>
  inMiniatureCheckout(async (root) => {
    await build(root, '--if-changed');
    writeFileSync(join(root, 'src/cli.ts'), 'export const broken: number = "text";\n');
    await assert.rejects(build(root, '--if-changed'), /tsc failed/u);
    await assert.rejects(build(root, '--if-changed'), /tsc failed/u);
  }));

test('a test beside a source module is not compiled and leaves the build current; a source removed takes its compiled file', () =>
  inMiniatureCheckout(async (root) => {
    mkdirSync(join(root, 'src/sources/m'), { recursive: true });
    writeFileSync(join(root, 'src/sources/m/source.ts'), 'export const source = 1;\n');
    writeFileSync(join(root, 'src/sources/m/m.test.ts'), 'export const tested = 1;\n');
    await build(root, '--if-changed');
    assert.match(compiled(root, 'src/sources/m/source.js'), /source = 1/u);
    assert.equal(existsSync(join(root, 'dist/src/sources/m/m.test.js')), false);
    writeFileSync(join(root, 'dist/src/cli.js'), 'export const cli = "by hand";\n');
    await build(root, '--if-changed');
    assert.match(compiled(root, 'src/cli.js'), /by hand/u, 'the test has no compiled file, and the build is current');

    // a module folder moved away: its compiled files and folder go, so nothing finds a module that is not there
    rmSync(join(root, 'src/sources'), { recursive: true });
    await build(root, '--if-changed');
    assert.equal(existsSync(join(root, 'dist/src/sources')), false);
    assert.ok(existsSync(join(root, 'dist/src/cli.js')));
  }));
