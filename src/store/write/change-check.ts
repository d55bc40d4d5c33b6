// The check of a small change to a dataset that was checked whole: what the change wrote, read back through every index.
//
// Why this is enough for a daily change file, and what it leaves (docs/operating.md, "Importing the corporate
// numbers"): a draft of a daily change starts as a byte copy of the live file, and the live file passed a check when it
// was published. PRAGMA integrity_check reads every page of every table and index (at all Japan, a file of several
// GB), looks each row up in each index of its table, and runs each FTS5 table's own check, which tokenizes every
// document again (FTS5 runs it in full even under quick_check): its time grows with the register, not with the change.
// What the import can have made wrong is what it wrote. So the rows it wrote are read back: each company and search
// term by its rowid, then found again through every index of its table (what integrity_check adds to quick_check,
// "row N missing from index X", for these rows alone) and each term through the trigram and long-gram indexes. Each
// read goes from the root of its b-tree to the leaf, and SQLite refuses a malformed page on the way (SQLITE_CORRUPT):
// the pages the change wrote lie on those paths. A large change (the upkeep ran) and a new dataset keep the full
// check or quick_check (publish.ts). A write of records has its own check (record-change-check.ts), which reads the
// rows it moved of the register the same way (index-readback.ts).
import type { CompanyTerm } from '../../domain/companies/company-terms.js';
import { keyTrigrams, longGrams } from '../../domain/text/index-keys.js';
import type { Db } from '../schema/database.js';
import { ftsPhrase } from '../read/free-text.js';
import { companyTokenDocsOf } from '../read/token-counts.js';
import { rowsThroughIndexes } from './index-readback.js';

/** Where the company tables stood before a change: every search term it writes has a higher id. */
export interface CompanyChangeMark {
  readonly termsMaxId: number;
}

/** Taken before the change is written, on the draft. */
export function markCompanyChange(db: Db): CompanyChangeMark {
  const max = db.prepare<[], number | null>('SELECT max(id) FROM company_terms').pluck().get();
  return { termsMaxId: max ?? 0 };
}

interface WrittenTerm extends CompanyTerm {
  readonly id: number;
  readonly company_id: number;
}

/**
 * What is wrong with the companies and search terms written since `mark` (in integrity_check's words); empty when
 * nothing is. A company written, renamed or given a former name has its terms written anew (company-writer.ts), so
 * the terms above the mark name every company the change wrote. A deleted company leaves nothing to read back.
 */
export function companyChangeProblems(db: Db, mark: CompanyChangeMark): string[] {
  const terms = db
    .prepare<[number], WrittenTerm>(
      'SELECT id, company_id, field, alias_kind, term FROM company_terms WHERE id > ? ORDER BY id',
    )
    .all(mark.termsMaxId);
  const companies = [...new Set(terms.map((t) => t.company_id))];
  const aliases = db.prepare<[number], number>('SELECT count(*) FROM company_aliases WHERE company_id = ?').pluck();
  for (const id of companies) aliases.get(id);
  return [
    ...rowsThroughIndexes(db, 'companies', companies),
    ...rowsThroughIndexes(
      db,
      'company_terms',
      terms.map((t) => t.id),
    ),
    ...termsInTrigramIndex(db, terms),
    ...termsInLongGramIndex(db, terms),
  ];
}

/**
 * Each term of three characters or more found again in the trigram index by its rarest trigram (the counts of
 * read/token-counts.ts; one not counted is rarer than any counted) in its company's document, the company's id
 * bounded as a range: FTS5 then reads that trigram's list from the id on. By its whole text, a phrase of every trigram, the look-up read lists of
 * millions of terms, several times what one rare trigram's list costs. `rowid = ?` would
 * be a look-up of the content row that ignores the match. The short-gram index (company_grams) is not read back:
 * its grams of one and two characters each hold a large share of all terms, and it is contentless, so that FTS5's
 * own check can only compare it with itself; the full check at the next upkeep reads it.
 */
function termsInTrigramIndex(db: Db, terms: readonly WrittenTerm[]): string[] {
  const docsOf = companyTokenDocsOf(db).trigrams;
  return termsInIndex(db, 'company_trigrams', terms, (term) => rarestOf(keyTrigrams(term), docsOf(term)));
}

/** Each term with a long gram found again in the long-gram index by its rarest long gram, in its company's document. */
function termsInLongGramIndex(db: Db, terms: readonly WrittenTerm[]): string[] {
  const docsOf = companyTokenDocsOf(db).longGrams;
  return termsInIndex(db, 'company_long_grams', terms, (term) => rarestOf(longGrams(term), docsOf(term)));
}

/** The token the fewest documents hold (one not counted is rarer than any counted); undefined when there is none. */
function rarestOf(tokens: readonly string[], docs: (token: string) => number): string | undefined {
  return tokens.reduce<string | undefined>((a, b) => (a === undefined || docs(b) < docs(a) ? b : a), undefined);
}

/**
 * Each term's company found again in `index` by one token of the term (`tokenOf`; a term without one is passed over),
 * the company's id bounded as a range: FTS5 then reads that token's list from the id on.
 */
function termsInIndex(
  db: Db,
  index: string,
  terms: readonly WrittenTerm[],
  tokenOf: (term: string) => string | undefined,
): string[] {
  // a document per company (company-terms-writer.ts): the term's company is the document that must hold it
  const find = db
    .prepare<[string, number, number], number>(
      `SELECT count(*) FROM ${index} WHERE ${index} MATCH ? AND rowid BETWEEN ? AND ?`,
    )
    .pluck();
  const problems: string[] = [];
  for (const t of terms) {
    const token = tokenOf(t.term);
    if (token === undefined) continue;
    if (find.get(ftsPhrase(token), t.company_id, t.company_id) !== 1) {
      problems.push(`row ${t.id} missing from the full-text index ${index}`);
    }
  }
  return problems;
}
