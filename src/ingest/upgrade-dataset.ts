// Brings an existing dataset file up to this build's schema before the server opens it read-only.
import { SCHEMA_VERSION } from '../store/schema/schema.js';
import { makeSelfContained, readSchemaVersion } from '../store/schema/database.js';
import { derivedDataIsCurrent, openWritable } from '../store/write/database-upgrade.js';
import { optimiseAfterBulkWrite } from '../store/write/maintenance.js';
import { acquireWriterLock } from '../store/write/writer-lock.js';

export type UpgradeOutcome =
  { readonly kind: 'current' } | { readonly kind: 'upgraded'; readonly from: number; readonly to: number };

export class NewerDatasetError extends Error {
  constructor(path: string, found: number) {
    super(`database ${path} has schema version ${found}, newer than this build's ${SCHEMA_VERSION}: run a newer build`);
  }
}

/**
 * Migrates the file in place when its schema is older, or rebuilds its search terms and record text when an
 * older build wrote them, under the writer lock so that no collection
 * or import writes it meanwhile (a held lock throws WriterLockedError, naming the holder).
 * The one writer outside store/draft.ts: it runs before the server serves anything, each migration is its own
 * transaction, and a draft would add the copy and the check of the whole file to that start, a cost that grows with
 * the dataset.
 */
export function upgradeDatasetFile(path: string, options: { readonly now: () => Date }): UpgradeOutcome {
  const from = readSchemaVersion(path);
  if (from > SCHEMA_VERSION) throw new NewerDatasetError(path, from);
  if (from === SCHEMA_VERSION && derivedDataIsCurrent(path)) return { kind: 'current' };
  const lock = acquireWriterLock(path, { now: options.now, activity: 'start (schema upgrade)' });
  try {
    const db = openWritable(path);
    try {
      optimiseAfterBulkWrite(db);
      // as a published file is: the read-only server sees one file, and the next writer copies it as it is rather than
      // through VACUUM INTO, which rewrites every page
      makeSelfContained(db);
    } finally {
      db.close();
    }
  } finally {
    lock.release();
  }
  return { kind: 'upgraded', from, to: SCHEMA_VERSION };
}
