// Dates and periods as Japanese sources write them (令和7年3月14日, R7.3.14, 2025/3/14, 自…至…), read into YYYY-MM-DD.
import { isCalendarDate } from './dates.js';
import { foldCompact } from './text/text-fold.js';
import { excerpt } from './text/untrusted-text.js';

export type DateParse = { readonly ok: true; readonly date: string } | { readonly ok: false; readonly error: string };
interface DatePeriod {
  readonly from: string;
  /** null when the source leaves the end open (…から, 至 blank, 無期限, 当分の間). */
  readonly to: string | null;
}
export type PeriodParse =
  { readonly ok: true; readonly period: DatePeriod } | { readonly ok: false; readonly error: string };

interface Era {
  readonly name: string;
  readonly letter: string;
  /** First and last day of the era; null for the current one. */
  readonly start: string;
  readonly end: string | null;
}

// Era boundaries per the 改元 decrees: 昭和64年1月7日 was the last day of 昭和, 平成元年1月8日 the first of 平成,
// 平成31年4月30日 the last of 平成. 明治 starts on 1868-01-01, to which its decree of 1868-10-23 made it
// retroactive, and is read on the Gregorian calendar, which Japan used only from 明治6年.
const ERAS: readonly Era[] = [
  { name: '明治', letter: 'M', start: '1868-01-01', end: '1912-07-29' },
  { name: '大正', letter: 'T', start: '1912-07-30', end: '1926-12-24' },
  { name: '昭和', letter: 'S', start: '1926-12-25', end: '1989-01-07' },
  { name: '平成', letter: 'H', start: '1989-01-08', end: '2019-04-30' },
  { name: '令和', letter: 'R', start: '2019-05-01', end: null },
];

const ERA_BY_TOKEN = new Map<string, Era>();
for (const era of ERAS) {
  ERA_BY_TOKEN.set(era.name, era);
  ERA_BY_TOKEN.set(era.letter, era);
  ERA_BY_TOKEN.set(era.name.charAt(0), era); // 令7.3.14, 平30.8.10
}

const NUM = '[0-9〇零一二三四五六七八九十百千]+';
const ERA_TOKEN = '明治|大正|昭和|平成|令和|[MTSHRmtshr明大昭平令]';
const WEEKDAY = '(?:\\((?:[月火水木金土日](?:曜日?)?|祝日?)\\))?';
// Sticky: each matches at a given position of the normalised text.
const WAREKI = new RegExp(`(${ERA_TOKEN})\\.?(元|${NUM})(?:年|[./-])(${NUM})(?:月|[./-])(${NUM})日?${WEEKDAY}`, 'uy');
const GREGORIAN = new RegExp(`(${NUM})(?:年|[./-])(${NUM})(?:月|[./-])(${NUM})日?${WEEKDAY}`, 'uy');
const MONTH_DAY = new RegExp(`(?:同年)?(${NUM})(?:月|[./-])(${NUM})日?${WEEKDAY}`, 'uy');

const RANGE_MARK = /^(?:から|[~〜\-ー―‐−–—])/u;
const OPEN_END = /^(?:まで)?$|^(?:無期限|当分の間|期限なし|期限の定めなし|未定)(?:まで)?$|^以降$/u;
const DURATION = new RegExp(`^(${NUM})(か月|ヶ月|ケ月|カ月|ヵ月|箇月|ケ年|年|週|日)間?$`, 'u');

/** NFKC (full-width digits and marks, ㍻ and ㋿), white space removed, range marks and the long vowel sign unified. */
export function normaliseDateText(text: string): string {
  return foldCompact(text).replace(/[～〰]/gu, '〜');
}

/** Reads one date written alone: 令和7年3月14日, 令和元年5月1日, R7.3.14, 2025/3/14, 2025-03-14, 令和七年三月十四日. */
export function parseJapaneseDate(text: string): DateParse {
  const s = normaliseDateText(text);
  if (s === '') return { ok: false, error: 'the date is blank' };
  const found = dateAt(s, 0);
  if (found === null)
    return {
      ok: false,
      error: `'${excerpt(text)}' is not a date in a form sources use (令和7年3月14日, R7.3.14, 2025/3/14)`,
    };
  if (!found.ok) return { ok: false, error: `'${excerpt(text)}': ${found.error}` };
  if (found.end !== s.length)
    return { ok: false, error: `'${excerpt(text)}' has '${excerpt(s.slice(found.end))}' after the date` };
  return { ok: true, date: found.date };
}

/**
 * A period's length written alone, as an action cell gives it beside its words: 「7日間」, 「(15日間)」, 「3か月」; its
 * count and unit, null when the text is no length (a length has no first day: a period needs one to be read).
 */
export function periodLength(text: string): { readonly count: number; readonly unit: string } | null {
  const found = DURATION.exec(normaliseDateText(text).replace(/^\((.*)\)$/u, '$1'));
  const count = found ? numberOf(found[1] ?? '') : null;
  return found && count !== null && count > 0 ? { count, unit: found[2] ?? '' } : null;
}

/**
 * Where the first date written in normalised text starts, possible or not (令和7年2月30日 is found here, and refused
 * when read), -1 where none is: what tells a period written within words (「営業停止（令和7年5月26日～…）」) from none.
 */
export function firstDateAt(normalised: string): number {
  // a date after an action's words is near a cell's start; a hostile cell is not read to its end from every place
  const head = normalised.slice(0, FIRST_DATE_WITHIN + LONGEST_DATE);
  for (let pos = 0; pos < Math.min(head.length, FIRST_DATE_WITHIN); pos++) if (dateAt(head, pos) !== null) return pos;
  return -1;
}

/** Longer than any date as written: 「令和三十一年十二月三十一日(日曜日)」. */
const LONGEST_DATE = 40;

/** How far into a text its first date is looked for. */
const FIRST_DATE_WITHIN = 200;

/** Every date written in normalised text, left to right, with where it starts and ends; impossible dates left out. */
export function datesIn(normalised: string): { readonly date: string; readonly start: number; readonly end: number }[] {
  const found: { date: string; start: number; end: number }[] = [];
  for (let pos = 0; pos < normalised.length;) {
    const at = dateAt(normalised, pos);
    if (at?.ok) {
      found.push({ date: at.date, start: pos, end: at.end });
      pos = at.end;
    } else pos++;
  }
  return found;
}

/**
 * Reads a period: 自令和7年3月14日至令和7年6月13日, R7.3.14〜R7.6.13, 2025/3/14~2025/6/13, …から…まで, an end
 * without its year (から同年6月13日まで, 〜6月13日), a length (から3か月間), or an open end (…から, 至 blank,
 * 無期限, 当分の間, 以降), which gives `to: null`.
 */
export function parseJapanesePeriod(text: string): PeriodParse {
  const quoted = `'${excerpt(text)}'`;
  let s = normaliseDateText(text).replace(/^(?:期間:?)?自/u, '');
  const first = dateAt(s, 0);
  if (first === null) return { ok: false, error: `${quoted} does not start with a date` };
  if (!first.ok) return { ok: false, error: `${quoted}: ${first.error}` };
  s = s.slice(first.end);
  const mark = RANGE_MARK.exec(s);
  if (mark) s = s.slice(mark[0].length);
  const hasTo = s.startsWith('至');
  if (hasTo) s = s.slice(1);
  if (!mark && !hasTo && !s.startsWith('以降')) {
    return {
      ok: false,
      error:
        s === ''
          ? `${quoted} is a single date, not a period`
          : `${quoted} has '${excerpt(s)}' where 至, から or 〜 should follow the first date`,
    };
  }
  if (OPEN_END.test(s)) return { ok: true, period: { from: first.date, to: null } };
  const to = endOf(s, first.date);
  if (!to.ok) return { ok: false, error: `${quoted}: ${to.error}` };
  if (to.date < first.date) return { ok: false, error: `${quoted} ends (${to.date}) before it starts (${first.date})` };
  return { ok: true, period: { from: first.date, to: to.date } };
}

function endOf(rest: string, from: string): DateParse {
  const duration = DURATION.exec(rest);
  if (duration) {
    const n = numberOf(duration[1] ?? '');
    if (n === null || n < 1)
      return { ok: false, error: `the length '${excerpt(duration[0])}' is not a whole number of units` };
    return { ok: true, date: lastDayOf(from, n, duration[2] ?? '') };
  }
  const full = dateAt(rest, 0);
  const found = full ?? monthDayAt(rest, Number(from.slice(0, 4)));
  if (found === null)
    return {
      ok: false,
      error: `'${excerpt(rest)}' after the first date is neither a date nor an open end (無期限, 当分の間)`,
    };
  if (!found.ok) return found;
  const tail = rest
    .slice(found.end)
    .replace(/^まで/u, '')
    .replace(/^\((?:\d+(?:か月|ヶ月|ケ月|カ月|ヵ月|箇月|週|日)間?)\)$/u, '');
  if (tail !== '') return { ok: false, error: `unexpected '${excerpt(tail)}' after the end date` };
  return { ok: true, date: found.date };
}

type Found = { ok: true; date: string; end: number } | { ok: false; error: string };

/** The date that starts at `pos`, null when none does; an impossible date is an error, never a guess. */
function dateAt(s: string, pos: number): Found | null {
  WAREKI.lastIndex = pos;
  const w = WAREKI.exec(s);
  if (w) {
    const era = ERA_BY_TOKEN.get(eraToken(w[1] ?? ''));
    const year = w[2] === '元' ? 1 : numberOf(w[2] ?? '');
    const [month, day] = [numberOf(w[3] ?? ''), numberOf(w[4] ?? '')];
    if (!era || year === null || month === null || day === null)
      return { ok: false, error: `'${excerpt(w[0])}' has a number that cannot be read` };
    const found = warekiDate(era, year, month, day);
    return found.ok ? { ok: true, date: found.date, end: pos + w[0].length } : found;
  }
  GREGORIAN.lastIndex = pos;
  const g = GREGORIAN.exec(s);
  if (!g) return null;
  const [year, month, day] = [numberOf(g[1] ?? ''), numberOf(g[2] ?? ''), numberOf(g[3] ?? '')];
  if (year === null || month === null || day === null || year < 1000) return null;
  const date = isoDate(year, month, day);
  return date.ok ? { ok: true, date: date.date, end: pos + g[0].length } : date;
}

function monthDayAt(s: string, year: number): Found | null {
  MONTH_DAY.lastIndex = 0;
  const m = MONTH_DAY.exec(s);
  if (!m) return null;
  const [month, day] = [numberOf(m[1] ?? ''), numberOf(m[2] ?? '')];
  if (month === null || day === null) return null;
  const date = isoDate(year, month, day);
  return date.ok ? { ok: true, date: date.date, end: m[0].length } : date;
}

function eraToken(token: string): string {
  return /^[a-z]$/u.test(token) ? token.toUpperCase() : token;
}

function warekiDate(era: Era, year: number, month: number, day: number): DateParse {
  const written = `${era.name}${year === 1 ? '元' : year}年${month}月${day}日`;
  if (year < 1) return { ok: false, error: `${era.name} has no year ${year}` };
  const date = isoDate(Number(era.start.slice(0, 4)) + year - 1, month, day);
  if (!date.ok) return { ok: false, error: `${written}: ${date.error}` };
  if (date.date < era.start) return { ok: false, error: `${written} is before ${era.name} began (${era.start})` };
  if (era.end !== null && date.date > era.end)
    return { ok: false, error: `${written} is after ${era.name} ended (${era.end})` };
  return date;
}

function isoDate(year: number, month: number, day: number): DateParse {
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (month < 1 || month > 12) return { ok: false, error: `there is no month ${month}` };
  if (!isCalendarDate(iso)) return { ok: false, error: `${year}-${String(month).padStart(2, '0')} has no day ${day}` };
  return { ok: true, date: iso };
}

/** The last day of a period of n units that starts on `from`: 3か月 from 2025-03-14 ends 2025-06-13. */
function lastDayOf(from: string, n: number, unit: string): string {
  const [y, m, d] = [Number(from.slice(0, 4)), Number(from.slice(5, 7)), Number(from.slice(8, 10))];
  let next: Date;
  // MLIT's model 措置要領 counts short suspensions in weeks (2週間): seven days each.
  if (unit === '日' || unit === '週') next = new Date(Date.UTC(y, m - 1, d + (unit === '週' ? 7 * n : n)));
  else {
    const months = unit === '年' || unit === 'ケ年' ? n * 12 : n;
    // 民法143条: the period ends the day before the same day of the later month, or on that month's last day.
    const target = new Date(Date.UTC(y, m - 1 + months, 1));
    const lastOfMonth = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    next =
      d > lastOfMonth
        ? new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 1))
        : new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), d));
  }
  return new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
}

const KANJI_DIGITS: Readonly<Record<string, number>> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const KANJI_UNITS: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };

/** Arabic digits, kanji written positionally (二〇二五) or with units (三十一, 十四); null when mixed up. */
function numberOf(text: string): number | null {
  if (/^\d+$/u.test(text)) return Number(text);
  if (/\d/u.test(text)) return null;
  if (!/[十百千]/u.test(text)) {
    let value = 0;
    for (const ch of text) {
      const digit = KANJI_DIGITS[ch];
      if (digit === undefined) return null;
      value = value * 10 + digit;
    }
    return text === '' ? null : value;
  }
  let total = 0;
  let pending: number | null = null;
  for (const ch of text) {
    const digit = KANJI_DIGITS[ch];
    const unit = KANJI_UNITS[ch];
    if (digit !== undefined) {
      if (pending !== null) return null;
      pending = digit;
    } else if (unit !== undefined) {
      total += (pending ?? 1) * unit;
      pending = null;
    } else return null;
  }
  return total + (pending ?? 0);
}
