import { executionAsyncResource } from "node:async_hooks";

/** One of Node's tick objects, kept for the life of the process (see keepTickObjectShape). */
let keptTickObject: object | undefined;

/**
 * Keeps one of the objects `process.nextTick` queues alive, so that the hidden-class transitions
 * it is built through stay in V8's transition tree. PGlite's start with an extension (pg_trgm)
 * fills the transition array of the plain-object root with the properties of objects alive at the
 * time; a tick made meanwhile gets a hidden class of its own, and the inline caches in
 * `nextTick` that add its symbol-keyed properties go megamorphic for good. Every tick then takes
 * V8's runtime path (~0.45 µs instead of ~0.08), and an HTTP answer makes several: a cached
 * catalogue answer cost 25 µs of CPU on the embedded database against 20 on PostgreSQL
 * (docs/decisions/027-tick-object-shape.md). With a tick object alive, its transitions are found
 * however full the array is. Call it, and wait for it, before the first PGlite starts.
 */
export function keepTickObjectShape(): Promise<void> {
  if (keptTickObject) return Promise.resolve();
  return new Promise((resolve) => {
    process.nextTick(() => {
      // Inside a tick's callback the execution resource is the tick object itself.
      keptTickObject = executionAsyncResource();
      resolve();
    });
  });
}
