// `node scripts/tsc.mjs ARGS…`: TypeScript 7's tsc with those arguments (`npm run typecheck` is `--noEmit`), and the
// type check `npm test` runs among its test files (scripts/test-run.mjs), about 9 s of CPU on the 2-core machine.
// The lint rules (eslint), the formatting (prettier) and dead code (knip) are `npm run lint` (package.json), which
// `.ci/run` runs before `npm test`.
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tscPath } from './build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The check `npm test` runs: a test that does not type-check fails the tests. On one thread, because the test lanes
 * keep both cores busy: tsc's own threads there cost 70 % more CPU for no earlier end.
 */
export const TYPE_CHECK = { name: 'tsc --noEmit', args: ['--noEmit', '--singleThreaded'] };

/** Runs TypeScript 7's tsc, its standard output and error kept together; its exit status and output. */
export function runTsc(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tscPath(), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ status: 1, output: String(error) }));
    child.on('close', (status, signal) =>
      resolve({ status: status ?? 1, signal, output: Buffer.concat(output).toString() }),
    );
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { status, output } = await runTsc(process.argv.slice(2));
  process.stdout.write(output);
  process.exitCode = status;
}
