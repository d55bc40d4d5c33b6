// What the test files of one run share: a file made once per run (by whichever test file needs it first) and read
// by the others. Kept in the run's folder (KOHYO_TEST_RUN_DIR, which scripts/test-run.mjs makes and removes); a file
// run on its own keeps them in a folder of its process. Only within one run, so that what is read is always what
// today's code makes.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

let processFolder: string | undefined;

/** The folder of the run's shared files. */
function runCacheFolder(): string {
  const shared = process.env.KOHYO_TEST_RUN_DIR;
  if (shared !== undefined && shared !== '') return shared;
  processFolder ??= mkdtempSync(join(tmpdir(), 'kohyo-run-cache-'));
  return processFolder;
}

/** How often a test file waiting for another's file looks again. */
const WAIT_MS = 50;

/**
 * The path of the run's file `name`, made by `make(path)` if no test file of the run has made it yet. The lanes start
 * their longest files at once, and those read the same files: one makes a file while the others wait for it, rather
 * than each spending the same seconds of CPU on its own copy. `make` writes beside it, and the file is renamed into
 * place: a test file sees the whole file or none.
 */
export async function fileOfRun(name: string, make: (path: string) => Promise<void>): Promise<string> {
  const path = join(runCacheFolder(), name);
  const claim = `${path}.making`;
  while (!existsSync(path)) {
    if (!claimed(claim)) {
      await delay(WAIT_MS);
      continue;
    }
    try {
      if (!existsSync(path)) await makeInPlace(path, name, make);
    } finally {
      rmSync(claim, { recursive: true, force: true });
    }
  }
  return path;
}

/**
 * Whether this process now holds `claim` (a folder that one process alone can create, naming its process). A claim
 * whose process has ended (a test file that crashed while making) is taken over, so that nobody waits for it forever.
 */
function claimed(claim: string): boolean {
  try {
    mkdirSync(claim);
    writeFileSync(join(claim, 'pid'), String(process.pid));
    return true;
  } catch {
    if (!alive(ownerOf(claim))) rmSync(claim, { recursive: true, force: true });
    return false;
  }
}

function ownerOf(claim: string): number | null {
  try {
    return Number(readFileSync(join(claim, 'pid'), 'utf8'));
  } catch {
    return null; // the owner has yet to write its pid, or has just removed its claim
  }
}

function alive(pid: number | null): boolean {
  if (pid === null || !Number.isInteger(pid)) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function makeInPlace(path: string, name: string, make: (path: string) => Promise<void>): Promise<void> {
  const folder = mkdtempSync(join(runCacheFolder(), `${name}.${process.pid}-`));
  try {
    await make(join(folder, name));
    renameSync(join(folder, name), path);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
