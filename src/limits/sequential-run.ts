// Walks through the Corporate Number space, the second enumeration rule, as pure steps: a run of look-ups in a row
// that step one way (the contract's rule), and the recent numbers covering a walk in any order (a zig-zag, +3, −1, +3 …, included).

/** The largest gap between neighbouring numbers that still reads as walking (contract: 1 to 100). */
export const MAX_STEP = 100;

/**
 * A walk in any order trips the rule once it covers this many times KOHYO_ENUM_SEQUENTIAL numbers (10 by default):
 * more than a run in a row needs, since a person looking up a handful of related companies may well ask for a few
 * nearby numbers out of order, while a walker that zig-zags (+3, −1, +3, −1 …) to escape the run in a row covers
 * every number.
 */
export const UNORDERED_WALK_FACTOR = 2;

/**
 * How many distinct recent numbers a scope keeps, per number of a run (KOHYO_ENUM_SEQUENTIAL): with the default 5,
 * the last 20. A walker who mixes unrelated numbers in to push its walk out of this memory spends distinct search
 * terms doing so, which the first rule counts.
 */
export const RECENT_BASES_PER_STEP = 4;

export interface SequentialRun {
  /** The last base looked up, or null before the first. */
  readonly last: number | null;
  /** +1 or -1 once the run has a direction, 0 before. */
  readonly direction: number;
  /** Look-ups in the current run, counting the first. */
  readonly length: number;
}

export const NO_RUN: SequentialRun = Object.freeze({ last: null, direction: 0, length: 0 });

/**
 * Adds one look-up. A step of 1 to 100 in the run's direction extends it; a step of 1 to 100 the other way starts
 * a new run of two; anything else starts a run of one. Looking the same number up again (on another endpoint, say)
 * neither extends nor breaks a run. Requests without a number do not break it either: a scanner cannot hide its
 * walk by interleaving name searches. The Lua script in redis-script.ts implements the same step.
 */
export function stepRun(run: SequentialRun, base: number): SequentialRun {
  if (run.last === null) return { last: base, direction: 0, length: 1 };
  const delta = base - run.last;
  if (delta === 0) return run;
  const direction = Math.sign(delta);
  if (Math.abs(delta) > MAX_STEP) return { last: base, direction: 0, length: 1 };
  if (run.direction === 0 || run.direction === direction) return { last: base, direction, length: run.length + 1 };
  return { last: base, direction, length: 2 };
}

/**
 * What a scope keeps of its Corporate Number look-ups for the rule: the run in a row, and the recent numbers. A
 * scope owns its walks and records a look-up in place (recordWalk), once the request is admitted.
 */
export interface NumberWalks {
  run: SequentialRun;
  /** The distinct numbers looked up last, most recent last (looking one up again moves it to the end). */
  readonly recent: number[];
  /** The same numbers in ascending order, so that a step needs no sort. */
  readonly sorted: number[];
}

export function noWalks(): NumberWalks {
  return { run: NO_RUN, recent: [], sorted: [] };
}

export function copyWalks(walks: NumberWalks): NumberWalks {
  return { run: walks.run, recent: walks.recent.slice(), sorted: walks.sorted.slice() };
}

/** How many distinct recent numbers a scope keeps at `sequential` (KOHYO_ENUM_SEQUENTIAL). */
function recentCap(sequential: number): number {
  return sequential * RECENT_BASES_PER_STEP;
}

/**
 * Whether looking `base` up next trips the rule (at `sequential`, KOHYO_ENUM_SEQUENTIAL), the walks left as they
 * are: a run in a row of `sequential` look-ups, or recent numbers covering a walk of UNORDERED_WALK_FACTOR times that
 * in any order. Only the walk through the new number is measured: what was kept before tripped nothing, or it would
 * not have been kept.
 */
export function tripsWith(walks: NumberWalks, base: number, sequential: number): boolean {
  if (stepRun(walks.run, base).length >= sequential) return true;
  // the number recordWalk would forget to make room for this one
  const dropped =
    walks.recent.length >= recentCap(sequential) && !walks.recent.includes(base) ? walks.recent[0] : undefined;
  return walkThrough(walks.sorted, base, dropped) >= sequential * UNORDERED_WALK_FACTOR;
}

/** Records the look-up of `base` in the walks, in place. */
export function recordWalk(walks: NumberWalks, base: number, sequential: number): void {
  walks.run = stepRun(walks.run, base);
  const { recent, sorted } = walks;
  const held = recent.indexOf(base);
  if (held >= 0) recent.splice(held, 1);
  else {
    sorted.splice(lowerBound(sorted, base), 0, base);
    if (recent.length >= recentCap(sequential)) {
      const dropped = recent.shift();
      if (dropped !== undefined) sorted.splice(lowerBound(sorted, dropped), 1);
    }
  }
  recent.push(base);
}

/**
 * How many numbers make the walk through `base` (counted whether or not it is among them, `without` left out): its
 * neighbours within MAX_STEP in the ascending numbers, theirs, and so on, whatever order they were asked in. A walk
 * up or down by 1 to 100, a zig-zag (+3, −1, +3, −1 …), a shuffled run of nearby numbers: all are covered. Requests
 * without a number leave the numbers alone, so a walk cannot be hidden by name searches in between. The Lua script
 * in redis-script.ts does the same.
 */
export function walkThrough(sorted: readonly number[], base: number, without?: number): number {
  let count = 1;
  const at = lowerBound(sorted, base);
  let last = base;
  for (let i = sorted[at] === base ? at + 1 : at; i < sorted.length; i++) {
    const next = sorted[i] ?? Number.POSITIVE_INFINITY;
    if (next === without) continue;
    if (next - last > MAX_STEP) break;
    count++;
    last = next;
  }
  last = base;
  for (let i = at - 1; i >= 0; i--) {
    const next = sorted[i] ?? Number.NEGATIVE_INFINITY;
    if (next === without) continue;
    if (last - next > MAX_STEP) break;
    count++;
    last = next;
  }
  return count;
}

/** The index of the first number not below `value` in ascending numbers (their length when none is). */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] ?? Number.POSITIVE_INFINITY) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
