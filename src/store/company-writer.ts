// The only SQL that writes companies: upsert by Corporate Number, aliases, and the search terms derived from them.
import type { AliasKind, CompanyAlias, CompanyInput } from '../domain/company-input.js';
import { createCompanyTermsWriter } from './company-terms-writer.js';
import type { Db } from './database.js';

export type UpsertOutcome = 'inserted' | 'updated' | 'unchanged' | 'older';
export type FormerNameOutcome = 'added' | 'known' | 'current' | 'pending';

export interface CompanyWriter {
  /**
   * Inserts the company, or replaces its state when the input is not older than what is stored (by change
   * date, then update date). Its romanized alias and its search terms follow; when the name changes, the
   * name it had becomes a former name. Other alias kinds, written by other sources, are kept.
   */
  upsertCompany(input: CompanyInput): UpsertOutcome;
  /**
   * Records a name the company went by. A name equal to the current one is not a former name. When the
   * company is not stored yet, the name waits until it is (see takeUnclaimedFormerNames).
   */
  addFormerName(corporateNumber: string, name: string): FormerNameOutcome;
  /** Removes a company whose number the NTA deleted, unless what is stored is newer; true when removed. */
  deleteCompany(corporateNumber: string, changedOn: string | null): boolean;
  /** Forgets the former names still waiting for their company, and says how many there were. */
  takeUnclaimedFormerNames(): number;
  countCompanies(): number;
  /** See CompanyTermsWriter.startBulk: for many writes inside one open transaction. */
  startBulk(): void;
  finishBulk(): void;
  /** Forgets a bulk whose transaction was rolled back (the rollback itself restored the triggers). */
  abandonBulk(): void;
  /** Former-name aliases this writer has added so far, by either method. */
  readonly formerNamesAdded: number;
}

const COLUMNS = [
  'name', 'name_kana', 'name_en', 'kind_code', 'legal_form', 'prefecture_code', 'prefecture', 'city', 'city_code',
  'street', 'postal_code', 'address_outside', 'address_en', 'status', 'closed_on', 'close_cause',
  'successor_corporate_number', 'updated_on', 'nta_changed_on',
] as const;

type Row = Record<(typeof COLUMNS)[number], string | null>;
type StoredHead = Row & { id: number; name: string };

export function createCompanyWriter(db: Db): CompanyWriter {
  // Former names met before their company (a history row ahead of the current row) wait here; a temp table
  // keeps memory flat and rolls back with the file's transaction.
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS pending_former_names (
    corporate_number TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (corporate_number, name)) WITHOUT ROWID`);

  const head = db.prepare<[string], StoredHead>(`SELECT id, ${COLUMNS.join(', ')} FROM companies WHERE corporate_number = ?`);
  const insert = db.prepare(
    `INSERT INTO companies (corporate_number, ${COLUMNS.join(', ')}) VALUES (@corporate_number, ${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const update = db.prepare(`UPDATE companies SET ${COLUMNS.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`);
  const aliasesOf = db.prepare<[number], CompanyAlias>('SELECT name, kind FROM company_aliases WHERE company_id = ? ORDER BY kind, name');
  const insertAlias = db.prepare<[number, AliasKind, string]>('INSERT OR IGNORE INTO company_aliases (company_id, kind, name) VALUES (?, ?, ?)');
  const deleteAliasesOfKind = db.prepare<[number, AliasKind]>('DELETE FROM company_aliases WHERE company_id = ? AND kind = ?');
  const deleteAlias = db.prepare<[number, AliasKind, string]>('DELETE FROM company_aliases WHERE company_id = ? AND kind = ? AND name = ?');
  const deleteCompanyRow = db.prepare<[number]>('DELETE FROM companies WHERE id = ?');
  const addPending = db.prepare<[string, string]>('INSERT OR IGNORE INTO pending_former_names (corporate_number, name) VALUES (?, ?)');
  const pendingOf = db.prepare<[string], { name: string }>('SELECT name FROM temp.pending_former_names WHERE corporate_number = ?');
  const dropPendingOf = db.prepare<[string]>('DELETE FROM temp.pending_former_names WHERE corporate_number = ?');
  const countPending = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM temp.pending_former_names');
  const clearPending = db.prepare('DELETE FROM temp.pending_former_names');
  const countAll = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM companies');
  // most files have no history row ahead of its company; skip the lookup while nothing waits
  let pendingCount = 0;
  let formerNamesAdded = 0;
  const addFormer = (id: number, name: string): boolean => {
    const added = insertAlias.run(id, 'former_name', name).changes > 0;
    if (added) formerNamesAdded++;
    return added;
  };

  const terms = createCompanyTermsWriter(db);
  const writeTerms = (id: number, name: string, nameKana: string | null, nameEn: string | null, aliases: readonly CompanyAlias[]) =>
    terms.insert(id, { name, name_kana: nameKana, name_en: nameEn, aliases });

  const params = (input: CompanyInput) => ({
    corporate_number: input.corporate_number,
    name: input.name,
    name_kana: input.name_kana,
    name_en: input.name_en,
    kind_code: input.kind_code,
    legal_form: input.legal_form,
    prefecture_code: input.address.prefecture_code,
    prefecture: input.address.prefecture,
    city: input.address.city,
    city_code: input.address.city_code,
    street: input.address.street,
    postal_code: input.address.postal_code,
    address_outside: input.address.outside,
    address_en: input.address.en,
    status: input.status,
    closed_on: input.closed_on,
    close_cause: input.close_cause,
    successor_corporate_number: input.successor_corporate_number,
    updated_on: input.updated_on,
    nta_changed_on: input.changed_on,
  });

  const claimPending = (corporateNumber: string, currentName: string): CompanyAlias[] => {
    if (pendingCount === 0) return [];
    const names = pendingOf.all(corporateNumber).map((r) => r.name);
    if (names.length === 0) return [];
    pendingCount -= dropPendingOf.run(corporateNumber).changes;
    return names.filter((n) => n !== currentName).map((name) => ({ name, kind: 'former_name' as const }));
  };

  return {
    upsertCompany(input) {
      const stored = head.get(input.corporate_number);
      if (!stored) {
        const id = Number(insert.run(params(input)).lastInsertRowid);
        const aliases = [...input.aliases, ...claimPending(input.corporate_number, input.name)];
        for (const a of aliases) {
          if (a.kind === 'former_name') addFormer(id, a.name);
          else insertAlias.run(id, a.kind, a.name);
        }
        writeTerms(id, input.name, input.name_kana, input.name_en, aliases);
        return 'inserted';
      }
      if (isOlder(input, stored)) return 'older';
      const row = params(input);
      if (COLUMNS.every((c) => stored[c] === row[c])) return 'unchanged';
      update.run({ ...row, id: stored.id });
      deleteAliasesOfKind.run(stored.id, 'romanized');
      for (const a of input.aliases) insertAlias.run(stored.id, a.kind, a.name);
      if (stored.name !== input.name) addFormer(stored.id, stored.name);
      deleteAlias.run(stored.id, 'former_name', input.name);
      terms.remove(stored.id);
      writeTerms(stored.id, input.name, input.name_kana, input.name_en, aliasesOf.all(stored.id));
      return 'updated';
    },

    addFormerName(corporateNumber, name) {
      const stored = head.get(corporateNumber);
      if (!stored) {
        pendingCount += addPending.run(corporateNumber, name).changes;
        return 'pending';
      }
      if (stored.name === name) return 'current';
      if (!addFormer(stored.id, name)) return 'known';
      // rebuilt whole, so that the terms stay exactly what companySearchTerms gives (it drops duplicates)
      terms.remove(stored.id);
      writeTerms(stored.id, stored.name, stored.name_kana, stored.name_en, aliasesOf.all(stored.id));
      return 'added';
    },

    deleteCompany(corporateNumber, changedOn) {
      const stored = head.get(corporateNumber);
      if (!stored) return false;
      if (changedOn !== null && stored.nta_changed_on !== null && changedOn < stored.nta_changed_on) return false;
      // terms first, so that their trigger clears the trigram index; aliases go by ON DELETE CASCADE
      terms.remove(stored.id);
      deleteCompanyRow.run(stored.id);
      return true;
    },

    takeUnclaimedFormerNames() {
      const n = countPending.get()!.n;
      clearPending.run();
      pendingCount = 0;
      return n;
    },

    countCompanies: () => countAll.get()!.n,
    startBulk: () => terms.startBulk(),
    finishBulk: () => terms.finishBulk(),
    abandonBulk: () => terms.abandonBulk(),

    get formerNamesAdded() {
      return formerNamesAdded;
    },
  };
}

/** Older by change date, then by update date; a missing date counts as oldest. */
function isOlder(input: CompanyInput, stored: StoredHead): boolean {
  const a = input.changed_on ?? '';
  const b = stored.nta_changed_on ?? '';
  if (a !== b) return a < b;
  return (input.updated_on ?? '') < (stored.updated_on ?? '');
}
