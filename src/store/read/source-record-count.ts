// How many records a source has published, of whatever kind: the yardstick for a collapsed list.
import type { Db } from '../schema/database.js';
import { ALL_RECORD_TABLES } from '../schema/record-tables.js';

const countSql = (where: string) =>
  `SELECT ${ALL_RECORD_TABLES.map(({ table }) => `(SELECT count(*) FROM ${table} WHERE ${where})`).join(' + ')} AS n`;
const COUNT_SQL = countSql('source_id = @id');
// delisted records are kept from earlier editions: a new edition is measured against the records still listed
const LISTED_SQL = countSql("source_id = @id AND listing_status = 'listed'");

/** Every record of the source, listed or delisted. */
export function countRecordsOfSource(db: Db, sourceId: string): number {
  return countOf(db, COUNT_SQL, sourceId);
}

/** The records of the source that its latest edition holds. */
export function countListedRecordsOfSource(db: Db, sourceId: string): number {
  return countOf(db, LISTED_SQL, sourceId);
}

function countOf(db: Db, sql: string, sourceId: string): number {
  // a sum of counts answers one row, always
  return db.prepare<{ id: string }, number>(sql).pluck().get({ id: sourceId }) ?? 0;
}
