// Imported first by the server's entry points (src/main.ts, bench/serve.ts) for its effect: one of process.nextTick's
// tick objects is kept for the life of the process.
import { createHook } from 'node:async_hooks';

/**
 * Why. Node builds each tick object as `{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, callback, args }`, and
 * V8 adds the two computed keys to a fresh empty object. In about half of the server processes profiled (the bare
 * Fastify route's as well as ours), that addition went through V8's runtime on every tick for the process's whole
 * life: 2 to 4 µs a request under number look-ups (`Runtime_DefineKeyedOwnPropertyInLiteral`, `MigrateToMap`;
 * bench/README.md, issue 13). Which processes did was settled at start. With one tick object held from the first
 * moment (presumably keeping the shapes it passed through alive through every full collection), none of 24
 * processes did, against 6 of 16 without it.
 *
 * How. The object is taken from the init hook of async_hooks, the one public way to see it; the hook is enabled
 * for that one call and disabled at once, so no request ever runs with a hook enabled.
 */
const held: object[] = [];
const hook = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (type === 'TickObject' && held.length === 0) held.push(resource);
  },
});
hook.enable();
process.nextTick(() => undefined);
hook.disable();

/** The tick object held (for the test); undefined if Node made none, which would only lose the effect. */
export function heldTickObject(): object | undefined {
  return held[0];
}
