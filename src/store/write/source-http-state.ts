// The HTTP validators (ETag, Last-Modified, body hash) of the list each source was last published from.
import type { Db } from '../schema/database.js';

export interface SourceHttpState {
  readonly etag: string | null;
  readonly last_modified: string | null;
  readonly content_sha256: string;
}

export function readSourceHttpState(db: Db, sourceId: string): SourceHttpState | null {
  const row = db
    .prepare<[string], SourceHttpState>(
      'SELECT etag, last_modified, content_sha256 FROM source_http_state WHERE source_id = ?',
    )
    .get(sourceId);
  return row ?? null;
}

/** Kept only when the list's records were published, so that a held-back list is fetched and judged again. */
export function writeSourceHttpState(db: Db, sourceId: string, state: SourceHttpState, updatedAt: string): void {
  db.prepare(
    `INSERT INTO source_http_state(source_id, etag, last_modified, content_sha256, updated_at)
     VALUES (@source_id, @etag, @last_modified, @content_sha256, @updated_at)
     ON CONFLICT(source_id) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified,
       content_sha256 = excluded.content_sha256, updated_at = excluded.updated_at`,
  ).run({ source_id: sourceId, ...state, updated_at: updatedAt });
}
