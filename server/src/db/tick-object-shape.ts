import { createHook } from "node:async_hooks";

/** One of Node's tick objects, kept from the first call on (see keepTickObjectShape). */
let keptTickObject: object | undefined;

/**
 * Keeps one of the objects `process.nextTick` queues alive, so that the hidden classes it is
 * built through stay alive, and with them the plain-object root's transition to the first of
 * them. PGlite's start with an extension (pg_trgm) probably fills that root's transition array
 * for a moment (V8 holds about 1,500): a tick made meanwhile gets hidden classes of its own,
 * and the inline caches in `nextTick` that add its symbol-keyed properties go megamorphic for
 * good. Every tick then takes V8's runtime path (0.4-0.6 µs instead of 0.08), and an HTTP answer
 * makes several: a cached catalogue answer cost 25 µs of CPU on the embedded database against 20
 * on PostgreSQL (docs/decisions/027-tick-object-shape.md). Call it before the first PGlite
 * starts, from outside any AsyncLocalStorage context (the tick keeps the caller's).
 */
export function keepTickObjectShape(): void {
  if (keptTickObject) return;
  const keepAlive = () => {};
  // An init hook sees the tick object as nextTick makes it, synchronously; it is enabled only
  // for that call, so no hook stays on (executionAsyncResource() would have sent every later
  // callback from C++ through Node's slower trampoline for good).
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource: object & { callback?: unknown }) {
      if (type === "TickObject" && resource.callback === keepAlive) keptTickObject = resource;
    },
  }).enable();
  try {
    process.nextTick(keepAlive);
  } finally {
    hook.disable();
  }
}
