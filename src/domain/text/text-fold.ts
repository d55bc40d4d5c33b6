// The text folds: what the code compares, keys and searches is Japanese text folded one of three ways, defined here.
//
// Publishers write the same words in several widths (ＡＢＣ and ABC, ｶﾌﾞｼｷｶﾞｲｼｬ and カブシキガイシャ), with enclosed
// and squared signs (㈱ for (株), ㍻ for 平成) and with ideographic spaces (U+3000) where a person typed a gap. NFKC,
// Unicode's compatibility composition, makes each of those one spelling; the folds below add only what a caller
// needs on top of it. A caller that means a different normal form (NFKD, to strip accents from Latin letters) says
// why where it calls String.prototype.normalize itself.

/**
 * Widths and compatibility forms folded (NFKC), white space and case kept: full-width letters, digits and marks
 * become ASCII, half-width katakana full width, ㈱ becomes (株), ㍻ 平成, ① 1, an ideographic space a plain one.
 * Pick it for text that stays words: a query split on its spaces, a citation, text kept for full-text search.
 */
export function foldWidth(text: string): string {
  return text.normalize('NFKC');
}

/**
 * foldWidth with every white space removed (spaces of any width, tabs, line breaks): 「株式会社　見本」 and
 * 「株式会社見本」 are one. Pick it to compare or match text whose spaces carry no meaning: a table cell, a name,
 * an address, a date, a number written with gaps.
 */
export function foldCompact(text: string): string {
  return foldWidth(text).replace(/\s+/gu, '');
}

/**
 * foldCompact in lower case: 「Ｎｏ．」, 「NO.」 and 「no.」 are one. Pick it for labels, codes and column headers,
 * where Latin letters are written in either case.
 */
export function foldCaseless(text: string): string {
  // lower case before the spaces go, as a word ends there: the case of a letter can depend on it (Greek Σ)
  return foldWidth(text).toLowerCase().replace(/\s+/gu, '');
}

/**
 * Latin letters without their accents (Ōsaka → Osaka, Société → Societe): NFKD splits a letter from its combining
 * marks (U+0300 to U+036F), which are then dropped. A different normal form on purpose: NFKD also splits kana from
 * their voicing marks (ガ → カ and U+3099), which are not in that range and stay, so pick it only for text that is
 * compared as romaji, where a typed name has no macrons.
 */
export function stripLatinAccents(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/gu, '');
}

/**
 * Text as the records' trigram index compares it: each letter as its simple case fold (A and a are a, Ａ and ａ
 * are ａ; Σ, σ and ς are σ), and the two noncharacters U+FFFE and U+FFFF as U+FFFD, which SQLite reads them as; one
 * character for one, so that positions and lengths stay. FTS5's trigram tokenizer folds case by SQLite's own table, an older
 * Unicode's, and a word the index finds is checked whole in the stored text, which must compare the same way. Folded
 * first, both agree: SQLite leaves every character of this fold as it is (text-fold.test.ts asks it for every code
 * point).
 */
export function foldAsTextIndex(text: string): string {
  return text.replace(FOLDED_BY_INDEX, foldOne);
}

// U+1FBE folds to ι, though V8's tables do not count it a letter that case folding changes
const FOLDED_BY_INDEX = /[\p{Changes_When_Casefolded}\u1FBE\uFFFE\uFFFF]/gu;

function foldOne(character: string): string {
  if (character === '\uFFFE' || character === '\uFFFF') return '\uFFFD';
  // through upper case, so that the lower-case letters that fold (ς, ſ, ι) meet their capital's fold; a letter whose
  // upper or lower case is more than one character (ß, İ) has no simple fold of that kind and stays
  const upper = character.toUpperCase();
  const lower = (isOneCharacter(upper) ? upper : character).toLowerCase();
  return isOneCharacter(lower) ? lower : character;
}

function isOneCharacter(text: string): boolean {
  return text.length === 1 || (text.length === 2 && (text.codePointAt(0) ?? 0) > 0xffff);
}
