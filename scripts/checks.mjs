// What `npm test` checks before the tests: the types (tsc), the lint rules (eslint), the formatting (prettier) and dead
// code (knip), run at the same time, each one's output printed whole once it ends. Each takes one core for most of its
// run (about 40, 100, 25 and 15 s of CPU on the 2-core machine), so side by side they take the time of the longest.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const CHECKS = [
  { name: 'tsc --noEmit', bin: 'tsc', args: ['--noEmit'] },
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
