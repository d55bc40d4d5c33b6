// The only SQL that writes companies: upsert by Corporate Number, aliases, and the search terms derived from them.
import type { AliasKind, CompanyAlias, CompanyInput } from '../../domain/companies/company.js';
import type { IndexedTerms, NamedCompany } from '../../domain/companies/company-terms.js';
import { romanizeKana } from '../../domain/text/romanize.js';
import { createCompanyTermsWriter, type TermsWriterOptions } from './company-terms-writer.js';
import type { Db } from '../schema/database.js';
import { deferIndexes, type RestoreIndexes } from './deferred-indexes.js';
import { recordCountsOfNewCompany } from './record-writer.js';

type UpsertOutcome = 'inserted' | 'updated' | 'unchanged' | 'older';
type FormerNameOutcome = 'added' | 'known' | 'current' | 'pending';

export interface CompanyWriter {
  /**
   * Inserts the company, or replaces its state when the input is not older than what is stored (by change
   * date, then update date). Its romanized alias and its search terms follow; when the name changes, the
   * name it had becomes a former name. Other alias kinds, written by other sources, are kept. `terms` are
   * indexedTerms(input) when the caller has them already (worked out on another thread); they are used when the
   * company ends up with the input's aliases and no others.
   */
  upsertCompany(input: CompanyInput, terms?: IndexedTerms): UpsertOutcome;
  /**
   * Records a name the company went by, with its readings (kana, romanized): all become former_name aliases, so
   * that a former name is found however it is typed. A name or reading equal to a current one is not kept. When
   * the company is not stored yet, they wait until it is (see takeUnclaimedFormerNames). Readings are not counted
   * in formerNamesAdded.
   */
  addFormerName(corporateNumber: string, name: string, readings?: readonly string[]): FormerNameOutcome;
  /** Removes a company whose number the NTA deleted, unless what is stored is newer; true when removed. */
  deleteCompany(corporateNumber: string, changedOn: string | null): boolean;
  /** Forgets the former names still waiting for their company, and says how many there were. */
  takeUnclaimedFormerNames(): number;
  countCompanies(): number;
  /** See CompanyTermsWriter.startBulk: for many writes inside one open transaction. */
  startBulk(): void;
  /** Indexes what the bulk wrote; `onStep` is told each step as it begins (minutes each at all Japan). */
  finishBulk(onStep?: (step: string) => void): void;
  /** Forgets a bulk whose transaction was rolled back (the rollback itself restored the triggers). */
  abandonBulk(): void;
  /** Former-name aliases this writer has added so far, by either method. */
  readonly formerNamesAdded: number;
}

const COLUMNS = [
  'name',
  'name_kana',
  'name_en',
  'kind_code',
  'legal_form',
  'prefecture_code',
  'prefecture',
  'city',
  'city_code',
  'street',
  'postal_code',
  'address_outside',
  'address_en',
  'status',
  'closed_on',
  'close_cause',
  'successor_corporate_number',
  'updated_on',
  'nta_changed_on',
] as const;

type StoredHead = Record<(typeof COLUMNS)[number], string | null> & { id: number; name: string };

/**
 * The input's values for COLUMNS, in their order. Bound by position, not by name: better-sqlite3 looks each named
 * parameter up on the object, a cost every company row would pay.
 */
function columnValues(input: CompanyInput): (string | null)[] {
  const { address } = input;
  return [
    input.name,
    input.name_kana,
    input.name_en,
    input.kind_code,
    input.legal_form,
    address.prefecture_code,
    address.prefecture,
    address.city,
    address.city_code,
    address.street,
    address.postal_code,
    address.outside,
    address.en,
    input.status,
    input.closed_on,
    input.close_cause,
    input.successor_corporate_number,
    input.updated_on,
    input.changed_on,
  ];
}

/** The statements of writing companies and their aliases. */
function companyStatements(db: Db) {
  return {
    head: db.prepare<[string], StoredHead>(
      `SELECT id, ${COLUMNS.join(', ')} FROM companies WHERE corporate_number = ?`,
    ),
    // a number already stored inserts nothing: its stored state is read then, which a new company does not need
    insert: db.prepare<(string | null)[]>(
      `INSERT INTO companies (corporate_number, ${COLUMNS.join(', ')}) VALUES (?, ${COLUMNS.map(() => '?').join(', ')})
       ON CONFLICT (corporate_number) DO NOTHING`,
    ),
    update: db.prepare<(string | number | null)[]>(
      `UPDATE companies SET ${COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`,
    ),
    aliasesOf: db.prepare<[number], CompanyAlias>(
      'SELECT name, kind FROM company_aliases WHERE company_id = ? ORDER BY kind, name',
    ),
    insertAlias: db.prepare<[number, AliasKind, string]>(
      'INSERT OR IGNORE INTO company_aliases (company_id, kind, name) VALUES (?, ?, ?)',
    ),
    deleteAliasesOfKind: db.prepare<[number, AliasKind]>(
      'DELETE FROM company_aliases WHERE company_id = ? AND kind = ?',
    ),
    deleteAlias: db.prepare<[number, AliasKind, string]>(
      'DELETE FROM company_aliases WHERE company_id = ? AND kind = ? AND name = ?',
    ),
    deleteCompanyRow: db.prepare<[number]>('DELETE FROM companies WHERE id = ?'),
    hasAlias: db.prepare<[number, string]>('SELECT 1 FROM company_aliases WHERE company_id = ? AND name = ?'),
    countAll: db.prepare<[], number>('SELECT count(*) FROM companies').pluck(),
    anyCompany: db.prepare('SELECT 1 FROM companies LIMIT 1'),
  };
}

/** Former names met before their company: kept until it comes, then claimed by it. */
interface PendingFormerNames {
  add(corporateNumber: string, name: string, readings: readonly string[]): void;
  /** The names and readings waiting for the company, taken off the list. */
  claim(corporateNumber: string): { names: string[]; readings: string[] };
  /** How many wait still, the list emptied. */
  takeUnclaimed(): number;
}

function pendingFormerNames(db: Db): PendingFormerNames {
  // a history row ahead of the current row: a temp table keeps memory flat and rolls back with the file's transaction
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS pending_former_names (
    corporate_number TEXT NOT NULL, name TEXT NOT NULL, reading INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (corporate_number, name)) WITHOUT ROWID`);
  const addPending = db.prepare<[string, string, number]>(
    'INSERT OR IGNORE INTO pending_former_names (corporate_number, name, reading) VALUES (?, ?, ?)',
  );
  const pendingOf = db.prepare<[string], { name: string; reading: number }>(
    'SELECT name, reading FROM temp.pending_former_names WHERE corporate_number = ?',
  );
  const dropPendingOf = db.prepare<[string]>('DELETE FROM temp.pending_former_names WHERE corporate_number = ?');
  // a count without GROUP BY answers one row, always
  const countPending = db.prepare<[], number>('SELECT count(*) FROM temp.pending_former_names').pluck();
  const clearPending = db.prepare('DELETE FROM temp.pending_former_names');
  // most files have no history row ahead of its company; skip the lookup while nothing waits
  let pendingCount = 0;
  return {
    add(corporateNumber, name, readings) {
      pendingCount += addPending.run(corporateNumber, name, 0).changes;
      for (const reading of readings) pendingCount += addPending.run(corporateNumber, reading, 1).changes;
    },
    claim(corporateNumber) {
      if (pendingCount === 0) return { names: [], readings: [] };
      const rows = pendingOf.all(corporateNumber);
      if (rows.length === 0) return { names: [], readings: [] };
      pendingCount -= dropPendingOf.run(corporateNumber).changes;
      return {
        names: rows.filter((r) => r.reading === 0).map((r) => r.name),
        readings: rows.filter((r) => r.reading === 1).map((r) => r.name),
      };
    },
    takeUnclaimed() {
      const n = countPending.get() ?? 0;
      clearPending.run();
      pendingCount = 0;
      return n;
    },
  };
}

export function createCompanyWriter(db: Db, options: TermsWriterOptions = {}): CompanyWriter {
  const st = companyStatements(db);
  const { head, insertAlias, aliasesOf } = st;
  const pending = pendingFormerNames(db);
  // a new dataset's index by place is built once its companies are in (deferred-indexes.ts)
  let restoreIndexes: RestoreIndexes | null = null;
  let formerNamesAdded = 0;
  const addFormer = (id: number, name: string): boolean => {
    const added = insertAlias.run(id, 'former_name', name).changes > 0;
    if (added) formerNamesAdded++;
    return added;
  };
  const addReading: Writing['addReading'] = (id, current, reading) => addFormerReading(st, id, current, reading);

  const terms = createCompanyTermsWriter(db, options);
  const writeTerms = (id: number, company: Omit<NamedCompany, 'aliases'>) =>
    terms.insert(id, {
      name: company.name,
      name_kana: company.name_kana,
      name_en: company.name_en,
      aliases: aliasesOf.all(id),
    });
  const countRecords = recordCountsOfNewCompany(db);
  const writing: Writing = { st, terms, pending, addFormer, addReading, writeTerms, countRecords };

  return {
    upsertCompany(input, precomputed) {
      if (insertCompany(writing, input, precomputed)) return 'inserted';
      const stored = head.get(input.corporate_number);
      if (!stored) throw new Error(`company ${input.corporate_number} is neither new nor stored`);
      if (isOlder(input, stored)) return 'older';
      return updateCompany(writing, stored, input);
    },

    addFormerName(corporateNumber, name, readings = []) {
      const stored = head.get(corporateNumber);
      if (!stored) {
        pending.add(corporateNumber, name, readings);
        return 'pending';
      }
      const readingsAdded = readings.filter((reading) => addReading(stored.id, stored, reading)).length;
      const outcome: FormerNameOutcome =
        stored.name === name ? 'current' : addFormer(stored.id, name) ? 'added' : 'known';
      if (outcome !== 'added' && readingsAdded === 0) return outcome;
      // rebuilt whole, so that the terms stay exactly what companySearchTerms gives (it drops duplicates)
      terms.remove(stored.id);
      writeTerms(stored.id, stored);
      return outcome;
    },

    deleteCompany(corporateNumber, changedOn) {
      const stored = head.get(corporateNumber);
      if (!stored) return false;
      if (changedOn !== null && stored.nta_changed_on !== null && changedOn < stored.nta_changed_on) return false;
      // terms first, so that their trigger clears the trigram index; aliases go by ON DELETE CASCADE
      terms.remove(stored.id);
      st.deleteCompanyRow.run(stored.id);
      return true;
    },

    takeUnclaimedFormerNames: () => pending.takeUnclaimed(),

    countCompanies: () => st.countAll.get() ?? 0,
    startBulk() {
      terms.startBulk();
      if (st.anyCompany.get() === undefined) restoreIndexes = deferIndexes(db, ['companies_by_prefecture_city']);
    },
    finishBulk(onStep) {
      terms.finishBulk(onStep);
      if (restoreIndexes) onStep?.('building the index of the places');
      restoreIndexes?.();
      restoreIndexes = null;
    },
    abandonBulk() {
      terms.abandonBulk();
      restoreIndexes = null;
    },

    get formerNamesAdded() {
      return formerNamesAdded;
    },
  };
}

/** What writing a company takes: the statements, its terms, the former names waiting, and how names are added. */
interface Writing {
  readonly st: ReturnType<typeof companyStatements>;
  readonly terms: ReturnType<typeof createCompanyTermsWriter>;
  readonly pending: PendingFormerNames;
  readonly addFormer: (id: number, name: string) => boolean;
  readonly addReading: (id: number, current: { name: string; name_kana: string | null }, reading: string) => boolean;
  readonly writeTerms: (id: number, company: Omit<NamedCompany, 'aliases'>) => void;
  /** Counts the records already linked to a new company (recordCountsOfNewCompany); null when none can be. */
  readonly countRecords: ((corporateNumber: string) => void) | null;
}

/** A former name's reading, unless the company goes by it now (its kana, or any alias it has). */
function addFormerReading(
  st: ReturnType<typeof companyStatements>,
  id: number,
  current: { name: string; name_kana: string | null },
  reading: string,
): boolean {
  return (
    reading !== current.name &&
    reading !== current.name_kana &&
    st.hasAlias.get(id, reading) === undefined &&
    st.insertAlias.run(id, 'former_name', reading).changes > 0
  );
}

/** A company not stored yet, with the former names that waited for it; false (nothing written) when it is stored. */
function insertCompany(w: Writing, input: CompanyInput, precomputed: IndexedTerms | undefined): boolean {
  const written = w.st.insert.run(input.corporate_number, ...columnValues(input));
  if (written.changes === 0) return false;
  const id = Number(written.lastInsertRowid);
  w.countRecords?.(input.corporate_number);
  for (const a of input.aliases) w.st.insertAlias.run(id, a.kind, a.name);
  const waiting = w.pending.claim(input.corporate_number);
  for (const name of waiting.names) if (name !== input.name) w.addFormer(id, name);
  for (const reading of waiting.readings) w.addReading(id, input, reading);
  // a new company's aliases are the input's (one at most, so in the order aliasesOf reads them) unless former
  // names waited for it
  const ownAliasesOnly = waiting.names.length + waiting.readings.length === 0 && input.aliases.length <= 1;
  if (precomputed !== undefined && ownAliasesOnly) w.terms.insert(id, input, precomputed);
  else w.writeTerms(id, input);
  return true;
}

/** A stored company's newer state: its row, aliases and terms, its old name kept as a former one. */
function updateCompany(w: Writing, stored: StoredHead, input: CompanyInput): 'unchanged' | 'updated' {
  const values = columnValues(input);
  if (COLUMNS.every((c, i) => stored[c] === values[i])) return 'unchanged';
  w.st.update.run(...values, stored.id);
  w.st.deleteAliasesOfKind.run(stored.id, 'romanized');
  for (const a of input.aliases) w.st.insertAlias.run(stored.id, a.kind, a.name);
  if (stored.name !== input.name) w.addFormer(stored.id, stored.name);
  // a renamed company's old reading stays findable; a reading corrected under the same name is no former name
  if (stored.name !== input.name && stored.name_kana !== null && stored.name_kana !== input.name_kana) {
    for (const reading of readingsOf(stored.name_kana)) w.addReading(stored.id, input, reading);
  }
  w.st.deleteAlias.run(stored.id, 'former_name', input.name);
  w.terms.remove(stored.id);
  w.writeTerms(stored.id, input);
  return 'updated';
}

/** Older by change date, then by update date; a missing date counts as oldest. */
function isOlder(input: CompanyInput, stored: StoredHead): boolean {
  const a = input.changed_on ?? '';
  const b = stored.nta_changed_on ?? '';
  if (a !== b) return a < b;
  return (input.updated_on ?? '') < (stored.updated_on ?? '');
}

/** A reading and its romanization (as the NTA importer derives the romanized alias from the kana). */
function readingsOf(kana: string): string[] {
  const romanized = romanizeKana(kana);
  return romanized === null ? [kana] : [kana, romanized];
}
