// scripts/kohyo.mjs (npm run kohyo): the command line from dist/, compiled first in a checkout where a source changed
// since the last build, and run as it is where there is no src/ (the image).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
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
