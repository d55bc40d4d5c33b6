// Runs of Corporate Number look-ups that walk the number space: the second enumeration rule, as a pure step.

export interface SequentialRun {
  /** The last base looked up, or null before the first. */
  readonly last: number | null;
  /** +1 or -1 once the run has a direction, 0 before. */
  readonly direction: number;
  /** Look-ups in the current run, counting the first. */
  readonly length: number;
}

export const NO_RUN: SequentialRun = Object.freeze({ last: null, direction: 0, length: 0 });

/** The largest step between neighbours that still counts as walking (contract: 1 to 100). */
export const MAX_STEP = 100;

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
