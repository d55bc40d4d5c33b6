// The schema's migrations from version 19 on (schema.ts holds the earlier ones and the list of them all): the search
// indexes of the companies and the records as they were reworked for a register of all Japan.
import { FIELD_RANK_SQL } from './company-rank.js';
import type { Migration } from './migrate.js';
import { printedNames } from './schema-record-table.js';
import { hasLinkedRecordsSql } from './record-tables.js';

export const MIGRATIONS_SINCE_19: readonly Migration[] = [
  {
    version: 19,
    description: "one document per company in the company terms' trigram and short-gram indexes, not one per term",
    // A count of the companies a key finds read every matching term and joined it to its company, row by row: most of
    // a count's cost at a million companies. A document per company (rowid = companies.id) is counted from the index
    // alone. The file's terms are marked of no version, so they are written again, and both indexes filled, when it
    // is opened (company-terms-rebuild.ts); the terms' version moved with it too (company-terms.ts).
    sql: `
DROP TRIGGER IF EXISTS company_terms_ai;
DROP TRIGGER IF EXISTS company_terms_ad;
DROP TABLE company_terms_fts;
DROP TABLE company_grams;
-- a company's terms, space separated (no term holds a space), by trigram
CREATE VIRTUAL TABLE company_trigrams USING fts5(terms, content='', contentless_delete=1, tokenize='trigram');
-- the distinct one- and two-character substrings of a company's names (termGrams), for keys too short for trigrams
CREATE VIRTUAL TABLE company_grams USING fts5(grams, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0');
DELETE FROM company_trigram_docs;
DELETE FROM company_trigram_docs_state;
DELETE FROM company_terms_version;
`,
  },
  {
    version: 20,
    description:
      "a company's terms indexed by the company with the terms themselves, so their checks read the index alone",
    // A partial look-up checks each company the trigram index finds for the whole key (instr over its terms), and a
    // followed company gives its names: each read the company's terms row by row from the table, three or four page
    // reads more for every company a common key finds.
    sql: `
DROP INDEX company_terms_by_company;
CREATE INDEX company_terms_by_company ON company_terms(company_id, term, field, alias_kind);
`,
  },
  {
    version: 21,
    description: "a record's documents in its kind's text indexes are keyed by its place in the list, not by its rid",
    // A page of the records whose text matches q sorted every match by date to show ten. Keyed by (date, rid)
    // (record-text-keys.ts), an index gives its matches in the list's order. The records' text is marked of no
    // version, so that every record's documents are written again under their keys when the file is opened
    // (record-text-rebuild.ts).
    sql: `
DELETE FROM record_text_version;
`,
  },
  {
    version: 22,
    description: "each company's long grams, for partial look-ups of long keys",
    // A long kana, romaji or English key was found by its trigrams, and common ones (ken, shi, set) are each in a
    // large share of all companies, whose whole lists FTS5 reads: the cost of such a key grew with the register. A
    // company's distinct runs of five letters and digits (companyLongGrams), one token each, are rare. Positions are
    // kept (detail=full) so that a gram the tokenizer parts in two (a letter its Unicode tables do not know) is
    // still found, as a phrase. Opening the file makes the documents from the stored terms, once
    // (company-terms-rebuild.ts): writing every term again would take many times as long at all Japan.
    sql: `
CREATE VIRTUAL TABLE company_long_grams USING fts5(grams, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0');
-- one row once the index holds the documents of the terms stored before it existed; every writer keeps it in step after
CREATE TABLE company_long_grams_state (filled INTEGER NOT NULL);
`,
  },
  {
    version: 23,
    description: "each record's text as its kind's trigram index holds it, and counts of the index's common trigrams",
    // A word of q was found by the phrase of all its trigrams, and a company name's 株式会 and 式会社 are in almost
    // every record: FTS5 walked those lists for every full name asked, a cost that grew with the records. With the
    // text kept (folded as the index compares it) and the common trigrams counted, a long word is found by its rarest
    // trigrams and checked whole in the text (token-counts.ts). The records' text is marked of no version, so
    // that opening the file writes every record's text again, into the new tables too (record-text-rebuild.ts).
    sql: `
CREATE TABLE enforcements_texts (key INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE procurement_suspensions_texts (key INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE license_actions_texts (key INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE record_trigram_docs (
  text_index TEXT NOT NULL,
  trigram    TEXT NOT NULL,
  docs       INTEGER NOT NULL,
  PRIMARY KEY (text_index, trigram)
) WITHOUT ROWID;
DELETE FROM record_text_version;
`,
  },
  {
    version: 24,
    description: "counts of the company long-gram index's common grams, so that a long key is looked up by its rarest",
    // A long key was looked up by the long grams that cover it, and a romanized name's runs (kense, setsu) are each in a
    // large share of all companies: FTS5 read every one of those lists. Counted as the trigrams are (after each
    // company import's upkeep, write/token-counts.ts), the rarest two are read instead. The counts are marked as
    // never taken, so that opening the file takes them (database-upgrade.ts).
    sql: `
CREATE TABLE company_long_gram_docs (gram TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
DELETE FROM company_trigram_docs_state;
`,
  },
  {
    version: 25,
    description: "the term index in rank order within each term, so that an exact look-up reads a name's best first",
    // An exact look-up read a term's first 400 rows in company order and sorted them: a name more companies share
    // was ranked among an arbitrary 400 of them, and SQLite's sort of them cost a common name much of its look-up. The
    // field's rank is a generated column, not an expression of the index, so that the
    // change check reads the index back by its columns (index-readback.ts).
    sql: `
ALTER TABLE company_terms ADD COLUMN field_rank INTEGER GENERATED ALWAYS AS (${FIELD_RANK_SQL}) VIRTUAL;
DROP INDEX company_terms_by_term;
CREATE INDEX company_terms_by_term ON company_terms(term, field_rank, rank_key, field, alias_kind, company_id, legal_form);
`,
  },
  {
    version: 26,
    description: 'the Corporate Numbers of the companies with records, by id, for the records a search follows',
    // A search follows its best 50 companies into the records by the numbers of those with records linked to them. Most
    // of a common name's companies have none, and each was a read of its row on a random page of the largest table;
    // this index holds only the companies with records (a few percent), so a company without costs one probe of it.
    sql: `
CREATE INDEX companies_with_records ON companies(id, corporate_number) WHERE ${hasLinkedRecordsSql()};
`,
  },
  {
    version: 27,
    description:
      'records by their printed company name, office and all, and the records linked to none by name and place',
    // A record is found by the name its publisher printed (「リリカラ（株） 東京流通センター」, an office after the
    // company), which the linker's key (リリカラ) had replaced in the names index: the printed name's key, every legal
    // form left out wherever it stands (printedNameKey), is kept beside it. A company's records that name it without
    // a Corporate Number are read by name key and place from a partial index of the records linked to none: a record
    // linked to another company is never among them. The records' text is marked of no version, so that opening the
    // file writes every record's text and printed name again (record-text-rebuild.ts).
    sql: `
${printedNames('enforcements', 'date')}
${printedNames('procurement_suspensions', 'period_from')}
${printedNames('license_actions', 'date')}
DELETE FROM record_text_version;
`,
  },
  {
    version: 28,
    description: "a company's name terms carry its registered spelling, for the companies registered exactly as asked",
    // A full name asked with its legal form ranks first the companies registered under exactly that spelling
    // (北辰建設株式会社, not 株式会社北辰建設): each row of the name was joined to its company's row to compare its name, a
    // random page of the largest table per namesake, which grew with the register. The name's rows keep the registered
    // spelling (registeredNameKey), which the term index holds, so that they are compared in the index. The term index
    // holds every column of the table: a statement that reads the generated field_rank reads the index alone only
    // then (SQLite counts such a statement as reading every column). The terms writer fills the spelling; opening the
    // file fills it for the terms already held (company-terms-rebuild.ts).
    sql: `
ALTER TABLE company_terms ADD COLUMN registered_name TEXT;
DROP INDEX company_terms_by_term;
CREATE INDEX company_terms_by_term
  ON company_terms(term, field_rank, rank_key, field, alias_kind, company_id, legal_form, registered_name);
-- one row once the terms stored before the column have it; every writer keeps it in step after
CREATE TABLE company_registered_names_state (filled INTEGER NOT NULL);
`,
  },
  {
    version: 29,
    description:
      "a company's terms indexed by the company with what ranking reads of them, so partial look-ups read the index alone",
    // A partial look-up (trigram, long-gram, short-gram) finds companies in an index of documents and reads the terms
    // of each that hold the key with their rank copies: the index by company lacked the copies, so each term found was
    // read again from its row, a random page of the table, up to 400 a look-up. Those look-ups rank a term's field by
    // its expression over the field, not by the generated column, which would make SQLite read the row for it.
    sql: `
DROP INDEX company_terms_by_company;
CREATE INDEX company_terms_by_company ON company_terms(company_id, term, field, alias_kind, legal_form, rank_key);
`,
  },
  {
    version: 30,
    description: "a name term keeps a mark of how its company's name is registered, not the registered key whole",
    // Most names are their key with their legal form before or after it: the term's key and form already say the
    // rest, so the mark (registeredNameMark) is one character where the whole key was some thirty, in the table and in
    // the term index (at all Japan several hundred MB). The terms are marked as not holding it, so that opening the
    // file writes the marks (company-terms-rebuild.ts).
    sql: `
DELETE FROM company_registered_names_state;
`,
  },
];
