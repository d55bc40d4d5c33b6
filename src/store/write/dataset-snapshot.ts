// A consistent copy of the dataset in a file of its own, checked: what `publish-dataset` uploads.
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import {
  integrityProblems,
  makeSelfContained,
  readDatasetMeta,
  readFile,
  type DatasetMeta,
} from '../schema/database.js';

/**
 * Copies the dataset at `from` to `to` as one consistent snapshot (VACUUM INTO reads one, so a running writer is
 * neither blocked nor half copied), makes the copy whole on its own, checks it, and gives its meta.
 */
export function writeCheckedSnapshot(from: string, to: string): DatasetMeta {
  rmSync(to, { force: true });
  readFile(from, (db) => db.prepare('VACUUM INTO ?').run(to));
  const db = new Database(to);
  try {
    makeSelfContained(db);
    const problems = integrityProblems(db);
    if (problems.length > 0)
      throw new Error(`the dataset failed its integrity check: ${problems.slice(0, 5).join('; ')}`);
    return readDatasetMeta(db);
  } finally {
    db.close();
  }
}
