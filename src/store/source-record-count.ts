// How many records a source has published, of whatever kind: the yardstick for a collapsed list.
import type { Db } from './database.js';
import { ALL_RECORD_TABLES } from './record-tables.js';

const COUNT_SQL = `SELECT ${ALL_RECORD_TABLES.map(({ table }) => `(SELECT count(*) FROM ${table} WHERE source_id = @id)`).join(' + ')} AS n`;

export function countRecordsOfSource(db: Db, sourceId: string): number {
  return (db.prepare(COUNT_SQL).get({ id: sourceId }) as { n: number }).n;
}
