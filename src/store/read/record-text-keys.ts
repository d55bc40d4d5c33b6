// The rowids of a record's documents in its kind's text indexes: the record's place in the list (its date, then its
// rid), so that an index gives its matches in the order a page lists them, newest first.
//
// A page of the records whose text matches `q` sorted every match by date to show ten: for a short word that a few
// hundred records hold, most of the page's time. With the list's order
// in the rowid, the index reads its matches in that order and stops at the page's end.
import type { RecordTable } from '../schema/record-tables.js';

/** The low bits of a key hold the rid, the high ones the day, each counted down so that the newest comes first. */
const RID_BITS = 32n;
const RID_LIMIT = 1n << RID_BITS;
const RID_MASK = RID_LIMIT - 1n;
/** More days than 0000-03-01 to 9999-12-31 spans. */
const DAY_LIMIT = 1n << 22n;

/** Days from 0000-03-01 (proleptic Gregorian) to 1970-01-01: keeps every four-digit year's day positive. */
const DAYS_BEFORE_1970 = 719_468;
const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

/**
 * The text-index rowid of the record `rid` listed on `date` (YYYY-MM-DD, as the table's order column holds it). Keys
 * ascend as a list goes (newest first, then the higher rid): an index reads its rowids forwards, cheaply, and
 * backwards only by loading its lists whole. Throws on a date that is not a calendar day or a rid that does not fit:
 * either would break that order silently.
 */
export function recordTextKey(date: string, rid: number | bigint): bigint {
  const match = ISO_DATE.exec(date);
  const [year, month, day] = match === null ? [NaN, NaN, NaN] : match.slice(1).map(Number);
  // setUTCFullYear, unlike Date.UTC, keeps the years 0 to 99 as written; it rolls 2025-02-30 over to March, so a day
  // that does not read back is not a calendar day
  const time = new Date(0).setUTCFullYear(year ?? NaN, (month ?? NaN) - 1, day ?? NaN);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date || (year ?? 0) < 1)
    throw new RangeError(`a record's list date must be a calendar day (YYYY-MM-DD), not "${date}"`);
  const id = BigInt(rid);
  if (id < 0n || id > RID_MASK) throw new RangeError(`record rid ${id} does not fit a text-index key`);
  const days = BigInt(time / DAY_MS + DAYS_BEFORE_1970);
  return ((DAY_LIMIT - days) << RID_BITS) | (RID_MASK - id);
}

/** The rid a text-index rowid stands for, in SQL: the key's low bits. */
export function ridOfTextKey(rowid: string): string {
  return `(${RID_MASK} - (${rowid} & ${RID_MASK}))`;
}

/** The text-index rowid of a record row of `table` (its order column read from the row) stored under `rid`. */
export function recordTextKeyOfRow(
  { table, orderColumn }: Pick<RecordTable, 'table' | 'orderColumn'>,
  row: Readonly<Record<string, unknown>>,
  rid: number | bigint,
): bigint {
  const date = row[orderColumn];
  if (typeof date !== 'string') throw new TypeError(`${table} row ${rid} has no ${orderColumn}`);
  return recordTextKey(date, rid);
}
