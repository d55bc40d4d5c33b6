// Draws one synthetic company's name, reading, English name and place: the content of a row of the synthetic NTA file.
import { romanizeKana } from '../src/domain/text/romanize.js';
import type { Random } from '../demo/random.js';
import { DEMO_PLACES, type DemoPlace } from '../demo/demo-places.js';
import { PREFECTURES, type PrefectureTerm } from '../src/domain/vocabularies/prefectures.js';
import {
  AVOID_STEMS,
  BUSINESSES,
  FORMS,
  HIRAGANA_WORDS,
  KANJI_HEADS,
  KANJI_TAILS,
  KATAKANA_WORDS,
  LETTER_KANA,
  SURNAMES,
  type Form,
  type Part,
} from './synthetic-name-parts.js';

export interface SyntheticName {
  /** The registered name, legal form included, as the NTA writes it (full-width Latin letters). */
  readonly name: string;
  /** The reading without the legal form, as the NTA furigana gives it. */
  readonly kana: string;
  /** An English name the company could register (the generator decides whether it does). */
  readonly en: string;
  readonly form: Form;
}

interface Stem {
  readonly ja: string;
  readonly kana: string;
  readonly en: string;
}

const BUSINESS_WEIGHTS = BUSINESSES.map((b) => [b, b.weight] as const);
const FORM_WEIGHTS = FORMS.map((f) => [f, f.weight] as const);
const LETTERS = Object.keys(LETTER_KANA);
const KABUSHIKI = FORMS[0]!;

// Shares of companies by prefecture (thousands, roughly as the NTA's counts of corporations run): Tokyo a fifth.
const PREFECTURE_SHARES: readonly number[] = [
  190, 35, 30, 55, 25, 30, 50, 70, 50, 55, 175, 150, 900, 260, 60, 30, 35, 25, 25, 60, 55, 110, 230, 45, 30, 85, 380,
  160, 30, 25, 13, 15, 50, 85, 30, 20, 30, 35, 20, 160, 20, 30, 45, 30, 25, 40, 45,
];
const PREFECTURE_WEIGHTS = PREFECTURES.map((p, i) => [p, PREFECTURE_SHARES[i] ?? 20] as const);
const PLACES_BY_PREFECTURE = new Map<string, DemoPlace[]>();
for (const place of DEMO_PLACES) {
  const list = PLACES_BY_PREFECTURE.get(place.prefecture_code) ?? [];
  list.push(place);
  PLACES_BY_PREFECTURE.set(place.prefecture_code, list);
}

const romanized = (kana: string): string => romanizeKana(kana) ?? kana;
const fullWidth = (ascii: string): string =>
  ascii.replace(/[!-~]/gu, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));

function drawStem(rng: Random): Stem {
  for (;;) {
    const stem = drawStemOnce(rng);
    if (!AVOID_STEMS.has(stem.ja)) return stem;
  }
}

function drawStemOnce(rng: Random): Stem {
  const roll = rng.next();
  if (roll < 0.4) {
    const chosen: Part[] = [rng.pick(KANJI_HEADS), rng.pick(KANJI_TAILS)];
    if (rng.chance(0.15)) chosen.push(rng.pick(KANJI_TAILS));
    const kana = chosen.map((p) => p.kana).join('');
    return { ja: chosen.map((p) => p.ja).join(''), kana, en: romanized(kana) };
  }
  if (roll < 0.58) {
    const surname = rng.pick(SURNAMES);
    return { ja: surname.ja, kana: surname.kana, en: romanized(surname.kana) };
  }
  if (roll < 0.8) {
    const words = rng.chance(0.35) ? [rng.pick(KATAKANA_WORDS), rng.pick(KATAKANA_WORDS)] : [rng.pick(KATAKANA_WORDS)];
    return {
      ja: words.map((w) => w.ja).join(''),
      kana: words.map((w) => w.kana).join(''),
      en: words.map((w) => w.en).join(' '),
    };
  }
  if (roll < 0.96) {
    // initials: ＡＢＣ or エー・ビー・シー in the name, エービーシー in the reading
    const letters = Array.from({ length: rng.int(2, 4) }, () => rng.pick(LETTERS));
    const kanaParts = letters.map((l) => LETTER_KANA[l]!);
    const ja = rng.chance(0.6) ? fullWidth(letters.join('')) : kanaParts.join('・');
    return { ja, kana: kanaParts.join(''), en: letters.join('') };
  }
  const word = rng.pick(HIRAGANA_WORDS);
  return { ja: word.ja, kana: word.kana, en: romanized(word.kana) };
}

/** A name of the given form (or of a form drawn by weight), with its reading and an English rendering. */
export function drawName(
  rng: Random,
  form: Form = rng.weighted(FORM_WEIGHTS),
  stem: Stem = drawStem(rng),
): SyntheticName {
  let body: Part;
  if (form.tails) {
    body = rng.pick(form.tails);
  } else if (rng.chance(0.85)) {
    body = rng.weighted(BUSINESS_WEIGHTS);
  } else {
    body = { ja: '', kana: '', en: null };
  }
  const core = `${stem.ja}${body.ja}`;
  const name = rng.chance(form.front) ? `${form.ja}${core}` : `${core}${form.ja}`;
  const bodyEn = body.en ?? (body.kana === '' ? '' : romanized(body.kana));
  const en = [stem.en, bodyEn, rng.pick(form.en)].filter((w) => w !== '').join(' ');
  return { name, kana: `${stem.kana}${body.kana}`, en, form };
}

/**
 * A name the company had before: the 有限会社 it was until it became a 株式会社 (the number stays), the same
 * stem with another business word, or (rarely) another name altogether.
 */
export function drawFormerName(rng: Random, current: SyntheticName): SyntheticName {
  const roll = rng.next();
  const stemOf = (n: SyntheticName): Stem => ({ ja: n.name.replace(n.form.ja, ''), kana: n.kana, en: n.en });
  if (roll < 0.45 && current.form === KABUSHIKI) {
    return { ...current, name: `${FORMS[1]!.ja}${stemOf(current).ja}`, form: FORMS[1]! };
  }
  if (roll < 0.9) {
    const stem = drawStem(rng);
    return drawName(rng, current.form, stem);
  }
  return drawName(rng);
}

export interface SyntheticPlace {
  readonly prefecture: PrefectureTerm;
  readonly place: DemoPlace;
  /** 丁目・番・号 in full-width digits, sometimes with a building and floor. */
  readonly street: string;
  /** The same in Latin letters, small to large, without the prefecture: "2-7-3, Nishishinjuku, Shinjuku ku". */
  readonly streetEn: string;
}

export function drawPlace(rng: Random): SyntheticPlace {
  const prefecture = rng.weighted(PREFECTURE_WEIGHTS);
  const place = rng.pick(PLACES_BY_PREFECTURE.get(prefecture.code) ?? DEMO_PLACES);
  const [a, b, c] = [rng.int(1, 9), rng.int(1, 40), rng.int(1, 30)];
  const building = rng.chance(0.3)
    ? `${rng.pick(KANJI_HEADS).ja}${rng.pick(KANJI_TAILS).ja}ビル${fullWidth(String(rng.int(1, 9)))}階`
    : '';
  return {
    prefecture,
    place,
    street: `${place.town}${fullWidth(String(a))}丁目${fullWidth(String(b))}番${fullWidth(String(c))}号${building}`,
    streetEn: `${a}-${b}-${c}, ${place.town_en}, ${place.city_en}`,
  };
}
