// A record's document: the record as a page returns it, stored as JSON beside its row (the `doc` column). A page then
// reads one value a record instead of its columns and its child rows, which were most of a record answer.
import { MAX_PERMITS_SHOWN, type RecordKind, type RecordOfKind } from '../../domain/records/record.js';
import type { RecordChildren } from './record-children.js';
import { recordOf, type Row } from '../schema/record-rows.js';

/**
 * The record each of these rows of a kind's table stands for, read back with its child rows as a page once read them
 * (at most MAX_PERMITS_SHOWN permits each): what their documents hold, whatever form the writer was given them in.
 * The child rows of all of them are read at once, here; the result then builds the record of any one of the rows.
 */
export function storedRecordsOf<K extends RecordKind>(
  children: RecordChildren,
  kind: K,
  rows: readonly Row[],
): (row: Row) => RecordOfKind<K> {
  const childrenOf = children.read(kind, rows, MAX_PERMITS_SHOWN);
  return (row) => recordOf(kind, row, childrenOf(row));
}

export function recordDoc(record: RecordOfKind<RecordKind>): string {
  return JSON.stringify(record);
}

export function recordFromDoc<K extends RecordKind>(doc: unknown): RecordOfKind<K> {
  // the writer writes every row's document and opening a file for writing fills those of an older build
  if (typeof doc !== 'string')
    throw new Error('a record without its document: run any import command to rebuild the file');
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the writers store JSON.stringify of the record a row of K's table reads back as (recordDoc), and a page reads only K's table
  return JSON.parse(doc) as RecordOfKind<K>;
}
