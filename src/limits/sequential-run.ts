// Walks through the Corporate Number space, the second enumeration rule, as pure steps: runs that step one way (the
// contract's rule), read through whatever else the scope looks up in between, and the recent numbers covering a walk
// in any order (a zig-zag, +3, −1, +3 …, included).

/** The largest gap between neighbouring numbers that still reads as walking (contract: 1 to 100). */
export const MAX_STEP = 100;

/**
 * A walk in any order trips the rule once it covers this many times KOHYO_ENUM_SEQUENTIAL numbers (10 by default):
 * more than a run needs, since a person looking up a handful of related companies may well ask for a few nearby
 * numbers out of order, while a walker that shuffles its numbers to escape the runs covers every number.
 */
export const UNORDERED_WALK_FACTOR = 2;

/**
 * How many distinct recent numbers a scope keeps, per number of a run (KOHYO_ENUM_SEQUENTIAL): with the default 5,
 * the last 20. A walker who mixes unrelated numbers in to push its walk out of this memory spends distinct search
 * terms doing so, which the first rule counts.
 */
export const RECENT_BASES_PER_STEP = 4;

/**
 * One of the recent numbers, with the longest runs that end at it: each run a chain of look-ups among the scope's
 * recent ones, in the order they were asked, each 1 to 100 above (`up`) or below (`down`) the one before, whatever
 * was looked up in between. Interleaved walks (one client's, or an address's several clients' each with a walk of
 * its own) are so each seen as the run they are; with nothing in between, this is the contract's run in a row.
 */
export interface RecentNumber {
  readonly base: number;
  /** Look-ups in the longest run upwards that ends here, this one counted (1 when none came from below). */
  readonly up: number;
  /** Look-ups in the longest run downwards that ends here, this one counted. */
  readonly down: number;
}

/**
 * What a scope keeps of its Corporate Number look-ups for the rule: the recent numbers, each with its runs. A scope
 * owns its walks and records a look-up in place (recordWalk), once the request is admitted.
 */
export interface NumberWalks {
  /** The distinct numbers looked up last, most recent last (looking one up again moves it to the end). */
  readonly recent: RecentNumber[];
  /** The same numbers in ascending order, so that a step needs no sort. */
  readonly sorted: RecentNumber[];
}

export function noWalks(): NumberWalks {
  return { recent: [], sorted: [] };
}

/** A copy that can be recorded in without changing `walks` (the numbers themselves are never changed in place). */
export function copyWalks(walks: NumberWalks): NumberWalks {
  return { recent: walks.recent.slice(), sorted: walks.sorted.slice() };
}

/** How many distinct recent numbers a scope keeps at `sequential` (KOHYO_ENUM_SEQUENTIAL). */
function recentCap(sequential: number): number {
  return sequential * RECENT_BASES_PER_STEP;
}

/** The longer of the runs ending at a number. */
export function longestRun(number: RecentNumber): number {
  return Math.max(number.up, number.down);
}

/**
 * Whether looking `base` up next trips the rule (at `sequential`, KOHYO_ENUM_SEQUENTIAL), the walks left as they
 * are: a run of `sequential` look-ups ending at it, or recent numbers covering a walk of UNORDERED_WALK_FACTOR times
 * that in any order. Only the walks through the new number are measured: what was kept before tripped nothing, or it
 * would not have been kept.
 */
export function tripsWith(walks: NumberWalks, base: number, sequential: number): boolean {
  const { held, dropped } = lookUp(walks, base, sequential);
  const number = held ?? runsTo(walks.sorted, base, dropped?.base);
  return (
    longestRun(number) >= sequential ||
    walkThrough(walks.sorted, base, dropped?.base) >= sequential * UNORDERED_WALK_FACTOR
  );
}

/** Records the look-up of `base` in the walks, in place. */
export function recordWalk(walks: NumberWalks, base: number, sequential: number): void {
  const { recent, sorted } = walks;
  const { held, dropped } = lookUp(walks, base, sequential);
  if (held !== undefined) {
    // the same number again (on another endpoint, say) neither extends nor breaks a run: it only stays remembered
    recent.splice(recent.indexOf(held), 1);
    recent.push(held);
    return;
  }
  if (dropped !== undefined) {
    recent.shift();
    sorted.splice(lowerBound(sorted, dropped.base), 1);
  }
  const number = runsTo(sorted, base);
  sorted.splice(lowerBound(sorted, base), 0, number);
  recent.push(number);
}

/** The recent number `base` is, if it is one, else the number recording it would forget to make room. */
function lookUp(walks: NumberWalks, base: number, sequential: number): { held?: RecentNumber; dropped?: RecentNumber } {
  const at = walks.sorted[lowerBound(walks.sorted, base)];
  if (at?.base === base) return { held: at };
  return walks.recent.length >= recentCap(sequential) ? { dropped: walks.recent[0] } : {};
}

/**
 * `base` looked up after the recent numbers (`without` left out): each run ending at one of them 1 to 100 below it
 * goes on upwards through it, each 1 to 100 above it downwards; the longest is kept. A number that goes on from none
 * starts runs of one. A turn (up, then down) starts a run of two, as the contract's "in a row" reads it: the number
 * before the turn and this one.
 */
export function runsTo(sorted: readonly RecentNumber[], base: number, without?: number): RecentNumber {
  let up = 1;
  let down = 1;
  for (let i = lowerBound(sorted, base - MAX_STEP); i < sorted.length; i++) {
    const before = sorted[i];
    if (before === undefined || before.base > base + MAX_STEP) break;
    if (before.base === without) continue;
    if (before.base < base) up = Math.max(up, before.up + 1);
    else if (before.base > base) down = Math.max(down, before.down + 1);
  }
  return { base, up, down };
}

/**
 * How many numbers make the walk through `base` (counted whether or not it is among them, `without` left out): its
 * neighbours within MAX_STEP in the ascending numbers, theirs, and so on, whatever order they were asked in. A walk
 * up or down by 1 to 100, a zig-zag (+3, −1, +3, −1 …), a shuffled run of nearby numbers: all are covered. Requests
 * without a number leave the numbers alone, so a walk cannot be hidden by name searches in between. The Lua script
 * in redis-script.ts does the same.
 */
export function walkThrough(sorted: readonly RecentNumber[], base: number, without?: number): number {
  let count = 1;
  const at = lowerBound(sorted, base);
  let last = base;
  for (let i = sorted[at]?.base === base ? at + 1 : at; i < sorted.length; i++) {
    const next = sorted[i]?.base ?? Number.POSITIVE_INFINITY;
    if (next === without) continue;
    if (next - last > MAX_STEP) break;
    count++;
    last = next;
  }
  last = base;
  for (let i = at - 1; i >= 0; i--) {
    const next = sorted[i]?.base ?? Number.NEGATIVE_INFINITY;
    if (next === without) continue;
    if (last - next > MAX_STEP) break;
    count++;
    last = next;
  }
  return count;
}

/** The index of the first number not below `value` in ascending numbers (their length when none is). */
function lowerBound(sorted: readonly RecentNumber[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid]?.base ?? Number.POSITIVE_INFINITY) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
