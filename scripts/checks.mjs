// The type check `npm test` runs among its test files (scripts/test-run.mjs), about 26 s of CPU on the 2-core machine.
// The lint rules (eslint), the formatting (prettier) and dead code (knip) are `npm run lint` (package.json), which
// `.ci/run` runs before `npm test`.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The check `npm test` runs: a test that does not type-check fails the tests. */
export const TYPE_CHECK = { name: 'tsc --noEmit', bin: 'tsc', args: ['--noEmit'] };

/** Runs one check, its standard output and error kept together; its exit status and output. */
export function runCheck({ bin, args }) {
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, 'node_modules', '.bin', bin), args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ status: 1, output: String(error) }));
    child.on('close', (status, signal) =>
      resolve({ status: status ?? 1, signal, output: Buffer.concat(output).toString() }),
    );
  });
}
