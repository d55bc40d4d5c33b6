// Production and demo never mix: what the file at a path holds, and the one check every writer makes before writing it.
import { existsSync } from 'node:fs';
import { readFile, type DatasetKind } from '../schema/database.js';

/** 'none': no file, or a file that holds no dataset yet (an empty database, or not a database at all). */
export type LiveKind = DatasetKind | 'none';

export class DatasetKindError extends Error {
  constructor(
    readonly dbPath: string,
    readonly live: DatasetKind,
    readonly writing: DatasetKind,
  ) {
    super(refusal(dbPath, live));
  }
}

/** Read without changing the file, so that a refusal leaves it byte-identical. */
export function liveDatasetKind(path: string): LiveKind {
  if (!existsSync(path)) return 'none';
  try {
    return readFile(path, (db) => {
      const row = db.prepare<[], { value: string }>("SELECT value FROM dataset_meta WHERE key = 'kind'").get();
      if (row === undefined) return 'none';
      return row.value === 'demo' ? 'demo' : 'production';
    });
  } catch {
    // no dataset_meta table (an empty database) or not a database: nothing a writer would lose
    return 'none';
  }
}

/**
 * Throws DatasetKindError when writing `writing` would mix kinds: real records into the demo, or the demo over
 * a production dataset. A path with no dataset yet takes the kind of its first writer.
 */
export function assertMayWrite(path: string, writing: DatasetKind): void {
  const live = liveDatasetKind(path);
  if (live !== 'none' && live !== writing) throw new DatasetKindError(path, live, writing);
}

function refusal(path: string, live: DatasetKind): string {
  if (live === 'demo') {
    return (
      `KOHYO_DB (${path}) holds the fictional demo dataset; real records never go into it. Start a production dataset: ` +
      'point KOHYO_DB at a new path (KOHYO_DB=data/production.sqlite npm run kohyo -- import nta FILE) or delete the demo file.'
    );
  }
  return (
    `KOHYO_DB (${path}) holds a production dataset; the demo never replaces it, not even with --force. ` +
    'Point KOHYO_DB at another path for the demo, or move the production file away first.'
  );
}
