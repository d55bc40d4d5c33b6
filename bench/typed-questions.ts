// The questions people type, by which a register's cost is measured, since people ask by them: a company's full
// registered name, the first three characters of its name without the legal form, and its kana reading. At a synthetic
// register, drawn from the generated NTA file; at the demo, from every demo company.
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { openReadOnly, readDatasetMeta, type Db } from '../src/store/schema/database.js';
import { DEFAULT_GENERATE, defaultNtaPath, generateNtaFile } from './generate-nta.js';

export const TYPED_FORMS = ['full names', 'three characters', 'kana'] as const;
export type TypedForm = (typeof TYPED_FORMS)[number];

/** Each form's questions. */
export type TypedQuestions = Record<TypedForm, string[]>;

/** A register's questions come from the companies of every 4,999th latest row of its generated file. */
const EVERY_LATEST_ROW = 4999;

/** The legal forms the three characters are taken without, as the issue names them. */
const FORMS_TAKEN_OUT = ['株式会社', '有限会社', '合同会社', '一般社団法人'] as const;

/** The first three characters of a name once its legal form is taken out; null when fewer are left. */
function threeCharacters(name: string): string | null {
  let core = name;
  for (const form of FORMS_TAKEN_OUT) core = core.replaceAll(form, '');
  const characters = [...core.trim()];
  return characters.length < 3 ? null : characters.slice(0, 3).join('');
}

/** A company's text in each form, null where it has none (no reading). */
function formsOf(name: string, kana: string | null): Record<TypedForm, string | null> {
  return { 'full names': name, 'three characters': threeCharacters(name), kana: kana === '' ? null : kana };
}

/** The fields of one line of the NTA file (quoted fields may hold commas; a doubled quote is one). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  for (const m of line.matchAll(/(?:"((?:[^"]|"")*)"|([^,]*))(?:,|$)/gu)) {
    fields.push(m[1] === undefined ? (m[2] ?? '') : m[1].replace(/""/gu, '"'));
    if (m.index + m[0].length >= line.length) break;
  }
  return fields;
}

// the columns of the NTA file (generate-nta.ts writes them)
const NAME = 6;
const LATEST = 23;
const KANA = 28;

/**
 * The questions of a generated NTA file: of every `every`-th latest row (the `latest` flag 1: a company's current
 * row), its full name, its three characters and its reading, each form in equal parts: where the row has none of a
 * form (a company without a reading), the next latest row that has one gives it.
 */
async function registerQuestions(file: string, every: number): Promise<TypedQuestions> {
  const questions: TypedQuestions = { 'full names': [], 'three characters': [], kana: [] };
  // the forms still owed by the rows drawn so far
  const owed: Record<TypedForm, number> = { 'full names': 0, 'three characters': 0, kana: 0 };
  let latest = 0;
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    const fields = csvFields(line);
    if (fields[LATEST] !== '1') continue;
    latest++;
    if (latest % every === 0) for (const form of TYPED_FORMS) owed[form]++;
    const forms = formsOf(fields[NAME] ?? '', fields[KANA] ?? null);
    for (const form of TYPED_FORMS) {
      const text = forms[form];
      if (owed[form] > 0 && text !== null) {
        questions[form].push(text);
        owed[form]--;
      }
    }
  }
  return questions;
}

/** The questions of the demo: the three forms of every demo company, in turn, every other one kept. */
function demoQuestions(db: Db): TypedQuestions {
  const questions: TypedQuestions = { 'full names': [], 'three characters': [], kana: [] };
  const companies = db
    .prepare<[], { name: string; name_kana: string | null }>('SELECT name, name_kana FROM companies ORDER BY id')
    .all();
  let asked = 0;
  for (const { name, name_kana: kana } of companies) {
    const forms = formsOf(name, kana);
    for (const form of TYPED_FORMS) {
      const text = forms[form];
      if (text === null) continue;
      if (asked++ % 2 === 0) questions[form].push(text);
    }
  }
  return questions;
}

/**
 * The questions of a dataset: the demo's from its companies, a synthetic register's from the generated NTA file it was
 * imported from (bench/out/, generated again when gone: the generator is seeded), found by its count of companies.
 */
export async function datasetQuestions(path: string): Promise<TypedQuestions> {
  const db = openReadOnly(path);
  let companies: number;
  try {
    if (readDatasetMeta(db).kind === 'demo') return demoQuestions(db);
    companies = db.prepare<[], number>('SELECT count(*) FROM companies').pluck().get() ?? 0;
  } finally {
    db.close();
  }
  const options = { ...DEFAULT_GENERATE, companies };
  const file = defaultNtaPath(options);
  if (!existsSync(file)) await generateNtaFile(file, options);
  return registerQuestions(file, EVERY_LATEST_ROW);
}
