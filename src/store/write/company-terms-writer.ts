// Writes a company's search terms and keeps the trigram, short-gram and long-gram indexes in step, one company at a
// time or in bulk. Each index holds one document per company (rowid = companies.id), not one per term: a count of the
// companies a key finds reads the index alone, where a document per term had to be joined to its company, row by
// row, which was most of a count's cost at a million companies.
import {
  companyLongGrams,
  companyDocuments,
  indexedTerms,
  TERM_SEPARATOR,
  type CompanyDocuments,
  type IndexedTerms,
  type NamedCompany,
  type TermField,
} from '../../domain/companies/company-terms.js';
import type { AliasKind } from '../../domain/companies/company.js';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../schema/database.js';
import { deferIndexes, type RestoreIndexes } from './deferred-indexes.js';
import { rankKeySql } from '../schema/company-rank.js';
import { ftsForBulk } from './fts-bulk-settings.js';
import { registeredNameKey, registeredNameMark } from '../../domain/companies/names.js';

export interface CompanyTermsWriter {
  /** Writes the terms of a company that has none yet; `indexed` are indexedTerms(company) when the caller has them. */
  insert(companyId: number, company: NamedCompany, indexed?: IndexedTerms): void;
  /** Removes every term of a company. */
  remove(companyId: number): void;
  /**
   * Indexes new terms a stretch of companies at a time (INDEX_EVERY_TERMS), inside the caller's open transaction.
   * Written one company at a time, each company's documents are one statement each, which is most of the cost of a
   * large import; in bulk the documents of a stretch of companies are written in one statement an index. When there are
   * no terms yet (a new dataset), the term index is built at the end, and the full-text indexes are merged once at
   * the end rather than as their segments pile up (fts-bulk-settings.ts). Rolling the transaction back brings the
   * indexes back with everything else.
   */
  startBulk(): void;
  /** Indexes the terms not indexed yet and restores the term index; `onStep` is told each step as it begins. */
  finishBulk(onStep?: (step: string) => void): void;
  /** Forgets a bulk whose transaction was rolled back (the rollback itself restored the term index). */
  abandonBulk(): void;
}

/** In bulk, terms are written this many to a statement: one statement per term was most of their cost. */
const TERMS_PER_INSERT = 100;

/**
 * In bulk, the documents of the companies written are written each time their terms pass this many, rather than all
 * at the end: while an import's rows are read on another thread, the writing thread waits for them part of the time,
 * and indexing as it goes fills that wait, where indexing at the end ran alone on one core. Each stretch is one FTS5 segment of each index. A stretch is a fraction of a second of
 * the writing thread, which the reading thread's batches in flight cover (nta-parse-thread.ts).
 */
const INDEX_EVERY_TERMS = 20_000;

type TermRow = [id: number | null, companyId: number, field: string, aliasKind: string | null, term: string];

/** Each full-text index of the terms: its table, its column, and the document of a company it holds. */
const DOCUMENT_INDEXES = [
  { table: 'company_trigrams', column: 'terms', of: (d: CompanyDocuments) => d.trigrams },
  { table: 'company_grams', column: 'grams', of: (d: CompanyDocuments) => d.grams },
  { table: 'company_long_grams', column: 'grams', of: (d: CompanyDocuments) => d.longGrams },
] as const;

/** The company terms' full-text indexes, which the writer keeps in step. */
export const COMPANY_FTS_TABLES: readonly string[] = DOCUMENT_INDEXES.map((index) => index.table);

/**
 * A bulk under way: the highest term id indexed so far (each company's terms up to it are in its documents), the
 * next id to hand out, what puts back the index set aside, and the documents of the companies whose terms are past
 * the watermark, by company. Ids are handed out here rather than left to SQLite, which would reuse the id of a deleted
 * last row and so put a new, unindexed term below the watermark.
 */
interface Bulk {
  watermark: number;
  nextId: number;
  readonly documents: Map<number, CompanyDocuments>;
  readonly restoreIndexes: RestoreIndexes | null;
  /** Whether the full-text indexes were empty, and are merged once at the end (ftsForBulk). */
  readonly mergeAtEnd: boolean;
  /** Sets FTS5's settings back (ftsForBulk), once the last stretch is indexed. */
  readonly restoreFts: () => void;
}

/** The SQL of writing `n` terms in one statement. */
function insertTermsSql(n: number): string {
  // each term takes its company's rank copies (company-rank.ts) as it is written; the left join leaves a term without
  // a company to the foreign key to refuse
  return `INSERT INTO company_terms (id, company_id, field, alias_kind, term, legal_form, rank_key, registered_name)
     SELECT v.column1, v.column2, v.column3, v.column4, v.column5, c.legal_form, ${rankKeySql('c')},
       ${registeredNameSql({ field: 'v.column3', term: 'v.column5' }, 'c')}
     FROM (VALUES ${Array<string>(n).fill('(?, ?, ?, ?, ?)').join(', ')}) v LEFT JOIN companies c ON c.id = v.column2`;
}

/**
 * The SQL of a term row's registered name (company_terms.registered_name): on the name's rows its company's
 * registeredNameMark, the mark of how the name is registered against the row's term and the company's legal form; null
 * on the other rows. kohyo_registered_name must be defined on the connection (defineRegisteredName). The mark reads
 * the company's name and legal form, which only the company writer changes, and it writes the company's terms again
 * whenever it changes the company (company-writer.ts updateCompany): the rank trigger, which follows the changes
 * made without it (record counts), need not recompute the mark.
 */
export function registeredNameSql(row: { readonly field: string; readonly term: string }, company: string): string {
  return `CASE WHEN ${row.field} = 'name' THEN kohyo_registered_name(${company}.name, ${row.term}, ${company}.legal_form) END`;
}

/** Defines kohyo_registered_name (registeredNameMark of a company's name, term and form) on a connection. */
export function defineRegisteredName(db: Db): void {
  db.function('kohyo_registered_name', { deterministic: true }, (name: unknown, term: unknown, legalForm: unknown) =>
    typeof name === 'string' && typeof term === 'string'
      ? registeredNameMark(registeredNameKey(name), term, typeof legalForm === 'string' ? legalForm : null)
      : null,
  );
}

/**
 * Makes every company's long-gram document from its terms as stored (companyDocuments' long grams, from the terms
 * in the order they were written), inside the caller's transaction: for a file whose terms were written before the
 * long-gram index (company-terms-rebuild.ts). At five million companies about a hundred seconds, where writing every
 * term again took many times that.
 */
export function indexAllLongGrams(db: Db): void {
  db.function('kohyo_long_grams', { deterministic: true }, (terms: unknown) =>
    companyLongGrams(String(terms).split(TERM_SEPARATOR)),
  );
  const restoreFts = ftsForBulk(db, ['company_long_grams'], { mergeAtEnd: false });
  db.exec(`INSERT INTO company_long_grams(rowid, grams) SELECT company_id, grams FROM (SELECT company_id,
      kohyo_long_grams(group_concat(term, '${TERM_SEPARATOR}' ORDER BY id)) AS grams FROM company_terms
      GROUP BY company_id) WHERE grams <> ''`);
  restoreFts();
}

/**
 * Writes documents to the full-text indexes: one company's, or a stretch's in one statement per index. FTS5 writes
 * what it holds out as a segment whenever another statement writes to the index (at its savepoint), so a stretch's
 * documents go in as one JSON array of [company, document] pairs: a statement for every hundred of them made as many
 * segments, past the 2,000 FTS5 holds before a million companies.
 */
function documentWriter(db: Db) {
  const inserts = DOCUMENT_INDEXES.map((index) => ({
    ...index,
    one: db.prepare<[number, string]>(`INSERT INTO ${index.table}(rowid, ${index.column}) VALUES (?, ?)`),
    many: db.prepare<[string]>(
      `INSERT INTO ${index.table}(rowid, ${index.column}) SELECT value ->> 0, value ->> 1 FROM json_each(?)`,
    ),
    remove: db.prepare<[number]>(`DELETE FROM ${index.table} WHERE rowid = ?`),
  }));
  return {
    /** Deletes a company's documents: those its terms as written made (`documents`), and no other. */
    remove(companyId: number, documents: CompanyDocuments): void {
      for (const index of inserts) if (index.of(documents) !== null) index.remove.run(companyId);
    },
    one(companyId: number, documents: CompanyDocuments): void {
      for (const index of inserts) {
        const document = index.of(documents);
        if (document !== null) index.one.run(companyId, document);
      }
    },
    /** The documents in the order of their companies (FTS5 writes a segment out whenever a rowid goes back). */
    many(documents: ReadonlyMap<number, CompanyDocuments>): void {
      const companies = [...documents].sort(([a], [b]) => a - b);
      for (const index of inserts) {
        const pairs: [number, string][] = [];
        for (const [id, ofCompany] of companies) {
          const document = index.of(ofCompany);
          if (document !== null) pairs.push([id, document]);
        }
        if (pairs.length > 0) index.many.run(JSON.stringify(pairs));
      }
    },
  };
}

/** The statements the terms writer runs. */
function termStatements(db: Db) {
  return {
    insertTerm: db.prepare<TermRow>(insertTermsSql(1)),
    insertTermBatch: db.prepare<[(number | string | null)[]]>(insertTermsSql(TERMS_PER_INSERT)),
    deleteTerms: db.prepare<[number]>('DELETE FROM company_terms WHERE company_id = ?'),
    // the company's terms as they stand, the highest id first: whether they were indexed, and which documents they made
    termsOf: db.prepare<[number], { id: number; field: TermField; alias_kind: AliasKind | null; term: string }>(
      'SELECT id, field, alias_kind, term FROM company_terms WHERE company_id = ? ORDER BY id DESC',
    ),
    maxId: db.prepare<[], { m: number | null }>('SELECT max(id) AS m FROM company_terms'),
  };
}

export interface TermsWriterOptions {
  /** In bulk, the terms of a stretch of companies indexed together (INDEX_EVERY_TERMS); tests make it small. */
  readonly indexEveryTerms?: number;
}

/** In bulk, the terms not written yet, a row of five values after the other, written TERMS_PER_INSERT at a time. */
function termQueue(db: Db, insertBatch: Statement<[(number | string | null)[]]>) {
  const queued: (number | string | null)[] = [];
  return {
    push(id: number, companyId: number, field: string, aliasKind: string | null, term: string): void {
      queued.push(id, companyId, field, aliasKind, term);
      if (queued.length < 5 * TERMS_PER_INSERT) return;
      insertBatch.run(queued);
      queued.length = 0;
    },
    /** Writes what is queued: the last, part-full batch in one statement of its size. */
    write(): void {
      if (queued.length > 0) db.prepare<[typeof queued]>(insertTermsSql(queued.length / 5)).run(queued);
      queued.length = 0;
    },
    /** Forgets the queued terms of a company. */
    drop(companyId: number): void {
      const kept = queued.filter((_, i) => queued[i - (i % 5) + 1] !== companyId);
      queued.length = 0;
      queued.push(...kept);
    },
    clear(): void {
      queued.length = 0;
    },
  };
}

export function createCompanyTermsWriter(db: Db, options: TermsWriterOptions = {}): CompanyTermsWriter {
  const indexEveryTerms = options.indexEveryTerms ?? INDEX_EVERY_TERMS;
  defineRegisteredName(db);
  const st = termStatements(db);
  const documents = documentWriter(db);
  const queued = termQueue(db, st.insertTermBatch);

  let bulk: Bulk | null = null;
  // the documents of the companies whose terms are past the watermark, every one of them complete
  const indexWritten = (onStep: (step: string) => void = () => undefined) => {
    if (!bulk) return;
    queued.write();
    onStep('indexing the search terms');
    documents.many(bulk.documents);
    bulk.documents.clear();
    bulk.watermark = bulk.nextId - 1;
  };

  return {
    insert(companyId, company, indexed = indexedTerms(company)) {
      for (const t of indexed.terms) {
        if (bulk) queued.push(bulk.nextId++, companyId, t.field, t.alias_kind, t.term);
        else st.insertTerm.run(null, companyId, t.field, t.alias_kind, t.term);
      }
      if (bulk) {
        bulk.documents.set(companyId, indexed.documents);
        // the company's terms are all handed out: a stretch ends only between two companies
        if (bulk.nextId - 1 - bulk.watermark >= indexEveryTerms) indexWritten();
        return;
      }
      documents.one(companyId, indexed.documents);
    },

    remove(companyId) {
      // terms still queued were never written: they go from the queue, their ids unused as if written and deleted
      queued.drop(companyId);
      // a company's terms are written together, so its newest term tells whether they were indexed: in bulk, terms
      // past the watermark are not yet, and their documents wait with them
      const terms = st.termsOf.all(companyId);
      const newest = terms[0];
      if (newest !== undefined && (!bulk || newest.id <= bulk.watermark))
        documents.remove(companyId, companyDocuments(terms));
      bulk?.documents.delete(companyId);
      st.deleteTerms.run(companyId);
    },

    startBulk() {
      if (bulk) throw new Error('bulk term writing has already begun');
      if (!db.inTransaction) throw new Error('bulk term writing needs an open transaction');
      const watermark = st.maxId.get()?.m ?? 0;
      const empty = watermark === 0;
      bulk = {
        watermark,
        nextId: watermark + 1,
        documents: new Map(),
        restoreIndexes: empty ? deferIndexes(db, ['company_terms_by_term']) : null,
        mergeAtEnd: empty,
        restoreFts: ftsForBulk(db, COMPANY_FTS_TABLES, { mergeAtEnd: empty }),
      };
    },

    finishBulk(onStep = () => undefined) {
      if (!bulk) return;
      indexWritten(onStep);
      if (bulk.mergeAtEnd) onStep("merging the search terms' indexes");
      bulk.restoreFts();
      if (bulk.restoreIndexes) onStep('building the index of the search terms');
      bulk.restoreIndexes?.();
      bulk = null;
    },

    abandonBulk() {
      queued.clear();
      bulk = null;
    },
  };
}
