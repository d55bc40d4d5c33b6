// The words of a coded column (an action, a sector) a table writes that its vocabulary does not name, each with the code
// its label comes closest to: what `sources propose` writes as the mapping's action_types or sectors, for an operator
// to check. Pure.
import { foldCompact } from '../../domain/text/text-fold.js';
import type { Vocabulary } from '../../domain/vocabulary.js';

/** How many distinct words of a column are looked at: a coded column repeats a few words. */
const MAX_WORDS = 20;
/** The share of characters a word and a label must have in common for the label's code to be proposed. */
const MIN_OVERLAP = 0.5;

/** Characters of a folded text, as a set. */
function characters(text: string): Set<string> {
  return new Set(foldCompact(text));
}

/** Characters in common over characters in either. */
function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const common = [...a].filter((c) => b.has(c)).length;
  return common / (a.size + b.size - common);
}

/**
 * Each distinct word of the cells the vocabulary does not resolve, with the code of the label sharing most of its
 * characters (one label best, at least MIN_OVERLAP alike), else 'TODO'; in the order the words first appear.
 */
export function proposedWordCodes(cells: readonly string[], vocabulary: Vocabulary): [words: string, code: string][] {
  const words = [...new Set(cells.map((cell) => cell.replace(/\s+/gu, ' ').trim()).filter((cell) => cell !== ''))];
  return words
    .filter((word) => vocabulary.resolve(word) === undefined)
    .slice(0, MAX_WORDS)
    .map((word) => {
      const mine = characters(word);
      const scored = vocabulary.terms
        .map((term) => ({ code: term.code, score: overlap(mine, characters(term.name)) }))
        .sort((a, b) => b.score - a.score);
      const [best, second] = scored;
      const clear =
        best !== undefined && best.score >= MIN_OVERLAP && (second === undefined || second.score < best.score);
      return [word, clear ? best.code : 'TODO'];
    });
}
