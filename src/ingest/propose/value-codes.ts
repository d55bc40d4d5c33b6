// Each distinct value of a coded column (an action, a sector, a law, a reason, a status) with the code its words name,
// and what its words say beyond the code (a suspension's length 「（7日間）」, its dated period): what `sources propose`
// maps a table's values by, and counts where no code fits. Pure.
import { oneLine } from '../../domain/text/untrusted-text.js';
import { classifyLicenseNature } from '../../domain/records/classify-license-nature.js';
import { classifyProcurementReason } from '../../domain/records/classify-procurement-reason.js';
import type { Vocabulary } from '../../domain/vocabulary.js';
import { periodLength } from '../../domain/wareki.js';
import { readDate, readPeriod } from '../parsers/cell-values.js';
import { splitCitations } from '../parsers/law-citations.js';
import { codeOfWords } from './vocabulary-words.js';

/** What a value says beyond its code. */
export type ValueRest =
  | { readonly kind: 'none' }
  /** A length alone, 「7日間」: a period's, without its first day. */
  | { readonly kind: 'length'; readonly text: string }
  /** A period with its dates, 「令和7年5月26日～令和7年6月9日」: the record's period. */
  | { readonly kind: 'period'; readonly text: string }
  /** A date (「H30.8.10送検」): the day of the action, which the record's date column gives. */
  | { readonly kind: 'date'; readonly text: string }
  /** Words no field reads. */
  | { readonly kind: 'words'; readonly text: string };

export interface ValueCode {
  /** The value as the table prints it, white space made one space. */
  readonly value: string;
  /** How many data rows hold it. */
  readonly rows: number;
  /** The code its words name (several for a law cell citing several laws); none where no code fits. */
  readonly codes: readonly string[];
  /** The words a mapping's pair reads it by: the code's words where the value says more, else the value. */
  readonly words: string;
  readonly rest: ValueRest;
  /** Why no code fits, or how the code was read where it is not by its words. */
  readonly note?: string;
}

/** How many distinct values of a column are mapped: a coded column repeats a few words, a hostile one no more. */
const MAX_VALUES = 1000;

// What an action cell says around its words that tells nothing more: brackets, 処分, 命令, okurigana, particles.
const SAYS_NOTHING = /[()「」[\]・、,.。:\s]|処分|命令|について|に対する|による|を行う|し|の|を/gu;

/** The distinct filled values of a column, each with how many rows hold it, in the order they first appear. */
export function distinctValues(cells: readonly string[]): { value: string; rows: number }[] {
  const counts = new Map<string, number>();
  for (const cell of cells) {
    const value = oneLine(cell);
    if (value !== '') counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts].slice(0, MAX_VALUES).map(([value, rows]) => ({ value, rows }));
}

/** Each value of a column of actions or sectors with the vocabulary's code its words name, and what they say more. */
export function wordCodes(cells: readonly string[], vocabulary: Vocabulary): ValueCode[] {
  return distinctValues(cells).map(({ value, rows }) => {
    const found = codeOfWords(value, vocabulary);
    if (found.kind === 'none')
      return { value, rows, codes: [], words: value, rest: { kind: 'none' }, note: `names no ${vocabulary.field}` };
    if (found.kind === 'several')
      return {
        value,
        rows,
        codes: [],
        words: value,
        rest: { kind: 'none' },
        note: `names ${found.codes.join(' and ')}`,
      };
    const rest = restOf(found.rest);
    return { value, rows, codes: [found.code], words: rest.kind === 'none' ? value : found.word, rest };
  });
}

/** What the words beside a code say: nothing, a length, a dated period, or words of their own. */
export function restOf(rest: string): ValueRest {
  const text = rest.replace(SAYS_NOTHING, '');
  if (text === '') return { kind: 'none' };
  if (periodLength(text) !== null) return { kind: 'length', text };
  const bare = rest.replace(/^\(|\)$/gu, '');
  if (readDate(bare).ok) return { kind: 'date', text: bare };
  if (readPeriod(rest).ok) return { kind: 'period', text: bare };
  return { kind: 'words', text: rest };
}

/** Each value of a law column with the laws it cites; none where it names no known law. */
export function lawCodes(cells: readonly string[]): ValueCode[] {
  return distinctValues(cells).map(({ value, rows }) => {
    const codes = [...new Set(splitCitations(value.split('\n')).flatMap((c) => (c.law ? [c.law.code] : [])))];
    return {
      value,
      rows,
      codes,
      words: value,
      rest: { kind: 'none' },
      ...(codes.length ? {} : { note: 'names no known law' }),
    };
  });
}

/**
 * Each value of a reason column with the code Kohyo reads from it: a suspension's reason (談合 → bid_rigging, 'other'
 * where no rule's words are in it), or a licence action's nature (廃業 → voluntary_closure, else violation).
 */
export function reasonCodes(cells: readonly string[], kind: 'procurement_suspension' | 'license_action'): ValueCode[] {
  const classify = kind === 'procurement_suspension' ? classifyProcurementReason : classifyLicenseNature;
  const what = kind === 'procurement_suspension' ? 'reason' : 'nature';
  return distinctValues(cells).map(({ value, rows }) => ({
    value,
    rows,
    codes: [classify(value)],
    words: value,
    rest: { kind: 'none' },
    note: `its ${what}, read from its words when collected`,
  }));
}
