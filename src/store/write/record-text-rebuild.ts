// Rebuilds the search text, short grams, document and company-name keys (the linker's, the printed name's) of every stored record when the way they are
// made changed.
import { recordSearchText, recordTextVersion } from '../../domain/records/record-search-text.js';
import type { Db } from '../schema/database.js';
import { RecordChildren } from '../read/record-children.js';
import type { Row } from '../schema/record-rows.js';
import { recordNameKey } from '../../domain/records/record-names.js';
import { printedNameKey } from '../../domain/companies/names.js';
import { recordDoc, storedRecordsOf } from '../read/record-docs.js';
import { ALL_RECORD_TABLES, type RecordTable } from '../schema/record-tables.js';
import { recordTextKeyOfRow } from '../read/record-text-keys.js';
import { keyOrderedTextDocs, recordTextDocs } from './record-text-docs.js';
import { refreshRecordTrigramDocs } from './token-counts.js';

const BATCH = 5000;

/**
 * Text or grams made by another build would not meet the words this build looks for, a file from before the
 * short-gram index has none at all, and one from before record documents has none of those; either way every
 * record's text, grams and document are written again (once, inside one transaction). A file without records is
 * simply marked current. True when something was rebuilt.
 */
export function ensureRecordTextCurrent(db: Db): boolean {
  if (recordTextIsCurrent(db)) return false;
  const version = recordTextVersion();
  const hasRecords = ALL_RECORD_TABLES.some(
    ({ table }) => db.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get() !== undefined,
  );
  db.transaction(() => {
    if (hasRecords) for (const table of ALL_RECORD_TABLES) rebuildTable(db, table);
    refreshRecordTrigramDocs(db);
    db.prepare('DELETE FROM record_text_version').run();
    db.prepare('INSERT INTO record_text_version (version) VALUES (?)').run(version);
  })();
  return hasRecords;
}

function rebuildTable(db: Db, recordTable: RecordTable): void {
  const { kind, table } = recordTable;
  const setDoc = db.prepare<[string, string, string, number]>(
    `UPDATE ${table} SET doc = ?, company_name_norm = ?, company_name_printed = ? WHERE rid = ?`,
  );
  // written in key order, not the rids' (rowid-ordered-writes.ts)
  const textDocs = keyOrderedTextDocs(recordTextDocs(db, recordTable));
  textDocs.clear();
  const page = db.prepare<[number, number], Row>(`SELECT r.* FROM ${table} r WHERE r.rid > ? ORDER BY r.rid LIMIT ?`);
  const children = new RecordChildren(db);
  let after = 0;
  for (;;) {
    const rows = page.all(after, BATCH);
    const last = rows.at(-1);
    if (last === undefined) break;
    const recordOfRow = storedRecordsOf(children, kind, rows);
    for (const row of rows) {
      const record = recordOfRow(row);
      textDocs.write(recordTextKeyOfRow(recordTable, row, Number(row.rid)), recordSearchText(record));
      const { name } = record.company;
      setDoc.run(recordDoc(record), recordNameKey(name), printedNameKey(name), Number(row.rid));
    }
    after = Number(last.rid);
  }
  textDocs.flush();
}

/** Whether the file's record text and grams were written by this build (a read-only check). */
export function recordTextIsCurrent(db: Db): boolean {
  const stored = db.prepare<[], { version: string }>('SELECT version FROM record_text_version').get();
  return stored?.version === recordTextVersion();
}
