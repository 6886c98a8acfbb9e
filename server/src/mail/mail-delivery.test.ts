import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, signIn, TEST_PASSWORD, uniqueEmail } from "../../test/support/accounts";
import { checkOutNewProduct, TEST_DELIVERY } from "../../test/support/orders";
import { linkIn, linksIn, startSmtpSink, type SmtpSink } from "../../test/support/smtp-sink";
import { createTestApp, FAST_MAIL, type TestContext } from "../../test/support/test-app";
import { freePort } from "../../test/support/free-port";
import { mails, users, verifications } from "../db/schema";

/** A real SMTP server in this process; the app sends to it over SMTP_URL. */
let smtp: SmtpSink;
let context: TestContext;

beforeAll(async () => {
  smtp = await startSmtpSink();
  context = await createTestApp({
    config: { smtpUrl: smtp.url, mailFrom: "Shop <shop@shop.test>" },
    mail: FAST_MAIL,
  });
});
afterAll(async () => {
  await context.close();
  await smtp.close();
});

const requestReset = (email: string) =>
  context.app.inject({ method: "POST", url: "/api/auth/request-password-reset", payload: { email } });
const resetPassword = (token: string, newPassword: string) =>
  context.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword } });

describe("password reset", () => {
  it("mails a link that sets a new password once, ends every session, and answers the same for an unknown address", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("forgetful"), "Forgetful Fran");
    const known = await requestReset(shopper.email);
    const unknown = await requestReset(uniqueEmail("nobody"));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    await smtp.waitFor(() =>
      smtp.to(shopper.email).some((mail) => mail.subject === "Reset your Trendsetters password"),
    );
    const mail = smtp
      .to(shopper.email)
      .find((candidate) => candidate.subject === "Reset your Trendsetters password")!;
    expect(mail.from?.value).toEqual([{ name: "Shop", address: "shop@shop.test" }]);
    expect(mail.html).toContain("Choose a new password");
    expect(mail.text).toContain("The link works once, for 60 minutes.");
    const link = linkIn(mail, context.app.config.baseUrl);
    expect(link.pathname).toBe("/reset-password");
    const token = link.searchParams.get("token")!;

    const newPassword = "lantern-orchard-58";
    expect((await resetPassword(token, newPassword)).statusCode).toBe(200);
    const again = await resetPassword(token, "another-orchard-59");
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("INVALID_TOKEN");

    // The session of before the reset is over; the new password opens a new one, the old one none.
    const cart = await context.app.inject({ url: `/api/carts/${shopper.email}`, headers: shopper.headers });
    expect(cart.statusCode).toBe(401);
    await expect(signIn(context.app, shopper.email)).rejects.toThrow(/401/);
    expect((await signIn(context.app, shopper.email, newPassword)).token).toEqual(expect.any(String));
  });

  it("refuses a link past its hour", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("late"));
    await requestReset(shopper.email);
    await smtp.waitFor(() =>
      smtp.to(shopper.email).some((mail) => mail.subject === "Reset your Trendsetters password"),
    );
    const mail = smtp
      .to(shopper.email)
      .find((candidate) => candidate.subject === "Reset your Trendsetters password")!;
    const token = linkIn(mail, context.app.config.baseUrl).searchParams.get("token")!;
    await context.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect((await resetPassword(token, "lantern-orchard-58")).statusCode).toBe(400);
    expect((await signIn(context.app, shopper.email, TEST_PASSWORD)).token).toEqual(expect.any(String));
  });
});

describe("address verification", () => {
  it("mails a link on sign-up; checkout waits for it; the link verifies the address; a new link can be asked for", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("new"), "New Nia", { verified: false });
    await smtp.waitFor(() => smtp.to(shopper.email).length === 1);
    const [welcome] = smtp.to(shopper.email);
    expect(welcome!.subject).toBe("Confirm your e-mail address for Trendsetters");

    const refused = await checkOutNewProduct(context.app, shopper);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/^Confirm your e-mail address before you check out/);

    const resend = await context.app.inject({
      method: "POST",
      url: "/api/auth/send-verification-email",
      headers: shopper.headers,
      payload: { email: shopper.email, callbackURL: "/dashboard" },
    });
    expect(resend.statusCode).toBe(200);
    await smtp.waitFor(() => smtp.to(shopper.email).length === 2);

    const link = linkIn(smtp.to(shopper.email)[1]!, context.app.config.baseUrl);
    expect(link.pathname).toBe("/api/auth/verify-email");
    const opened = await context.app.inject({ url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("/dashboard");
    const session = await context.app.inject({ url: "/api/auth/get-session", headers: shopper.headers });
    expect(session.json().user.emailVerified).toBe(true);
    expect((await checkOutNewProduct(context.app, shopper)).statusCode).toBe(201);
  });
});

describe("order mail", () => {
  it("confirms an order once, with its lines, total, delivery address and link, in HTML and text", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("buyer"));
    const placed = await checkOutNewProduct(context.app, shopper, 1999);
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    const subject = `Your order #${order.number} is confirmed`;
    await smtp.waitFor(() => smtp.to(shopper.email).some((mail) => mail.subject === subject));
    // Later rounds of the sender find nothing more to send.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const confirmations = smtp.to(shopper.email).filter((mail) => mail.subject === subject);
    expect(confirmations).toHaveLength(1);
    const [mail] = confirmations;
    expect(mail!.text).toContain("2 × Test Product");
    expect(mail!.text).toContain("Total: $39.98");
    for (const part of Object.values(TEST_DELIVERY)) {
      expect(mail!.text).toContain(part);
      expect(mail!.html).toContain(part);
    }
    expect(mail!.html).toContain("$39.98");
    const links = linksIn(mail!, context.app.config.baseUrl).map((link) => link.pathname);
    // Confirmations link to the invoice by default (INVOICE_DELIVERY=link) and to the order's page.
    expect(links).toContain(`/dashboard/orders/${order._id}`);
    expect(links).toContain(`/api/orders/${order._id}/invoice.pdf`);
  });

  it("tells the buyer when the order ships, is delivered, or is cancelled", async () => {
    const admin = await registerAccount(context.app, "mail-admin@shop.test", "Chief");
    await context.database.db
      .update(users)
      .set({ role: "admin" })
      .where(eq(users.email, "mail-admin@shop.test"));
    const shopper = await registerAccount(context.app, uniqueEmail("watcher"));
    const moveTo = (orderId: string, status: string) =>
      context.app.inject({
        method: "PATCH",
        url: `/api/admin/orders/${orderId}`,
        headers: admin.headers,
        payload: { status },
      });
    const shipped = (await checkOutNewProduct(context.app, shopper)).json();
    const cancelled = (await checkOutNewProduct(context.app, shopper)).json();
    expect((await moveTo(shipped._id, "shipped")).statusCode).toBe(200);
    expect((await moveTo(shipped._id, "delivered")).statusCode).toBe(200);
    expect((await moveTo(cancelled._id, "cancelled")).statusCode).toBe(200);
    const expected = [
      `Your order #${shipped.number} is on its way`,
      `Your order #${shipped.number} was delivered`,
      `Your order #${cancelled.number} was cancelled`,
    ];
    await smtp.waitFor(() =>
      expected.every((subject) => smtp.to(shopper.email).some((m) => m.subject === subject)),
    );
    const cancelMail = smtp.to(shopper.email).find((mail) => mail.subject === expected[2])!;
    expect(cancelMail.text).toContain("The payment of $50.00 is returned to your card.");
  });
});

describe("an SMTP outage", () => {
  it("delays mail and loses none: 20 checkouts while the server is down, then exactly 20 confirmations", async () => {
    const port = await freePort();
    const outage = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` }, mail: FAST_MAIL });
    let sink: SmtpSink | undefined;
    try {
      const shopper = await registerAccount(outage.app, uniqueEmail("patient"));
      const numbers: number[] = [];
      for (let checkout = 0; checkout < 20; checkout++) {
        const placed = await checkOutNewProduct(outage.app, shopper);
        expect(placed.statusCode).toBe(201);
        numbers.push(placed.json().number);
      }
      // The sender has tried and failed, and keeps the mails for later.
      const waiting = await outage.database.db.select().from(mails).where(eq(mails.recipient, shopper.email));
      expect(waiting.filter((mail) => mail.kind === "order-confirmation")).toHaveLength(20);
      expect(waiting.every((mail) => mail.status === "pending")).toBe(true);
      expect(waiting.some((mail) => mail.attempts > 0 && mail.lastError)).toBe(true);

      sink = await startSmtpSink(port);
      const confirmations = () =>
        sink!.to(shopper.email).filter((mail) => /is confirmed$/.test(mail.subject ?? ""));
      await sink.waitFor(() => confirmations().length >= 20, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const subjects = confirmations().map((mail) => mail.subject);
      expect(subjects).toHaveLength(20);
      expect(new Set(subjects)).toEqual(
        new Set(numbers.map((number) => `Your order #${number} is confirmed`)),
      );
      const after = await outage.database.db.select().from(mails).where(eq(mails.recipient, shopper.email));
      expect(after.every((mail) => mail.status === "sent" && mail.sentAt)).toBe(true);
    } finally {
      await outage.close();
      await sink?.close();
    }
  }, 60_000);
});
