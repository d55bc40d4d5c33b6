// The dates a list prints about itself (掲載日, 最終更新日, …現在, a period line …公表分), read from its lines in any spacing or width.
import { datesIn, normaliseDateText } from './wareki.js';

export interface PrintedDates {
  /** 掲載日 (掲載年月日, 公開日): the day the publisher put the edition up; the latest where several are printed. */
  readonly posted: string | null;
  /** The latest 最終更新日 (更新日, 更新年月日): a list made of parts, each dated, is as new as its newest part. */
  readonly updated: string | null;
  /** The latest 「令和7年4月1日現在」: the day the list stands at. */
  readonly as_of: string | null;
  /** The end of the period the edition covers: 「平成30年8月1日～令和元年7月31日公表分」 gives 2019-07-31. */
  readonly period_end: string | null;
}

// A line longer than this is a paragraph of body text, not a title or a date line: it is not read (it also
// bounds the scan of hostile text).
const MAX_LINE = 300;
const POSTED = /(?:掲載|公開)(?:年月)?日:?$/u;
const UPDATED = /更新(?:年月)?日:?$/u;
const AS_OF = /^現在/u;
const PERIOD_END = /^(?:公表|掲載)?分(?:\)|$)/u;

/** The dates printed on the lines (white space, widths and full-width colons do not matter), each kind its latest. */
export function printedDates(lines: readonly string[]): PrintedDates {
  const found: Record<keyof PrintedDates, string[]> = { posted: [], updated: [], as_of: [], period_end: [] };
  for (const line of lines) {
    if (line.length > MAX_LINE) continue;
    const text = normaliseDateText(line);
    for (const { date, start, end } of datesIn(text)) {
      const before = text.slice(Math.max(0, start - 8), start);
      const after = text.slice(end, end + 4);
      if (POSTED.test(before)) found.posted.push(date);
      else if (UPDATED.test(before)) found.updated.push(date);
      else if (AS_OF.test(after)) found.as_of.push(date);
      else if (PERIOD_END.test(after)) found.period_end.push(date);
    }
  }
  return {
    posted: latest(found.posted),
    updated: latest(found.updated),
    as_of: latest(found.as_of),
    period_end: latest(found.period_end),
  };
}

/**
 * The edition's date as printed, the surest form first: 掲載日, then 最終更新日, then …現在, then the end of the
 * period it covers; null when the lines print none.
 */
export function printedEditionDate(lines: readonly string[]): string | null {
  const dates = printedDates(lines);
  return dates.posted ?? dates.updated ?? dates.as_of ?? dates.period_end;
}

function latest(dates: readonly string[]): string | null {
  return [...dates].sort().at(-1) ?? null;
}
