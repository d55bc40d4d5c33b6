// The demo's companies with the records of each, read from the database file apart from the search, and the ways a
// person writes each company: the oracle of the every-spelling and one-company tests.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { recordNameKey } from '../../src/domain/records/record-names.js';
import { RECORD_KINDS, type RecordKind } from '../../src/domain/records/record.js';
import { RECORD_TABLES } from '../../src/store/schema/record-tables.js';
import { normaliseText, stripLegalForm } from '../../src/domain/companies/names.js';
import { companySearchTerms } from '../../src/domain/companies/company-terms.js';
import type { CompanyAlias } from '../../src/domain/companies/company.js';
import { typedRomaji } from './typed-romaji.js';

export interface DemoCompany {
  readonly corporate_number: string;
  readonly name: string;
  readonly prefecture_code: string | null;
  readonly name_kana: string | null;
  readonly name_en: string | null;
  readonly aliases: readonly CompanyAlias[];
}

export type RecordsByKind = Record<RecordKind, Set<string>>;

interface RecordName {
  readonly id: string;
  readonly number: string | null;
  readonly name: string;
  readonly prefecture: string | null;
}

/** A kind's records in the table's order, and the places of those naming each Corporate Number and name key. */
function recordsByNameOf(db: Database.Database, kind: RecordKind) {
  const rows = db
    .prepare<[], RecordName>(
      `SELECT id, company_corporate_number AS number, company_name AS name, company_prefecture_code AS prefecture
       FROM ${RECORD_TABLES[kind].table}`,
    )
    .all();
  const byNumber = new Map<string, number[]>();
  const byKey = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, i: number) => {
    const places = map.get(key);
    if (places === undefined) map.set(key, [i]);
    else places.push(i);
  };
  rows.forEach((row, i) => {
    if (row.number !== null) add(byNumber, row.number, i);
    add(byKey, recordNameKey(row.name), i);
  });
  return { rows, byNumber, byKey };
}

/**
 * The keys a record may name the company by: its names (current, English, former, other), each as company search folds
 * it; not its reading, in kana or romanized (the register's romanized alias is its reading's): サンエイ is the reading of
 * 三栄, 三英 and 産栄 alike, and ＳＡＮＥＩ株式会社 the name of another company.
 */
function nameKeysOf(company: DemoCompany): Set<string> {
  const terms = companySearchTerms({ ...company, name_kana: null });
  return new Set(terms.filter((t) => t.alias_kind !== 'romanized').map((t) => t.term));
}

/** What an answer about one company holds of each kind, by the ids of the records, read apart from the search. */
export interface CompanyRecords {
  readonly company: DemoCompany;
  /** Linked to it, and linked to none naming one of its names wherever placed: what a name's answer holds. */
  readonly records: RecordsByKind;
  /**
   * Linked to it or to a company merged into it (at any depth), and linked to none naming it placed nowhere or in its
   * prefecture: what its number's answer holds.
   */
  readonly own: RecordsByKind;
  /** The Corporate Numbers of the companies merged into it, at any depth. */
  readonly predecessors: ReadonlySet<string>;
  /** Linked to none, naming one of its names. */
  readonly unlinked: RecordsByKind;
  /** Linked to none, naming one of its names, placed in another prefecture: counted apart by its number's answer. */
  readonly elsewhere: RecordsByKind;
}

/**
 * Every company, and the ids of the records each kind holds of it: linked to it, or linked to none naming one of its
 * names (a record linked to another company is that company's alone), placed anywhere or, for its number, nowhere or
 * in its prefecture.
 */
export function recordsOfEveryCompany(path: string): CompanyRecords[] {
  const db = new Database(path, { readonly: true });
  try {
    const companies = db
      .prepare<[], DemoCompany>('SELECT corporate_number, name, prefecture_code, name_kana, name_en FROM companies')
      .all()
      .map((c) => ({
        ...c,
        aliases: db
          .prepare<[string], CompanyAlias>(
            'SELECT a.kind, a.name FROM company_aliases a JOIN companies c ON c.id = a.company_id WHERE c.corporate_number = ?',
          )
          .all(c.corporate_number),
      }));
    // each kind's records indexed by the number and the name key they name a company by: filtering every record for
    // every company folded each record's name once a company, 6 s of CPU for the demo's (now 0.1 s)
    const records = new Map(RECORD_KINDS.map((kind) => [kind, recordsByNameOf(db, kind)] as const));
    const mergedInto = new Map<string, string[]>();
    for (const row of db
      .prepare<[], { number: string; successor: string }>(
        'SELECT corporate_number AS number, successor_corporate_number AS successor FROM companies WHERE successor_corporate_number IS NOT NULL',
      )
      .all())
      mergedInto.set(row.successor, [...(mergedInto.get(row.successor) ?? []), row.number]);
    return companies.map((company) => {
      const predecessors = predecessorsOf(company.corporate_number, mergedInto);
      const keys = nameKeysOf(company);
      const placedOwn = (r: RecordName) => r.prefecture === null || r.prefecture === company.prefecture_code;
      const of = (kind: RecordKind, keep: (r: RecordName) => boolean, withPredecessors = false) => {
        const { rows, byNumber, byKey } = records.get(kind) ?? assert.fail(kind);
        const at = new Set(byNumber.get(company.corporate_number));
        for (const number of withPredecessors ? predecessors : [])
          for (const i of byNumber.get(number) ?? []) at.add(i);
        for (const key of keys) for (const i of byKey.get(key) ?? []) if (rows[i]!.number === null) at.add(i);
        // in the table's order, as the records were read
        const found = [...at].sort((a, b) => a - b).map((i) => rows[i]!);
        return new Set(found.filter(keep).map((r) => r.id));
      };
      const byKind = (keep: (r: RecordName) => boolean, withPredecessors = false): RecordsByKind => ({
        enforcement: of('enforcement', keep, withPredecessors),
        procurement_suspension: of('procurement_suspension', keep, withPredecessors),
        license_action: of('license_action', keep, withPredecessors),
      });
      return {
        company,
        predecessors,
        records: byKind(() => true),
        own: byKind((r) => r.number !== null || placedOwn(r), true),
        unlinked: byKind((r) => r.number === null),
        elsewhere: byKind((r) => r.number === null && !placedOwn(r)),
      };
    });
  } finally {
    db.close();
  }
}

/** The records an answer to `spelling` of the company holds: its number's own, else every record of its names. */
export function recordsOfSpelling(entry: CompanyRecords, spelling: string): RecordsByKind {
  return spelling === entry.company.corporate_number ? entry.own : entry.records;
}

const toHiragana = (kana: string) =>
  kana.replace(/[\u30a1-\u30f6]/gu, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60));

/** The ways a person may write the company: each a query the search must answer with the company's records. */
export function spellingsOf(company: DemoCompany): string[] {
  const core = stripLegalForm(normaliseText(company.name)).core;
  const spellings = [company.name, core, company.corporate_number];
  if (company.name_kana !== null) {
    spellings.push(company.name_kana, toHiragana(company.name_kana));
    for (const longVowels of ['dropped', 'spelled'] as const) {
      const romaji = typedRomaji(company.name_kana, longVowels);
      if (romaji !== null) spellings.push(romaji);
    }
  }
  if (company.name_en !== null) spellings.push(company.name_en);
  for (const alias of company.aliases) if (alias.kind !== 'romanized') spellings.push(alias.name);
  return [...new Set(spellings)].filter((s) => s.length <= 100);
}

/** The companies whose successor chain leads to `number`, at any depth, each once and never `number` itself. */
function predecessorsOf(number: string, mergedInto: ReadonlyMap<string, readonly string[]>): Set<string> {
  const found = new Set<string>();
  const next = [...(mergedInto.get(number) ?? [])];
  for (let merged = next.pop(); merged !== undefined; merged = next.pop()) {
    if (merged === number || found.has(merged)) continue;
    found.add(merged);
    next.push(...(mergedInto.get(merged) ?? []));
  }
  return found;
}
