// What every demo record generator shares: choosing a company, naming it as a source would, citing the source.

import { hiraganaToKatakana } from '../src/domain/companies/names.js';
import type { CompanyRefInput, RecordInput } from '../src/domain/records/record-input.js';
import { prefectureByCode } from '../src/domain/vocabularies/prefectures.js';
import { abbreviatedName } from './demo-company-forms.js';
import { placesIn } from './demo-places.js';
import type { DemoCompany } from './demo-companies.js';
import { lastSuccessAt, type DemoSource } from './demo-sources.js';
import type { Trade } from './demo-name-parts.js';
import type { Random } from './random.js';

export interface DemoRecordContext {
  readonly random: Random;
  /** The build date in Japan: statuses are laid out around it. */
  readonly asOf: string;
  readonly companies: readonly DemoCompany[];
}

export type CompanyTest = (company: DemoCompany) => boolean;

export const inTrades =
  (...trades: Trade[]): CompanyTest =>
  (c) =>
    trades.includes(c.trade);
export const inPrefectures =
  (codes: readonly string[]): CompanyTest =>
  (c) =>
    codes.includes(c.place.prefecture_code);
export const both =
  (a: CompanyTest, b: CompanyTest): CompanyTest =>
  (c) =>
    a(c) && b(c);

/** A company that existed on the date and passes the first test any such company passes; any company last. */
export function pickCompany(ctx: DemoRecordContext, date: string, ...tests: CompanyTest[]): DemoCompany {
  const alive = ctx.companies.filter((c) => c.input.closed_on === null || c.input.closed_on > date);
  for (const test of tests) {
    const pool = alive.filter(test);
    if (pool.length > 0) return ctx.random.pick(pool);
  }
  return ctx.random.pick(alive);
}

// The search examples (the first companies) are named loosely more often, so the `company` filter has work to do.
const SEARCH_EXAMPLES = 8;

/**
 * The company as a record names it. About one in ten records gives no Corporate Number, the name as the source writes
 * it (（株）北辰建設, ㈱青葉電設, ｻｸﾗ運輸(株)): with no place (as national bodies print a name alone), with the
 * company's own city (which the pipeline's rule links by name and address: demo-links.ts), or, without its legal
 * form, at a work site in another city of its prefecture (which the rule leaves unlinked: no company of the name is
 * registered there, and a name without its form is not linked across the prefecture). Linked records carry the number.
 */
export function companyRef(ctx: DemoRecordContext, company: DemoCompany, withEnglish = false): CompanyRefInput {
  const { random } = ctx;
  const example = ctx.companies.indexOf(company) < SEARCH_EXAMPLES;
  const pref = prefectureByCode(company.place.prefecture_code)!;
  const address = `${pref.name}${company.place.city}`;
  if (random.chance(example ? 0.35 : 0.09)) {
    const elsewhere = placesIn(pref.code).filter((p) => p.city !== company.place.city);
    if (elsewhere.length > 0 && random.chance(0.2)) {
      return {
        corporate_number: null,
        name: company.core,
        prefecture_code: null,
        address: `${pref.name}${random.pick(elsewhere).city}`,
      };
    }
    return {
      corporate_number: null,
      name: writtenName(random, company),
      prefecture_code: random.chance(0.6) ? pref.code : null,
      address: random.chance(0.5) ? address : null,
    };
  }
  return {
    corporate_number: company.input.corporate_number,
    name: random.chance(0.12) ? abbreviatedName(company.core, company.form, company.form_before) : company.input.name,
    name_en: withEnglish ? company.input.name_en : null,
    link: 'source',
    prefecture_code: pref.code,
    address,
  };
}

/** One of the ways lists write a company's name. */
function writtenName(random: Random, company: DemoCompany): string {
  const { core, form, form_before: before } = company;
  const mark = form.ja === '株式会社' ? '㈱' : form.ja === '有限会社' ? '㈲' : null;
  const ascii = form.abbrev.replace('（', '(').replace('）', ')');
  const variants = [
    abbreviatedName(core, form, before),
    before ? `${form.ja}　${core}` : `${core}　${form.ja}`,
    before ? `${ascii}${core}` : `${core}${ascii}`,
    ...(mark === null ? [] : [before ? `${mark}${core}` : `${core}${mark}`]),
    ...(/[\u3041-\u30ff]/u.test(core) ? [`${halfWidthKana(core)}${ascii}`] : []),
  ];
  return random.pick(variants);
}

const FULL =
  'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンァィゥェォッャュョー';
const HALF = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝｧｨｩｪｫｯｬｭｮｰ';

/** Kana written half-width, as older systems print it (さくら → ｻｸﾗ, ガ → ｶﾞ); other characters untouched. */
export function halfWidthKana(value: string): string {
  return [...hiraganaToKatakana(value).normalize('NFD')]
    .map((ch) => (ch === '\u3099' ? 'ﾞ' : ch === '\u309a' ? 'ﾟ' : FULL.includes(ch) ? HALF[FULL.indexOf(ch)]! : ch))
    .join('')
    .normalize('NFC');
}

/** The source citation of a record: the registered source, the page, and when it was read. */
export function sourceRef(
  source: DemoSource,
  asOf: string,
  publishedOn: string,
  page?: { url: string; title: string },
): RecordInput['source'] {
  const retrieved = lastSuccessAt(source, asOf);
  if (retrieved === null)
    throw new Error(`demo source ${source.id} has never been collected, so it cannot have records`);
  return {
    id: source.id,
    url: page?.url ?? source.url,
    title: page?.title ?? source.title,
    published_on: publishedOn,
    retrieved_at: retrieved,
  };
}

/** Yen as notices write large sums: 1億2,345万円, 860万円, 5,000円. */
export function formatYen(amount: number): string {
  const oku = Math.floor(amount / 100_000_000);
  const man = Math.floor((amount % 100_000_000) / 10_000);
  const yen = amount % 10_000;
  const parts = [
    oku > 0 ? `${oku.toLocaleString('en-US')}億` : '',
    man > 0 ? `${man.toLocaleString('en-US')}万` : '',
    yen > 0 ? yen.toLocaleString('en-US') : '',
  ];
  return `${parts.join('')}円`;
}
