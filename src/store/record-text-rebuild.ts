// Rebuilds the search text and short grams of every stored record when the way they are made changed.
import { recordSearchGrams, recordSearchText, recordTextVersion, type SearchableRecord } from '../domain/record-search-text.js';
import type { Db } from './database.js';

const BATCH = 5000;

interface RecordRow {
  rid: number;
  company_name: string;
  company_name_en: string | null;
  authority_code: string;
}

interface EnforcementRow extends RecordRow {
  summary: string;
  summary_en: string | null;
  law_detail: string | null;
  law_code: string;
  action_type: string;
  /** JSON array of every law cited. */
  laws: string;
}

interface SuspensionRow extends RecordRow {
  reason_detail: string;
  scope: string | null;
  reason_code: string;
}

interface LicenceRow extends RecordRow {
  reason_detail: string | null;
  action_type: string;
  sector_code: string;
  /** JSON array of every affected sector. */
  sectors: string;
}

/** How each table's rows are read back into what recordSearchText takes. */
const TABLES: readonly { table: string; select: string; searchable: (row: never) => SearchableRecord }[] = [
  {
    table: 'enforcements',
    select: `r.summary, r.summary_en, r.law_detail, r.law_code, r.action_type,
      (SELECT json_group_array(law_code) FROM enforcement_laws l WHERE l.rid = r.rid) AS laws`,
    searchable: (row: EnforcementRow): SearchableRecord => ({
      kind: 'enforcement', ...common(row), summary: row.summary, summary_en: row.summary_en, law_detail: row.law_detail,
      laws: firstThenRest(row.law_code, row.laws), action_type: row.action_type,
    }),
  },
  {
    table: 'procurement_suspensions',
    select: 'r.reason_detail, r.scope, r.reason_code',
    searchable: (row: SuspensionRow): SearchableRecord => ({
      kind: 'procurement_suspension', ...common(row), reason_detail: row.reason_detail, scope: row.scope, reason: row.reason_code,
    }),
  },
  {
    table: 'license_actions',
    select: `r.reason_detail, r.action_type, r.sector_code,
      (SELECT json_group_array(sector_code) FROM license_action_sectors s WHERE s.rid = r.rid) AS sectors`,
    searchable: (row: LicenceRow): SearchableRecord => ({
      kind: 'license_action', ...common(row), reason_detail: row.reason_detail, action_type: row.action_type,
      sector_codes: firstThenRest(row.sector_code, row.sectors),
    }),
  },
];

/**
 * Text or grams made by another build would not meet the words this build looks for, and a file from before
 * the short-gram index has none at all; either way every record's text and grams are written again (once,
 * inside one transaction). A file without records is simply marked current. True when something was rebuilt.
 */
export function ensureRecordTextCurrent(db: Db): boolean {
  if (recordTextIsCurrent(db)) return false;
  const version = recordTextVersion();
  const hasRecords = TABLES.some(({ table }) => db.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get() !== undefined);
  db.transaction(() => {
    if (hasRecords) for (const spec of TABLES) rebuildTable(db, spec);
    db.prepare('DELETE FROM record_text_version').run();
    db.prepare('INSERT INTO record_text_version (version) VALUES (?)').run(version);
  })();
  return hasRecords;
}

function rebuildTable(db: Db, spec: (typeof TABLES)[number]): void {
  const { table } = spec;
  db.exec(`INSERT INTO ${table}_fts(${table}_fts) VALUES ('delete-all');
    INSERT INTO ${table}_grams(${table}_grams) VALUES ('delete-all');`);
  const page = db.prepare<[number, number], RecordRow>(
    `SELECT r.rid, r.company_name, r.company_name_en, r.authority_code, ${spec.select}
     FROM ${table} r WHERE r.rid > ? ORDER BY r.rid LIMIT ?`,
  );
  const insertText = db.prepare<[number, string]>(`INSERT INTO ${table}_fts(rowid, text) VALUES (?, ?)`);
  const insertGrams = db.prepare<[number, string]>(`INSERT INTO ${table}_grams(rowid, grams) VALUES (?, ?)`);
  let after = 0;
  for (;;) {
    const rows = page.all(after, BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      const text = recordSearchText(spec.searchable(row as never));
      insertText.run(row.rid, text);
      insertGrams.run(row.rid, recordSearchGrams(text));
    }
    after = rows[rows.length - 1]!.rid;
  }
}

function common(row: RecordRow) {
  return { company: { name: row.company_name, name_en: row.company_name_en }, authority: row.authority_code };
}

// The stored child rows lose the order the source gave; the primary code goes first, as the writer has it.
function firstThenRest(first: string, json: string): string[] {
  const all = JSON.parse(json) as string[];
  return [first, ...all.filter((code) => code !== first)];
}

/** Whether the file's record text and grams were written by this build (a read-only check). */
export function recordTextIsCurrent(db: Db): boolean {
  const stored = db.prepare<[], { version: string }>('SELECT version FROM record_text_version').get();
  return stored?.version === recordTextVersion();
}
