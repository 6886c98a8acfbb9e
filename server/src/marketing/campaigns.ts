import type { Campaign, CampaignProgress } from "@shop/contract/marketing";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { campaignDeliveries, campaigns, mails, products, subscribers } from "../db/schema";
import { HttpProblem, notFound } from "../http/problem";
import type { MailProduct } from "../mail/mail-kinds";

type CampaignRow = typeof campaigns.$inferSelect;

export const campaignNotFound = () => notFound("No such campaign.");
const notADraft = () =>
  new HttpProblem(409, "Conflict", "This campaign has been sent; it can no longer be changed.");

/** The product blocks as the mail shows them, from the catalogue now, in the order picked. */
export async function mailProducts(db: Db, baseUrl: string, productIds: string[]): Promise<MailProduct[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ id: products.id, name: products.name, priceCents: products.priceCents, image: products.image })
    .from(products)
    .where(inArray(products.id, productIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return productIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    // Uploaded pictures are served by the shop at a path; a mail needs the whole address.
    const image = row.image.startsWith("/") ? `${baseUrl}${row.image}` : row.image;
    return [{ productId: row.id, name: row.name, priceCents: row.priceCents, image }];
  });
}

export async function assertProductsExist(db: Db, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
  if (found.length !== new Set(productIds).size)
    throw new HttpProblem(400, "Bad Request", "A picked product is no longer in the catalogue.");
}

/** queued / sent / failed / unsubscribed since, counted from the deliveries and their outbox mails. */
export async function progressOf(db: Db, campaignIds: string[]): Promise<Map<string, CampaignProgress>> {
  const progress = new Map<string, CampaignProgress>();
  if (campaignIds.length === 0) return progress;
  const rows = await db
    .select({
      campaignId: campaignDeliveries.campaignId,
      queued: sql<number>`(count(*) filter (where ${campaignDeliveries.status} = 'queued' or ${mails.status} = 'pending'))::int`,
      sent: sql<number>`(count(*) filter (where ${mails.status} in ('sent', 'logged')))::int`,
      failed: sql<number>`(count(*) filter (where ${mails.status} = 'failed'))::int`,
      unsubscribedSince: sql<number>`(count(*) filter (where ${subscribers.unsubscribedAt} > ${campaigns.startedAt}))::int`,
    })
    .from(campaignDeliveries)
    .innerJoin(campaigns, eq(campaigns.id, campaignDeliveries.campaignId))
    .innerJoin(subscribers, eq(subscribers.id, campaignDeliveries.subscriberId))
    .leftJoin(mails, eq(mails.id, campaignDeliveries.mailId))
    .where(inArray(campaignDeliveries.campaignId, campaignIds))
    .groupBy(campaignDeliveries.campaignId);
  for (const row of rows) {
    progress.set(row.campaignId, {
      queued: Number(row.queued),
      sent: Number(row.sent),
      failed: Number(row.failed),
      unsubscribedSince: Number(row.unsubscribedSince),
    });
  }
  return progress;
}

const NO_PROGRESS: CampaignProgress = { queued: 0, sent: 0, failed: 0, unsubscribedSince: 0 };

const toCampaign = (row: CampaignRow, progress: CampaignProgress = NO_PROGRESS): Campaign => ({
  _id: row.id,
  subject: row.subject,
  body: row.body,
  productIds: row.productIds,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  progress,
});

export async function listCampaigns(db: Db): Promise<Campaign[]> {
  const rows = await db.select().from(campaigns).orderBy(desc(campaigns.createdAt)).limit(100);
  const progress = await progressOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCampaign(row, progress.get(row.id)));
}

export async function getCampaign(db: Db, id: string): Promise<Campaign> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw campaignNotFound();
  return toCampaign(row, (await progressOf(db, [id])).get(id));
}

export async function findCampaignRow(db: Db, id: string): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw campaignNotFound();
  return row;
}

export async function createCampaign(
  db: Db,
  input: { subject: string; body: string; productIds: string[] },
): Promise<Campaign> {
  await assertProductsExist(db, input.productIds);
  const [row] = await db.insert(campaigns).values(input).returning();
  return toCampaign(row!);
}

export async function updateCampaign(
  db: Db,
  id: string,
  input: { subject: string; body: string; productIds: string[] },
): Promise<Campaign> {
  await findCampaignRow(db, id);
  await assertProductsExist(db, input.productIds);
  const [row] = await db
    .update(campaigns)
    .set(input)
    .where(and(eq(campaigns.id, id), eq(campaigns.status, "draft")))
    .returning();
  if (!row) throw notADraft();
  return toCampaign(row);
}

export async function deleteCampaign(db: Db, id: string): Promise<void> {
  await findCampaignRow(db, id);
  const deleted = await db
    .delete(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.status, "draft")))
    .returning({ id: campaigns.id });
  if (deleted.length === 0) throw notADraft();
}

/**
 * Send: one delivery row per confirmed subscriber (the key (campaign, subscriber) makes a second
 * row impossible), and the product blocks fixed as they are now. The worker does the rest.
 */
export async function startSending(db: Db, baseUrl: string, id: string): Promise<Campaign> {
  const row = await findCampaignRow(db, id);
  const productsSent = await mailProducts(db, baseUrl, row.productIds);
  await db.transaction(async (tx) => {
    const [started] = await tx
      .update(campaigns)
      .set({ status: "sending", startedAt: sql`now()`, productsSent })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, "draft")))
      .returning({ id: campaigns.id });
    if (!started) throw notADraft();
    await tx
      .insert(campaignDeliveries)
      .select(
        tx
          .select({
            campaignId: sql`${id}::uuid`.as("campaign_id"),
            subscriberId: subscribers.id,
            status: sql`'queued'`.as("status"),
            mailId: sql`null::uuid`.as("mail_id"),
            handedAt: sql`null::timestamptz`.as("handed_at"),
          })
          .from(subscribers)
          .where(eq(subscribers.status, "confirmed")),
      )
      .onConflictDoNothing();
  });
  return getCampaign(db, id);
}

export async function audience(db: Db): Promise<{ confirmed: number; pending: number }> {
  const [row] = await db
    .select({
      confirmed: sql<number>`(count(*) filter (where ${subscribers.status} = 'confirmed'))::int`,
      pending: sql<number>`(count(*) filter (where ${subscribers.status} = 'pending'))::int`,
    })
    .from(subscribers);
  return { confirmed: Number(row?.confirmed ?? 0), pending: Number(row?.pending ?? 0) };
}
