/**
 * At most `limit` callers inside `run` at once; the others wait their turn in arrival order,
 * holding nothing. Checkouts go through one (orders/service.ts) so that a rush for one product's
 * last units, each checkout waiting for the product row's lock with a pool connection in hand,
 * cannot take every connection from the catalogue's readers.
 */
export class Bulkhead {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  get queued() {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The turn passes straight to the next in line, so `running` never dips below the limit
      // while someone waits.
      if (next) next();
      else this.running--;
    }
  }
}
