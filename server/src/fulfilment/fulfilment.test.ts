import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { Order } from "@shop/contract/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { TEST_DELIVERY, refundOrder } from "../../test/support/orders";
import { startSmtpSink, type SmtpSink } from "../../test/support/smtp-sink";
import { createTestApp, FAST_MAIL, type TestContext } from "../../test/support/test-app";
import { serverRoot } from "../paths";

const run = promisify(execFile);
/** Where the rendered first pages go, to be looked at (git ignores it). */
const ARTIFACTS = path.join(serverRoot, "..", ".test-artifacts", "pdf");

let context: TestContext;
let smtp: SmtpSink;
let admin: TestAccount;

beforeAll(async () => {
  smtp = await startSmtpSink();
  context = await createTestApp({
    config: { adminEmails: ["fulfil@shop.test"], smtpUrl: smtp.url },
    mail: FAST_MAIL,
  });
  admin = await registerAccount(context.app, "fulfil@shop.test", "Fulfil Owner");
});
afterAll(async () => {
  await context.close();
  await smtp.close();
});

/** Buys the given products (price cents, quantity) in one order. */
async function buy(
  shopper: TestAccount,
  items: { name: string; priceCents: number; quantity: number }[],
  delivery = TEST_DELIVERY,
): Promise<Order> {
  const lineIds = [];
  for (const item of items) {
    const productId = await insertProduct(context.database.db, {
      name: item.name,
      priceCents: item.priceCents,
      stock: 20,
    });
    const line = await context.app.inject({
      method: "PUT",
      url: `/api/cart/${productId}`,
      headers: shopper.headers,
      payload: { quantity: item.quantity },
    });
    expect(line.statusCode).toBe(200);
    lineIds.push(line.json()._id as string);
  }
  const response = await context.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...shopper.headers, "idempotency-key": randomUUID() },
    payload: {
      lineIds,
      delivery,
      card: { number: "4242424242424242", expiry: "12/39", cvc: "123" },
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const ship = (orderId: string, payload: object, headers = admin.headers) =>
  context.app.inject({ method: "POST", url: `/api/admin/orders/${orderId}/shipments`, headers, payload });

/** The PDF's text (pdftotext -layout) and its first page as a PNG under .test-artifacts/pdf. */
async function readPdf(pdf: Buffer, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run("pdftotext", ["-layout", file, "-"]);
  await run("pdftoppm", [
    "-png",
    "-r",
    "80",
    "-f",
    "1",
    "-l",
    "1",
    "-singlefile",
    file,
    path.join(ARTIFACTS, name),
  ]);
  const png = await readFile(path.join(ARTIFACTS, `${name}.png`));
  expect(png.subarray(1, 4).toString()).toBe("PNG");
  return stdout;
}

describe("shipments", () => {
  it("ship an order in two parcels with tracking links; shipped when all is, delivered when every parcel is", async () => {
    const saved = await context.app.inject({
      method: "PUT",
      url: "/api/admin/fulfilment-settings",
      headers: admin.headers,
      payload: {
        seller: {
          name: "Trendsetters Ltd.",
          address: "1 Market Street\nSpringfield",
          taxId: "US 1",
          email: "",
        },
        carriers: [{ name: "Pathao", trackingUrl: "https://track.pathao.example/{tracking}" }],
        invoiceInMail: "link",
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().builtInCarriers.map((carrier: { name: string }) => carrier.name)).toEqual([
      "DHL",
      "UPS",
      "FedEx",
      "USPS",
    ]);

    const shopper = await registerAccount(context.app);
    const order = await buy(shopper, [
      { name: "Linen Shirt", priceCents: 3000, quantity: 2 },
      { name: "Canvas Tote", priceCents: 1500, quantity: 1 },
    ]);
    const shirt = order.lines.find((line) => line.name === "Linen Shirt")!;
    const tote = order.lines.find((line) => line.name === "Canvas Tote")!;

    const first = await ship(order._id, {
      carrier: "DHL",
      trackingNumber: "JD0146 0000 1234",
      lines: [{ orderLineId: shirt._id, quantity: 1 }],
    });
    expect(first.statusCode).toBe(201);
    const partly: Order = first.json();
    expect(partly.status).toBe("paid");
    expect(partly.shipments).toHaveLength(1);
    expect(partly.shipments[0]!.trackingUrl).toBe(
      "https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD0146%200000%201234",
    );
    expect(partly.lines.find((line) => line._id === shirt._id)!.shipped).toBe(1);

    // More than is left of a line, a line of another order, and a malformed number are refused.
    const tooMany = await ship(order._id, {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      lines: [{ orderLineId: shirt._id, quantity: 2 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toBe("Only 1 of Linen Shirt are left to ship.");
    const foreign = await ship(order._id, {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      lines: [{ orderLineId: randomUUID(), quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(409);
    const malformed = await ship(order._id, { carrier: "UPS", trackingNumber: "<script>" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers["content-type"]).toContain("application/problem+json");
    expect(
      (await ship(order._id, { carrier: "UPS", trackingNumber: "1Z999AA1" }, shopper.headers)).statusCode,
    ).toBe(403);
    const cancel = await context.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${order._id}`,
      headers: admin.headers,
      payload: { status: "cancelled" },
    });
    expect(cancel.statusCode).toBe(409);

    // No lines named: the rest goes, with the owner's own carrier.
    const second = await ship(order._id, { carrier: "pathao", trackingNumber: "PT-778899" });
    expect(second.statusCode).toBe(201);
    const shipped: Order = second.json();
    expect(shipped.status).toBe("shipped");
    expect(shipped.shipments.map((parcel) => parcel.trackingUrl)).toEqual([
      "https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD0146%200000%201234",
      "https://track.pathao.example/PT-778899",
    ]);
    expect(shipped.shipments[1]!.lines).toEqual(
      expect.arrayContaining([
        { orderLineId: shirt._id, quantity: 1 },
        { orderLineId: tote._id, quantity: 1 },
      ]),
    );
    expect((await ship(order._id, { carrier: "UPS", trackingNumber: "1Z999AA1" })).statusCode).toBe(409);

    // The shopper's order page has both parcels; the mails list each with its link.
    const mine = await context.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.headers });
    expect((mine.json() as Order).shipments).toHaveLength(2);
    await smtp.waitFor(
      () => smtp.to(shopper.email).filter((mail) => /on its way/.test(mail.subject ?? "")).length === 2,
    );
    // Mails go out in parallel: they may arrive in either order.
    const shippedMails = smtp.to(shopper.email);
    const partMail = shippedMails.find(
      (mail) => mail.subject === `Part of your order #${order.number} is on its way`,
    );
    const lastMail = shippedMails.find(
      (mail) => mail.subject === `Your order #${order.number} is on its way`,
    );
    expect(partMail!.text).toContain("tracking-id=JD0146%200000%201234");
    expect(lastMail!.text).toContain("https://track.pathao.example/PT-778899");
    expect(lastMail!.text).toContain("Parcel 2 (new): pathao PT-778899");
    expect(lastMail!.html).toContain('href="https://track.pathao.example/PT-778899"');

    const deliver = (shipmentId: string) =>
      context.app.inject({
        method: "POST",
        url: `/api/admin/orders/${order._id}/shipments/${shipmentId}/delivered`,
        headers: admin.headers,
      });
    const one = await deliver(shipped.shipments[0]!._id);
    expect((one.json() as Order).status).toBe("shipped");
    expect((await deliver(shipped.shipments[0]!._id)).statusCode).toBe(409);
    expect((await deliver(randomUUID())).statusCode).toBe(404);
    const both = await deliver(shipped.shipments[1]!._id);
    expect(both.json()).toMatchObject({ status: "delivered" });
    expect((both.json() as Order).deliveredAt).not.toBeNull();
    await smtp.waitFor(() => smtp.to(shopper.email).some((mail) => /was delivered/.test(mail.subject ?? "")));
  });
});

describe("invoices, credit notes and packing slips", () => {
  it("an invoice per paid order with the seller, buyer, lines, discount-free totals and tax; only for its shopper and admins", async () => {
    await context.app.inject({
      method: "PUT",
      url: "/api/admin/money-settings",
      headers: admin.headers,
      payload: { taxRate: 10, pricesIncludeTax: false, returnWindowDays: 30 },
    });
    const shopper = await registerAccount(context.app);
    const order = await buy(shopper, [
      { name: "Jamdani Saree জামদানি শাড়ি", priceCents: 12000, quantity: 1 },
      { name: "Dive Watch", priceCents: 2550, quantity: 2 },
    ]);
    const invoice = order.documents.find((document) => document.kind === "invoice")!;
    expect(invoice.number).toMatch(/^INV-\d{6}$/);

    const response = await context.app.inject({
      url: `/api/orders/${order._id}/invoice.pdf`,
      headers: shopper.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const text = await readPdf(response.rawPayload, "invoice");
    expect(text).toContain(invoice.number);
    expect(text).toContain("Trendsetters Ltd.");
    expect(text).toContain("Tax ID: US 1");
    expect(text).toContain(TEST_DELIVERY.name);
    expect(text).toContain(shopper.email);
    // Shaped Bengali comes out of pdftotext in glyph (visual) order: the i-sign before its consonant.
    expect(text).toContain("Jamdani Saree জামদািন");
    expect(text).toMatch(/Dive Watch\s+2\s+\$25\.50\s+\$51\.00/);
    expect(text).toMatch(/Subtotal\s+\$171\.00/);
    expect(text).toMatch(/Tax at 10 %\s+\$17\.10/);
    expect(text).toMatch(new RegExp(`Total\\s+\\$${order.total.toFixed(2).replace(".", "\\.")}`));

    const stranger = await registerAccount(context.app);
    expect(
      (await context.app.inject({ url: `/api/orders/${order._id}/invoice.pdf`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect((await context.app.inject({ url: `/api/orders/${order._id}/invoice.pdf` })).statusCode).toBe(401);
    expect(
      (await context.app.inject({ url: `/api/orders/${order._id}/invoice.pdf`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (await context.app.inject({ url: `/api/orders/nope/invoice.pdf`, headers: admin.headers })).statusCode,
    ).toBe(400);

    // The confirmation links to it (the setting says link).
    await smtp.waitFor(() => smtp.to(shopper.email).some((mail) => /is confirmed/.test(mail.subject ?? "")));
    const confirmation = smtp.to(shopper.email).find((mail) => /is confirmed/.test(mail.subject ?? ""))!;
    expect(confirmation.text).toContain(`/api/orders/${order._id}/invoice.pdf`);
    expect(confirmation.attachments).toHaveLength(0);

    // A refund gets a credit note, numbered in its own sequence.
    const refund = await refundOrder(context.app, admin, order._id, 22, "Scratched glass");
    expect(refund.statusCode).toBe(201);
    const note = (refund.json() as Order).documents.find((document) => document.kind === "credit-note")!;
    expect(note).toMatchObject({ number: expect.stringMatching(/^CN-\d{6}$/), amount: 22 });
    const notePdf = await context.app.inject({
      url: `/api/orders/${order._id}/credit-notes/${note._id}`,
      headers: shopper.headers,
    });
    expect(notePdf.statusCode).toBe(200);
    const noteText = await readPdf(notePdf.rawPayload, "credit-note");
    expect(noteText).toContain(note.number);
    expect(noteText).toContain(`For invoice`);
    expect(noteText).toContain(invoice.number);
    expect(noteText).toContain("Scratched glass");
    expect(noteText).toMatch(/Of which tax at 10 %\s+-\$2\.00/);
    expect(noteText).toMatch(/Total credited\s+-\$22\.00/);

    await context.app.inject({
      method: "PUT",
      url: "/api/admin/money-settings",
      headers: admin.headers,
      payload: { taxRate: 0, pricesIncludeTax: true, returnWindowDays: 30 },
    });
  });

  it("attaches the invoice to the confirmation when the setting says attach", async () => {
    const settings = await context.app.inject({
      url: "/api/admin/fulfilment-settings",
      headers: admin.headers,
    });
    const { builtInCarriers: _, ...current } = settings.json();
    await context.app.inject({
      method: "PUT",
      url: "/api/admin/fulfilment-settings",
      headers: admin.headers,
      payload: { ...current, invoiceInMail: "attach" },
    });
    const shopper = await registerAccount(context.app);
    const order = await buy(shopper, [{ name: "Wool Scarf", priceCents: 4000, quantity: 1 }]);
    await smtp.waitFor(() => smtp.to(shopper.email).some((mail) => /is confirmed/.test(mail.subject ?? "")));
    const confirmation = smtp.to(shopper.email).find((mail) => /is confirmed/.test(mail.subject ?? ""))!;
    const number = order.documents[0]!.number;
    expect(confirmation.text).toContain(`Your invoice ${number} is attached`);
    expect(confirmation.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`${number}.pdf`, "application/pdf"],
    ]);
    const text = await readPdf(confirmation.attachments[0]!.content, "invoice-attached");
    expect(text).toContain("Wool Scarf");
  });

  it("packing slips carry no prices, for one order or several together; admins only", async () => {
    const shopper = await registerAccount(context.app);
    const first = await buy(shopper, [{ name: "Rain Jacket", priceCents: 9900, quantity: 3 }]);
    const second = await buy(shopper, [{ name: "Trail Boots", priceCents: 14900, quantity: 1 }]);
    const one = await context.app.inject({
      url: `/api/admin/orders/${first._id}/packing-slip.pdf`,
      headers: admin.headers,
    });
    expect(one.statusCode).toBe(200);
    const text = await readPdf(one.rawPayload, "packing-slip");
    expect(text).toContain(`#${first.number}`);
    expect(text).toMatch(/Rain Jacket\s+3\s+0/);
    expect(text).not.toContain("$");
    expect(
      (
        await context.app.inject({
          url: `/api/admin/orders/${first._id}/packing-slip.pdf`,
          headers: shopper.headers,
        })
      ).statusCode,
    ).toBe(403);

    const both = await context.app.inject({
      url: `/api/admin/packing-slips.pdf?ids=${first._id},${second._id}`,
      headers: admin.headers,
    });
    expect(both.statusCode).toBe(200);
    const together = await readPdf(both.rawPayload, "packing-slips");
    expect(together).toContain("Rain Jacket");
    expect(together).toContain("Trail Boots");
    expect(together.split("\f").filter((page) => page.trim()).length).toBe(2);
    const bad = await context.app.inject({
      url: `/api/admin/packing-slips.pdf?ids=x`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await context.app.inject({
          url: `/api/admin/packing-slips.pdf?ids=${randomUUID()}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("All Orders", () => {
  it("finds orders by number, e-mail or name, filters by status, payment, dates and shipping, and sorts", async () => {
    const shopper = await registerAccount(context.app);
    const cheap = await buy(shopper, [{ name: "Pin", priceCents: 500, quantity: 1 }], {
      ...TEST_DELIVERY,
      name: "Zubaida Quraishi",
    });
    const dear = await buy(shopper, [{ name: "Coat", priceCents: 50000, quantity: 1 }], {
      ...TEST_DELIVERY,
      name: "Zubaida Quraishi",
    });
    const list = async (query: string) => {
      const response = await context.app.inject({
        url: `/api/admin/orders?${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Order[]).map((order) => order.number);
    };
    expect(await list(`q=${encodeURIComponent(`#${cheap.number}`)}`)).toEqual([cheap.number]);
    expect(await list("q=zubaida%20q")).toEqual([dear.number, cheap.number]);
    expect(await list(`q=${encodeURIComponent(shopper.email.slice(0, 12).toUpperCase())}`)).toEqual([
      dear.number,
      cheap.number,
    ]);
    expect(await list("q=zubaida&sort=total-asc")).toEqual([cheap.number, dear.number]);
    expect(await list("q=zubaida&sort=oldest")).toEqual([cheap.number, dear.number]);
    expect(await list("q=zubaida&status=shipped")).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await list(`q=zubaida&from=${today}&to=${today}`)).toEqual([dear.number, cheap.number]);
    expect(await list("q=zubaida&to=2000-01-01")).toEqual([]);
    expect(await list("q=zubaida&shippingMethod=Nope")).toEqual([]);
    expect(await list("q=zubaida&payment=paid")).toEqual([dear.number, cheap.number]);
    await refundOrder(context.app, admin, dear._id, 10, "Goodwill");
    expect(await list("q=zubaida&payment=partly-refunded")).toEqual([dear.number]);
    expect(await list("q=zubaida&payment=refunded")).toEqual([]);
    expect(await list("q=%25")).toEqual([]);
    const bad = await context.app.inject({ url: "/api/admin/orders?from=yesterday", headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail ?? bad.json().title).toBeTruthy();
  });
});
