// Dates and times as people read them: a day (2026年11月20日, 20 November 2026), or a time with its zone (Japan time),
// never the ISO text the API writes.
import { japanTime } from '../../domain/dates.js';
import type { Language } from './language.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A day (YYYY-MM-DD) as the reader writes one; anything that is not a day, as it is. */
export function dayText(language: Language, day: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(day);
  if (parts === null) return day;
  const [, year = '', month = '', date = ''] = parts;
  return language === 'ja'
    ? `${year}年${Number(month)}月${Number(date)}日`
    : `${Number(date)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** An instant as the day and the time in Japan, its zone named: 2026年11月24日 18:02（日本時間）, 24 November 2026, 18:02 JST. */
export function timeText(language: Language, at: string | number): string {
  const time = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(time)) return String(at);
  const local = japanTime(time);
  const day = dayText(language, local.slice(0, 10));
  const clock = local.slice(11, 16);
  return language === 'ja' ? `${day} ${clock}（日本時間）` : `${day}, ${clock} JST`;
}

/** The day of an instant in Japan (YYYY-MM-DD), as a `<time>` element's datetime. */
export function japanDayOf(at: string): string {
  return japanTime(Date.parse(at)).slice(0, 10);
}
