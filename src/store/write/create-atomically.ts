// A file created atomically (whole or not at all), where no file of its name is yet.
import { randomBytes } from 'node:crypto';
import { linkSync, rmSync, writeFileSync } from 'node:fs';
import { errorCodeOf } from '../../lib/error-of.js';

/**
 * Writes `data` to a private file beside `path`, then links it into place; true when it did, false when a file of
 * that name exists. link() fails rather than replace a file, so processes racing to create it agree on one, and no
 * reader ever sees it half-written. `mode` is the new file's, as writeFileSync takes it.
 */
export function createAtomically(path: string, data: string | Uint8Array, mode?: number): boolean {
  const staging = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(staging, data, { flag: 'wx', ...(mode === undefined ? {} : { mode }) });
  try {
    linkSync(staging, path);
    return true;
  } catch (error) {
    if (errorCodeOf(error) === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(staging, { force: true });
  }
}
