// What the test files of one run share: a file made once per run (by whichever test file needs it first) and read
// by the others. Kept in the run's folder (KOHYO_TEST_RUN_DIR, which scripts/test-run.mjs makes and removes); a file
// run on its own keeps them in a folder of its process. Only within one run, so that what is read is always what
// today's code makes.
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let processFolder: string | undefined;

/** The folder of the run's shared files. */
function runCacheFolder(): string {
  const shared = process.env.KOHYO_TEST_RUN_DIR;
  if (shared !== undefined && shared !== '') return shared;
  processFolder ??= mkdtempSync(join(tmpdir(), 'kohyo-run-cache-'));
  return processFolder;
}

/**
 * The path of the run's file `name`, made by `make(path)` if no test file of the run has made it yet. `make` writes
 * beside it, and the file is renamed into place: a test file running at the same time sees the whole file or none.
 */
export async function fileOfRun(name: string, make: (path: string) => Promise<void>): Promise<string> {
  const path = join(runCacheFolder(), name);
  if (existsSync(path)) return path;
  const folder = mkdtempSync(join(runCacheFolder(), `${name}.${process.pid}-`));
  try {
    await make(join(folder, name));
    renameSync(join(folder, name), path);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return path;
}
