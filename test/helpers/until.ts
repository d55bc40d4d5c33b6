// Waits for something a server does after its answer (an onResponse hook, a batch write) without sleeping a fixed time.
import assert from 'node:assert/strict';

/**
 * Polls every `everyMs` until done() holds, failing after the deadline. A deadline rather than a count of event-loop
 * turns, which a loaded machine can use up before the server gets to run; a passing wait returns at once. A
 * condition that asks a server itself (Redis, a replica) polls less often, so as not to load what it waits on.
 */
export async function until(
  done: () => boolean | Promise<boolean>,
  what: string,
  deadlineMs = 10_000,
  everyMs = 1,
): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!(await done()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, everyMs));
  assert.ok(await done(), what);
}
