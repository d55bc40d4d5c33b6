// Reading one table cell as a value of a record: text, date, period, prefecture, or a code named by words.
import {
  firstDateAt,
  normaliseDateText,
  parseJapaneseDate,
  parseJapanesePeriod,
  type DateParse,
  type PeriodParse,
} from '../../domain/wareki.js';
import type { DateForm } from './column-mapping.js';
import { foldCompact, foldWidth } from '../../domain/text/text-fold.js';
import { excerpt, LINE_BREAK } from '../../domain/text/untrusted-text.js';

/**
 * A cell's text with its wrapping undone: line breaks (CR LF, CR, U+2028 and the others a cell may wrap with) inside
 * Japanese text join without a space.
 */
export function cellText(raw: string): string {
  return raw
    .replace(LINE_BREAK, '\n')
    .replace(/([A-Za-z0-9,.])\n(?=[A-Za-z0-9])/gu, '$1 ')
    .replace(/[ \t\u3000]*\n[ \t\u3000]*/gu, '')
    .replace(/[ \t\u00a0]+/gu, ' ')
    .trim();
}

const ERA_WRITTEN = /^(明治|大正|昭和|平成|令和|[MTSHRmtshr明大昭平令]\.?\d)/u;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/u;
// Excel keeps dates as day counts from 1899-12-30 (its 1900 leap-year bug makes that the working epoch).
const EXCEL_SERIAL = /^\d{5}(\.\d+)?$/u;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

export interface DateOptions {
  /** The notations allowed; both when absent. */
  readonly forms?: readonly DateForm[] | undefined;
  /** True where cells can hold Excel day counts (XLSX cells without a date style). */
  readonly serial?: boolean;
}

function formOf(text: string): DateForm {
  return ERA_WRITTEN.test(foldWidth(text).trim()) ? 'wareki' : 'western';
}

/** Why a date of the wrong notation is refused, quoting `shown` (the whole cell, where the date is within it). */
function formAllowed(text: string, options: DateOptions, shown = text): string | null {
  const form = formOf(text);
  if (!options.forms || options.forms.includes(form)) return null;
  return `'${excerpt(shown)}' is a ${form} date, but the source writes its dates in ${options.forms.join(' or ')} form`;
}

/** One date; an ISO date (from a spreadsheet's date cell) and, where allowed, an Excel day count are read too. */
export function readDate(text: string, options: DateOptions = {}): DateParse {
  const t = text.trim();
  if (options.serial && EXCEL_SERIAL.test(t)) {
    const date = new Date(EXCEL_EPOCH_MS + Math.floor(Number(t)) * 86_400_000).toISOString().slice(0, 10);
    return { ok: true, date };
  }
  if (ISO_DATE.test(t)) return parseJapaneseDate(t);
  const wrongForm = formAllowed(t, options);
  if (wrongForm !== null) return { ok: false, error: wrongForm };
  return parseJapaneseDate(t);
}

/**
 * A whole period in one cell: 「令和7年3月14日～令和7年6月13日」, 「自R7.3.14 至R7.6.13」, 「R7.3.14から当分の間」, or
 * one an action's words hold (「営業停止（令和7年5月26日～令和7年6月9日）」: the period from its first date). Its
 * notation is its first date's.
 */
export function readPeriod(text: string, options: DateOptions = {}): PeriodParse {
  const normalised = normaliseDateText(text);
  const first = firstDateAt(normalised);
  if (first < 0) return parseJapanesePeriod(text);
  const fromFirst = normalised.slice(first);
  const wrongForm = formAllowed(fromFirst, options, text);
  if (wrongForm !== null) return { ok: false, error: wrongForm };
  const before = normalised.slice(0, first);
  // 自 and 期間： are a period's own words; others (営業停止（…）) are an action's, and the bracket they open closes it
  if (/^(?:期間:?)?自?$/u.test(before)) return parseJapanesePeriod(text);
  return parseJapanesePeriod(before.endsWith('(') ? fromFirst.replace(/\)$/u, '') : fromFirst);
}

// The words a 至 column holds when a suspension has no fixed end.
const OPEN_END = /^(|-|－|―|ー|無期限|当分の間|期限なし|未定|解除まで|別途(通知|決定)まで|措置解除まで)$/u;

/** The end of a period from its own column: null when blank or open-ended. */
export function readPeriodEnd(text: string, options: DateOptions = {}): DateParse | { ok: true; date: null } {
  const folded = foldCompact(text);
  if (OPEN_END.test(folded)) return { ok: true, date: null };
  return readDate(text, options);
}

/** The code (or values) whose words a cell contains, trying the mapping's pairs in order. */
export function codeFromWords<T>(text: string, pairs: readonly (readonly [string, T])[]): T | undefined {
  const folded = foldCompact(text);
  for (const [words, code] of pairs) if (folded.includes(foldCompact(words))) return code;
  return undefined;
}
