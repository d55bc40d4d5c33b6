// Writes a company's search terms and keeps the trigram, short-gram and long-gram indexes in step, one company at a
// time or in bulk. Each index holds one document per company (rowid = companies.id), not one per term: a count of the
// companies a key finds reads the index alone, where a document per term had to be joined to its company, row by
// row, which was most of a count's cost at a million companies.
import {
  companyLongGrams,
  companySearchTerms,
  hasShortGrams,
  SHORT_GRAM_TERMS,
  termGrams,
  type CompanyTerm,
  type NamedCompany,
  type TermField,
} from '../domain/companies/company-terms.js';
import type { AliasKind } from '../domain/companies/company-input.js';
import { hasLongGram } from '../domain/text/index-keys.js';
import type { Db } from './database.js';
import { deferIndexes, type RestoreIndexes } from './deferred-indexes.js';
import { rankKeySql } from './company-rank.js';
import { raiseFtsHash } from './fts-bulk-hash.js';

export interface CompanyTermsWriter {
  /** Writes the terms of a company that has none yet; `terms` are companySearchTerms(company) when the caller has them. */
  insert(companyId: number, company: NamedCompany, terms?: readonly CompanyTerm[]): void;
  /** Removes every term of a company. */
  remove(companyId: number): void;
  /**
   * Indexes new terms a stretch of companies at a time (INDEX_EVERY_TERMS), inside the caller's open transaction.
   * Written one company at a time, each company's documents are one statement each, which is most of the cost of a
   * large import; in bulk the documents of a stretch of companies are made with one INSERT … SELECT. When there are
   * no terms yet (a new dataset), the term index is built at the end. Rolling the transaction back brings the index
   * back with everything else.
   */
  startBulk(): void;
  /** Indexes the terms not indexed yet and restores the term index; `onStep` is told each step as it begins. */
  finishBulk(onStep?: (step: string) => void): void;
  /** Forgets a bulk whose transaction was rolled back (the rollback itself restored the term index). */
  abandonBulk(): void;
}

/**
 * What parts a company's terms in its trigram document. No term holds a space (names are folded without them:
 * names.ts), so no key's trigram spans two terms, and a key is found in a document only where one term holds it.
 */
const TERM_SEPARATOR = ' ';

/** The terms the short-gram index holds the grams of (SHORT_GRAM_TERMS), as a condition on the term row `row`. */
export function shortGramTermsSql(row = ''): string {
  const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
  const { fields, aliasKinds } = SHORT_GRAM_TERMS;
  return `(${row}field IN (${list(fields)}) OR (${row}field = 'alias' AND ${row}alias_kind IN (${list(aliasKinds)})))`;
}

/** The company terms' full-text indexes, which the writer keeps in step. */
export const COMPANY_FTS_TABLES = ['company_trigrams', 'company_grams', 'company_long_grams'];

/** In bulk, terms are written this many to a statement: one statement per term was most of their cost. */
const TERMS_PER_INSERT = 100;

/**
 * In bulk, the documents of the companies written are made each time their terms pass this many, rather than all at
 * the end: while an import's rows are read on another thread, the writing thread waits for them part of the time, and
 * indexing as it goes fills that wait, where indexing at the end ran alone on one core. Its CPU is the same or less
 * (bench/README.md, "Importing a full NTA file"): a stretch's terms are read back while still in SQLite's page cache,
 * where the end read every term back from the file. Each stretch is one statement per index, and one FTS5 segment,
 * which its automerge folds in. A stretch is a fraction of a second of the writing thread, which the reading thread's
 * batches in flight cover (nta-parse-thread.ts).
 */
const INDEX_EVERY_TERMS = 20_000;

type TermRow = [id: number | null, companyId: number, field: string, aliasKind: string | null, term: string];

/**
 * A bulk under way: the highest term id indexed so far (each company's terms up to it are in its documents), the
 * next id to hand out, what puts back the index set aside. Ids are handed out here rather than left to SQLite, which
 * would reuse the id of a deleted last row and so put a new, unindexed term below the watermark.
 */
interface Bulk {
  watermark: number;
  nextId: number;
  readonly restoreIndexes: RestoreIndexes | null;
  /** Sets FTS5's hash size back (raiseFtsHash), once the last stretch is indexed. */
  readonly restoreFtsHash: () => void;
}

/**
 * The trigram, short-gram and long-gram documents of the companies whose terms `where` picks, one per company, from the
 * terms as written: the one definition of a document, for a company written alone and for a bulk. A company without a
 * long gram has no long-gram document.
 */
function documentSql(where: string): { readonly trigrams: string; readonly grams: string; readonly longGrams: string } {
  // in the terms' order whatever index the plan reads them by (by the company, that index holds them by term)
  return {
    trigrams: `INSERT INTO company_trigrams(rowid, terms) SELECT company_id, group_concat(term, '${TERM_SEPARATOR}' ORDER BY id)
      FROM company_terms WHERE ${where} GROUP BY company_id`,
    grams: `INSERT INTO company_grams(rowid, grams) SELECT company_id, group_concat(kohyo_term_grams(term), ' ' ORDER BY id)
      FROM company_terms WHERE ${where} AND ${shortGramTermsSql()} GROUP BY company_id`,
    longGrams: `INSERT INTO company_long_grams(rowid, grams) SELECT company_id, grams FROM (SELECT company_id,
      kohyo_long_grams(group_concat(term, '${TERM_SEPARATOR}' ORDER BY id)) AS grams FROM company_terms WHERE ${where}
      GROUP BY company_id) WHERE grams <> ''`,
  };
}

/** The SQL of writing `n` terms in one statement. */
function insertTermsSql(n: number): string {
  // each term takes its company's rank copies (company-rank.ts) as it is written; the left join leaves a term without
  // a company to the foreign key to refuse
  return `INSERT INTO company_terms (id, company_id, field, alias_kind, term, legal_form, rank_key)
     SELECT v.column1, v.column2, v.column3, v.column4, v.column5, c.legal_form, ${rankKeySql('c')}
     FROM (VALUES ${Array<string>(n).fill('(?, ?, ?, ?, ?)').join(', ')}) v LEFT JOIN companies c ON c.id = v.column2`;
}

/** The functions the documents' SQL calls (documentSql). */
function registerDocumentFunctions(db: Db): void {
  db.function('kohyo_term_grams', { deterministic: true }, (term: unknown) => termGrams(String(term)));
  db.function('kohyo_long_grams', { deterministic: true }, (terms: unknown) =>
    companyLongGrams(String(terms).split(TERM_SEPARATOR)),
  );
}

/**
 * Makes every company's long-gram document from its terms as stored, inside the caller's transaction: for a file whose
 * terms were written before the long-gram index (company-terms-rebuild.ts). At five million companies about a hundred
 * seconds, where writing every term again took many times that.
 */
export function indexAllLongGrams(db: Db): void {
  registerDocumentFunctions(db);
  const restoreFtsHash = raiseFtsHash(db, ['company_long_grams']);
  db.exec(documentSql('1').longGrams);
  restoreFtsHash();
}

/** The statements the terms writer runs. */
function termStatements(db: Db) {
  registerDocumentFunctions(db);
  const companyDocuments = documentSql('company_id = ?');
  const bulkDocuments = documentSql('id > ? AND id <= ?');
  return {
    insertTerm: db.prepare<TermRow>(insertTermsSql(1)),
    insertTermBatch: db.prepare<[(number | string | null)[]]>(insertTermsSql(TERMS_PER_INSERT)),
    deleteTerms: db.prepare<[number]>('DELETE FROM company_terms WHERE company_id = ?'),
    // a company written alone: its documents, from its terms just written
    indexCompany: db.prepare<[number]>(companyDocuments.trigrams),
    gramCompany: db.prepare<[number]>(companyDocuments.grams),
    longGramCompany: db.prepare<[number]>(companyDocuments.longGrams),
    // the company's terms as they stand, the highest id first: whether they were indexed, and whether any has grams
    termsOf: db.prepare<[number], { id: number; field: TermField; alias_kind: AliasKind | null; term: string }>(
      'SELECT id, field, alias_kind, term FROM company_terms WHERE company_id = ? ORDER BY id DESC',
    ),
    deleteTrigrams: db.prepare<[number]>('DELETE FROM company_trigrams WHERE rowid = ?'),
    deleteGrams: db.prepare<[number]>('DELETE FROM company_grams WHERE rowid = ?'),
    deleteLongGrams: db.prepare<[number]>('DELETE FROM company_long_grams WHERE rowid = ?'),
    // in bulk, the documents of the companies whose terms were written in a stretch of ids
    indexNew: db.prepare<[number, number]>(bulkDocuments.trigrams),
    gramNew: db.prepare<[number, number]>(bulkDocuments.grams),
    longGramNew: db.prepare<[number, number]>(bulkDocuments.longGrams),
    maxId: db.prepare<[], { m: number | null }>('SELECT max(id) AS m FROM company_terms'),
  };
}

export interface TermsWriterOptions {
  /** In bulk, the terms of a stretch of companies indexed together (INDEX_EVERY_TERMS); tests make it small. */
  readonly indexEveryTerms?: number;
}

export function createCompanyTermsWriter(db: Db, options: TermsWriterOptions = {}): CompanyTermsWriter {
  const indexEveryTerms = options.indexEveryTerms ?? INDEX_EVERY_TERMS;
  const st = termStatements(db);
  // in bulk, the values of the terms not written yet, a row after the other
  const queued: (number | string | null)[] = [];
  const writeQueued = () => {
    // the last, part-full batch in one statement of its size
    if (queued.length > 0) db.prepare<[typeof queued]>(insertTermsSql(queued.length / 5)).run(queued);
    queued.length = 0;
  };
  const dropQueued = (companyId: number) => {
    const kept = queued.filter((_, i) => queued[i - (i % 5) + 1] !== companyId);
    queued.length = 0;
    queued.push(...kept);
  };

  let bulk: Bulk | null = null;
  // the documents of the companies whose terms are past the watermark, every one of them complete
  const indexWritten = (onStep: (step: string) => void = () => undefined) => {
    if (!bulk) return;
    writeQueued();
    const from = bulk.watermark;
    const to = bulk.nextId - 1;
    onStep('indexing the search terms by trigram');
    st.indexNew.run(from, to);
    onStep("indexing the names' short grams");
    st.gramNew.run(from, to);
    onStep('indexing the search terms by long gram');
    st.longGramNew.run(from, to);
    bulk.watermark = to;
  };

  return {
    insert(companyId, company, terms = companySearchTerms(company)) {
      for (const t of terms) {
        if (bulk) {
          queued.push(bulk.nextId++, companyId, t.field, t.alias_kind, t.term);
          if (queued.length === 5 * TERMS_PER_INSERT) {
            st.insertTermBatch.run(queued);
            queued.length = 0;
          }
          continue;
        }
        st.insertTerm.run(null, companyId, t.field, t.alias_kind, t.term);
      }
      if (bulk) {
        // the company's terms are all handed out: a stretch ends only between two companies
        if (bulk.nextId - 1 - bulk.watermark >= indexEveryTerms) indexWritten();
        return;
      }
      st.indexCompany.run(companyId);
      st.gramCompany.run(companyId);
      st.longGramCompany.run(companyId);
    },

    remove(companyId) {
      // terms still queued were never written: they go from the queue, their ids unused as if written and deleted
      dropQueued(companyId);
      // a company's terms are written together, so its newest term tells whether they were indexed: in bulk, terms
      // past the watermark are not yet
      const terms = st.termsOf.all(companyId);
      const newest = terms[0];
      if (newest !== undefined && (!bulk || newest.id <= bulk.watermark)) {
        st.deleteTrigrams.run(companyId);
        if (terms.some(hasShortGrams)) st.deleteGrams.run(companyId);
        if (terms.some((t) => hasLongGram(t.term))) st.deleteLongGrams.run(companyId);
      }
      st.deleteTerms.run(companyId);
    },

    startBulk() {
      if (bulk) throw new Error('bulk term writing has already begun');
      if (!db.inTransaction) throw new Error('bulk term writing needs an open transaction');
      const watermark = st.maxId.get()?.m ?? 0;
      const restoreIndexes = watermark === 0 ? deferIndexes(db, ['company_terms_by_term']) : null;
      bulk = { watermark, nextId: watermark + 1, restoreIndexes, restoreFtsHash: raiseFtsHash(db, COMPANY_FTS_TABLES) };
    },

    finishBulk(onStep = () => undefined) {
      if (!bulk) return;
      indexWritten(onStep);
      bulk.restoreFtsHash();
      if (bulk.restoreIndexes) onStep('building the index of the search terms');
      bulk.restoreIndexes?.();
      bulk = null;
    },

    abandonBulk() {
      queued.length = 0;
      bulk = null;
    },
  };
}
