// How many times each function of the process was called while a piece of work ran, as V8's precise coverage counts
// calls. Read by the request trace (./request-trace.ts) and by the walk's test of it.
import { Session, type Profiler } from 'node:inspector/promises';
import { setFlagsFromString } from 'node:v8';

/**
 * V8's highest tier while the counters run: Sparkplug (1), whose code counts calls as the interpreter's does.
 * Precise coverage counts a function's calls in its feedback vector, which optimized code (TurboFan's, or a caller's
 * into which the function was inlined) never counts. Starting coverage throws away all optimized code and takes no
 * new tier-up decision, but a tier-up request already left in a function (V8 marks a hot function, then compiles it
 * at its next call) still compiles: in a test process that had asked company searches before, the warm requests
 * compiled the plan's function, and the traced one's call of it went uncounted.
 */
const COUNTING_TIER = '--max-opt=1';

/** The highest tier the process runs with otherwise: V8's default (any), unless node was started with --max-opt. */
function ownTier(): string {
  const given = [...(process.env.NODE_OPTIONS ?? '').split(/\s+/u), ...process.execArgv];
  return given.filter((option) => option.startsWith('--max-opt=')).at(-1) ?? '--max-opt=999';
}

/**
 * The scripts' coverage while `counted` ran: each function with the calls counted meanwhile, in its first range.
 * `warm` runs before it under the same counters, whose calls are not counted.
 */
export async function countCalls<T>(
  warm: () => Promise<void>,
  counted: () => Promise<T>,
): Promise<{ readonly value: T; readonly scripts: readonly Profiler.ScriptCoverage[] }> {
  const session = new Session();
  setFlagsFromString(COUNTING_TIER);
  try {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await warm();
    // taking the coverage resets the counters: the next take holds `counted` alone
    await session.post('Profiler.takePreciseCoverage');
    const value = await counted();
    const { result } = await session.post('Profiler.takePreciseCoverage');
    await session.post('Profiler.stopPreciseCoverage');
    return { value, scripts: result };
  } finally {
    setFlagsFromString(ownTier());
    session.disconnect();
  }
}
