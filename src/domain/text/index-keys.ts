// How a search key is looked up in the indexes: which index serves a key of its length, the range of a prefix
// look-up, the trigrams a key is looked up by, and the long grams a longer key is.

/** Keys of this many characters or more go to the trigram index; shorter ones to the short-gram index. */
export const TRIGRAM_MIN_LENGTH = 3;

/**
 * The long-gram index holds each company's distinct runs of this many letters and digits, one token a run, and serves
 * the keys that hold one. A trigram such as ken or shi is in hundreds of thousands of companies at five million and
 * FTS5 reads its whole list; a run of five is rare, so a long kana, romaji or English key's look-up costs much less than
 * by its trigrams.
 */
const LONG_GRAM_LENGTH = 5;

/** A letter or a digit: the characters FTS5's unicode61 tokenizer keeps in a token (the others part tokens). */
const TOKEN_CHARACTER = /[\p{L}\p{N}]/u;

/** The letters and digits of a text, in order: what the gram indexes are made of. */
export function tokenCharacters(text: string): string[] {
  return [...text].filter((ch) => TOKEN_CHARACTER.test(ch));
}

/** Whether a text holds a long gram: LONG_GRAM_LENGTH letters and digits or more. */
export function hasLongGram(text: string): boolean {
  return tokenCharacters(text).length >= LONG_GRAM_LENGTH;
}

/** The distinct runs of LONG_GRAM_LENGTH letters and digits of a text (tokenCharacters), in order. */
export function longGrams(text: string): string[] {
  return [...longGramPositions(text).keys()];
}

/** A text of letters and digits of the Basic Multilingual Plane alone: one UTF-16 unit a character. */
const PLAIN_TOKEN_TEXT = /^[\p{L}\p{N}]*$/u;
const ASTRAL = /[\u{10000}-\u{10ffff}]/u;

function longGramPositions(text: string): Map<string, number> {
  const positions = new Map<string, number>();
  // the common case (every stored term is letters and digits) read by UTF-16 units, without an array of characters:
  // an import makes the grams of every company's terms on its writing thread
  const chars = PLAIN_TOKEN_TEXT.test(text) && !ASTRAL.test(text) ? null : tokenCharacters(text);
  const length = chars ? chars.length : text.length;
  for (let i = 0; i + LONG_GRAM_LENGTH <= length; i++) {
    const gram = chars ? chars.slice(i, i + LONG_GRAM_LENGTH).join('') : text.substring(i, i + LONG_GRAM_LENGTH);
    if (!positions.has(gram)) positions.set(gram, i);
  }
  return positions;
}

/**
 * The long grams a key is looked up by when no counts of them were taken (rarestLongGrams), null when it has none:
 * runs that do not overlap, from its start, and its last run, so that every letter of the key is in one of them. A
 * company holding the key in a term holds every one (the letters of a part of a term are a run of the term's letters);
 * the converse is not sure, so each company found is checked for the whole key.
 */
export function keyLongGrams(key: string): string[] | null {
  const positions = [...longGramPositions(key)];
  const last = positions.at(-1);
  if (last === undefined) return null;
  const chosen: string[] = [];
  let next = 0;
  for (const [gram, at] of positions) {
    if (at < next) continue;
    chosen.push(gram);
    next = at + LONG_GRAM_LENGTH;
  }
  if (!chosen.includes(last[0])) chosen.push(last[0]);
  return chosen;
}

/** The smallest string greater than every string that starts with `prefix`, for an index range scan. */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10ffff}`;
}

/**
 * A long key whose trigrams are more than this is looked up by this many of them, the rarest (and up to two more, one
 * from each half of the key they leave out: halvesOf), then checked whole.
 */
const PARTIAL_TRIGRAMS = 3;

/** How much longer than the lists already chosen a further trigram's list may be for it to be read as well. */
const THIRD_LIST_FACTOR = 2;

/**
 * How many of a trigram list's companies the index reads in the time it takes to check one candidate whole (its
 * terms read and searched for the key), as measured at five million companies (bench/README.md). A half's trigram
 * is not worth its list when checking every company of the shortest list chosen would cost less.
 */
const LIST_READS_PER_CHECK = 100;

/** The distinct runs of three characters of a key, in order: the tokens the trigram index holds it under. */
export function keyTrigrams(key: string): string[] {
  return [...trigramPositions(key).keys()];
}

/** Each distinct trigram of a key with the character position it first starts at, in the key's order. */
function trigramPositions(key: string): Map<string, number> {
  const chars = [...key];
  const positions = new Map<string, number>();
  for (let i = 0; i + 3 <= chars.length; i++) {
    const trigram = chars.slice(i, i + 3).join('');
    if (!positions.has(trigram)) positions.set(trigram, i);
  }
  return positions;
}

/**
 * The trigrams to look a long key up by, or null for the whole key as one phrase. A phrase of many trigrams
 * costs the index a walk through every one of their lists, and romanized names share the same few
 * (ken, set, shi, kai … each in a large share of all terms); a few rare ones narrow as well, and the caller checks
 * the whole key on each term they find. They are taken rarest first among those that do not overlap the ones
 * already taken (meg, gum, egu of megumi all come from one word and narrow no more than one of them does),
 * two of them, and a third only when it is too rare to be counted. When every one taken is counted (so that the
 * companies holding them all may be thousands), each half of the key that none of them starts in gives its rarest
 * clear one too (halvesOf).
 * `docs` says how many terms hold a trigram (0 when it is rare enough not to be counted); ties keep the
 * key's order.
 */
export function rarestTrigrams(key: string, docs: (trigram: string) => number): string[] | null {
  const positions = trigramPositions(key);
  if (positions.size <= PARTIAL_TRIGRAMS) return null;
  const byRarity = rankedByRarity(positions, docs);
  // both exist: the key has more than PARTIAL_TRIGRAMS trigrams
  const [rarest, nextRarest] = byRarity;
  if (rarest === undefined || nextRarest === undefined) return null;
  const clear = (c: RankedRun) => chosen.every((k) => apart(k, c));
  const chosen = [rarest];
  // then the rarer end of the key, clear of the first and not much more common: the two ends are as far apart
  // as trigrams get, so the least likely to come from one word (ank of ankonsarute, where every trigram of
  // konsarute goes with the others)
  const lastAt = Math.max(...byRarity.map((c) => c.at));
  const end = byRarity.find((c) => (c.at === 0 || c.at === lastAt) && clear(c));
  if (end && end.docs <= THIRD_LIST_FACTOR * rarest.docs) chosen.push(end);
  for (const candidate of byRarity) {
    if (chosen.includes(candidate)) continue;
    if (chosen.length === PARTIAL_TRIGRAMS) break;
    // a third list is worth reading when it is not much longer than the two: two trigrams of one rare word
    // (enj, nia of enjiniaringu) narrow no better than one, and the third is the one that tells the terms apart
    if (chosen.length === 2 && candidate.docs > THIRD_LIST_FACTOR * chosen.reduce((sum, c) => sum + c.docs, 0)) break;
    if (clear(candidate)) chosen.push(candidate);
  }
  // a short key may have no second trigram clear of the first: the next rarest, overlapping, still narrows
  if (chosen.length === 1) chosen.push(nextRarest);
  if (chosen.every((c) => c.docs > 0)) chosen.push(...halvesOf(chosen, byRarity, [...key].length, clear));
  return chosen.map((c) => c.run);
}

interface RankedRun {
  readonly run: string;
  readonly at: number;
  readonly docs: number;
}

/** A key's trigrams (trigramPositions) with how many hold each, rarest first; ties keep the key's order. */
function rankedByRarity(positions: Map<string, number>, docs: (run: string) => number): RankedRun[] {
  return [...positions]
    .map(([run, at]) => ({ run, at, docs: docs(run) }))
    .sort((a, b) => a.docs - b.docs || a.at - b.at);
}

/** Whether two runs of a key (trigrams unless `length` says otherwise) share no character. */
function apart(a: RankedRun, b: RankedRun, length = 3): boolean {
  return Math.abs(a.at - b.at) >= length;
}

/**
 * For each half of a key in which none of the chosen trigrams starts, its rarest trigram clear of them. The rarest
 * trigrams of a key often come from one word of it, and every company with that word holds them all: biy and its of
 * takamatsubiyoshitsu are the 美容室 of every beauty salon (1,144 companies at five million, none of them in
 * Takamatsu). A trigram of the other half tests the other word (ats: 27), which makes the slowest partial look-ups
 * at five million companies many times faster.
 */
function halvesOf(
  chosen: readonly RankedRun[],
  byRarity: readonly RankedRun[],
  length: number,
  clear: (candidate: RankedRun) => boolean,
): RankedRun[] {
  const middle = Math.floor(length / 2);
  // at most as many candidates as the shortest list chosen holds companies
  const fewest = Math.min(...chosen.map((c) => c.docs));
  const added: RankedRun[] = [];
  for (const inHalf of [(at: number) => at < middle, (at: number) => at >= middle]) {
    if (chosen.some((c) => inHalf(c.at))) continue;
    const rarest = byRarity.find((c) => inHalf(c.at) && clear(c) && added.every((a) => apart(a, c)));
    if (rarest && rarest.docs <= LIST_READS_PER_CHECK * fewest) added.push(rarest);
  }
  return added;
}

/**
 * How many entries of a trigram list FTS5 reads in the time it takes to check one record's kept text for a word (a
 * look-up by key and a search of the text), as measured at 500,000 records.
 */
const LIST_READS_PER_TEXT_CHECK = 100;

/** A trigram or long gram too rare to be counted (`docs` 0) is in a few dozen documents at most: taken as in this many. */
const UNCOUNTED_DOCS = 16;

/**
 * The trigrams to find a word of the records' text by, or null for the whole word as a phrase. A phrase costs FTS5 a
 * walk through every one of its trigrams' lists, and a company name's 株式会 and 式会社 are in almost every record: the
 * cost of a full name grew with the records held. Its rarest trigram narrows as well, and the caller checks the
 * whole word in the kept text of each record it finds, which costs LIST_READS_PER_TEXT_CHECK list entries a record.
 * So the rarest is chosen only when its list and those checks cost less than the phrase's lists (アルファ, whose two
 * trigrams are each in a thousand records, stays a phrase); the rarest trigram clear of it is read too when its list
 * costs no more than the checks, which it usually cuts to a few. `docs` says how many records hold a trigram (0 when
 * too few to be counted).
 */
export function textTrigrams(key: string, docs: (trigram: string) => number): string[] | null {
  const positions = trigramPositions(key);
  if (positions.size < 2) return null;
  // counted trigrams are in more records than UNCOUNTED_DOCS: the order is the counts' own
  const byRarity = rankedByRarity(positions, (trigram) => docs(trigram) || UNCOUNTED_DOCS);
  const [rarest] = byRarity;
  const checks = LIST_READS_PER_TEXT_CHECK * (rarest?.docs ?? 0);
  const phrase = byRarity.reduce((sum, c) => sum + c.docs, 0);
  if (rarest === undefined || rarest.docs + checks >= phrase) return null;
  const clear = byRarity.find((c) => apart(c, rarest));
  return clear && clear.docs <= checks ? [rarest.run, clear.run] : [rarest.run];
}

/**
 * How much longer than the next rarest gram's list the list of the rarest gram clear of the first may be and still be
 * read before it. A clear gram tests letters the first does not, so it narrows more; but where it is a run of a word
 * in a large share of all companies (kensetsu's nsetu, in 220,562 at five million) and the next rarest is a run of the
 * name's own stem (misei, 5,473), reading the long list cost several times more than checking what the short one
 * leaves.
 */
const CLEAR_LIST_PREMIUM = 8;

/**
 * The long grams a key is looked up by, null when it has none: its rarest, and a second when its list costs no more
 * than checking every company of the first: the rarest that shares no letter with it, unless its list is more than
 * CLEAR_LIST_PREMIUM times the next rarest's, else the next rarest. Each
 * company found is checked for the whole key. A romanized name's runs of kensetsu or shouji are each in a large share
 * of all companies, and FTS5 reads the whole list of every run asked for: looked up by every run that covers the key,
 * a romaji key's count cost several times what it costs by its two rarest. `docs`
 * says how many companies hold a gram (0 when too few to be counted).
 */
export function rarestLongGrams(key: string, docs: (gram: string) => number): string[] | null {
  const byRarity = rankedByRarity(longGramPositions(key), (gram) => docs(gram) || UNCOUNTED_DOCS);
  const [rarest, nextRarest] = byRarity;
  if (rarest === undefined) return null;
  const worthReading = (c: RankedRun | undefined) => c !== undefined && c.docs <= LIST_READS_PER_CHECK * rarest.docs;
  const clear = byRarity.find((c) => apart(c, rarest, LONG_GRAM_LENGTH));
  const clearFirst =
    clear === undefined || nextRarest === undefined || clear.docs <= CLEAR_LIST_PREMIUM * nextRarest.docs;
  const second = (clearFirst ? [clear, nextRarest] : [nextRarest]).find(worthReading);
  return second ? [rarest.run, second.run] : [rarest.run];
}
