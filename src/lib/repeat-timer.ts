// A repeating timer as the request path's background work takes it, so that tests can drive it by hand.

/** Calls `tick` every `intervalMs` until stopped. */
export type RepeatTimer = (tick: () => void, intervalMs: number) => { stop(): void };

/** setInterval, unref'd so that it never keeps the process alive. */
export const intervalTimer: RepeatTimer = (tick, intervalMs) => {
  const handle = setInterval(tick, intervalMs);
  handle.unref();
  return { stop: () => clearInterval(handle) };
};
