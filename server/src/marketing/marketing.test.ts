import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, registerAccount, uniqueEmail, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { linkIn, startSmtpSink, type SmtpSink } from "../../test/support/smtp-sink";
import { createTestApp, FAST_MAIL, type TestContext } from "../../test/support/test-app";
import {
  bagReminderConsents,
  cartLines,
  productVariants,
  stockAlerts,
  subscribers,
  users,
} from "../db/schema";
import { BAG_REMINDER_CONSENT_TEXT } from "@shop/contract/marketing";

/** A real SMTP server in this process; the app sends to it over SMTP_URL. */
let smtp: SmtpSink;
let context: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  smtp = await startSmtpSink();
  context = await createTestApp({
    config: {
      smtpUrl: smtp.url,
      adminEmails: [ADMIN_EMAIL],
      marketingPollMs: 30,
      campaignSendsPerMinute: 1_000,
      bagReminderHours: 0.0005,
    },
    mail: FAST_MAIL,
  });
  admin = await registerAccount(context.app, ADMIN_EMAIL, "Chief");
});
afterAll(async () => {
  await context.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  context.app.inject({ method: "POST", url, payload, headers });
const subscribe = (email: string, source = "footer") => post("/api/newsletter/subscribe", { email, source });
const CONFIRM_SUBJECT = "Confirm your subscription to Trendsetters";

/** Subscribes and opens the confirmation link; answers the subscriber's token. */
async function confirmedAddress(email: string): Promise<string> {
  expect((await subscribe(email)).statusCode).toBe(202);
  await smtp.waitFor(() => smtp.to(email).some((mail) => mail.subject === CONFIRM_SUBJECT));
  const link = linkIn(
    smtp.to(email).find((mail) => mail.subject === CONFIRM_SUBJECT)!,
    context.app.config.baseUrl,
  );
  expect(link.pathname).toBe("/newsletter/confirm");
  const token = link.searchParams.get("token")!;
  const confirmed = await post("/api/newsletter/confirm", { token });
  expect(confirmed.json()).toEqual({ email, status: "confirmed", list: "newsletter" });
  return token;
}

async function sendCampaign(subject: string, body = "Hello **friends**", productIds: string[] = []) {
  const created = await post("/api/admin/campaigns", { subject, body, productIds }, admin.headers);
  expect(created.statusCode).toBe(201);
  const id: string = created.json()._id;
  const sent = await post(`/api/admin/campaigns/${id}/send`, {}, admin.headers);
  expect(sent.statusCode).toBe(202);
  return id;
}

/** A header as it came over SMTP (mailparser folds List-* headers into one object otherwise). */
async function userIdOf(account: TestAccount) {
  const [row] = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, account.email));
  return row!.id;
}

const header = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((candidate) => candidate.key === name)?.line;
  return line
    ?.slice(line.indexOf(":") + 1)
    .replace(/\r?\n\s+/g, " ")
    .trim();
};

describe("newsletter with double opt-in", () => {
  it("mails a confirmation, records the consent, and sends campaigns only to confirmed addresses", async () => {
    const confirmed = uniqueEmail("confirmed");
    const unconfirmed = uniqueEmail("unconfirmed");
    await confirmedAddress(confirmed);
    expect((await subscribe(unconfirmed, "checkout")).statusCode).toBe(202);
    await smtp.waitFor(() => smtp.to(unconfirmed).length === 1);

    const [consent] = await context.database.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, unconfirmed));
    expect(consent).toMatchObject({ status: "pending", consentSource: "checkout", confirmedAt: null });
    expect(consent!.consentText).toMatch(/Send me new arrivals and offers by e-mail/);
    expect(consent!.consentedAt).toBeInstanceOf(Date);

    const product = await insertProduct(context.database.db, { name: "Campaign Coat", priceCents: 12_900 });
    const subject = `Autumn arrivals ${Date.now()}`;
    await sendCampaign(subject, "# New in\n\nThe **coat** you asked about.\n\n- warm\n- dry", [product]);
    await smtp.waitFor(() => smtp.to(confirmed).some((mail) => mail.subject === subject));
    const mail = smtp.to(confirmed).find((candidate) => candidate.subject === subject)!;
    expect(mail.html).toContain("<strong>coat</strong>");
    expect(mail.html).toContain("Campaign Coat");
    expect(mail.html).toContain("$129.00");
    expect(mail.text).toContain("Unsubscribe: ");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(unconfirmed).some((candidate) => candidate.subject === subject)).toBe(false);
  });

  it("answers the same for an address already confirmed, and mails it nothing", async () => {
    const email = uniqueEmail("again");
    await confirmedAddress(email);
    const before = smtp.to(email).length;
    const again = await subscribe(email);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual((await subscribe(uniqueEmail("fresh"))).json());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.to(email)).toHaveLength(before);
  });

  it("limits confirmation mails per address, and refuses malformed requests with 4xx", async () => {
    const email = uniqueEmail("eager");
    for (let attempt = 0; attempt < 3; attempt++) expect((await subscribe(email)).statusCode).toBe(202);
    const limited = await subscribe(email);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await subscribe("not-an-address")).statusCode).toBe(400);
    expect((await subscribe(uniqueEmail("form"), "popup")).statusCode).toBe(400);
    const unknown = await post("/api/newsletter/confirm", { token: "x".repeat(32) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toMatch(/problem\+json/);
    expect((await post("/api/newsletter/unsubscribe", { token: "short" })).statusCode).toBe(400);
  });
});

describe("unsubscribing", () => {
  it("every campaign mail has List-Unsubscribe and List-Unsubscribe-Post; the one-click POST unsubscribes at once", async () => {
    const email = uniqueEmail("leaver");
    const token = await confirmedAddress(email);
    const subject = `One-click ${Date.now()}`;
    await sendCampaign(subject);
    await smtp.waitFor(() => smtp.to(email).some((mail) => mail.subject === subject));
    const mail = smtp.to(email).find((candidate) => candidate.subject === subject)!;

    const base = context.app.config.baseUrl;
    expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const listUnsubscribe = header(mail, "list-unsubscribe");
    expect(listUnsubscribe).toBe(`<${base}/api/newsletter/unsubscribe/${token}>`);
    // The visible link opens the unsubscribe page, no sign-in.
    expect(mail.html).toContain(`${base}/newsletter/unsubscribe?token=${token}`);

    // What Gmail does: a form POST to the header's URL, from its own servers.
    const url = new URL(listUnsubscribe!.slice(1, -1));
    const oneClick = await context.app.inject({
      method: "POST",
      url: url.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.google.com" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ email, status: "unsubscribed", list: "newsletter" });

    const later = `After leaving ${Date.now()}`;
    const stayer = uniqueEmail("stayer");
    await confirmedAddress(stayer);
    await sendCampaign(later);
    await smtp.waitFor(() => smtp.to(stayer).some((candidate) => candidate.subject === later));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.to(email).some((candidate) => candidate.subject === later)).toBe(false);

    // The page's own call answers the same for a second click; an unknown token is a 404.
    expect((await post("/api/newsletter/unsubscribe", { token })).json().status).toBe("unsubscribed");
    expect((await post(`/api/newsletter/unsubscribe/${"y".repeat(32)}`, {})).statusCode).toBe(404);
    // Confirming an old link does not subscribe again.
    expect((await post("/api/newsletter/confirm", { token })).json().status).toBe("unsubscribed");
  });
});

describe("campaigns", () => {
  it("previews, sends a test to the owner only, refuses changes once sent, and shows progress", async () => {
    const preview = await post(
      "/api/admin/campaigns/preview",
      { subject: "Preview", body: "Hi <script>x</script> [shop](https://shop.test)", productIds: [] },
      admin.headers,
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toContain('<a href="https://shop.test"');
    expect(preview.json().html).not.toContain("<script>x");

    const reader = uniqueEmail("reader");
    await confirmedAddress(reader);
    const subject = `Progress ${Date.now()}`;
    const created = await post("/api/admin/campaigns", { subject, body: "Body" }, admin.headers);
    const id = created.json()._id;
    expect((await post(`/api/admin/campaigns/${id}/test`, {}, admin.headers)).statusCode).toBe(202);
    await smtp.waitFor(() => smtp.to(ADMIN_EMAIL).some((mail) => mail.subject === `[Test] ${subject}`));
    expect(smtp.to(reader).some((mail) => mail.subject?.endsWith(subject))).toBe(false);

    expect((await post(`/api/admin/campaigns/${id}/send`, {}, admin.headers)).statusCode).toBe(202);
    expect((await post(`/api/admin/campaigns/${id}/send`, {}, admin.headers)).statusCode).toBe(409);
    const edit = await context.app.inject({
      method: "PUT",
      url: `/api/admin/campaigns/${id}`,
      headers: admin.headers,
      payload: { subject: "Changed", body: "Changed" },
    });
    expect(edit.statusCode).toBe(409);
    await smtp.waitFor(() => smtp.to(reader).some((mail) => mail.subject === subject));
    const deadline = Date.now() + 10_000;
    let campaign = (
      await context.app.inject({ url: `/api/admin/campaigns/${id}`, headers: admin.headers })
    ).json();
    while (campaign.progress.queued > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      campaign = (
        await context.app.inject({ url: `/api/admin/campaigns/${id}`, headers: admin.headers })
      ).json();
    }
    expect(campaign.status).toBe("sent");
    expect(campaign.progress.queued).toBe(0);
    expect(campaign.progress.failed).toBe(0);
    expect(campaign.progress.sent).toBeGreaterThanOrEqual(1);
  });

  it("keeps to the throttle: with 3 a minute, 5 subscribers get 3 mails and 2 stay queued", async () => {
    const throttled = await createTestApp({
      config: {
        smtpUrl: smtp.url,
        adminEmails: ["throttle-chief@shop.test"],
        marketingPollMs: 20,
        campaignSendsPerMinute: 3,
      },
      mail: FAST_MAIL,
    });
    try {
      const owner = await registerAccount(throttled.app, "throttle-chief@shop.test", "Chief");
      const { db } = throttled.database;
      await db.insert(subscribers).values(
        Array.from({ length: 5 }, (_, index) => ({
          email: `throttled-${index}@shop.test`,
          status: "confirmed" as const,
          token: `throttle-token-${index}-0123456789abcdef`,
          consentSource: "footer",
          consentText: "test",
        })),
      );
      const created = await throttled.app.inject({
        method: "POST",
        url: "/api/admin/campaigns",
        headers: owner.headers,
        payload: { subject: "Slowly", body: "One at a time" },
      });
      const id = created.json()._id;
      await throttled.app.inject({
        method: "POST",
        url: `/api/admin/campaigns/${id}/send`,
        headers: owner.headers,
      });
      await smtp.waitFor(() => smtp.received.filter((mail) => mail.subject === "Slowly").length >= 3, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.received.filter((mail) => mail.subject === "Slowly")).toHaveLength(3);
      const progress = (
        await throttled.app.inject({ url: `/api/admin/campaigns/${id}`, headers: owner.headers })
      ).json().progress;
      expect(progress).toEqual({ queued: 2, sent: 3, failed: 0, unsubscribedSince: 0 });
    } finally {
      await throttled.close();
    }
  });
});

describe("back in stock", () => {
  it("mails once when the sold-out variant has stock again, then forgets the request; the owner sees who waits", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("waiting"), "Wendy");
    const productId = await insertProduct(context.database.db, { name: "Restock Boot", stock: 0 });
    const { db } = context.database;
    const [variant] = await db.select().from(productVariants).where(eq(productVariants.productId, productId));
    const ask = () => post("/api/stock-alerts", { variantId: variant!.id }, shopper.headers);
    expect((await ask()).statusCode).toBe(201);
    expect((await ask()).statusCode).toBe(201);
    expect((await post("/api/stock-alerts", { variantId: variant!.id })).statusCode).toBe(401);
    expect(
      (await post("/api/stock-alerts", { variantId: crypto.randomUUID() }, shopper.headers)).statusCode,
    ).toBe(404);

    const waiting = await context.app.inject({ url: "/api/admin/stock-alerts", headers: admin.headers });
    expect(waiting.json()).toContainEqual(
      expect.objectContaining({ variantId: variant!.id, productName: "Restock Boot", waiting: 1, stock: 0 }),
    );
    expect(
      (await context.app.inject({ url: "/api/admin/stock-alerts", headers: shopper.headers })).statusCode,
    ).toBe(403);

    await db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, variant!.id));
    await smtp.waitFor(() =>
      smtp.to(shopper.email).some((mail) => mail.subject === "Restock Boot is back in stock"),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      smtp.to(shopper.email).filter((mail) => mail.subject === "Restock Boot is back in stock"),
    ).toHaveLength(1);
    expect(await db.select().from(stockAlerts).where(eq(stockAlerts.variantId, variant!.id))).toEqual([]);
    // In stock now: nothing to wait for.
    expect((await ask()).statusCode).toBe(409);
  });
});

describe("abandoned bag", () => {
  const subject = "You left something in your Trendsetters bag";
  const optIn = (account: TestAccount, optedIn = true) =>
    context.app.inject({
      method: "PUT",
      url: "/api/account/bag-reminders",
      headers: account.headers,
      payload: { optedIn },
    });
  const fillBag = async (accounts: TestAccount[], name: string) => {
    const productId = await insertProduct(context.database.db, { name });
    for (const account of accounts) {
      const added = await context.app.inject({
        method: "PUT",
        url: `/api/cart/${productId}`,
        headers: account.headers,
        payload: { quantity: 2 },
      });
      expect(added.statusCode).toBe(200);
    }
    return productId;
  };

  it("reminds a shopper who said yes once for a bag left alone, never a second time for the same bag, and nobody else", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("bag"), "Bea");
    // A newsletter subscriber who did not say yes to reminders, and a shopper who said nothing.
    const subscriber = await registerAccount(context.app, uniqueEmail("newsonly"), "Nina");
    await confirmedAddress(subscriber.email);
    const stranger = await registerAccount(context.app, uniqueEmail("nobag"), "Nora");
    const before = await context.app.inject({ url: "/api/account/bag-reminders", headers: shopper.headers });
    expect(before.json()).toEqual({ optedIn: false });
    const yes = await optIn(shopper);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json()).toEqual({ optedIn: true });
    const [consent] = await context.database.db
      .select()
      .from(bagReminderConsents)
      .innerJoin(users, eq(users.id, bagReminderConsents.userId))
      .where(eq(users.email, shopper.email));
    expect(consent!.bag_reminder_consents).toMatchObject({
      consentSource: "account",
      consentText: BAG_REMINDER_CONSENT_TEXT,
      withdrawnAt: null,
    });
    const productId = await fillBag([shopper, subscriber, stranger], "Forgotten Scarf");

    await smtp.waitFor(() => smtp.to(shopper.email).some((mail) => mail.subject === subject));
    // Rounds go on; the bag changes (a quantity) but is the same bag.
    await context.database.db
      .update(cartLines)
      .set({ quantity: 3, updatedAt: sql`now() - interval '1 hour'` })
      .where(eq(cartLines.productId, productId));
    await new Promise((resolve) => setTimeout(resolve, 600));
    const reminders = smtp.to(shopper.email).filter((mail) => mail.subject === subject);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain("2 × Forgotten Scarf");
    expect(header(reminders[0]!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    for (const other of [subscriber, stranger]) {
      expect(smtp.to(other.email).some((mail) => mail.subject === subject)).toBe(false);
    }
  });

  it("stops at once when the shopper unsubscribes in one click from a reminder, or says no", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("bagstop"), "Bo");
    expect((await optIn(shopper)).statusCode).toBe(200);
    await fillBag([shopper], "Abandoned Belt");
    await smtp.waitFor(() => smtp.to(shopper.email).some((mail) => mail.subject === subject));
    const reminder = smtp.to(shopper.email).find((mail) => mail.subject === subject)!;
    const oneClick = /<([^>]+)>/.exec(header(reminder, "list-unsubscribe")!)![1]!;
    const left = await context.app.inject({
      method: "POST",
      url: new URL(oneClick).pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ email: shopper.email, status: "unsubscribed", list: "bag-reminders" });
    const after = await context.app.inject({ url: "/api/account/bag-reminders", headers: shopper.headers });
    expect(after.json()).toEqual({ optedIn: false });
    // A new bag after that: no reminder.
    await context.database.db.delete(cartLines).where(eq(cartLines.userId, await userIdOf(shopper)));
    await fillBag([shopper], "Second Belt");
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(smtp.to(shopper.email).filter((mail) => mail.subject === subject)).toHaveLength(1);

    // Yes again, then no from the Account page.
    expect((await optIn(shopper)).json()).toEqual({ optedIn: true });
    expect((await optIn(shopper, false)).json()).toEqual({ optedIn: false });
    const malformed = await context.app.inject({
      method: "PUT",
      url: "/api/account/bag-reminders",
      headers: shopper.headers,
      payload: { optedIn: "yes" },
    });
    expect(malformed.statusCode).toBe(400);
  });
});
