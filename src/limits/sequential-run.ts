// Walks through the Corporate Number space, the second enumeration rule, as pure steps: a run of look-ups in a row
// that step one way (the contract's rule), and the recent numbers covering a walk in any order (issue 37's zig-zag).

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

/**
 * The recent numbers with one more looked up: most recent last, each once (looking a number up again, on another
 * endpoint say, moves it to the end), at most `keep` of them.
 */
export function withBase(recent: readonly number[], base: number, keep: number): number[] {
  const next = recent.filter((held) => held !== base);
  next.push(base);
  return next.length > keep ? next.slice(next.length - keep) : next;
}

/**
 * The most of the recent numbers that, put in order, are each 1 to MAX_STEP from the next: the length of the
 * longest walk they cover, whatever order they were asked in. A walk up or down by 1 to 100, a zig-zag (+3, −1, +3,
 * −1 …), a shuffled run of nearby numbers: all are covered. Requests without a number leave the recent numbers
 * alone, so a walk cannot be hidden by name searches in between. The Lua script in redis-script.ts does the same.
 */
export function longestWalk(recent: readonly number[]): number {
  // a typed array sorts numbers natively, without a comparator called from the sort
  const sorted = Float64Array.from(recent).sort();
  let longest = 0;
  let run = 0;
  for (const [i, base] of sorted.entries()) {
    const previous = sorted[i - 1];
    run = previous !== undefined && base - previous <= MAX_STEP ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

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

/** What a scope keeps of its Corporate Number look-ups for the rule: the run in a row, and the recent numbers. */
export interface NumberWalks {
  readonly run: SequentialRun;
  readonly recent: readonly number[];
}

export const NO_WALKS: NumberWalks = Object.freeze({ run: NO_RUN, recent: Object.freeze([]) });

/**
 * One look-up more, and whether the rule trips with it (at `sequential`, KOHYO_ENUM_SEQUENTIAL): a run in a row of
 * `sequential` look-ups, or recent numbers covering a walk of UNORDERED_WALK_FACTOR times that in any order.
 */
export function stepWalks(
  walks: NumberWalks,
  base: number,
  sequential: number,
): { walks: NumberWalks; trips: boolean } {
  const run = stepRun(walks.run, base);
  const recent = withBase(walks.recent, base, sequential * RECENT_BASES_PER_STEP);
  // a number with no neighbour within MAX_STEP joins no walk (and what was kept before tripped nothing): no sort
  const near = recent.some((held) => held !== base && Math.abs(held - base) <= MAX_STEP);
  const trips = run.length >= sequential || (near && longestWalk(recent) >= sequential * UNORDERED_WALK_FACTOR);
  return { walks: { run, recent }, trips };
}
