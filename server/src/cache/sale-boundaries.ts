import type { Db } from "../db/client";
import { nextSaleBoundary } from "../products/sale-price";

/** Schedules `fire` after `delayMs` and answers how to cancel it (setTimeout by default). */
export type SaleTimer = (fire: () => void, delayMs: number) => () => void;

/** setTimeout takes at most this delay (about 24.8 days); a later boundary is looked up again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const setTimer: SaleTimer = (fire, delayMs) => {
  const timer = setTimeout(fire, delayMs);
  timer.unref();
  return () => clearTimeout(timer);
};

/**
 * Drops the catalogue's memory when a sale starts or ends (decision 032). Each instance keeps a
 * timer for the nearest start or end anywhere in the catalogue, read from the database, so every
 * instance drops its own answers at the boundary without a message and without a restart. The
 * timer is set again after every catalogue change (a sale set or moved, on any instance: the
 * change feed tells this one) and after it fires. Fired early by a timer's rounding, the
 * boundary is still ahead: the drop then repeats once it has passed.
 */
export class SaleBoundaries {
  private cancel: (() => void) | undefined;
  /** Bumped by each reschedule, so a slow lookup cannot set a timer over a newer one. */
  private version = 0;
  private closed = false;
  /** The boundary the timer is set for (tests, logs). */
  nextAt: number | undefined;

  constructor(
    private readonly db: Db,
    private readonly onBoundary: () => void,
    private readonly options: {
      now: () => number;
      setTimer?: SaleTimer | undefined;
      onError?: (error: unknown) => void;
    },
  ) {}

  /** Looks the next boundary up and sets the timer for it. */
  async reschedule(): Promise<void> {
    if (this.closed) return;
    const version = ++this.version;
    let next: number | undefined;
    try {
      next = await nextSaleBoundary(this.db, this.options.now());
    } catch (error) {
      // The database away: the caches' one-minute expiry bounds the damage; try again then.
      this.options.onError?.(error);
      next = this.options.now() + 60_000;
    }
    if (version !== this.version || this.closed) return;
    this.cancel?.();
    this.cancel = undefined;
    this.nextAt = next;
    if (next === undefined) return;
    const delay = Math.min(Math.max(0, next - this.options.now()), MAX_TIMER_MS);
    this.cancel = (this.options.setTimer ?? setTimer)(() => {
      this.cancel = undefined;
      if (this.closed) return;
      if (this.options.now() >= next) this.onBoundary();
      void this.reschedule();
    }, delay);
  }

  close() {
    this.closed = true;
    this.cancel?.();
    this.cancel = undefined;
  }
}
