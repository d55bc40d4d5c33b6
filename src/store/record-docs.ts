// A record's document: the record as a page returns it, stored as JSON beside its row (the `doc` column). A page then
// reads one value a record instead of its columns and its child rows, which were most of a record answer.
import { MAX_PERMITS_SHOWN, type RecordKind, type RecordOfKind } from '../domain/record.js';
import type { RecordChildren } from './record-children.js';
import { recordOf, type Row } from './record-rows.js';

/**
 * The records rows of a kind's table stand for, read back with their child rows as a page once read them (at most
 * MAX_PERMITS_SHOWN permits each): what their documents hold, whatever form the writer was given them in.
 */
export function storedRecords<K extends RecordKind>(
  children: RecordChildren,
  kind: K,
  rows: readonly Row[],
): RecordOfKind<K>[] {
  const childrenOf = children.read(kind, rows, MAX_PERMITS_SHOWN);
  return rows.map((row) => recordOf(kind, row, childrenOf(row)));
}

export function recordDoc(record: RecordOfKind<RecordKind>): string {
  return JSON.stringify(record);
}

export function recordFromDoc<K extends RecordKind>(doc: unknown): RecordOfKind<K> {
  // the writer writes every row's document and opening a file for writing fills those of an older build
  if (typeof doc !== 'string')
    throw new Error('a record without its document: run any import command to rebuild the file');
  return JSON.parse(doc) as RecordOfKind<K>;
}
