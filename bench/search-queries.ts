// Picks the company-search bench queries from an imported synthetic dataset, per class, seeded: present names and parts of them, and misses.
import type { Db } from '../src/store/schema/database.js';
import { corporateNumberFromBase } from '../src/domain/companies/corporate-number.js';
import { createRandom, type Random } from '../demo/random.js';
import { FORMS } from './synthetic-name-parts.js';

export const QUERY_CLASSES = ['number', '1-2 chars', 'kanji', 'kana', 'romaji', 'English'] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

export interface BenchQuery {
  readonly q: string;
  /** How the query was made from the company it came from (or "miss"), for the report's slowest queries. */
  readonly how: string;
}

interface Sampled {
  corporate_number: string;
  name: string;
  name_kana: string | null;
  name_en: string | null;
  romaji: string | null;
}

/** Share of each class's queries that name nothing in the dataset. */
const MISS_SHARE = 0.05;
const FORM_PATTERN = new RegExp(
  FORMS.map((f) => f.ja)
    .sort((a, b) => b.length - a.length)
    .join('|'),
  'u',
);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
const ENGLISH_FORM_PATTERN = new RegExp(
  ` (?:${[...new Set(FORMS.flatMap((f) => f.en))]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')})$`,
  'u',
);
const HAN = /\p{Script=Han}/u;

/** A synthetic company's name without its legal form. */
export const coreOfName = (name: string): string => name.replace(FORM_PATTERN, '');
// Characters and words that no synthetic name contains.
const MISS_TEXT: Readonly<Record<Exclude<QueryClass, 'number'>, readonly string[]>> = {
  '1-2 chars': ['鬱', '鸞', '麤', '鬱蒼', '驫', '鰻'],
  kanji: ['鬱蒼鸞商事', '株式会社麤驫', '驫鰻建設工業', '鸞鳳堂製薬'],
  kana: ['ヌヌヌヌ', 'ぬえぬえこうぎょう', 'ヲヴァヴァ'],
  romaji: ['zzqxv', 'qwrtyplk kogyo', 'xyzzy shoji'],
  English: ['Zyxwv Quantum Widgets', 'Qqqz Holdings Inc.', 'Flibbertigibbet Trading'],
};

export function pickQueries(db: Db, perClass: number, seed: number): Record<QueryClass, BenchQuery[]> {
  const rng = createRandom(seed);
  const maxId = (db.prepare('SELECT max(id) AS m FROM companies').get() as { m: number | null }).m ?? 0;
  if (maxId === 0) throw new Error('the dataset has no companies');
  const select = (where: string) =>
    db.prepare<[number], Sampled>(`SELECT c.corporate_number, c.name, c.name_kana, c.name_en,
      (SELECT a.name FROM company_aliases a WHERE a.company_id = c.id AND a.kind = 'romanized') AS romaji
      FROM companies c WHERE c.id >= ? AND ${where} ORDER BY c.id LIMIT 1`);
  const any = select('1');
  const withKana = select('c.name_kana IS NOT NULL');
  const withEnglish = select('c.name_en IS NOT NULL');
  const draw = (statement: typeof any, accept: (s: Sampled) => boolean = () => true): Sampled => {
    for (;;) {
      const s = statement.get(rng.int(1, maxId));
      if (s && accept(s)) return s;
    }
  };
  const core = (s: Sampled) => coreOfName(s.name);
  const queries = (klass: QueryClass, make: () => BenchQuery): BenchQuery[] =>
    Array.from({ length: perClass }, () =>
      klass !== 'number' && rng.chance(MISS_SHARE) ? { q: rng.pick(MISS_TEXT[klass]), how: 'miss' } : make(),
    );

  return {
    number: queries('number', () => {
      if (rng.chance(MISS_SHARE)) {
        // a well-formed number from an office no synthetic company has
        return { q: corporateNumberFromBase(`999999${String(rng.int(0, 999_999)).padStart(6, '0')}`), how: 'miss' };
      }
      const n = draw(any).corporate_number;
      return rng.weighted([
        [{ q: n, how: 'plain' }, 70],
        [{ q: `T${n}`, how: 'invoice T' }, 15],
        [{ q: `${n.slice(0, 1)}-${n.slice(1, 5)}-${n.slice(5, 9)}-${n.slice(9)}`, how: 'hyphens' }, 15],
      ]);
    }),
    '1-2 chars': queries('1-2 chars', () => {
      // letters and digits only: a query of 「・」 or 「ー」 alone has nothing to search for
      const chars = [...core(draw(any))].filter((ch) => /[\p{L}\p{N}]/u.test(ch) && ch !== 'ー');
      const length = Math.min(chars.length, rng.chance(0.6) ? 2 : 1);
      const start = rng.chance(0.5) ? 0 : rng.int(0, chars.length - length);
      return { q: chars.slice(start, start + length).join(''), how: start === 0 ? 'prefix' : 'substring' };
    }),
    kanji: queries('kanji', () => {
      const s = draw(any, (c) => HAN.test(core(c)));
      return nameVariant(rng, s.name, core(s));
    }),
    kana: queries('kana', () => {
      const kana = draw(withKana).name_kana!;
      return partOf(rng, kana, [
        [(k) => ({ q: k, how: 'reading' }), 45],
        [(k) => ({ q: toHiragana(k), how: 'hiragana' }), 20],
      ]);
    }),
    romaji: queries('romaji', () => {
      const romaji = draw(withKana, (c) => c.romaji !== null).romaji!;
      return partOf(rng, romaji, [
        [(r) => ({ q: r.toLowerCase(), how: 'Hepburn, lower case' }), 35],
        [(r) => ({ q: r.toUpperCase(), how: 'upper case' }), 15],
        [(r) => ({ q: kunrei(r.toLowerCase()), how: 'kunrei' }), 15],
      ]);
    }),
    English: queries('English', () => {
      const en = draw(withEnglish).name_en!;
      const words = en.split(' ');
      return rng.weighted([
        [{ q: en, how: 'registered' }, 40],
        [{ q: en.replace(ENGLISH_FORM_PATTERN, ''), how: 'without legal form' }, 30],
        [{ q: words[0]!, how: 'first word' }, 20],
        [{ q: en.toLowerCase().replace(/[.,]/gu, ''), how: 'lower case, no punctuation' }, 10],
      ]);
    }),
  };
}

type Maker = (text: string) => BenchQuery;

/** The text whole (by one of `whole`), or a prefix or substring of it of at least three characters. */
function partOf(rng: Random, text: string, whole: readonly (readonly [Maker, number])[]): BenchQuery {
  const chars = [...text];
  const roll = rng.next();
  if (chars.length > 4 && roll < 0.2)
    return { q: chars.slice(0, rng.int(3, chars.length - 1)).join(''), how: 'prefix' };
  if (chars.length > 5 && roll < 0.35) {
    const length = rng.int(3, chars.length - 2);
    const start = rng.int(1, chars.length - length);
    return { q: chars.slice(start, start + length).join(''), how: 'substring' };
  }
  return rng.weighted(whole)(text);
}

function nameVariant(rng: Random, name: string, core: string): BenchQuery {
  return partOf(rng, core, [
    [() => ({ q: name, how: 'registered name' }), 35],
    [(c) => ({ q: c, how: 'without legal form' }), 25],
    [(c) => ({ q: `(株)${c}`, how: '(株) + name' }), 5],
  ]);
}

const toHiragana = (katakana: string): string =>
  katakana.replace(/[\u30a1-\u30f6]/gu, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60));

const kunrei = (hepburn: string): string =>
  hepburn
    .replace(/shi/gu, 'si')
    .replace(/chi/gu, 'ti')
    .replace(/tsu/gu, 'tu')
    .replace(/fu/gu, 'hu')
    .replace(/ji/gu, 'zi');
