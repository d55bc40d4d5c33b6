// Romaji as people type a kana reading, written apart from src/domain/text/romanize.ts so that recall is measured
// against spellings the search did not make itself (ti, di, fi, fa, we, va, che, long vowels or not).

/** How a typist writes long vowels: dropped (Sanyo), as the kana spells them (Sanyou, Fiirudo), or with h (Sanyoh). */
export type LongVowels = 'dropped' | 'spelled' | 'h';

// One kana, or a kana and the small kana after it, as modified Hepburn writes it.
// the consonant of each row of the kana table and its kana, a i u e o (the irregular ones are set below)
const ROWS =
  'アイウエオ kカキクケコ gガギグゲゴ sサシスセソ zザジズゼゾ tタチツテト dダヂヅデド nナニヌネノ hハヒフヘホ bバビブベボ pパピプペポ mマミムメモ rラリルレロ';

// One kana, or a kana and the small kana after it, as modified Hepburn writes it.
const SOUNDS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ROWS.split(' ').flatMap((row) => {
      const kana = [...row.replace(/^[a-z]/u, '')];
      const consonant = row.slice(0, row.length - kana.length);
      return kana.map((k, i) => [k, consonant + 'aiueo'.charAt(i)]);
    }),
  ),
  ヤ: 'ya',
  ユ: 'yu',
  ヨ: 'yo',
  ワ: 'wa',
  ヰ: 'i',
  ヱ: 'e',
  ヲ: 'o',
  ン: 'n',
  ヴ: 'vu',
  シ: 'shi',
  チ: 'chi',
  ツ: 'tsu',
  フ: 'fu',
  ジ: 'ji',
  ヂ: 'ji',
  ヅ: 'zu',
  ...yoon({ キ: 'k', ギ: 'g', ニ: 'n', ヒ: 'h', ビ: 'b', ピ: 'p', ミ: 'm', リ: 'r' }, 'y'),
  ...yoon({ シ: 'sh', チ: 'ch', ジ: 'j', ヂ: 'j' }, ''),
  ティ: 'ti',
  ディ: 'di',
  トゥ: 'tu',
  ドゥ: 'du',
  テュ: 'tyu',
  デュ: 'dyu',
  ファ: 'fa',
  フィ: 'fi',
  フェ: 'fe',
  フォ: 'fo',
  フュ: 'fyu',
  ウィ: 'wi',
  ウェ: 'we',
  ウォ: 'wo',
  ヴァ: 'va',
  ヴィ: 'vi',
  ヴェ: 've',
  ヴォ: 'vo',
  ヴュ: 'vyu',
  シェ: 'she',
  チェ: 'che',
  ジェ: 'je',
  ツァ: 'tsa',
  ツィ: 'tsi',
  ツェ: 'tse',
  ツォ: 'tso',
  イェ: 'ye',
  クァ: 'kwa',
  グァ: 'gwa',
  スィ: 'si',
  ズィ: 'zi',
  キェ: 'kye',
};

function yoon(kana: Record<string, string>, glide: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, c] of Object.entries(kana)) {
    out[`${k}ャ`] = `${c}${glide}a`;
    out[`${k}ュ`] = `${c}${glide}u`;
    out[`${k}ョ`] = `${c}${glide}o`;
  }
  return out;
}

const SMALL_VOWELS: Readonly<Record<string, string>> = { ァ: 'a', ィ: 'i', ゥ: 'u', ェ: 'e', ォ: 'o' };

/**
 * The reading typed in Hepburn, lower case, or null when it holds something other than kana, Latin letters and
 * digits. Long vowels as `longVowels` says; ッ doubles the next consonant (ッチ → tch).
 */
export function typedRomaji(kana: string, longVowels: LongVowels): string | null {
  const reading = [...kana.normalize('NFKC')]
    .map((ch) => (ch >= '\u3041' && ch <= '\u3096' ? String.fromCharCode(ch.charCodeAt(0) + 0x60) : ch))
    .join('')
    .replace(/[\s\u3000・]/gu, '');
  let out = '';
  let doubleNext = false;
  for (let i = 0; i < reading.length; i++) {
    const ch = reading.charAt(i);
    if (ch === 'ッ') {
      doubleNext = true;
      continue;
    }
    if (ch === 'ー' || ch === '－' || ch === '-') {
      if (longVowels === 'spelled') out += out.slice(-1);
      continue;
    }
    let sound = SOUNDS[ch + reading.charAt(i + 1)];
    if (sound !== undefined) i++;
    else sound = SOUNDS[ch] ?? (/[A-Za-z0-9]/u.test(ch) ? ch.toLowerCase() : undefined);
    if (sound === undefined) {
      const small = SMALL_VOWELS[ch];
      if (small === undefined) return null;
      sound = small;
    }
    if (doubleNext) sound = (sound.startsWith('ch') ? 't' : sound.charAt(0)) + sound;
    doubleNext = false;
    out += sound;
  }
  if (longVowels === 'dropped') return out.replace(/ou|oo/gu, 'o').replace(/uu/gu, 'u');
  // nobody writes the h before a vowel (Ohashi is オオハシ; コウイキ is koiki, not kohiki)
  if (longVowels === 'h')
    return out
      .replace(/(?:ou|oo)(?![aiueoy])/gu, 'oh')
      .replace(/ou|oo/gu, 'o')
      .replace(/uu/gu, 'u');
  return out;
}
