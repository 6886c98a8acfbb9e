/** Where a polling loop says that its rounds fail. */
export interface PollingLog {
  warn(details: object, message: string): void;
}

/**
 * The timer behind every instance's background workers (the mail sender, the marketing worker):
 * runs a round, then the next one a poll interval later, or at once when the round or a wake()
 * during it asks for that. A round that throws (the database is away, say) is logged once, until a
 * round succeeds again, and polling goes on. stop() waits for the round in progress.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private wokenDuringRound = false;
  private stopped = false;
  private failing = false;

  constructor(
    /** One round; answers true when there is more to do at once. */
    private readonly work: () => Promise<boolean>,
    private readonly pollIntervalMs: number,
    private readonly log: PollingLog,
    /** The warning logged when rounds start failing. */
    private readonly failureMessage: string,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** Something is waiting: run a round now (or right after the one in progress). */
  wake(): void {
    if (this.stopped) return;
    if (this.round) {
      this.wokenDuringRound = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.runRound(), delayMs);
    this.timer.unref();
  }

  private async runRound(): Promise<void> {
    let more = false;
    this.round = this.work().then(
      (answer) => {
        more = answer;
        this.failing = false;
      },
      (error: unknown) => {
        if (!this.failing) this.log.warn({ err: error }, this.failureMessage);
        this.failing = true;
      },
    );
    await this.round;
    this.round = undefined;
    const again = this.wokenDuringRound || more;
    this.wokenDuringRound = false;
    this.schedule(again ? 0 : this.pollIntervalMs);
  }
}
