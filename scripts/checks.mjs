// The checks besides the tests: the types (tsc), which `npm test` runs among its test files (scripts/test-run.mjs), and
// the lint rules (eslint), the formatting (prettier) and dead code (knip), which `npm run lint` runs (and `.ci/run`,
// before `npm test`). Run alone (`node scripts/checks.mjs`), all four run side by side, each one's output printed
// whole once it ends. About 26, 60, 20 and 3 s of CPU on the 2-core machine.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The check `npm test` runs: a test that does not type-check fails the tests. */
export const TYPE_CHECK = { name: 'tsc --noEmit', bin: 'tsc', args: ['--noEmit'] };

export const CHECKS = [
  TYPE_CHECK,
  { name: 'eslint .', bin: 'eslint', args: ['.'] },
  { name: 'prettier --check .', bin: 'prettier', args: ['--check', '.'] },
  { name: 'knip', bin: 'knip', args: ['--no-progress'] },
];

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

/** Runs the checks side by side, printing each one's output whole, and says whether all passed. */
async function runAll() {
  const results = await Promise.all(CHECKS.map(runCheck));
  let failed = 0;
  CHECKS.forEach((check, i) => {
    const { status, signal, output } = results[i];
    process.stdout.write(`> ${check.name}\n${output}`);
    if (status !== 0) {
      failed++;
      process.stdout.write(`${check.name} failed (${signal ?? `exit ${status}`})\n`);
    }
  });
  return failed === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = (await runAll()) ? 0 : 1;
