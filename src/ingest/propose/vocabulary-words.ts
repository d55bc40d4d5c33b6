// The code a cell's words name in a vocabulary (an action, a sector, a status): the words of its terms (labels and the
// aliases publishers write them with) that the cell holds. What `sources propose` maps a coded column's values by. Pure.
import { foldCaseless, foldCompact } from '../../domain/text/text-fold.js';
import type { Vocabulary } from '../../domain/vocabulary.js';

export type WordsFound =
  | {
      readonly kind: 'code';
      readonly code: string;
      /** The term's word as the cell writes it (white space and widths folded): what a mapping's pair reads. */
      readonly word: string;
      /** The cell without that word (folded): what the code does not say, 「(7日間)」, 「処分」, or ''. */
      readonly rest: string;
    }
  | { readonly kind: 'several'; readonly codes: readonly string[] }
  | { readonly kind: 'none' };

interface Match {
  readonly code: string;
  readonly start: number;
  readonly end: number;
}

/**
 * The code whose words the cell holds: the longest word wins over words inside it (業務改善命令 over 改善命令); a cell
 * holding the words of two codes apart (「営業停止及び指示」) names several, which no one code says. English labels are
 * read in any case (a list in English writes 'Cease and desist order').
 */
export function codeOfWords(cell: string, vocabulary: Vocabulary): WordsFound {
  const folded = foldCompact(cell);
  const caseless = foldCaseless(cell);
  const matches: Match[] = [];
  for (const term of vocabulary.terms) {
    for (const word of [term.name, ...(term.aliases ?? [])])
      matches.push(...spans(folded, foldCompact(word), term.code));
    matches.push(...spans(caseless, foldCaseless(term.name_en), term.code));
  }
  const outer = matches.filter(
    (m) => !matches.some((o) => o !== m && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start),
  );
  const codes = [...new Set(outer.map((m) => m.code))];
  const [only] = outer;
  if (codes.length > 1) return { kind: 'several', codes };
  if (only === undefined) return { kind: 'none' };
  // an English label matched caseless: the cell's own letters at that place are the word
  const text = folded.length === caseless.length ? folded : caseless;
  return {
    kind: 'code',
    code: only.code,
    word: text.slice(only.start, only.end),
    rest: text.slice(0, only.start) + text.slice(only.end),
  };
}

function spans(text: string, word: string, code: string): Match[] {
  if (word.length < 2) return [];
  const found: Match[] = [];
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1))
    found.push({ code, start: at, end: at + word.length });
  return found;
}
