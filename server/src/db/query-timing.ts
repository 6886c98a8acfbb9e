export interface TimedQuery {
  /** The statement's SQL text (never its parameters: they may hold personal data). */
  text: string;
  durationMs: number;
  failed: boolean;
}

export type QueryListener = (query: TimedQuery) => void;

/** The listeners of one database handle; the driver wrappers below report every statement to it. */
export class QueryTiming {
  private listeners = new Set<QueryListener>();

  /** Calls `listener` after every statement; answers a function that stops it. */
  subscribe(listener: QueryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private report(text: string, started: number, failed: boolean) {
    if (this.listeners.size === 0) return;
    const query = { text, durationMs: performance.now() - started, failed };
    for (const listener of this.listeners) listener(query);
  }

  /**
   * Wraps a driver's `query` method in place, timing the calls that answer a promise: drizzle
   * makes all of its calls so (on PGlite, a node-postgres Pool, a client checked out for a
   * transaction). Calls with a callback are Pool#query's own, on the client it checked out: the
   * pool's promise is timed already, and in the caller's async context, so the slow-query log
   * finds the request that waited for it.
   */
  instrument(target: { query: (...args: never[]) => unknown }) {
    const original = target.query.bind(target) as (...args: unknown[]) => unknown;
    (target as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const started = performance.now();
      const result = original(...args);
      if (result instanceof Promise) {
        const text = statementText(args[0]);
        result.then(
          () => this.report(text, started, false),
          () => this.report(text, started, true),
        );
      }
      return result;
    };
  }
}

function statementText(first: unknown): string {
  if (typeof first === "string") return first;
  if (first && typeof first === "object" && "text" in first) return String(first.text);
  return "(unknown statement)";
}
