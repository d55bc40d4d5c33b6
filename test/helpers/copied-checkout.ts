// A copy of the checkout's src/ and demo/ in a temporary folder (its packages linked, not copied), where a test adds a
// source module's folder and runs the command line as an operator would: `kohyo …` through tsx, in a process of its own.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

export interface CopiedCheckout {
  readonly root: string;
  /** The command line run in the copy, with KOHYO_DB and the other settings given: its exit code and output. */
  readonly kohyo: (args: readonly string[], env: Readonly<Record<string, string>>) => Promise<CliRun>;
}

interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `body` on a new copy of the checkout, removed after. */
export async function inCopiedCheckout(body: (checkout: CopiedCheckout) => Promise<void>): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'kohyo-checkout-'));
  try {
    for (const dir of ['src', 'demo']) cpSync(join(ROOT, dir), join(root, dir), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(root, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
    writeFileSync(join(root, 'cli.mjs'), "(await import('./src/cli.ts')).runCliProcess();\n");
    const kohyo = (args: readonly string[], env: Readonly<Record<string, string>>) =>
      run(process.execPath, ['--import', 'tsx', 'cli.mjs', ...args], {
        cwd: root,
        env: { ...process.env, ...env },
      }).then(
        ({ stdout, stderr }): CliRun => ({ code: 0, stdout, stderr }),
        (error: CliRun) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
      );
    await body({ root, kohyo });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
