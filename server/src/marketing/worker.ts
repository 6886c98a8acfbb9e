import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  bagReminderConsents,
  bagReminders,
  campaignDeliveries,
  campaigns,
  cartLines,
  mails,
  products,
  productVariants,
  stockAlerts,
  subscribers,
  users,
} from "../db/schema";
import type { MailProduct, OutgoingMail } from "../mail/mail-kinds";
import { enqueueMails, outboxRows } from "../mail/outbox";
import { productLink } from "../mail/templates";
import { PollingLoop, type PollingLog } from "../polling-loop";

export interface MarketingWorkerOptions {
  pollIntervalMs: number;
  /** Campaign mails handed to the outbox per minute, across every instance. */
  campaignSendsPerMinute: number;
  /** A bag unchanged this long, not checked out, gets its one reminder. */
  bagReminderHours: number;
  baseUrl: string;
}

/** Most rows one transaction takes: short transactions, so a restart loses little work. */
const MAX_BATCH = 500;

const variantLabel = (name: string, optionValues: string[]) =>
  optionValues.length > 0 ? `${name} (${optionValues.join(", ")})` : name;

/**
 * Hands up to the throttle's allowance of one sending campaign's deliveries to the outbox. The
 * campaign row is locked for the transaction (FOR UPDATE SKIP LOCKED: another instance takes
 * another campaign, or waits for the next round), so the per-minute count is read and used by one
 * instance at a time; each claimed delivery becomes exactly one mail in the same transaction.
 * Answers how many mails it queued.
 */
export async function dispatchCampaigns(db: Db, options: MarketingWorkerOptions): Promise<number> {
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(eq(campaigns.status, "sending"))
      .orderBy(asc(campaigns.startedAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!campaign) return 0;
    const [recent] = await tx
      .select({ handed: sql<number>`count(*)::int` })
      .from(campaignDeliveries)
      .where(gt(campaignDeliveries.handedAt, sql`now() - interval '1 minute'`));
    const perRound = Math.max(
      1,
      Math.ceil((options.campaignSendsPerMinute * Math.max(options.pollIntervalMs, 1_000)) / 60_000),
    );
    const allowance = Math.min(
      options.campaignSendsPerMinute - Number(recent?.handed ?? 0),
      perRound,
      MAX_BATCH,
    );
    if (allowance <= 0) return 0;
    const claimed = await tx
      .select({
        subscriberId: campaignDeliveries.subscriberId,
        email: subscribers.email,
        token: subscribers.token,
        status: subscribers.status,
      })
      .from(campaignDeliveries)
      .innerJoin(subscribers, eq(subscribers.id, campaignDeliveries.subscriberId))
      .where(and(eq(campaignDeliveries.campaignId, campaign.id), eq(campaignDeliveries.status, "queued")))
      .limit(allowance)
      .for("update", { of: campaignDeliveries, skipLocked: true });
    if (claimed.length === 0) {
      await tx
        .update(campaigns)
        .set({ status: "sent", finishedAt: sql`now()` })
        .where(eq(campaigns.id, campaign.id));
      return 0;
    }
    const stillSubscribed = claimed.filter((row) => row.status === "confirmed");
    const left = claimed.filter((row) => row.status !== "confirmed");
    if (left.length > 0) {
      await tx
        .update(campaignDeliveries)
        .set({ status: "skipped" })
        .where(
          and(
            eq(campaignDeliveries.campaignId, campaign.id),
            inArray(
              campaignDeliveries.subscriberId,
              left.map((row) => row.subscriberId),
            ),
          ),
        );
    }
    if (stillSubscribed.length === 0) return 0;
    const outgoing: OutgoingMail[] = stillSubscribed.map((row) => ({
      kind: "campaign",
      recipient: row.email,
      data: {
        name: "",
        unsubscribeToken: row.token,
        campaignId: campaign.id,
        subject: campaign.subject,
        body: campaign.body,
        products: (campaign.productsSent as MailProduct[] | null) ?? [],
      },
    }));
    const inserted = await tx
      .insert(mails)
      .values(await outboxRows(tx, outgoing))
      .returning({ id: mails.id, recipient: mails.recipient });
    const mailIdOf = new Map(inserted.map((row) => [row.recipient, row.id]));
    const subscriberIds = stillSubscribed.map((row) => row.subscriberId);
    const mailIds = stillSubscribed.map((row) => mailIdOf.get(row.email)!);
    await tx.execute(sql`
      update campaign_deliveries as d
      set status = 'mailed', mail_id = v.mail_id, handed_at = now()
      from unnest(${`{${subscriberIds.join(",")}}`}::uuid[], ${`{${mailIds.join(",")}}`}::uuid[])
        as v(subscriber_id, mail_id)
      where d.campaign_id = ${campaign.id}::uuid and d.subscriber_id = v.subscriber_id`);
    return stillSubscribed.length;
  });
}

/**
 * "Notify me" requests whose variant has stock again (whoever restocked it: the owner, an import,
 * a cancelled order): one mail each, and the request goes, in one transaction.
 */
export async function fulfilStockAlerts(db: Db, options: MarketingWorkerOptions): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: stockAlerts.id,
        email: stockAlerts.email,
        name: users.name,
        productId: products.id,
        productName: products.name,
        optionValues: productVariants.optionValues,
      })
      .from(stockAlerts)
      .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .leftJoin(users, eq(users.id, stockAlerts.userId))
      .where(gt(productVariants.stock, 0))
      .limit(MAX_BATCH)
      .for("update", { of: stockAlerts, skipLocked: true });
    if (due.length === 0) return 0;
    await enqueueMails(
      tx,
      due.map((alert) => ({
        kind: "back-in-stock",
        recipient: alert.email,
        data: {
          name: alert.name ?? "",
          productName: variantLabel(alert.productName, alert.optionValues),
          url: productLink(options.baseUrl, alert.productId),
        },
      })),
    );
    await tx.delete(stockAlerts).where(
      inArray(
        stockAlerts.id,
        due.map((alert) => alert.id),
      ),
    );
    return due.length;
  });
}

/**
 * One reminder for a bag left alone for `bagReminderHours`, to shoppers who said yes to bag
 * reminders on their Account page (bag_reminder_consents; the newsletter is another yes). "The same bag": no reminder was sent since its oldest line went in. The
 * upsert on bag_reminders decides, under its row lock, which instance mails.
 */
export async function remindAbandonedBags(db: Db, options: MarketingWorkerOptions): Promise<number> {
  return db.transaction(async (tx) => {
    const oldest = sql<Date>`min(${cartLines.createdAt})`;
    const candidates = await tx
      .select({
        userId: users.id,
        email: users.email,
        name: users.name,
        token: bagReminderConsents.token,
        oldest: oldest.mapWith((value: string | Date) => new Date(value)),
      })
      .from(cartLines)
      .innerJoin(users, eq(users.id, cartLines.userId))
      .innerJoin(
        bagReminderConsents,
        and(eq(bagReminderConsents.userId, users.id), isNull(bagReminderConsents.withdrawnAt)),
      )
      .leftJoin(bagReminders, eq(bagReminders.userId, users.id))
      .groupBy(users.id, users.email, users.name, bagReminderConsents.token, bagReminders.remindedAt)
      .having(
        and(
          lt(sql`max(${cartLines.updatedAt})`, sql`now() - ${`${options.bagReminderHours} hours`}::interval`),
          or(isNull(bagReminders.remindedAt), lt(bagReminders.remindedAt, oldest)),
        ),
      )
      .limit(100);
    let reminded = 0;
    for (const candidate of candidates) {
      const [won] = await tx
        .insert(bagReminders)
        .values({ userId: candidate.userId })
        .onConflictDoUpdate({
          target: bagReminders.userId,
          set: { remindedAt: sql`now()` },
          setWhere: lt(bagReminders.remindedAt, candidate.oldest),
        })
        .returning({ userId: bagReminders.userId });
      if (!won) continue;
      const lines = await tx
        .select({
          name: products.name,
          optionValues: productVariants.optionValues,
          quantity: cartLines.quantity,
        })
        .from(cartLines)
        .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
        .innerJoin(products, eq(products.id, cartLines.productId))
        .where(eq(cartLines.userId, candidate.userId));
      await enqueueMails(tx, [
        {
          kind: "bag-reminder",
          recipient: candidate.email,
          data: {
            name: candidate.name,
            unsubscribeToken: candidate.token,
            url: `${options.baseUrl}/cart`,
            lines: lines.map((line) => ({
              name: variantLabel(line.name, line.optionValues),
              quantity: line.quantity,
            })),
          },
        },
      ]);
      reminded += 1;
    }
    return reminded;
  });
}

export type WorkerLog = PollingLog;

/**
 * Every instance runs one: each round hands campaign mail to the outbox, fulfils back-in-stock
 * requests and reminds abandoned bags. All of its state is in the database.
 */
export class MarketingWorker {
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Db,
    private readonly options: MarketingWorkerOptions,
    private readonly onQueued: () => void,
    log: WorkerLog,
  ) {
    const work = async () => {
      await this.runOnce();
      return false;
    };
    this.loop = new PollingLoop(work, options.pollIntervalMs, log, "marketing round failed");
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** One round; answers how many mails it queued. */
  async runOnce(): Promise<number> {
    const queued =
      (await dispatchCampaigns(this.db, this.options)) +
      (await fulfilStockAlerts(this.db, this.options)) +
      (await remindAbandonedBags(this.db, this.options));
    if (queued > 0) this.onQueued();
    return queued;
  }
}
