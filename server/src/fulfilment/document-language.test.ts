import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { Order } from "@shop/contract/orders";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { registerAccount, uniqueEmail, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { TEST_DELIVERY, refundOrder } from "../../test/support/orders";
import { startSmtpSink, type SmtpSink } from "../../test/support/smtp-sink";
import { createTestApp, FAST_MAIL, type TestContext } from "../../test/support/test-app";
import { serverRoot } from "../paths";

/**
 * The PDFs' language (decision 041): an invoice and its credit notes in the language the order was
 * placed in, whoever downloads them; packing slips in the asking admin's. pdftotext gives shaped
 * Bengali in glyph (visual) order: a vowel sign written before its consonant comes first
 * ("ইনভয়েস" reads back as "ইনভেয়স", "মোট" as "েমাট").
 */
const run = promisify(execFile);
/**
 * Where the PDFs and their first pages go, to be looked at (git ignores it); one folder per
 * database, as both projects run at once.
 */
const ARTIFACTS = path.join(
  serverRoot,
  "..",
  ".test-artifacts",
  "pdf",
  inject("testDatabaseUrl") ? "languages-postgres" : "languages",
);
const ADMIN_EMAIL = "documents-admin@shop.test";

let context: TestContext;
let smtp: SmtpSink;
let admin: TestAccount;

beforeAll(async () => {
  smtp = await startSmtpSink();
  context = await createTestApp({
    config: {
      adminEmails: [ADMIN_EMAIL],
      smtpUrl: smtp.url,
      languages: ["en", "bn"],
      defaultLanguage: "en",
    },
    mail: FAST_MAIL,
  });
  admin = await registerAccount(context.app, ADMIN_EMAIL, "Documents Admin");
  const taxed = await context.app.inject({
    method: "PUT",
    url: "/api/admin/money-settings",
    headers: admin.headers,
    payload: { taxRate: 10, pricesIncludeTax: false, returnWindowDays: 30 },
  });
  expect(taxed.statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await context.close();
  await smtp.close();
});

/** Two Dive Watches at $25.50 (tax 10 % on top: $56.10), checked out with these headers. */
async function buyWatches(shopper: TestAccount, headers: Record<string, string>): Promise<Order> {
  const productId = await insertProduct(context.database.db, {
    name: "Dive Watch",
    priceCents: 2550,
    stock: 20,
  });
  const line = await context.app.inject({
    method: "PUT",
    url: `/api/cart/${productId}`,
    headers: shopper.headers,
    payload: { quantity: 2 },
  });
  expect(line.statusCode).toBe(200);
  const placed = await context.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...shopper.headers, ...headers, "idempotency-key": randomUUID() },
    payload: {
      lineIds: [line.json()._id],
      delivery: TEST_DELIVERY,
      card: { number: "4242424242424242", expiry: "12/39", cvc: "123" },
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json();
}

/** The PDF's text (pdftotext -layout) and title; its first page as a PNG (60 dpi) beside it. */
async function readPdf(pdf: Buffer, name: string): Promise<{ text: string; title: string }> {
  await mkdir(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.pdf`);
  await writeFile(file, pdf);
  const { stdout: text } = await run("pdftotext", ["-layout", file, "-"]);
  const { stdout: info } = await run("pdfinfo", [file]);
  const title = /^Title:\s+(.*)$/m.exec(info)?.[1] ?? "";
  await run("pdftoppm", [
    "-png",
    "-r",
    "60",
    "-f",
    "1",
    "-l",
    "1",
    "-singlefile",
    file,
    path.join(ARTIFACTS, name),
  ]);
  return { text, title };
}

/** Bengali digits ০–৯ (U+09E6–U+09EF). */
const BENGALI_DIGIT = /[\u09E6-\u09EF]/;
/** Any Bengali character. */
const BENGALI = /[\u0980-\u09FF]/;
/** A day as Intl writes it for bn: "২৯ নভেম্বর, ২০২৬" (the month read back in glyph order). */
const BENGALI_DATE = /[০-৯]{1,2} \S+, [০-৯]{4}/;

describe("an invoice and its credit notes", () => {
  it("are in Bengali for an order placed in Bengali, whatever language the download asks for: labels, dates, amounts and counts in Bengali digits", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("rahima"), "Rahima");
    const order = await buyWatches(shopper, { "accept-language": "bn-BD,bn;q=0.9" });
    const invoice = order.documents.find((document) => document.kind === "invoice")!;

    const response = await context.app.inject({
      url: `/api/orders/${order._id}/invoice.pdf`,
      headers: { ...shopper.headers, "accept-language": "en" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const { text, title } = await readPdf(response.rawPayload, "invoice-bn");
    expect(title).toBe(`ইনভয়েস ${invoice.number}`);
    // The heading, the facts' labels and the buyer's block.
    expect(text).toMatch(/^ইনভেয়স\s+ইনভেয়স নম্বর/m);
    expect(text).toContain("ইনভেয়েসর তািরখ");
    expect(text).toContain("িবল প্রাপক");
    // Order and invoice numbers stay as written; the days are Bengali.
    expect(text).toContain(invoice.number);
    expect(text).toContain(`#${order.number}`);
    expect(text).toMatch(BENGALI_DATE);
    // The table: its columns, the count and the amounts in Bengali digits.
    expect(text).toMatch(/পণ্য\s+পিরমাণ\s+একক দাম\s+দাম/);
    expect(text).toMatch(/Dive Watch\s+২\s+২৫\.৫০ US\$\s+৫১\.০০ US\$/);
    expect(text).toMatch(/উপেমাট\s+৫১\.০০ US\$/);
    expect(text).toMatch(/১০% হাের কর\s+৫\.১০ US\$/);
    expect(text).toMatch(/েমাট\s+৫৬\.১০ US\$/);
    expect(text).toMatch(/তািরেখ সম্পূণর্ মূল্য কােডর্ পিরেশাধ করা হেয়েছ \(কােডর্ র েশষ চার অঙ্ক 4242\)।/);
    expect(text).toMatch(BENGALI_DIGIT);
    expect(text).not.toMatch(/Invoice|BILL TO|Subtotal|Total|Tax at|Paid in full|\$\d/);

    // A partial refund's credit note, downloaded by an admin whose page is English.
    const refund = await refundOrder(context.app, admin, order._id, 22, "Scratched glass");
    expect(refund.statusCode).toBe(201);
    const note = (refund.json() as Order).documents.find((document) => document.kind === "credit-note")!;
    const notePdf = await context.app.inject({
      url: `/api/orders/${order._id}/credit-notes/${note._id}`,
      headers: { ...admin.headers, cookie: "shop_lang=en" },
    });
    expect(notePdf.statusCode).toBe(200);
    const credit = await readPdf(notePdf.rawPayload, "credit-note-bn");
    expect(credit.title).toBe(`ক্রেডিট নোট ${note.number}`);
    expect(credit.text).toMatch(/^েক্রিডট েনাট\s+েক্রিডট েনাট/m);
    expect(credit.text).toMatch(new RegExp(`সংিশ্লষ্ট ইনভেয়স\\s+${invoice.number}`));
    expect(credit.text).toContain("টাকা েফরেতর প্রাপক");
    expect(credit.text).toMatch(/িববরণ\s+টাকার পিরমাণ/);
    expect(credit.text).toMatch(
      new RegExp(`#${order.number}-এর টাকা েফরত: Scratched glass\\s+-২২\\.০০ US\\$`),
    );
    expect(credit.text).toMatch(/এর মেধ্য ১০% হাের কর\s+-২\.০০ US\$/);
    expect(credit.text).toMatch(/েমাট েফরত\s+-২২\.০০ US\$/);
    expect(credit.text).toContain("টাকা কােডর্ েফরত েদওয়া হেয়েছ (কােডর্ র েশষ চার অঙ্ক 4242)।");
    expect(credit.text).toMatch(BENGALI_DATE);
    expect(credit.text).not.toMatch(/Credit note|For invoice|Total credited|Paid back|\$\d/);
  });

  it("travel in Bengali attached to a Bengali order's confirmation", async () => {
    const settings = await context.app.inject({
      url: "/api/admin/fulfilment-settings",
      headers: admin.headers,
    });
    const { builtInCarriers: _, ...current } = settings.json();
    const saved = await context.app.inject({
      method: "PUT",
      url: "/api/admin/fulfilment-settings",
      headers: admin.headers,
      payload: { ...current, invoiceInMail: "attach" },
    });
    expect(saved.statusCode).toBe(200);
    try {
      const shopper = await registerAccount(context.app, uniqueEmail("jamal"), "Jamal");
      const order = await buyWatches(shopper, { cookie: "shop_lang=bn" });
      const subject = `আপনার অর্ডার #${order.number} নিশ্চিত হয়েছে`;
      await smtp.waitFor(() => smtp.to(shopper.email).some((mail) => mail.subject === subject));
      const confirmation = smtp.to(shopper.email).find((mail) => mail.subject === subject)!;
      expect(confirmation.attachments).toHaveLength(1);
      const { text, title } = await readPdf(confirmation.attachments[0]!.content, "invoice-bn-attached");
      expect(title).toBe(`ইনভয়েস ${order.documents[0]!.number}`);
      expect(text).toMatch(/েমাট\s+৫৬\.১০ US\$/);
    } finally {
      await context.app.inject({
        method: "PUT",
        url: "/api/admin/fulfilment-settings",
        headers: admin.headers,
        payload: { ...current, invoiceInMail: "link" },
      });
    }
  });

  it("stay exactly as before for an order placed in English, even downloaded from a Bengali page", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("ann"), "Ann");
    const order = await buyWatches(shopper, { "accept-language": "en" });
    const invoice = order.documents.find((document) => document.kind === "invoice")!;
    const response = await context.app.inject({
      url: `/api/orders/${order._id}/invoice.pdf`,
      headers: { ...shopper.headers, cookie: "shop_lang=bn" },
    });
    expect(response.statusCode).toBe(200);
    const { text, title } = await readPdf(response.rawPayload, "invoice-en-bilingual-shop");
    expect(title).toBe(`Invoice ${invoice.number}`);
    const day = order.createdAt.slice(0, 10);
    expect(text).toMatch(new RegExp(`^Invoice\\s+Invoice number`, "m"));
    expect(text).toMatch(
      new RegExp(`Invoice date[\\s\\S]*Order\\s+#${order.number}\\s+Order date\\s+${day}`),
    );
    expect(text).toContain("BILL TO");
    expect(text).toMatch(/Item\s+Qty\s+Unit price\s+Amount/);
    expect(text).toMatch(/Dive Watch\s+2\s+\$25\.50\s+\$51\.00/);
    expect(text).toMatch(/Subtotal\s+\$51\.00/);
    expect(text).toMatch(/Shipping\s+\$0\.00/);
    expect(text).toMatch(/Tax at 10 %\s+\$5\.10/);
    expect(text).toMatch(/Total\s+\$56\.10/);
    expect(text).toContain(`Paid in full by card ending 4242 on ${day}.`);
    expect(text).not.toMatch(BENGALI);
  });
});

describe("packing slips", () => {
  it("are in the asking admin's language: Accept-Language or the shop_lang cookie bn, else English", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("karim"), "Karim");
    // The order's own language does not matter to the staff's slip.
    const first = await buyWatches(shopper, { "accept-language": "en" });
    const second = await buyWatches(shopper, { "accept-language": "bn" });

    const one = await context.app.inject({
      url: `/api/admin/orders/${first._id}/packing-slip.pdf`,
      headers: { ...admin.headers, "accept-language": "bn-BD,bn;q=0.9,en;q=0.5" },
    });
    expect(one.statusCode).toBe(200);
    expect(one.headers["content-language"]).toBe("bn");
    const slip = await readPdf(one.rawPayload, "packing-slip-bn");
    expect(slip.title).toBe(`প্যাকিং স্লিপ #${first.number}`);
    expect(slip.text).toMatch(/^প্যািকং িস্লপ\s+অডর্ ার/m);
    expect(slip.text).toContain("েডিলভািরর িঠকানা");
    expect(slip.text).toMatch(/পণ্য\s+অডর্ ার করা\s+পাঠােনা\s+প্যাক করা/);
    expect(slip.text).toMatch(/Dive Watch\s+২\s+০\s+\[ \]/);
    expect(slip.text).toContain("েমাট ২িট পণ্য।");
    expect(slip.text).toMatch(BENGALI_DATE);
    expect(slip.text).not.toMatch(/Packing slip|SHIP TO|Ordered|items in all|US\$|\$/);

    const both = await context.app.inject({
      url: `/api/admin/packing-slips.pdf?ids=${first._id},${second._id}`,
      headers: { ...admin.headers, cookie: "shop_lang=bn", "accept-language": "en" },
    });
    expect(both.statusCode).toBe(200);
    const slips = await readPdf(both.rawPayload, "packing-slips-bn");
    expect(slips.title).toBe("প্যাকিং স্লিপ (২টি অর্ডার)");
    expect(slips.text.split("\f").filter((page) => page.includes("প্যািকং িস্লপ"))).toHaveLength(2);

    const english = await context.app.inject({
      url: `/api/admin/orders/${second._id}/packing-slip.pdf`,
      headers: admin.headers,
    });
    const plain = await readPdf(english.rawPayload, "packing-slip-en-bilingual-shop");
    expect(plain.title).toBe(`Packing slip #${second.number}`);
    expect(plain.text).toMatch(/^Packing slip\s+Order/m);
    expect(plain.text).toContain("SHIP TO");
    expect(plain.text).toMatch(/Item\s+Ordered\s+Shipped\s+Packed/);
    expect(plain.text).toMatch(/Dive Watch\s+2\s+0\s+\[ \]/);
    expect(plain.text).toContain("2 items in all.");
    expect(plain.text).not.toMatch(BENGALI);
  });
});
