import type { Db } from "../db/client";
import { PollingLoop, type PollingLog } from "../polling-loop";
import { claimDueMails, languageOfRow, markDelivered, markFailed, messageOf, type MailRow } from "./outbox";
import { headersOf, linkOf, renderMail, type MailContext } from "./templates";
import type { MailMessage } from "./mail-kinds";
import { isPermanentRefusal, type MailAttachment, type MailTransport } from "./transport";

/** Files a mail carries (the invoice of a confirmation), made when it is sent. */
export type AttachmentsOf = (message: MailMessage) => Promise<MailAttachment[]>;

export interface MailSenderOptions {
  /** How often the outbox is looked at when nothing woke the sender. */
  pollIntervalMs: number;
  /** The wait after the first failed attempt; it doubles with each failure up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Mails claimed per round. */
  batchSize: number;
  /** How long a claimed mail is this sender's; longer than any SMTP time-out. */
  leaseMs: number;
}

export const DEFAULT_SENDER_OPTIONS: MailSenderOptions = {
  pollIntervalMs: 1_000,
  retryBaseMs: 5_000,
  retryMaxMs: 15 * 60_000,
  batchSize: 10,
  leaseMs: 5 * 60_000,
};

export type SenderLog = PollingLog;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export const retryDelayMs = (
  attempts: number,
  options: Pick<MailSenderOptions, "retryBaseMs" | "retryMaxMs">,
) => Math.min(options.retryBaseMs * 2 ** Math.max(0, attempts - 1), options.retryMaxMs);

/**
 * Drains the outbox: claims due mails, renders and sends each, and marks it delivered, or due
 * again after a back-off. Every instance runs one; claims keep them from sending a mail twice.
 * Nothing here is needed by another instance: a mail's whole state is its row.
 */
export class MailSender {
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly context: MailContext,
    private readonly log: SenderLog,
    private readonly options: MailSenderOptions = DEFAULT_SENDER_OPTIONS,
    private readonly attachmentsOf: AttachmentsOf = async () => [],
  ) {
    // A full batch means more may be due: the next round starts at once.
    const work = async () => (await this.deliverDue()) === this.options.batchSize;
    this.loop = new PollingLoop(work, this.options.pollIntervalMs, log, "mail outbox unavailable");
  }

  start(): void {
    this.loop.start();
  }

  /** Something was queued: look now instead of at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /** Stops polling and waits for the mails being sent now. */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport.close();
  }

  /** One round: claims the due mails and delivers them; answers how many it claimed. */
  async deliverDue(): Promise<number> {
    const claimed = await claimDueMails(this.db, this.options.batchSize, this.options.leaseMs);
    await Promise.all(claimed.map((row) => this.deliver(row)));
    return claimed.length;
  }

  private async deliver(row: MailRow): Promise<void> {
    const message = messageOf(row);
    try {
      const rendered = await renderMail(message, this.context, languageOfRow(row));
      const attachments = await this.attachmentsOf(message);
      await this.transport.send({
        ...rendered,
        to: row.recipient,
        link: linkOf(message, this.context),
        ...(attachments.length > 0 && { attachments }),
        headers: headersOf(message, this.context),
      });
    } catch (error) {
      this.log.warn({ err: error, mailId: row.id, attempts: row.attempts }, "mail not sent");
      const retryInMs = isPermanentRefusal(error) ? null : retryDelayMs(row.attempts, this.options);
      await markFailed(this.db, row.id, error instanceof Error ? error.message : String(error), retryInMs);
      return;
    }
    await markDelivered(this.db, row.id, this.transport.delivers);
  }
}
