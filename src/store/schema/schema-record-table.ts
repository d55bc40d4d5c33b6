// The SQL every record table (enforcements, procurement suspensions, licence actions) shares: its columns and
// indexes, and the columns and indexes later migrations add to each alike.

/**
 * A record table's listing columns, filled for the records it holds: their source's date, else the Japan day of
 * their retrieval (UTC + 9 hours).
 */
export function listingColumns(table: string, orderColumn: string): string {
  const editionDay = "coalesce(published_on, date(retrieved_at, '+9 hours'))";
  return `
ALTER TABLE ${table} ADD COLUMN listing_status TEXT NOT NULL DEFAULT 'listed' CHECK (listing_status IN ('listed', 'delisted'));
ALTER TABLE ${table} ADD COLUMN first_listed_on TEXT;
ALTER TABLE ${table} ADD COLUMN last_listed_on TEXT;
UPDATE ${table} SET first_listed_on = ${editionDay}, last_listed_on = ${editionDay};
CREATE INDEX ${table}_by_listing ON ${table}(listing_status, ${orderColumn});`;
}

/** A record table's change time (an RFC 3339 instant in UTC), filled for the records it holds. */
export function changedColumn(table: string): string {
  return `
ALTER TABLE ${table} ADD COLUMN changed_at TEXT;
UPDATE ${table} SET changed_at = strftime('%Y-%m-%dT%H:%M:%SZ', first_listed_on, '-9 hours');`;
}

/**
 * The trigram index of a record table's company name column (`column`: the name key, or the printed
 * name's key), kept in step by triggers (records are written a few thousand at a time, and the key changes when names
 * are folded anew: record-text-rebuild.ts), filled for the records the table already holds.
 */
export function recordNameIndex(table: string, column = 'company_name_norm'): string {
  const index = `${table}_names`;
  return `
CREATE VIRTUAL TABLE ${index} USING fts5(${column}, content='${table}', content_rowid='rid', tokenize='trigram');
INSERT INTO ${index}(${index}) VALUES ('rebuild');
CREATE TRIGGER ${index}_ai AFTER INSERT ON ${table} BEGIN
  INSERT INTO ${index}(rowid, ${column}) VALUES (new.rid, new.${column});
END;
CREATE TRIGGER ${index}_ad AFTER DELETE ON ${table} BEGIN
  INSERT INTO ${index}(${index}, rowid, ${column}) VALUES ('delete', old.rid, old.${column});
END;
CREATE TRIGGER ${index}_au AFTER UPDATE OF ${column} ON ${table} BEGIN
  INSERT INTO ${index}(${index}, rowid, ${column}) VALUES ('delete', old.rid, old.${column});
  INSERT INTO ${index}(rowid, ${column}) VALUES (new.rid, new.${column});
END;`;
}

/**
 * Schema 27's company names of a record table: the printed name's key (printedNameKey) in a column of its own, which
 * the names index holds instead of the linker's key, and the records linked to no company by their name key and the
 * prefecture they place it in (with their place in the list, and the number they lack, which SQLite reads a covering
 * index's condition from), which a company's records that name it are read from.
 * The printed names are empty until the records' text is rebuilt (the migration marks it of no version).
 */
export function printedNames(table: string, orderColumn: string): string {
  return `
DROP TRIGGER ${table}_names_ai;
DROP TRIGGER ${table}_names_ad;
DROP TRIGGER ${table}_names_au;
DROP TABLE ${table}_names;
ALTER TABLE ${table} ADD COLUMN company_name_printed TEXT NOT NULL DEFAULT '';
${recordNameIndex(table, 'company_name_printed')}
CREATE INDEX ${table}_by_unlinked_name
  ON ${table}(company_name_norm, company_prefecture_code, ${orderColumn}, company_corporate_number)
  WHERE company_corporate_number IS NULL;`;
}

/** The columns every record kind shares, its indexes, and its trigram index for `q`. */
export function recordTable(table: string, columns: string, orderColumn: string): string {
  return `
CREATE TABLE ${table} (
  rid                       INTEGER PRIMARY KEY,
  id                        TEXT NOT NULL UNIQUE,
  source_id                 TEXT NOT NULL REFERENCES sources(id),
  source_key                TEXT NOT NULL,
  company_corporate_number  TEXT,
  company_name              TEXT NOT NULL,
  company_name_norm         TEXT NOT NULL,
  company_name_en           TEXT,
  company_link              TEXT CHECK (company_link IN ('source', 'name_address')),
  company_prefecture_code   TEXT,
  company_address           TEXT,
  authority_code            TEXT NOT NULL REFERENCES authorities(code),
  source_url                TEXT NOT NULL,
  source_title              TEXT NOT NULL,
  published_on              TEXT,
  retrieved_at              TEXT NOT NULL,${columns}
);
CREATE INDEX ${table}_by_company ON ${table}(company_corporate_number, ${orderColumn});
CREATE INDEX ${table}_by_company_name ON ${table}(company_name_norm, ${orderColumn});
CREATE INDEX ${table}_by_authority ON ${table}(authority_code, ${orderColumn});
CREATE INDEX ${table}_by_${orderColumn} ON ${table}(${orderColumn});
CREATE INDEX ${table}_by_source ON ${table}(source_id);
-- free text for q: company name, summary or reason, law and authority labels (filled by the writer)
CREATE VIRTUAL TABLE ${table}_fts USING fts5(text, content='', contentless_delete=1, tokenize='trigram');
`;
}
