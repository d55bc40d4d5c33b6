// Writing records: sources, the three record tables with their child rows, search text and grams, and company counts.
import type { Statement } from 'better-sqlite3';
import { RECORD_KINDS, perRecordKind, type RecordKind } from '../../domain/records/record.js';
import { recordSearchText } from '../../domain/records/record-search-text.js';
import type { ListingStatus, ValidRecord } from '../../domain/records/record.js';
import type { StoredListing } from '../../domain/records/listing.js';
import { ALL_RECORD_TABLES, COMMON_COLUMNS, RECORD_TABLES } from '../schema/record-tables.js';
import { rowOf, type Row } from '../schema/record-rows.js';
import { RecordChildren } from '../read/record-children.js';
import { recordDoc, storedRecordsOf } from '../read/record-docs.js';
import type { Db } from '../schema/database.js';
import { instant } from '../../domain/dates.js';
import { deferTriggers } from './deferred-indexes.js';
import { recordTextKey, recordTextKeyOfRow } from '../read/record-text-keys.js';
import { keyOrderedTextDocs, recordTextDocs, type HeldDocs, type RecordTextDocs } from './record-text-docs.js';
import { RowidOrderedWrites } from './rowid-ordered-writes.js';

type WriteOutcome = 'inserted' | 'replaced';

export interface RecordWriter {
  /** Adds the source unless it exists; an existing source (say, from the registry) keeps its publisher and kind. */
  upsertSource(record: ValidRecord): void;
  /**
   * Inserts the record, or replaces the one with its id (row, text and gram entries, child rows; the rid may change).
   * Its change time is the clock's for a new record or one whose content changed, and stays for one written again
   * as it was.
   */
  writeRecord(record: ValidRecord): WriteOutcome;
  /** The listing of every record of a source, of every kind. */
  listingsOfSource(sourceId: string): StoredListing[];
  /** Marks a record delisted (row and document); its dates stay. */
  delistRecord(kind: RecordKind, id: string): void;
  /** Removes a record with its text, grams and child rows. The caller refreshes the record counts. */
  removeRecord(kind: RecordKind, id: string): void;
  /**
   * Runs `write` inside the caller's open transaction with the record tables' triggers set aside, this writer keeping
   * their name indexes itself: for the many records of an edition (deferTriggers says why). A throw leaves the
   * triggers to the transaction's rollback.
   */
  inBulk<T>(write: () => T): T;
}

/** A stored record found by id: its rid, its content (what a change of it changes) and its change time. */
interface Existing {
  readonly rid: number;
  /** Its order column's value: with the rid, its documents' key in the text indexes. */
  readonly list_date: string;
  /** The company name its name index holds it under (what removing it from that index needs). */
  readonly name: string | null;
  readonly content: string | null;
  readonly changed_at: string | null;
}

interface KindStatements {
  readonly findRid: Statement<[string], Existing>;
  readonly insert: Statement<[Record<string, unknown>]>;
  readonly readRow: Statement<[number | bigint], Row>;
  readonly setDoc: Statement<
    [{ doc: string; content: string | null; changed: string | null; now: string; rid: number | bigint }]
  >;
  readonly textDocs: RecordTextDocs;
  /** In bulk, the text documents and the name index entries, held and written in rowid order (rowid-ordered-writes.ts). */
  readonly bulkDocs: RecordTextDocs & HeldDocs;
  readonly bulkNames: RowidOrderedWrites<string | null, string | null>;
  readonly deleteChildren: readonly Statement<[number]>[];
  readonly deleteRow: Statement<[number]>;
  readonly listingsOfSource: Statement<[string], { id: string; status: ListingStatus; first: string; last: string }>;
  readonly delist: Statement<[string]>;
}

export function createRecordWriter(db: Db, clock: () => Date): RecordWriter {
  const statements = perRecordKind((kind) => prepareKind(db, kind));
  const upsertSource = sourceUpserter(db);
  const writeChildren = childWriter(db);
  const children = new RecordChildren(db);
  let bulk = false;

  return {
    upsertSource,

    writeRecord(record) {
      const s = statements[record.kind];
      const existing = s.findRid.get(record.id);
      if (existing) removeRow(s, existing, bulk);
      const values = rowOf(record);
      const rid = s.insert.run(values).lastInsertRowid;
      if (bulk) s.bulkNames.write(BigInt(rid), nameOf(values));
      (bulk ? s.bulkDocs : s.textDocs).write(
        recordTextKeyOfRow(RECORD_TABLES[record.kind], values, rid),
        recordSearchText(record),
      );
      writeChildren(record, rid);
      // the document is the record read back, so that a page returns what reading the row and its children gave
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the row was inserted just above, in the same transaction
      const row = s.readRow.get(rid)!;
      s.setDoc.run({
        doc: recordDoc(storedRecordsOf(children, record.kind, [row])(row)),
        content: existing?.content ?? null,
        changed: existing?.changed_at ?? null,
        now: instant(clock()),
        rid,
      });
      return existing ? 'replaced' : 'inserted';
    },

    listingsOfSource(sourceId) {
      return RECORD_KINDS.flatMap((kind) =>
        statements[kind].listingsOfSource.all(sourceId).map(({ id, status, first, last }) => ({
          kind,
          id,
          listing: { status, first_listed_on: first, last_listed_on: last },
        })),
      );
    },

    delistRecord(kind, id) {
      statements[kind].delist.run(id);
    },

    removeRecord(kind, id) {
      const s = statements[kind];
      const existing = s.findRid.get(id);
      if (existing) removeRow(s, existing, bulk);
    },

    inBulk(write) {
      if (bulk) return write();
      const restore = ALL_RECORD_TABLES.map(({ table }) => deferTriggers(db, table));
      bulk = true;
      const held = RECORD_KINDS.flatMap((kind) => [statements[kind].bulkNames, statements[kind].bulkDocs]);
      try {
        const result = write();
        for (const h of held) h.flush();
        for (const r of restore) r();
        return result;
      } finally {
        // after a throw, what was held is the rolled-back transaction's
        for (const h of held) h.discard();
        bulk = false;
      }
    },
  };
}

/** Adds a record's source unless it exists. */
function sourceUpserter(db: Db): (record: ValidRecord) => void {
  const insertSource = db.prepare<[Record<string, unknown>]>(
    `INSERT INTO sources(id, publisher_code, record_kind, url, title) VALUES (@id, @publisher_code, @record_kind, @url, @title)
     ON CONFLICT(id) DO NOTHING`,
  );
  return (record) => {
    insertSource.run({
      id: record.source.id,
      publisher_code: record.authority,
      record_kind: record.kind,
      url: record.source.url,
      title: record.source.title,
    });
  };
}

/** Removes a row with its text, grams and child rows; in bulk, its name index entry too (the triggers are aside). */
function removeRow(s: KindStatements, { rid, list_date: listDate, name }: Existing, bulk: boolean): void {
  if (bulk) s.bulkNames.remove(BigInt(rid), name);
  (bulk ? s.bulkDocs : s.textDocs).remove(recordTextKey(listDate, rid));
  for (const child of s.deleteChildren) child.run(rid);
  s.deleteRow.run(rid);
}

/** What writes a record's child rows: an enforcement's laws, a licence action's sectors and permits. */
function childWriter(db: Db): (record: ValidRecord, rid: number | bigint) => void {
  const insertLaw = db.prepare<[string, string, number | bigint, number]>(
    'INSERT INTO enforcement_laws(law_code, date, rid, position) VALUES (?, ?, ?, ?)',
  );
  const insertSector = db.prepare<[string, string, number | bigint, number]>(
    'INSERT INTO license_action_sectors(sector_code, date, rid, position) VALUES (?, ?, ?, ?)',
  );
  const insertPermit = db.prepare<[number | bigint, number, string, string | null]>(
    'INSERT INTO license_action_permits(rid, position, sector_code, number) VALUES (?, ?, ?, ?)',
  );
  return (record, rid) => {
    if (record.kind === 'enforcement') {
      record.laws.forEach((law, i) => insertLaw.run(law, record.date, rid, i));
    } else if (record.kind === 'license_action') {
      record.sector_codes.forEach((sector, i) => insertSector.run(sector, record.date, rid, i));
      record.permits.forEach((p, i) => insertPermit.run(rid, i, p.sector_code, p.number));
    }
  };
}

/**
 * Recomputes the record counts of every company from the records linked to it by Corporate Number, writing only the
 * companies whose count moved. A company row written rewrites the rank copies of its terms (companies_rank_au), and
 * clearing every count before setting it again wrote every company with records and all their terms twice, at each
 * import and collection of records. Returns the
 * ids of the companies written: the only company rows a write of records changes (record-change-check.ts reads them).
 */
export function refreshRecordCounts(db: Db): number[] {
  // a company counted before whose records of a kind are gone; the three kinds in one pass over the companies
  const gone = ALL_RECORD_TABLES.map(({ companyCount: column, table }) => ({
    column,
    when: `${column} <> 0 AND NOT EXISTS
      (SELECT 1 FROM ${table} r WHERE r.company_corporate_number = companies.corporate_number)`,
  }));
  const moved = new Set<number>();
  const written = (ids: readonly number[]) => ids.forEach((id) => moved.add(id));
  db.transaction(() => {
    for (const { companyCount: column, table } of ALL_RECORD_TABLES) {
      const set = db.prepare<[], number>(
        `UPDATE companies SET ${column} = c.n
         FROM (SELECT company_corporate_number AS cn, count(*) AS n FROM ${table}
               WHERE company_corporate_number IS NOT NULL GROUP BY company_corporate_number) AS c
         WHERE companies.corporate_number = c.cn AND companies.${column} <> c.n RETURNING companies.id`,
      );
      written(set.pluck().all());
    }
    const clear = db.prepare<[], number>(
      `UPDATE companies SET ${gone.map((g) => `${g.column} = CASE WHEN ${g.when} THEN 0 ELSE ${g.column} END`).join(', ')}
       WHERE ${gone.map((g) => `(${g.when})`).join(' OR ')} RETURNING id`,
    );
    written(clear.pluck().all());
  })();
  return [...moved];
}

/**
 * What sets the record counts of a company written after its records (refreshRecordCounts, for one company): a record
 * keeps the Corporate Number it was published with whether or not the register holds it yet. Null when no record
 * names a company by number, as in a new dataset: then a company has nothing to count.
 */
export function recordCountsOfNewCompany(db: Db): ((corporateNumber: string) => void) | null {
  const numbered = ALL_RECORD_TABLES.some(
    ({ table }) =>
      db.prepare(`SELECT 1 FROM ${table} WHERE company_corporate_number IS NOT NULL LIMIT 1`).get() !== undefined,
  );
  if (!numbered) return null;
  const counts = ALL_RECORD_TABLES.map(
    ({ companyCount: column, table }) =>
      `${column} = (SELECT count(*) FROM ${table} WHERE company_corporate_number = companies.corporate_number)`,
  );
  const update = db.prepare<[string]>(`UPDATE companies SET ${counts.join(', ')} WHERE corporate_number = ?`);
  return (corporateNumber) => {
    update.run(corporateNumber);
  };
}

/**
 * A record's content as a change of it is told: its document without its source (the list's address, title, date and
 * retrieval change with every edition) and its listing (the list's history, not the case's).
 */
const CONTENT = (doc: string) => `json_remove(${doc}, '$.source', '$.listing')`;

function prepareKind(db: Db, kind: RecordKind): KindStatements {
  const { table, children, nameIndex, orderColumn } = RECORD_TABLES[kind];
  const columns = [...COMMON_COLUMNS, ...RECORD_TABLES[kind].columns];
  const textDocs = recordTextDocs(db, RECORD_TABLES[kind]);
  // what the name index's triggers do on insert and on delete, done by the writer in bulk
  const indexName = db.prepare<[bigint, string | null]>(
    `INSERT INTO ${nameIndex}(rowid, company_name_printed) VALUES (?, ?)`,
  );
  const unindexName = db.prepare<[bigint, string | null]>(
    `INSERT INTO ${nameIndex}(${nameIndex}, rowid, company_name_printed) VALUES ('delete', ?, ?)`,
  );
  return {
    findRid: db.prepare(
      `SELECT rid, ${orderColumn} AS list_date, company_name_printed AS name, ${CONTENT('doc')} AS content, changed_at
       FROM ${table} WHERE id = ?`,
    ),
    insert: db.prepare(
      `INSERT INTO ${table}(${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    ),
    readRow: db.prepare(`SELECT * FROM ${table} WHERE rid = ?`),
    setDoc: db.prepare(
      `UPDATE ${table} SET doc = @doc,
         changed_at = CASE WHEN ${CONTENT('@doc')} IS @content THEN coalesce(@changed, @now) ELSE @now END
       WHERE rid = @rid`,
    ),
    textDocs,
    bulkDocs: keyOrderedTextDocs(textDocs),
    bulkNames: new RowidOrderedWrites({
      write: (rid, name) => indexName.run(rid, name),
      remove: (rid, name) => unindexName.run(rid, name),
    }),
    deleteChildren: children.map((child) => db.prepare(`DELETE FROM ${child} WHERE rid = ?`)),
    deleteRow: db.prepare(`DELETE FROM ${table} WHERE rid = ?`),
    listingsOfSource: db.prepare(
      `SELECT id, listing_status AS status, first_listed_on AS first, last_listed_on AS last FROM ${table} WHERE source_id = ?`,
    ),
    // the document is the record as a page returns it: its listing changes with the row
    delist: db.prepare(
      `UPDATE ${table} SET listing_status = 'delisted', doc = json_set(doc, '$.listing.status', 'delisted') WHERE id = ?`,
    ),
  };
}

/** The printed name's key of a record's row, as its name index holds it. */
function nameOf(values: Readonly<Record<string, string | number | null>>): string | null {
  const name = values.company_name_printed;
  return typeof name === 'string' ? name : null;
}
