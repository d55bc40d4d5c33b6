// Waits for something a server does after its answer (an onResponse hook, a batch write) without sleeping a fixed time.
import assert from 'node:assert/strict';

/**
 * Polls until done() holds, failing after the deadline. A deadline rather than a count of event-loop turns,
 * which a loaded machine can use up before the server gets to run; a passing wait returns at once.
 */
export async function until(done: () => boolean, what: string, deadlineMs = 10_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 1));
  assert.ok(done(), what);
}
