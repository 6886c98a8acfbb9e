import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../src/app";
import { campaignDeliveries, subscribers } from "../src/db/schema";
import { registerAccount } from "./support/accounts";
import { startSmtpSink, type SmtpSink } from "./support/smtp-sink";
import { buildSecondInstance, createTestApp, FAST_MAIL, type TestContext } from "./support/test-app";

/**
 * A campaign to every subscriber from three instances on one database, one SMTP server counting
 * what arrives, and two of the instances restarted half-way: each address gets it exactly once.
 * 10,000 subscribers on PostgreSQL (server-postgres); fewer on PGlite, where the instances share
 * one in-process database and the test is about the same claims, not the size.
 */
let smtp: SmtpSink;
let first: TestContext;
let others: App[] = [];
const OWNER = "campaign-chief@shop.test";
const instanceOptions = (smtpUrl: string) => ({
  config: { smtpUrl, adminEmails: [OWNER], marketingPollMs: 20, campaignSendsPerMinute: 1_000_000 },
  mail: { ...FAST_MAIL, batchSize: 100 },
});

beforeAll(async () => {
  smtp = await startSmtpSink();
  first = await createTestApp(instanceOptions(smtp.url));
  others = [
    await buildSecondInstance(first, instanceOptions(smtp.url)),
    await buildSecondInstance(first, instanceOptions(smtp.url)),
  ];
});
afterAll(async () => {
  for (const app of others) await app.close();
  await first.close();
  await smtp.close();
});

describe("a campaign on three instances with a restart half-way", () => {
  it("reaches each confirmed subscriber exactly once", async () => {
    const count = first.database.kind === "postgres" ? 10_000 : 500;
    const { db } = first.database;
    const owner = await registerAccount(first.app, OWNER, "Chief");
    for (let start = 0; start < count; start += 1_000) {
      await db.insert(subscribers).values(
        Array.from({ length: Math.min(1_000, count - start) }, (_, offset) => ({
          email: `reader-${start + offset}@crowd.test`,
          status: "confirmed" as const,
          token: `crowd-token-${start + offset}-0123456789abcdef`,
          consentSource: "footer",
          consentText: "test",
        })),
      );
    }
    const subject = `To everyone ${Date.now()}`;
    const created = await first.app.inject({
      method: "POST",
      url: "/api/admin/campaigns",
      headers: owner.headers,
      payload: { subject, body: "Once each." },
    });
    const id = created.json()._id;
    const sent = await others[0]!.inject({
      method: "POST",
      url: `/api/admin/campaigns/${id}/send`,
      headers: owner.headers,
    });
    expect(sent.statusCode).toBe(202);

    const arrived = () => smtp.received.filter((mail) => mail.subject === subject);
    await smtp.waitFor(() => arrived().length >= count / 2, 900_000);
    // The restart: two instances stop (finishing what they hold), two new ones start.
    for (const app of others) await app.close();
    others = [
      await buildSecondInstance(first, instanceOptions(smtp.url)),
      await buildSecondInstance(first, instanceOptions(smtp.url)),
    ];
    await smtp.waitFor(() => arrived().length >= count, 900_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const perAddress = new Map<string, number>();
    for (const mail of arrived()) {
      const address = [mail.to ?? []].flat()[0]!.value[0]!.address!;
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    }
    expect(arrived()).toHaveLength(count);
    expect(perAddress.size).toBe(count);
    expect([...perAddress.values()].every((times) => times === 1)).toBe(true);
    const deliveries = await db
      .select({ status: campaignDeliveries.status })
      .from(campaignDeliveries)
      .where(eq(campaignDeliveries.campaignId, id));
    expect(deliveries).toHaveLength(count);
    expect(deliveries.every((delivery) => delivery.status === "mailed")).toBe(true);
  }, 1_900_000);
});
