// Calendar dates written YYYY-MM-DD (validity, distances, today in Japan) and instants as text.

/** True for a real date in YYYY-MM-DD form (2025-02-29 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const DAY_MS = 86_400_000;
/** The last day asked for and its text: every request asks for today's (conditional requests, the guide's cache). */
let lastJapanDay = Number.NaN;
let lastJapanDate = '';

/** The clock a service runs on (tests inject theirs). */
export function systemClock(): Date {
  return new Date();
}

/** Today's date in Japan (UTC+9, no daylight saving) for an instant. */
export function japanDate(now: Date): string {
  const day = Math.floor((now.getTime() + 9 * 3600_000) / DAY_MS);
  if (day !== lastJapanDay) {
    lastJapanDate = new Date(day * DAY_MS).toISOString().slice(0, 10);
    lastJapanDay = day;
  }
  return lastJapanDate;
}

/** An instant (milliseconds) as RFC 3339 in Japan time, to the second: `2026-11-21T12:00:00+09:00`. */
export function japanTime(time: number): string {
  return `${new Date(time + 9 * 3600_000).toISOString().slice(0, 19)}+09:00`;
}

/** An instant as RFC 3339 in UTC to the second, as the API and the database write them. */
export function instant(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/u, 'Z');
}

/**
 * Date#toISOString, remembering the last instant written: a busy server answers several requests in one millisecond,
 * and V8 formats each date through printf, which shows in a profile of the usage log.
 */
export function isoInstant(): (date: Date) => string {
  let lastTime = Number.NaN;
  let lastText = '';
  return (date) => {
    const time = date.getTime();
    if (time !== lastTime) {
      lastText = date.toISOString();
      lastTime = time;
    }
    return lastText;
  };
}
