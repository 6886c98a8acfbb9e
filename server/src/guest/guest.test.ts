import { randomUUID } from "node:crypto";
import type { CartLine } from "@shop/contract/cart";
import { GUEST_BAG_COOKIE, GUEST_MESSAGES, type BagMergeReport } from "@shop/contract/guest";
import { MONEY_MESSAGES, type Quote } from "@shop/contract/money";
import type { Order } from "@shop/contract/orders";
import type { ProductDetail } from "@shop/contract/variants";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  registerAccount,
  signIn,
  uniqueEmail,
  verifyThroughOutbox,
  type TestAccount,
} from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { GuestBrowser } from "../../test/support/guest";
import { TEST_DELIVERY } from "../../test/support/orders";
import { linkIn, startSmtpSink, type SmtpSink } from "../../test/support/smtp-sink";
import { createTestApp, FAST_MAIL, type TestContext } from "../../test/support/test-app";
import { loadConfig } from "../config";
import { coupons, guestBags, mails, orderLinks, orders, products } from "../db/schema";
import { TEST_CARD_SUCCEEDS } from "../payments/test-provider";
import { hashToken } from "../orders/order-links";
import { sweepIdleGuestBags } from "./bag";

const ADMIN_EMAIL = "chief@shop.test";
let context: TestContext;
let admin: TestAccount;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  context = await createTestApp({
    config: {
      adminEmails: [ADMIN_EMAIL],
      publicCatalogue: true,
      guestCheckout: true,
      smtpUrl: smtp.url,
    },
    mail: FAST_MAIL,
  });
  admin = await registerAccount(context.app, ADMIN_EMAIL, "Chief");
}, 60_000);
afterAll(async () => {
  await context.close();
  await smtp.close();
});

const card = { number: TEST_CARD_SUCCEEDS, expiry: "12/39", cvc: "123" };

/** A product with sizes S and M (stock as given); answers its id and the variants' ids by size. */
async function sizedProduct(
  stock: { S: number; M: number },
  name = `Linen Dress ${randomUUID().slice(0, 6)}`,
) {
  const id = await insertProduct(context.database.db, { name, priceCents: 4000, stock: stock.S + stock.M });
  const response = await context.app.inject({
    method: "PUT",
    url: `/api/admin/products/${id}/variants`,
    headers: admin.headers,
    payload: {
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { options: { Size: "S" }, price: "40.00", stock: stock.S },
        { options: { Size: "M" }, price: "40.00", stock: stock.M },
      ],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const detail = response.json<ProductDetail>();
  return {
    id,
    S: detail.variants.find((variant) => variant.options["Size"] === "S")!._id,
    M: detail.variants.find((variant) => variant.options["Size"] === "M")!._id,
  };
}

/** A browser without an account, paying with the test provider's card. */
class Guest extends GuestBrowser {
  constructor() {
    super(context.app, card);
  }
}

/** The order link's token in the newest mail of this kind to this address (the outbox keeps it). */
async function mailedToken(email: string, kind: "order-confirmation" | "order-link" | "order-delivered") {
  const [row] = await context.database.db
    .select()
    .from(mails)
    .where(and(eq(mails.recipient, email.toLowerCase()), eq(mails.kind, kind)))
    .orderBy(desc(mails.createdAt))
    .limit(1);
  const token = (row?.data as { orderLinkToken?: string } | undefined)?.orderLinkToken;
  if (!token) throw new Error(`no ${kind} mail with a link to ${email}`);
  return token;
}

const openLink = (token: string) =>
  context.app.inject({ method: "POST", url: "/api/order-links/open", payload: { token } });

async function guestOrder(email: string) {
  const guest = new Guest();
  const dress = await sizedProduct({ S: 5, M: 5 });
  const line = (await guest.add(dress.id, 2, dress.M)).json<CartLine>();
  const response = await guest.checkout(email, [line._id]);
  expect(response.statusCode, response.body).toBe(201);
  return { guest, order: response.json<Order>(), dress };
}

describe("configuration", () => {
  it("needs the public catalogue, and is off by default", () => {
    expect(loadConfig({}).guestCheckout).toBe(false);
    expect(() => loadConfig({ GUEST_CHECKOUT: "true" })).toThrow(
      /GUEST_CHECKOUT=true needs PUBLIC_CATALOGUE=true/,
    );
    expect(() => loadConfig({ GUEST_CHECKOUT: "yes", PUBLIC_CATALOGUE: "true" })).toThrow(
      /GUEST_CHECKOUT must be true or false/,
    );
    expect(loadConfig({ GUEST_CHECKOUT: "true", PUBLIC_CATALOGUE: "true" }).guestCheckout).toBe(true);
  });
});

describe("the guest bag", () => {
  it("lives behind an unguessable httpOnly SameSite cookie whose value the database keeps only hashed", async () => {
    const guest = new Guest();
    expect((await guest.bag()).lines).toEqual([]);
    expect(guest.cookie).toBeUndefined();
    const dress = await sizedProduct({ S: 3, M: 3 });
    const added = await guest.add(dress.id, 1, dress.S);
    expect(added.statusCode, added.body).toBe(200);
    expect(guest.setCookie).toMatch(new RegExp(`^${GUEST_BAG_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(guest.setCookie).toMatch(/; HttpOnly/);
    expect(guest.setCookie).toMatch(/; SameSite=Lax/);
    expect(guest.setCookie).toMatch(/; Path=\/api/);
    expect(guest.setCookie).toMatch(new RegExp(`; Max-Age=${30 * 86_400}`));
    const token = guest.cookie!.split("=")[1]!;
    const stored = await context.database.db.select().from(guestBags);
    expect(stored.some((bag) => bag.tokenHash === token)).toBe(false);
    // A second add reuses the bag: no new cookie.
    guest.setCookie = undefined;
    await guest.add(dress.id, 1, dress.S);
    expect(guest.setCookie).toBeUndefined();
    const bag = await guest.bag();
    expect(bag.lines).toHaveLength(1);
    expect(bag.lines[0]).toMatchObject({ quantity: 2, options: [{ name: "Size", value: "S" }], price: 40 });
    expect(bag.itemCount).toBe(2);
  });

  it("keeps the signed-in bag's rules: a size to choose, 99 and the stock, its own lines only", async () => {
    const guest = new Guest();
    const dress = await sizedProduct({ S: 3, M: 200 });
    const noSize = await guest.add(dress.id, 1);
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().detail).toBe("Choose a Size first.");
    expect((await guest.add(dress.id, 4, dress.S)).statusCode).toBe(409);
    const line = (await guest.add(dress.id, 98, dress.M)).json<CartLine>();
    expect((await guest.add(dress.id, 2, dress.M)).statusCode).toBe(400);
    const changed = await guest.request("PATCH", `/api/guest-bag/lines/${line._id}`, { quantity: 5 });
    expect(changed.json()).toMatchObject({ quantity: 5 });
    const stranger = new Guest();
    await stranger.add(dress.id, 1, dress.S);
    expect((await stranger.request("DELETE", `/api/guest-bag/lines/${line._id}`)).statusCode).toBe(404);
    expect((await guest.request("DELETE", `/api/guest-bag/lines/${line._id}`)).json()).toEqual({
      deletedCount: 1,
    });
    expect(
      (
        await guest.request("GET", "/api/guest-bag", undefined, { cookie: `${GUEST_BAG_COOKIE}=made-up` })
      ).json(),
    ).toMatchObject({ lines: [] });
  });

  it("caps the number of lines", async () => {
    const guest = new Guest();
    for (let index = 0; index < 50; index += 1) {
      const productId = await insertProduct(context.database.db, { stock: 5 });
      expect((await guest.add(productId, 1)).statusCode).toBe(200);
    }
    const one = await insertProduct(context.database.db, { stock: 5 });
    const refused = await guest.add(one, 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(GUEST_MESSAGES.bagFull);
  }, 60_000);

  it("is opened a limited number of times per address", async () => {
    const limited = await createTestApp({
      config: { publicCatalogue: true, guestCheckout: true },
      rateLimits: { guestPerAddress: { max: 2, windowMs: 60_000 } },
    });
    try {
      const productId = await insertProduct(limited.database.db, { stock: 10 });
      const statuses: number[] = [];
      for (let visitor = 0; visitor < 3; visitor += 1) {
        // Each add without a cookie opens a new bag.
        const response = await limited.app.inject({
          method: "PUT",
          url: `/api/guest-bag/${productId}`,
          payload: { quantity: 1 },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it("is deleted after 30 days without a change", async () => {
    const guest = new Guest();
    const productId = await insertProduct(context.database.db, { stock: 5 });
    await guest.add(productId, 1);
    const fresh = new Guest();
    await fresh.add(productId, 1);
    const tokenHash = hashToken(guest.cookie!.split("=")[1]!);
    await context.database.db.execute(
      sql`update guest_bags set updated_at = now() - interval '31 days' where token_hash = ${tokenHash}`,
    );
    expect(await sweepIdleGuestBags(context.database.db)).toBe(1);
    expect((await guest.bag()).lines).toEqual([]);
    expect((await fresh.bag()).lines).toHaveLength(1);
  });
});

describe("merging into the account's bag on signing in", () => {
  it("adds quantities up to 99, flags sold-out and deleted lines, and empties the guest bag", async () => {
    const shopper = await registerAccount(context.app);
    const dress = await sizedProduct({ S: 200, M: 200 });
    const gone = await insertProduct(context.database.db, { name: "Gone Scarf", stock: 5 });
    const soldOut = await insertProduct(context.database.db, { name: "Last Hat", stock: 1 });
    const kept = await insertProduct(context.database.db, { name: "Kept Belt", stock: 9 });
    await context.app.inject({
      method: "PUT",
      url: `/api/cart/${dress.id}`,
      headers: shopper.headers,
      payload: { quantity: 60, variantId: dress.M },
    });
    const guest = new Guest();
    await guest.add(dress.id, 50, dress.M);
    await guest.add(gone, 1);
    await guest.add(soldOut, 1);
    await guest.add(kept, 3);
    await context.database.db.delete(products).where(eq(products.id, gone));
    await context.database.db.execute(
      sql`update product_variants set stock = 0 where product_id = ${soldOut}`,
    );
    // The deleted product's line stays in the bag, flagged.
    expect((await guest.bag()).unavailable).toEqual([
      expect.objectContaining({ name: "Gone Scarf", quantity: 1 }),
    ]);

    const merged = await guest.request("POST", "/api/guest-bag/merge", undefined, shopper.headers);
    expect(merged.statusCode, merged.body).toBe(200);
    const report = merged.json<BagMergeReport>();
    expect(report.reduced).toEqual([expect.objectContaining({ quantity: 99, wanted: 110 })]);
    expect(report.reduced[0]!.name).toMatch(/Size: M/);
    expect(report.merged).toEqual([{ name: "Kept Belt", quantity: 3 }]);
    expect(report.unavailable).toEqual(
      expect.arrayContaining([
        { name: "Gone Scarf", reason: "deleted" },
        { name: "Last Hat", reason: "sold-out" },
      ]),
    );
    expect(guest.setCookie).toMatch(/Max-Age=0/);
    const cart = (
      await context.app.inject({ url: `/api/carts/${shopper.email}`, headers: shopper.headers })
    ).json<CartLine[]>();
    expect(cart.map((line) => [line.name, line.quantity]).sort()).toEqual([
      ["Kept Belt", 3],
      [expect.stringMatching(/^Linen Dress/), 99],
    ]);
    // Merging again (another tab, another instance) finds nothing left to add.
    const again = await context.app.inject({
      method: "POST",
      url: "/api/guest-bag/merge",
      headers: { ...shopper.headers, cookie: guest.cookie ?? "" },
    });
    expect(again.json()).toEqual({ merged: [], reduced: [], unavailable: [] });
  });

  it("needs a signed-in account", async () => {
    expect((await new Guest().request("POST", "/api/guest-bag/merge")).statusCode).toBe(401);
  });
});

describe("guest checkout and the order link", () => {
  it("places the order with the same stock and idempotency, and mails a link that opens only that order", async () => {
    const email = uniqueEmail("guest");
    const guest = new Guest();
    const dress = await sizedProduct({ S: 5, M: 5 });
    const line = (await guest.add(dress.id, 2, dress.M)).json<CartLine>();
    const key = randomUUID();
    const placed = await guest.checkout(email, [line._id], key);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order).toMatchObject({ email, placedAsGuest: true, status: "paid", total: expect.any(Number) });
    expect(order.lines[0]).toMatchObject({ quantity: 2, options: [{ name: "Size", value: "M" }] });
    expect(JSON.stringify(order)).not.toMatch(/orderLinkToken/);
    expect((await guest.bag()).lines).toEqual([]);
    // The same key: the same order, no second one.
    const repeated = await guest.checkout(email, [line._id], key);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()._id).toBe(order._id);
    // Another bag's request with that key is another checkout (its bag is empty: refused).
    const other = new Guest();
    expect((await other.checkout(email, [line._id], key)).statusCode).toBe(409);

    const token = await mailedToken(email, "order-confirmation");
    const [stored] = await context.database.db
      .select()
      .from(orderLinks)
      .where(eq(orderLinks.orderId, order._id));
    expect(stored!.tokenHash).not.toBe(token);
    const opened = await openLink(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ _id: order._id, number: order.number });
    // The link never opens another order, and a guessed token opens nothing.
    const second = await guestOrder(uniqueEmail("guest"));
    expect((await openLink(token)).json()._id).not.toBe(second.order._id);
    const guessed = await openLink("A".repeat(43));
    expect(guessed.statusCode).toBe(404);
    expect(guessed.json().detail).toBe(GUEST_MESSAGES.linkInvalid);
    expect((await openLink("short")).statusCode).toBe(400);
    // Signed-in order reads stay the account's: a guest order is not someone's.
    const shopper = await registerAccount(context.app);
    expect(
      (await context.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.headers })).statusCode,
    ).toBe(404);
    // Revoked: useless.
    const revoked = await context.app.inject({
      method: "POST",
      url: "/api/order-links/revoke",
      payload: { token },
    });
    expect(revoked.statusCode).toBe(204);
    expect((await openLink(token)).statusCode).toBe(404);
  });

  it("lets the guest ask for a return within the window through the link", async () => {
    const email = uniqueEmail("guest");
    const { order } = await guestOrder(email);
    const token = await mailedToken(email, "order-confirmation");
    const ask = () =>
      context.app.inject({
        method: "POST",
        url: "/api/order-links/returns",
        payload: { token, lineIds: [order.lines[0]!._id], reason: "Too small" },
      });
    expect((await ask()).statusCode).toBe(409);
    for (const status of ["shipped", "delivered"]) {
      const moved = await context.app.inject({
        method: "PATCH",
        url: `/api/admin/orders/${order._id}`,
        headers: admin.headers,
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    // The shipped and delivered mails open the order through a fresh link of their own.
    const deliveredToken = await mailedToken(email, "order-delivered");
    expect(deliveredToken).not.toBe(token);
    expect((await openLink(deliveredToken)).json()._id).toBe(order._id);
    const asked = await ask();
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().returns).toHaveLength(1);
  });

  it("opens the order from every later mail (parcels, returns, refunds) through a fresh private link", async () => {
    const email = uniqueEmail("mails");
    const guest = new Guest();
    const dress = await sizedProduct({ S: 5, M: 5 });
    const lines = [
      (await guest.add(dress.id, 1, dress.S)).json<CartLine>(),
      (await guest.add(dress.id, 1, dress.M)).json<CartLine>(),
    ];
    const placed = await guest.checkout(
      email,
      lines.map((line) => line._id),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const adminCall = (method: "POST" | "PATCH", url: string, payload?: object, headers = {}) =>
      context.app.inject({ method, url, headers: { ...admin.headers, ...headers }, payload });
    const sent = await adminCall("POST", `/api/admin/orders/${order._id}/shipments`, {
      carrier: "DHL",
      trackingNumber: "JD0146 0000 7788",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const parcelId = sent.json<Order>().shipments[0]!._id;
    const arrived = await adminCall("POST", `/api/admin/orders/${order._id}/shipments/${parcelId}/delivered`);
    expect(arrived.statusCode, arrived.body).toBe(200);
    const token = await mailedToken(email, "order-confirmation");
    const [small, large] = order.lines;
    const askReturn = async (lineId: string) => {
      const asked = await context.app.inject({
        method: "POST",
        url: "/api/order-links/returns",
        payload: { token, lineIds: [lineId], reason: "Wrong size" },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      return asked.json<Order>().returns.find((entry) => entry.lineIds.includes(lineId))!._id;
    };
    const rejectedId = await askReturn(small!._id);
    expect(
      (await adminCall("PATCH", `/api/admin/returns/${rejectedId}`, { action: "reject" })).statusCode,
    ).toBe(200);
    const approvedId = await askReturn(large!._id);
    for (const action of [
      { action: "approve" },
      { action: "receive", restock: true },
      { action: "refund" },
    ]) {
      const acted = await adminCall("PATCH", `/api/admin/returns/${approvedId}`, action);
      expect(acted.statusCode, acted.body).toBe(200);
    }
    const refunded = await adminCall(
      "POST",
      `/api/admin/orders/${order._id}/refunds`,
      { amount: 1, reason: "Goodwill" },
      { "idempotency-key": randomUUID() },
    );
    expect(refunded.statusCode, refunded.body).toBe(201);

    const subjects = [
      /^Your order #\d+ is on its way$/,
      /^Your order #\d+ was delivered$/,
      /^Your return for order #\d+ was not accepted$/,
      /^Your return for order #\d+ is approved$/,
      /^\$40\.00 refunded on your order/,
      /^\$1\.00 refunded on your order/,
    ];
    const ofSubject = (subject: RegExp) => smtp.to(email).find((mail) => subject.test(mail.subject ?? ""));
    await smtp.waitFor(() => subjects.every((subject) => ofSubject(subject)));
    const baseUrl = context.app.config.baseUrl;
    const tokens = new Set([token]);
    for (const subject of subjects) {
      const mail = ofSubject(subject)!;
      expect(mail.text, mail.subject).not.toContain("/dashboard/orders");
      const link = linkIn(mail, baseUrl);
      expect(link.pathname, mail.subject).toBe("/order-link");
      const linkToken = link.hash.slice(1);
      expect(linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      tokens.add(linkToken);
      const opened = await openLink(linkToken);
      expect(opened.statusCode, mail.subject).toBe(200);
      expect(opened.json<Order>()._id).toBe(order._id);
      // Stored hashed, as the confirmation's.
      const [stored] = await context.database.db
        .select()
        .from(orderLinks)
        .where(eq(orderLinks.tokenHash, hashToken(linkToken)));
      expect(stored?.orderId).toBe(order._id);
    }
    // Each mail its own link: revoking one leaves the others working.
    expect(tokens.size).toBe(subjects.length + 1);
  });

  it("asks for a valid address and an idempotency key", async () => {
    const guest = new Guest();
    const productId = await insertProduct(context.database.db, { stock: 5 });
    const line = (await guest.add(productId, 1)).json<CartLine>();
    expect((await guest.checkout("not-an-address", [line._id])).statusCode).toBe(400);
    const noKey = await guest.request("POST", "/api/guest-orders", {
      email: uniqueEmail(),
      lineIds: [line._id],
      delivery: TEST_DELIVERY,
      card,
    });
    expect(noKey.statusCode).toBe(400);
  });
});

describe("coupons and totals", () => {
  it("quotes the guest bag as checkout charges it, with a coupon once per address", async () => {
    const code = `GUEST${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await context.app.inject({
      method: "POST",
      url: "/api/admin/coupons",
      headers: admin.headers,
      payload: { code, kind: "percent", value: 10 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const guest = new Guest();
    const dress = await sizedProduct({ S: 5, M: 5 });
    const line = (await guest.add(dress.id, 2, dress.S)).json<CartLine>();
    const email = uniqueEmail("coupon");
    const quote = await guest.request("POST", "/api/guest-bag/quote", { couponCode: code, email });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ subtotal: 80, discount: 8, coupon: { code, applied: true } });
    const placed = await guest.checkout(email, [line._id], randomUUID(), { couponCode: code });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>().total).toBe(quote.json().total);
    expect(placed.json<Order>().money.couponCode).toBe(code);
    // The same address again: the coupon was used.
    const again = new Guest();
    await again.add(dress.id, 1, dress.M);
    const second = await again.request("POST", "/api/guest-bag/quote", { couponCode: code, email });
    expect(second.json().coupon).toMatchObject({ applied: false });
  });

  it("offers the account checkout's shipping methods, priced by the server, and charges the one chosen", async () => {
    const tag = randomUUID().slice(0, 6);
    const method = async (payload: object) => {
      const created = await context.app.inject({
        method: "POST",
        url: "/api/admin/shipping-methods",
        headers: admin.headers,
        payload,
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ _id: string; name: string }>();
    };
    const standard = await method({ name: `Standard ${tag}`, price: 4.99, freeFrom: 50, sortOrder: 0 });
    const express = await method({ name: `Express ${tag}`, price: 14.99, sortOrder: 1 });
    const retired = await method({ name: `Retired ${tag}`, price: 1, active: false });
    try {
      const productId = await insertProduct(context.database.db, { priceCents: 4000, stock: 10 });
      const guest = new Guest();
      const line = (await guest.add(productId, 1)).json<CartLine>();
      const quoteOf = async (who: { request: Guest["request"] }, body: object) => {
        const response = await who.request("POST", "/api/guest-bag/quote", body);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<Quote>();
      };
      const first = await quoteOf(guest, {});
      expect(first.shippingMethodId).toBe(standard._id);
      expect(first.shippingMethods.map((entry) => [entry.name, entry.cost])).toEqual([
        [standard.name, 4.99],
        [express.name, 14.99],
      ]);
      expect(first).toMatchObject({ subtotal: 40, shipping: 4.99 });
      const quoted = await quoteOf(guest, { shippingMethodId: express._id });
      expect(quoted).toMatchObject({ shippingMethodId: express._id, shipping: 14.99 });

      // An account buying the same is quoted the same figures: one set of rules.
      const shopper = await registerAccount(context.app);
      const accountLine = await context.app.inject({
        method: "PUT",
        url: `/api/cart/${productId}`,
        headers: shopper.headers,
        payload: { quantity: 1 },
      });
      const accountQuote = await context.app.inject({
        method: "POST",
        url: "/api/cart/quote",
        headers: shopper.headers,
        payload: { lineIds: [accountLine.json()._id], shippingMethodId: express._id },
      });
      expect(accountQuote.json<Quote>()).toEqual(quoted);

      // A method that is unknown or switched off is refused, and nothing is taken.
      for (const shippingMethodId of [randomUUID(), retired._id]) {
        const refused = await guest.checkout(uniqueEmail("ship"), [line._id], randomUUID(), {
          shippingMethodId,
        });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().errors).toEqual({ shippingMethodId: MONEY_MESSAGES.shippingUnknown });
      }
      const bad = await guest.checkout(uniqueEmail("ship"), [line._id], randomUUID(), {
        shippingMethodId: "express",
      });
      expect(bad.statusCode).toBe(400);
      const placed = await guest.checkout(uniqueEmail("ship"), [line._id], randomUUID(), {
        shippingMethodId: express._id,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<Order>();
      expect(order.total).toBe(quoted.total);
      expect(order.money).toMatchObject({ shipping: 14.99, shippingMethod: express.name });
    } finally {
      for (const entry of [standard, express, retired]) {
        await context.app.inject({
          method: "DELETE",
          url: `/api/admin/shipping-methods/${entry._id}`,
          headers: admin.headers,
        });
      }
    }
  });

  it("gives one address one use of a coupon even when its checkouts race", async () => {
    const code = `RACE${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await context.app.inject({
      method: "POST",
      url: "/api/admin/coupons",
      headers: admin.headers,
      payload: { code, kind: "percent", value: 10 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const email = uniqueEmail("race");
    // Each browser buys another product: no stock lock puts them one after the other.
    const racers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const guest = new Guest();
        const productId = await insertProduct(context.database.db, { priceCents: 3000, stock: 5 });
        return { guest, line: (await guest.add(productId, 1)).json<CartLine>() };
      }),
    );
    const placed = await Promise.all(
      racers.map(({ guest, line }, index) =>
        guest.checkout(index % 2 ? email.toUpperCase() : email, [line._id], randomUUID(), {
          couponCode: code,
        }),
      ),
    );
    const statuses = placed.map((response) => response.statusCode).sort();
    expect(statuses, placed.map((response) => response.body).join("\n")).toEqual([201, 409, 409, 409]);
    for (const refused of placed.filter((response) => response.statusCode === 409)) {
      expect(refused.json().errors).toEqual({ couponCode: MONEY_MESSAGES.couponAlreadyUsed });
    }
    const [coupon] = await context.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(coupon!.usedCount).toBe(1);
  });
});

describe("find my order", () => {
  it("answers the same for a known and an unknown pair, and mails a fresh link only for the known one", async () => {
    const email = uniqueEmail("guest");
    const { order } = await guestOrder(email);
    const find = (payload: object) =>
      context.app.inject({ method: "POST", url: "/api/order-links/find", payload });
    const known = await find({ number: order.number, email: email.toUpperCase() });
    const wrongEmail = await find({ number: order.number, email: uniqueEmail("other") });
    const wrongNumber = await find({ number: order.number + 100_000, email });
    for (const response of [known, wrongEmail, wrongNumber]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: GUEST_MESSAGES.findOrderSent });
    }
    const fresh = await mailedToken(email, "order-link");
    expect(fresh).not.toBe(await mailedToken(email, "order-confirmation"));
    expect((await openLink(fresh)).json()._id).toBe(order._id);
    const linkMails = await context.database.db.select().from(mails).where(eq(mails.kind, "order-link"));
    expect(linkMails.filter((mail) => mail.recipient === email)).toHaveLength(1);
    expect((await find({ number: "x", email })).statusCode).toBe(400);
  });

  it("is rate limited per address", async () => {
    const limited = await createTestApp({
      config: { publicCatalogue: true, guestCheckout: true, authRateLimitPerIp: 3 },
    });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await limited.app.inject({
          method: "POST",
          url: "/api/order-links/find",
          payload: { number: 1001 + attempt, email: uniqueEmail() },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("claiming guest orders", () => {
  it("only once the account has verified the address: then they are its orders and purchases", async () => {
    const email = uniqueEmail("claim");
    const { order, dress } = await guestOrder(email);
    const account = await registerAccount(context.app, email, "Claire", { verified: false });
    const mine = async (who: TestAccount) =>
      (await context.app.inject({ url: "/api/orders", headers: who.headers })).json<Order[]>();
    expect(await mine(account)).toEqual([]);
    const [unclaimed] = await context.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(unclaimed!.userId).toBeNull();

    await verifyThroughOutbox(context.app, email);
    const signedIn = await signIn(context.app, email);
    const claimed = await mine(signedIn);
    expect(claimed.map((entry) => entry._id)).toEqual([order._id]);
    expect(claimed[0]!.placedAsGuest).toBe(true);
    // A verified purchase: once delivered, My Reviews offers its product to review.
    for (const status of ["shipped", "delivered"]) {
      await context.app.inject({
        method: "PATCH",
        url: `/api/admin/orders/${order._id}`,
        headers: admin.headers,
        payload: { status },
      });
    }
    const reviews = await context.app.inject({ url: "/api/my-reviews", headers: signedIn.headers });
    expect(reviews.statusCode).toBe(200);
    expect(JSON.stringify(reviews.json())).toContain(dress.id);
    // Its mails now open it in the account, like any of the account's orders.
    const refunded = await context.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order._id}/refunds`,
      headers: { ...admin.headers, "idempotency-key": randomUUID() },
      payload: { amount: 1, reason: "Goodwill" },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const refundMail = () => smtp.to(email).find((mail) => /refunded on your order/.test(mail.subject ?? ""));
    await smtp.waitFor(() => refundMail() !== undefined);
    expect(linkIn(refundMail()!, context.app.config.baseUrl).pathname).toBe(`/dashboard/orders/${order._id}`);
  });

  it("does not hand one address's orders to another account", async () => {
    const email = uniqueEmail("claim");
    const { order } = await guestOrder(email);
    const other = await registerAccount(context.app);
    const list = (await context.app.inject({ url: "/api/orders", headers: other.headers })).json<Order[]>();
    expect(list.some((entry) => entry._id === order._id)).toBe(false);
  });
});

describe("the admin's view", () => {
  it("marks guest orders in All Orders and counts them in insights", async () => {
    const { order } = await guestOrder(uniqueEmail("guest"));
    const all = await context.app.inject({
      url: `/api/admin/orders?q=${order.number}`,
      headers: admin.headers,
    });
    expect(all.json()).toEqual([expect.objectContaining({ _id: order._id, placedAsGuest: true })]);
    const insights = await context.app.inject({ url: "/api/admin/insights?days=7", headers: admin.headers });
    expect(insights.statusCode, insights.body).toBe(200);
    const [placedGuestOrders] = await context.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.guestBagId} is not null and ${orders.status} in ('paid', 'shipped', 'delivered')`);
    expect(insights.json().totals.guestOrders).toBe(placedGuestOrders!.count);
    expect(insights.json().totals.guestOrders).toBeGreaterThan(0);
  });
});

describe("off by default", () => {
  it("has no guest routes without GUEST_CHECKOUT", async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ url: "/api/guest-bag" })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
