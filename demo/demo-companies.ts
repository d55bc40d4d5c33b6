// The fictional companies of the demo dataset: names built from parts with their readings, real places, states.
//
// Corporate Numbers are FICTIONAL ONLY: every base is '999999' + a 6-digit serial. In a base, digits 5-6 are
// the organisation type of the registry number, and type 99 is not one the registry issues, so no demo number
// can be a real company's. The check digit is computed, so each one is a valid Corporate Number.

import type { CompanyAlias, CompanyInput } from '../src/domain/companies/company.js';
import { corporateNumberFromBase } from '../src/domain/companies/corporate-number.js';
import { romanizeKana } from '../src/domain/text/romanize.js';
import type { Sector } from '../src/domain/vocabularies/enums.js';
import { legalFormFromNta } from '../src/domain/vocabularies/legal-forms.js';
import { PREFECTURES, prefectureByCode } from '../src/domain/vocabularies/prefectures.js';
import { addDays, fullWidth } from './demo-calendar.js';
import { ASSOCIATION, GK, KK, MEDICAL, YK, registeredName, type DemoForm } from './demo-company-forms.js';
import {
  ASSOCIATION_BUSINESSES,
  AVOID,
  BUSINESSES,
  KANJI_STEMS,
  KATAKANA_STEMS,
  MEDICAL_BUSINESS,
  type Business,
  type NamePart,
  type Trade,
} from './demo-name-parts.js';
import { placesIn, type DemoPlace } from './demo-places.js';
import type { Random } from './random.js';

export interface DemoCompany {
  readonly input: CompanyInput;
  readonly trade: Trade;
  readonly sectors: readonly Sector[];
  /** The name without its legal form (北辰建設): what lists abbreviate and search strips to. */
  readonly core: string;
  readonly form: DemoForm;
  readonly form_before: boolean;
  readonly place: DemoPlace;
}

/** The fictional base of the n-th demo company (n from 1): organisation type 99, never issued. */
function demoCorporateNumber(serial: number): string {
  return corporateNumberFromBase(`999999${String(serial).padStart(6, '0')}`);
}

// Companies per prefecture beyond the four every prefecture gets, roughly as business is spread.
const EXTRA_BY_PREFECTURE: Readonly<Record<string, number>> = {
  '13': 27,
  '27': 16,
  '23': 12,
  '14': 12,
  '40': 10,
  '01': 9,
  '11': 7,
  '12': 7,
  '28': 7,
  '26': 4,
  '04': 4,
  '22': 4,
  '34': 4,
  '15': 3,
  '08': 2,
  '10': 2,
  '20': 2,
  '33': 2,
  '43': 2,
  '46': 2,
  '47': 2,
};

interface Spec {
  readonly stem: NamePart;
  readonly business: Business;
  readonly form: DemoForm;
  readonly before: boolean;
  readonly prefecture: string;
  readonly english: boolean;
}

const business = (ja: string): Business => BUSINESSES.find((x) => x.ja === ja)!;
const stem = (ja: string): NamePart => KANJI_STEMS.find((x) => x.ja === ja)!;

// Pairs that exercise search: one stem under two forms, full-width Latin letters, two spellings of one
// reading (旭/朝日 アサヒ), and names that records abbreviate (㈱青葉電設, ｻｸﾗ運輸(株)).
const SPECIAL: readonly Spec[] = [
  { stem: stem('北辰'), business: business('建設'), form: KK, before: false, prefecture: '13', english: true },
  { stem: stem('北辰'), business: business('建設'), form: KK, before: true, prefecture: '01', english: false },
  {
    stem: { ja: 'ＡＢＣ', kana: 'エービーシー', en: 'ABC' },
    business: business('商事'),
    form: KK,
    before: false,
    prefecture: '27',
    english: true,
  },
  {
    stem: { ja: 'ＫＳ', kana: 'ケーエス', en: 'KS' },
    business: business('工業'),
    form: KK,
    before: false,
    prefecture: '23',
    english: false,
  },
  { stem: stem('青葉'), business: business('電設'), form: KK, before: true, prefecture: '04', english: false },
  { stem: stem('さくら'), business: business('運輸'), form: KK, before: false, prefecture: '11', english: true },
  { stem: stem('旭'), business: business('運輸'), form: KK, before: false, prefecture: '23', english: false },
  { stem: stem('朝日'), business: business('運輸'), form: YK, before: true, prefecture: '28', english: false },
];

export function demoCompanies(random: Random, asOf: string): DemoCompany[] {
  const taken = new Set<string>(AVOID);
  const specs: Spec[] = [];
  for (const spec of SPECIAL) {
    taken.add(spec.stem.ja + spec.business.ja);
    specs.push(spec);
  }
  for (const pref of PREFECTURES) {
    const count = 4 + (EXTRA_BY_PREFECTURE[pref.code] ?? random.int(0, 1));
    for (let i = 0; i < count; i++) specs.push(drawSpec(random, pref.code, taken));
  }
  const built = specs.map((spec, i) => build(random, spec, i + 1, asOf));
  return settleStates(random, built, asOf);
}

function drawSpec(random: Random, prefecture: string, taken: Set<string>): Spec {
  for (;;) {
    const roll = random.next();
    const biz =
      roll < 0.025
        ? MEDICAL_BUSINESS
        : roll < 0.05
          ? random.pick(ASSOCIATION_BUSINESSES)
          : random.weighted(BUSINESSES.map((x) => [x, x.weight] as const));
    const part =
      biz.trade === 'medical' || biz.trade === 'association' || random.chance(0.82)
        ? random.pick(KANJI_STEMS)
        : random.pick(KATAKANA_STEMS);
    const core = part.ja + biz.ja;
    if (taken.has(core)) continue;
    taken.add(core);
    const { form, before } = drawForm(random, biz);
    return {
      stem: part,
      business: biz,
      form,
      before,
      prefecture,
      english: form.en_suffix !== null && random.chance(0.3),
    };
  }
}

function drawForm(random: Random, biz: Business): { form: DemoForm; before: boolean } {
  if (biz.trade === 'medical') return { form: MEDICAL, before: true };
  if (biz.trade === 'association') return { form: ASSOCIATION, before: true };
  // licensed financial businesses must be joint-stock companies
  if (biz.trade === 'securities' || biz.trade === 'lending') return { form: KK, before: random.chance(0.5) };
  const form = random.weighted<DemoForm>([
    [KK, 84],
    [YK, 10],
    [GK, 6],
  ]);
  return { form, before: form === YK ? random.chance(0.85) : random.chance(0.45) };
}

function build(random: Random, spec: Spec, serial: number, asOf: string): Built {
  const core = spec.stem.ja + spec.business.ja;
  const name = registeredName(core, spec.form, spec.before);
  const kana = spec.stem.kana + spec.business.kana;
  const place = random.pick(placesIn(spec.prefecture));
  const pref = prefectureByCode(spec.prefecture)!;
  const nameEn = spec.english ? `${spec.stem.en} ${spec.business.en} ${spec.form.en_suffix}` : null;
  const [a, b, c] = [random.int(1, 5), random.int(1, 30), random.int(1, 25)];
  const chome = random.chance(0.7);
  const street = chome
    ? `${place.town}${fullWidth(a)}丁目${fullWidth(b)}番${fullWidth(c)}号`
    : `${place.town}${fullWidth(b * 17 + c)}番地${fullWidth(a)}`;
  const streetEn = chome ? `${a}-${b}-${c}` : `${b * 17 + c}-${a}`;
  const romanized = romanizeKana(kana);
  const changedOn = addDays(asOf, -random.int(20, 3000));
  const input: CompanyInput = {
    corporate_number: demoCorporateNumber(serial),
    name,
    name_kana: kana,
    name_en: nameEn,
    kind_code: spec.form.kind_code,
    legal_form: legalFormFromNta(spec.form.kind_code, name),
    address: {
      prefecture_code: pref.code,
      prefecture: pref.name,
      city: place.city,
      city_code: place.city_code,
      street,
      postal_code: place.postal_code,
      outside: null,
      // the NTA gives an English address only with a registered English name
      en: nameEn === null ? null : `${streetEn}, ${place.town_en}, ${place.city_en}, ${pref.name_en}`,
    },
    status: 'active',
    closed_on: null,
    close_cause: null,
    successor_corporate_number: null,
    updated_on: addDays(changedOn, random.int(0, 10)),
    changed_on: changedOn,
    aliases: romanized === null ? [] : [{ name: romanized, kind: 'romanized' }],
  };
  return {
    input,
    trade: spec.business.trade,
    sectors: spec.business.sectors,
    core,
    form: spec.form,
    form_before: spec.before,
    place,
    stemPart: spec.stem,
    business: spec.business,
  };
}

/** A company while its states are settled, with the parts its former name and brand are made of. */
interface Built extends DemoCompany {
  readonly stemPart: NamePart;
  readonly business: Business;
}

/** About 8% closed (some merged into another demo company), 6% renamed, a few trading under a brand. */
function settleStates(random: Random, companies: readonly Built[], asOf: string): DemoCompany[] {
  const specials = SPECIAL.length;
  const order = random.shuffle(companies.map((_, i) => i).slice(specials));
  const closedCount = Math.round(companies.length * 0.08);
  const formerCount = Math.round(companies.length * 0.06);
  const closed = new Set(order.slice(0, closedCount));
  const renamed = new Set(order.slice(closedCount, closedCount + formerCount));
  // the first special (北辰建設株式会社) carries a former name and a brand, so the walkthrough can show both
  renamed.add(0);
  const brandable = order.slice(closedCount + formerCount).filter((i) => companies[i]!.business.brand !== undefined);
  const branded = new Set([0, ...brandable.slice(0, 8)]);
  const active = companies.map((_, i) => i).filter((i) => !closed.has(i));

  return companies.map((company, i) => {
    const { stemPart, business: biz, ...rest } = company;
    const aliases: CompanyAlias[] = [...company.input.aliases];
    if (renamed.has(i)) aliases.push({ name: formerName(random, company), kind: 'former_name' });
    if (branded.has(i) && biz.brand !== undefined) aliases.push({ name: stemPart.kana + biz.brand, kind: 'brand' });
    let input: CompanyInput = { ...company.input, aliases };
    if (closed.has(i)) {
      const closedOn = addDays(asOf, -random.int(40, 1500));
      const cause = random.weighted<string>([
        ['liquidation_completed', 5],
        ['merger', 3],
        ['closed_by_registrar', 1.5],
        ['other', 0.5],
      ]);
      const successor = cause === 'merger' ? companies[random.pick(active)]!.input.corporate_number : null;
      input = {
        ...input,
        status: 'closed',
        closed_on: closedOn,
        close_cause: cause,
        successor_corporate_number: successor,
        changed_on: closedOn,
        updated_on: addDays(closedOn, random.int(2, 20)),
      };
    }
    return { ...rest, input };
  });
}

/** The name before the last change: an older trade word (北辰組), or 有限会社 before it became a 株式会社. */
function formerName(random: Random, company: Built): string {
  const { stemPart, business: biz } = company;
  if (biz.former !== undefined && random.chance(0.7))
    return registeredName(stemPart.ja + biz.former.ja, company.form, company.form_before);
  // a 特例有限会社 that became a 株式会社; licensed financial businesses were never 有限会社
  if (company.form === KK && company.trade !== 'securities' && company.trade !== 'lending')
    return registeredName(company.core, YK, true);
  return registeredName(`${stemPart.ja}${biz.ja === '商会' ? '産業' : '商会'}`, company.form, company.form_before);
}
