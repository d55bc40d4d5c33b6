// How many records a source has published, of whatever kind: the yardstick for a collapsed list.
import type { Db } from './database.js';

export function countRecordsOfSource(db: Db, sourceId: string): number {
  const row = db
    .prepare(
      `SELECT (SELECT count(*) FROM enforcements WHERE source_id = @id)
            + (SELECT count(*) FROM procurement_suspensions WHERE source_id = @id)
            + (SELECT count(*) FROM license_actions WHERE source_id = @id) AS n`,
    )
    .get({ id: sourceId }) as { n: number };
  return row.n;
}
