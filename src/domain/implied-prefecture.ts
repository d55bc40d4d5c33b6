// The prefecture an address leaves out but makes certain: its municipality or ward when only one prefecture has one
// of that name (大阪市東住吉区, 千代田区), or when one of those that do is the issuer's.
import { designatedCityAuthority, labourBureauForPrefecture, prefectureAuthority } from './vocabularies/authorities.js';
import { DESIGNATED_CITIES } from './vocabularies/designated-cities.js';
import { MUNICIPALITY_NAMES } from './vocabularies/municipalities.js';
import { PREFECTURES } from './vocabularies/prefectures.js';
import { addressText } from './address-prefecture.js';
import { foldCompact } from './text/text-fold.js';

/** The prefectures that have a municipality or ward of each name: one for most, several for 府中市, 伊達市, 北区, 中央区. */
const PREFECTURES_OF_NAME: ReadonlyMap<string, readonly string[]> = (() => {
  const byName = new Map<string, string[]>();
  for (const [code, names] of Object.entries(MUNICIPALITY_NAMES)) {
    for (const name of names.split(' ')) {
      const codes = byName.get(fold(name)) ?? [];
      if (!codes.includes(code)) codes.push(code);
      byName.set(fold(name), codes);
    }
  }
  return byName;
})();

/** The longest name in the table: no longer start of an address need be tried. */
const LONGEST_NAME = Math.max(...[...PREFECTURES_OF_NAME.keys()].map((name) => name.length));

// The prefecture of a local government that issues records (the prefecture itself, a designated city), and of a labour
// bureau. A labour bureau's cases are not all of companies in its prefecture: in the MHLW editions in test/fixtures/government,
// 271 of the 2,557 addresses that name a prefecture name another one than the bureau's (大阪市淀川区 under 千葉労働局),
// so a bureau only chooses among the prefectures an address's municipality name could be in.
const LOCAL_GOVERNMENT_PREFECTURE: ReadonlyMap<string, string> = new Map([
  ...PREFECTURES.flatMap((p) => {
    const authority = prefectureAuthority(p.code);
    return authority ? [[authority.code, p.code] as const] : [];
  }),
  ...DESIGNATED_CITIES.flatMap((c) => {
    const authority = designatedCityAuthority(c.code);
    return authority ? [[authority.code, c.prefecture_code] as const] : [];
  }),
]);
const BUREAU_PREFECTURE: ReadonlyMap<string, string> = new Map(
  PREFECTURES.flatMap((p) => {
    const bureau = labourBureauForPrefecture(p.code);
    return bureau ? [[bureau.code, p.code] as const] : [];
  }),
);

/**
 * The prefecture (JIS code) an address leaves out but makes certain, or null. The address starts with a municipality
 * or a ward of a designated city: the prefecture that has one of that name (大阪市東住吉区… → '27', 千代田区… → '13',
 * 岩美郡岩美町… → '31': a district, 郡, before a town or village is passed over); when several prefectures have one
 * (府中市, 中央区), the issuer's own prefecture if it is one of them (中央区 in a list of 大阪労働局 → '27'). An address
 * that starts with no such name is placed only by a local government's own list (pref_31, city_27100), whose
 * addresses leave out the prefecture they are in.
 */
export function impliedPrefecture(address: string, authority?: string | null): string | null {
  const issuer = authority
    ? (LOCAL_GOVERNMENT_PREFECTURE.get(authority) ?? BUREAU_PREFECTURE.get(authority))
    : undefined;
  const candidates = municipalityPrefectures(address);
  if (candidates === undefined) return (authority && LOCAL_GOVERNMENT_PREFECTURE.get(authority)) ?? null;
  const [only] = candidates;
  if (candidates.length === 1 && only !== undefined) return only;
  return issuer !== undefined && candidates.includes(issuer) ? issuer : null;
}

/** The prefectures that have the municipality the address starts with, undefined when it starts with none. */
function municipalityPrefectures(address: string): readonly string[] | undefined {
  const folded = fold(addressText(address));
  // the district first: 東村山郡山辺町 (山形県) is no address in 東村 (沖縄県); a name that holds 郡 (蒲郡市, 上郡町,
  // 大和郡山市) has no town or village after it and is read whole below
  const district = /^[^郡]{1,5}郡/u.exec(folded);
  const inDistrict = district === null ? undefined : longestName(folded.slice(district[0].length), /[町村]$/u);
  return inDistrict ?? longestName(folded);
}

/** The prefectures of the longest table name the text starts with, undefined for none. */
function longestName(text: string, suffix?: RegExp): readonly string[] | undefined {
  for (let length = Math.min(LONGEST_NAME, text.length); length >= 2; length--) {
    const start = text.slice(0, length);
    if (suffix && !suffix.test(start)) continue;
    const codes = PREFECTURES_OF_NAME.get(start);
    if (codes !== undefined) return codes;
  }
  return undefined;
}

// NFKC without spaces; ヶ and ケ are written either way in names (鶴ヶ島市, 龍ケ崎市 as the ministry writes them)
function fold(text: string): string {
  return foldCompact(text).replace(/ヶ/gu, 'ケ');
}
