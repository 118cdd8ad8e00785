import { createHook } from "node:async_hooks";

/**
 * One of Node's tick objects (what `process.nextTick` queues), kept for the life of the process.
 *
 * `nextTick` builds each tick object with a literal whose first keys are computed (symbols).
 * V8 defines those keys through an inline cache that is monomorphic on the shape it first saw and
 * becomes megamorphic, for good, as soon as it sees another; optimized code then defines them by
 * a runtime call on every tick. The cache holds the shapes weakly, so when a full collection finds
 * no tick object alive (an idle server: V8's memory reducer collects when allocation stops) the
 * shapes are freed, the next tick makes them anew, and the cache counts that as a second shape.
 * On this site that cost about 6 µs of a 45 µs cached answer (several ticks an answer), from the
 * first quiet spell on (docs/performance.md, session 50). Holding one tick object keeps its shape,
 * and the shapes it was made through, alive, so the cache stays monomorphic.
 */
let kept: object | undefined;

/**
 * Catches one tick object as Node makes it (an async hook for one `nextTick`, removed at once)
 * and keeps it. Safe to call more than once. Returns whether a tick object is held.
 */
export function keepTickObjectShape(): boolean {
  if (kept) return true;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === "TickObject" && !kept) kept = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
  return kept !== undefined;
}
