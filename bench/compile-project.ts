// Compiles one of the repository's TypeScript projects with its own tsc (scripts/tsc.mjs), as `npm run build` does:
// the benchmarks measure the compiled code that `npm start` and `npm run kohyo` run, not the sources through tsx.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs tsc on the project (a tsconfig file name at the repository's root), printing its errors; throws if it fails. */
export function compileProject(tsconfig: string): void {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'tsc.mjs'), '-p', join(ROOT, tsconfig)], { stdio: 'inherit' });
}
