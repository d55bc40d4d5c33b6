// Romanization of a kana reading (display alias) and the loose romaji key that Hepburn, kunrei and casual spellings share.
import { toRomaji } from 'wanakana';
import { normaliseCompanyName } from '../companies/names.js';
import { memoRecent } from '../../lib/memo.js';
import { foldCompact, foldWidth, stripLatinAccents } from './text-fold.js';

/**
 * The Hepburn spelling of a kana reading, long vowels folded the way Japanese companies write themselves
 * in Latin letters (ou, oo → o; uu → u; the long-vowel mark dropped), first letter capitalised, and without
 * Hepburn's apostrophe (サクラウンユ → Sakuraunyu, not Sakuraun'yu), which nobody types in a company name.
 * Null when the reading is empty or holds something that is not kana, Latin letters or digits, because
 * a half-romanized alias would be worse than none. Romanized from the reading only, never from kanji.
 */
export const romanizeKana: (kana: string) => string | null = memoRecent(romanize);

/**
 * The sounds of loanwords as people write them, where wanakana spells the kana one by one (ティ tei, フィ fyi,
 * ファ fua, ディ dei, ウィ ui), keyed in hiragana because wanakana reads katakana as hiragana first.
 */
const EXTENDED_SOUNDS: Readonly<Record<string, string>> = {
  てぃ: 'ti',
  でぃ: 'di',
  とぅ: 'tu',
  どぅ: 'du',
  てゅ: 'tyu',
  でゅ: 'dyu',
  ふぁ: 'fa',
  ふぃ: 'fi',
  ふぇ: 'fe',
  ふぉ: 'fo',
  ふゅ: 'fyu',
  うぃ: 'wi',
  うぇ: 'we',
  うぉ: 'wo',
  ゔぁ: 'va',
  ゔぃ: 'vi',
  ゔぇ: 've',
  ゔぉ: 'vo',
  ゔゅ: 'vyu',
  つぁ: 'tsa',
  つぃ: 'tsi',
  つぇ: 'tse',
  つぉ: 'tso',
  いぇ: 'ye',
  くぁ: 'kwa',
  くぃ: 'kwi',
  くぇ: 'kwe',
  くぉ: 'kwo',
  ぐぁ: 'gwa',
  すぃ: 'si',
  ずぃ: 'zi',
};

// wanakana doubles the consonant after っ only for the sounds of its own table, so these get theirs (ッティ → tti)
const ROMAJI_MAPPING: Readonly<Record<string, string>> = {
  ...EXTENDED_SOUNDS,
  ...Object.fromEntries(Object.entries(EXTENDED_SOUNDS).map(([kana, romaji]) => [`っ${kana}`, romaji[0] + romaji])),
};
// one options object, so that wanakana's memo of the merged table (compared by identity first) holds
const ROMAJI_OPTIONS = { customRomajiMapping: ROMAJI_MAPPING };

function romanize(kana: string): string | null {
  // NFKC folds half-width katakana; the chōonpu is dropped rather than doubled (コーポ → kopo, not koopo).
  const reading = foldCompact(kana).replace(/[・ー－-]+/gu, '');
  if (reading === '') return null;
  const romaji = toRomaji(reading, ROMAJI_OPTIONS).replace(/'/gu, '').replace(/ou|oo/gu, 'o').replace(/uu/gu, 'u');
  if (!/^[A-Za-z0-9&.]+$/u.test(romaji)) return null;
  return romaji.charAt(0).toUpperCase() + romaji.slice(1);
}

/**
 * The reading with the particles は and へ read as they are spoken (ワ, エ) wherever they are not the first
 * kana, or null when it has none: 「コンニチハ」 is written konnichiwa. The index keeps both spellings.
 */
export function particleReading(kana: string): string | null {
  const reading = foldWidth(kana);
  const spoken =
    reading.charAt(0) +
    reading
      .slice(1)
      .replace(/[ハは]/gu, 'ワ')
      .replace(/[ヘへ]/gu, 'エ');
  return spoken === reading ? null : spoken;
}

/**
 * The reading with each full-size ツ before a k, s, t or p sound read as the small ッ, or null when it has none: the
 * register wrote small kana full size for years (トツトリ for トットリ, テツコウ for テッコウ), and a double consonant
 * cannot be folded into a key without breaking the prefix of a query typed up to it. The index keeps both spellings.
 */
export function sokuonReading(kana: string): string | null {
  const reading = foldWidth(kana);
  const small = reading.replace(
    /(?<=.)[ツつ](?=[カキクケコサシスセソタチツテトパピプペポかきくけこさしすせそたちつてとぱぴぷぺぽ])/gu,
    'ッ',
  );
  return small === reading ? null : small;
}

// Hepburn, kunrei-shiki and nihon-shiki spellings folded to one (kunrei-like) spelling, in this order. The sounds of
// loanwords fold with the full-size kana the register often writes for them (テイ for ティ, フア for ファ, チヨウ for
// チョウ: both spellings are in the NTA readings), so ti, tei and thi meet, and so do fa and fua, cho and chiyo.
const SPELLING_FOLDS: readonly (readonly [RegExp, string])[] = [
  [/([aiueo])\1+/gu, '$1'], // Oosaka, Tookyoo, Yuuki; again at the end, for the vowels the folds bring together
  [/oh(?![aiueoy])/gu, 'o'], // Ohtsuka, Otsuka
  [/ou/gu, 'o'], // Toukyou; before the u of ウエ below, since コウエイ is koei far more often than ko-uei
  [/th?ei|thi/gu, 'ti'], // ティ テイ
  [/dh?ei|dhi/gu, 'di'], // ディ デイ
  [/fu(?=[aieo])/gu, 'f'], // ファ フア, フィ フイ, フェ フエ, フォ フオ
  [/(?<![cs])hu(?=[aieo])/gu, 'f'], // kunrei writes フア hua (not the shu of シュウエイ)
  [/([kg])w(?=[aieo])/gu, '$1u'], // クォ kwo, kuo
  [/(^|[aiueon])u(?=[ieo])/gu, '$1w'], // ウィ ウイ, ウェ ウエ, ウォ ウオ: an u that is a syllable of its own
  [/v/gu, 'b'], // ヴァ va, バ ba
  [/sh/gu, 'sy'],
  [/syi/gu, 'si'], // sha shi → sya si
  [/ch/gu, 'ty'],
  [/tyi/gu, 'ti'], // cha chi tchi → tya ti tti
  [/tsu/gu, 'tu'],
  [/jy?/gu, 'zy'],
  [/zyi/gu, 'zi'], // ja jya ji → zya zi
  [/([stz])i+e/gu, '$1ye'], // シエ シェ, チエ チェ, ジエ ジェ
  [/([kgsztnhbpmr])i+y/gu, '$1y'], // キヤ キャ, シヨウ ショウ, チヨウ チョウ, ジユ ジュ
  [/([kgnhbpmr])yi/gu, '$1i'], // キィ kyi, ビィ byi
  [/di/gu, 'zi'],
  [/du/gu, 'zu'],
  [/dy/gu, 'zy'], // ヂ ヅ in nihon-shiki
  [/fu/gu, 'hu'],
  [/wo/gu, 'o'], // を
  [/m(?=[bmp])/gu, 'n'], // Shimbashi, Shinbashi
  [/([aiueo])\1+/gu, '$1'], // Oosaka, Tookyoo, Yuuki
];

/**
 * A loose key for romanized names, so that Tōkyō, Tokyo, TOUKYOU, tokyo, Toukyou and kunrei-shiki Tôkyô
 * meet, and so do toyota jidosha, TOYOTA JIDOUSHA and toyotajidousya: macrons and circumflexes dropped,
 * English legal forms removed, long vowels folded, n/m before b/m/p folded, kunrei and Hepburn spellings
 * folded, spaces and punctuation dropped. English names go through it too; both sides fold alike.
 */
export const romajiKey: (value: string) => string = memoRecent(looseRomaji);

function looseRomaji(value: string): string {
  let key = normaliseCompanyName(stripLatinAccents(value)).replace(/[^a-z0-9]/gu, '');
  for (const [pattern, replacement] of SPELLING_FOLDS) key = key.replace(pattern, replacement);
  return key;
}
