// Date arithmetic and Japanese date writing for the demo generator: days, months, instants and 和暦.
import { instant } from '../src/domain/dates.js';

/** The date n days after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The last day of a period of n months that starts on `from` (2025-04-01 + 3 → 2025-06-30). */
export function monthsLater(from: string, months: number): string {
  const d = new Date(`${from}T00:00:00Z`);
  const day = d.getUTCDate();
  const end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  // clamp to the month's length, so that 01-31 + 1 month ends on 02-27/28, not in March
  const lastOfMonth = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastOfMonth));
  return addDays(end.toISOString().slice(0, 10), -1);
}

/** The RFC 3339 UTC instant of a Japan-time date and hour (UTC+9, no daylight saving). */
export function japanInstant(date: string, hour: number, minute = 0): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + (hour - 9) * 3_600_000 + minute * 60_000;
  return instant(new Date(ms));
}

/** An instant moved by a number of hours. */
export function addHours(at: string, hours: number): string {
  return instant(new Date(Date.parse(at) + hours * 3_600_000));
}

const FULL_WIDTH_DIGITS = '０１２３４５６７８９';

/** Digits written full-width, as registers and notices write them (12 → １２). */
export function fullWidth(value: number | string): string {
  return String(value).replace(/[0-9]/gu, (d) => FULL_WIDTH_DIGITS[Number(d)]!);
}

/** A date in the 和暦 notices use: 令和7年3月14日 (令和 from 2019-05-01, 平成 before it). */
export function wareki(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const era = date >= '2019-05-01' ? { name: '令和', start: 2018 } : { name: '平成', start: 1988 };
  const year = y - era.start;
  return `${era.name}${year === 1 ? '元' : year}年${m}月${d}日`;
}
