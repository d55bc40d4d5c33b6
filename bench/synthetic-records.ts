// Writes record JSON Lines naming companies of an imported synthetic register, as the publishers print them: a share
// by Corporate Number (the procurement lists that give it), the rest by name and address only (the JFTC, CAA, ISA and
// most procurement lists), with the name abbreviated as lists abbreviate it. Seeded: the same register and options
// give the same file. The companies named are drawn at random, or are every n-th of the register in turn. Their sources are the bench's own (scale-…), so that a collection of a registered source over
// the dataset (bench/namesake-links.ts) finds none of its records there.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Db } from '../src/store/schema/database.js';
import type { RecordInput } from '../src/domain/records/record-input.js';
import { prefectureByCode } from '../src/domain/vocabularies/prefectures.js';
import { createRandom, type Random } from '../demo/random.js';

export interface RecordsOptions {
  readonly records: number;
  /** Share of the records that carry the company's Corporate Number; the rest name it by name and address only. */
  readonly byNumberShare: number;
  readonly seed: number;
  /** Which companies the records name: drawn at random (absent), or every `every`-th of the register by id, in turn. */
  readonly named?: { readonly every: number };
  /** What a record by name gives of its company's place: its address (the default), or its prefecture alone. */
  readonly place?: 'address' | 'prefecture';
}

interface Named {
  readonly corporate_number: string;
  readonly name: string;
  readonly prefecture_code: string | null;
  readonly city: string | null;
  readonly street: string | null;
}

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2019, 3, 1);
const LAST_DAY = Date.UTC(2026, 9, 31);
const RETRIEVED_AT = '2026-11-20T03:00:00Z';
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// the legal forms lists abbreviate, as they print them
const ABBREVIATIONS: readonly (readonly [form: string, marks: readonly string[]])[] = [
  ['株式会社', ['（株）', '(株)', '㈱']],
  ['有限会社', ['（有）', '(有)', '㈲']],
  ['合同会社', ['（同）']],
];

/** The name as a list prints it: as registered, or its legal form abbreviated, or spaced from the name. */
function printedName(rng: Random, name: string): string {
  for (const [form, marks] of ABBREVIATIONS) {
    if (!name.includes(form) || rng.chance(0.4)) continue;
    return name.replace(form, rng.chance(0.2) ? `${form}　` : rng.pick(marks));
  }
  return name;
}

/** The record of the i-th draw: its kind, authority, source and the fields of its kind. */
function recordOf(
  rng: Random,
  company: Named,
  byNumber: boolean,
  i: number,
  place: RecordsOptions['place'],
): RecordInput {
  const prefecture = company.prefecture_code ?? '13';
  const address = `${prefectureByCode(prefecture)?.name ?? ''}${company.city ?? ''}${rng.chance(0.5) ? (company.street ?? '') : ''}`;
  const ref = byNumber
    ? { corporate_number: company.corporate_number, name: company.name, prefecture_code: prefecture, address }
    : place === 'prefecture'
      ? { name: printedName(rng, company.name), prefecture_code: prefecture }
      : { name: printedName(rng, company.name), address };
  const date = day(FIRST_DAY + rng.int(0, (LAST_DAY - FIRST_DAY) / DAY_MS) * DAY_MS);
  const source = (id: string, title: string) => ({
    id,
    url: `https://example.go.jp/${id}/${date}.html`,
    title,
    published_on: date,
    retrieved_at: RETRIEVED_AT,
  });
  const key = `scale-${i}`;
  const roll = rng.next();
  if (roll < 0.4) {
    return {
      kind: 'enforcement',
      company: ref,
      authority: `mhlw_labour_bureau_${prefecture}`,
      source: source(`scale-labour-violations-${prefecture}`, '労働基準関係法令違反に係る公表事案'),
      source_key: key,
      law: 'labour_standards_act',
      action_type: 'prosecution_referral',
      date,
      summary: '労働者に時間外労働の割増賃金を支払わなかった',
    };
  }
  if (roll < 0.7) {
    const until = day(Date.parse(date) + rng.int(30, 365) * DAY_MS);
    return {
      kind: 'procurement_suspension',
      company: ref,
      authority: `pref_${prefecture}`,
      source: source(`scale-suspensions-${prefecture}`, '指名停止措置一覧'),
      source_key: key,
      reason: rng.pick(['bid_rigging', 'false_statement', 'accident_worker', 'breach_of_contract']),
      reason_detail: '入札参加資格の停止',
      period: { from: date, to: until },
    };
  }
  return {
    kind: 'license_action',
    company: ref,
    authority: `pref_${prefecture}`,
    source: source(`scale-licences-${prefecture}`, '建設業者に対する監督処分'),
    source_key: key,
    sector_code: 'construction',
    action_type: rng.pick(['business_suspension_order', 'instruction_order', 'license_revocation']),
    nature: 'violation',
    date,
  };
}

const NAMED_COLUMNS = 'corporate_number, name, prefecture_code, city, street';

/** The company the i-th record names: one drawn at random, or the next of every n-th company, from the first again. */
function companiesNamed(db: Db, rng: Random, options: RecordsOptions): (i: number) => Named | undefined {
  const maxId = db.prepare<[], number>('SELECT max(id) FROM companies').pluck().get() ?? 0;
  if (maxId === 0) throw new Error('the register has no companies to name');
  if (options.named === undefined) {
    const draw = db.prepare<[number], Named>(
      `SELECT ${NAMED_COLUMNS} FROM companies WHERE id >= ? ORDER BY id LIMIT 1`,
    );
    return () => draw.get(rng.int(1, maxId));
  }
  const { every } = options.named;
  const named: Named[] = [];
  let seen = 0;
  for (const company of db.prepare<[], Named>(`SELECT ${NAMED_COLUMNS} FROM companies ORDER BY id`).iterate()) {
    if (seen++ % every === 0) named.push(company);
    if (named.length === options.records) break;
  }
  return (i) => named[i % named.length];
}

/** Writes `options.records` records at `path`, naming companies of the register as `options.named` says. */
export async function writeSyntheticRecords(db: Db, path: string, options: RecordsOptions): Promise<void> {
  const rng = createRandom(options.seed);
  const named = companiesNamed(db, rng, options);
  const out = createWriteStream(path);
  let lines: string[] = [];
  for (let i = 0; i < options.records; i++) {
    const company = named(i);
    if (company === undefined) continue;
    lines.push(JSON.stringify(recordOf(rng, company, rng.chance(options.byNumberShare), i, options.place)));
    if (lines.length === 1000 || i === options.records - 1) {
      if (!out.write(`${lines.join('\n')}\n`)) await once(out, 'drain');
      lines = [];
    }
  }
  out.end();
  await once(out, 'finish');
}
