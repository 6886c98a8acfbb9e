import { dollarsToCents } from "@shop/contract/money";
import path from "node:path";
import { documentNumber, type FulfilmentSettings } from "@shop/contract/fulfilment";
import type { Order } from "@shop/contract/orders";
import { money, SHOP_NAME } from "../mail/templates";
import { serverRoot } from "../paths";
import { variantName } from "../products/variant-sql";
import type { DocumentRow } from "./documents";

type Seller = FulfilmentSettings["seller"];
type PdfDocument = PDFKit.PDFDocument;

/**
 * Fonts shipped in the repo (server/assets/fonts, SIL OFL): a PDF never depends on the fonts of
 * the machine that prints it. Noto Sans has no Bengali letters, so Bengali runs use Noto Sans Bengali.
 */
const FONT_DIR = path.join(serverRoot, "assets", "fonts");
const FONTS = {
  regular: path.join(FONT_DIR, "NotoSans-Regular.ttf"),
  bold: path.join(FONT_DIR, "NotoSans-Bold.ttf"),
  bengali: path.join(FONT_DIR, "NotoSansBengali-Regular.ttf"),
};

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const MUTED = "#57534e";
const INK = "#1c1917";

const BENGALI = /[\u0980-\u09FF\u200C\u200D]/;
const BENGALI_RUNS = /([\u0980-\u09FF\u200C\u200D]+(?:\s+[\u0980-\u09FF\u200C\u200D]+)*)/;

async function newDocument(title: string): Promise<PdfDocument> {
  // Loaded on first use and left out of the bundle: pdfkit reads data files beside itself (decision 033).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    font: FONTS.regular,
    bufferPages: true,
    info: { Title: title, Author: SHOP_NAME, Creator: SHOP_NAME },
  });
  doc.registerFont("regular", FONTS.regular);
  doc.registerFont("bold", FONTS.bold);
  doc.registerFont("bengali", FONTS.bengali);
  return doc;
}

function toBuffer(doc: PdfDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

interface WriteOptions extends PDFKit.Mixins.TextOptions {
  bold?: boolean;
  size?: number;
  color?: string;
}

/** Writes text at (x, y), switching to the Bengali font for Bengali runs. */
function write(doc: PdfDocument, text: string, x: number, y: number, options: WriteOptions = {}) {
  const { bold = false, size = 10, color = INK, ...textOptions } = options;
  const latin = bold ? "bold" : "regular";
  doc.fontSize(size).fillColor(color);
  if (!BENGALI.test(text)) {
    doc.font(latin).text(text, x, y, textOptions);
    return;
  }
  const runs = text.split(BENGALI_RUNS).filter((run) => run.length > 0);
  runs.forEach((run, index) => {
    doc.font(BENGALI.test(run) ? "bengali" : latin);
    const continued = index < runs.length - 1;
    if (index === 0) doc.text(run, x, y, { ...textOptions, continued });
    else doc.text(run, { continued });
  });
}

function rule(doc: PdfDocument, y: number) {
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.5)
    .strokeColor("#d6d3d1")
    .stroke();
}

const dateOf = (iso: string) => iso.slice(0, 10);

function sellerBlock(doc: PdfDocument, seller: Seller, y: number) {
  write(doc, seller.name, PAGE.margin, y, { bold: true, size: 11 });
  const lines = [
    ...seller.address.split("\n"),
    ...(seller.taxId ? [`Tax ID: ${seller.taxId}`] : []),
    ...(seller.email ? [seller.email] : []),
  ];
  write(doc, lines.join("\n"), PAGE.margin, y + 16, { color: MUTED, width: CONTENT_WIDTH / 2 - 10 });
}

function addressBlock(doc: PdfDocument, heading: string, order: Order, x: number, y: number) {
  write(doc, heading, x, y, { bold: true, size: 9, color: MUTED });
  const { delivery } = order;
  write(
    doc,
    [delivery.name, delivery.address, delivery.city, delivery.phone, order.email].join("\n"),
    x,
    y + 14,
    {
      width: CONTENT_WIDTH / 2 - 10,
    },
  );
}

function heading(doc: PdfDocument, title: string, facts: [string, string][]) {
  write(doc, title, PAGE.margin, PAGE.margin, { bold: true, size: 22 });
  let y = PAGE.margin + 4;
  for (const [label, value] of facts) {
    write(doc, label, PAGE.width - PAGE.margin - 230, y, { color: MUTED, width: 100 });
    write(doc, value, PAGE.width - PAGE.margin - 130, y, { bold: true, width: 130, align: "right" });
    y += 14;
  }
}

interface Column {
  label: string;
  width: number;
  align?: "left" | "right" | "center";
}

/** A table with a header row; a new page when the next row would not fit. */
function table(doc: PdfDocument, columns: Column[], rows: string[][], startY: number): number {
  let y = startY;
  const header = () => {
    let x = PAGE.margin;
    for (const column of columns) {
      write(doc, column.label, x, y, {
        bold: true,
        size: 9,
        color: MUTED,
        width: column.width - 6,
        align: column.align ?? "left",
      });
      x += column.width;
    }
    y += 16;
    rule(doc, y - 3);
  };
  header();
  for (const row of rows) {
    doc.font("regular").fontSize(10);
    const height = Math.max(
      14,
      ...row.map((cell, index) => doc.heightOfString(cell, { width: columns[index]!.width - 6 })),
    );
    if (y + height > PAGE.height - PAGE.margin - 40) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    let x = PAGE.margin;
    row.forEach((cell, index) => {
      const column = columns[index]!;
      write(doc, cell, x, y, { width: column.width - 6, align: column.align ?? "left" });
      x += column.width;
    });
    y += height + 6;
  }
  rule(doc, y - 3);
  return y + 4;
}

function figures(doc: PdfDocument, rows: [string, string, boolean?][], startY: number): number {
  let y = startY;
  if (y + rows.length * 16 > PAGE.height - PAGE.margin) {
    doc.addPage();
    y = PAGE.margin;
  }
  for (const [label, amount, strong] of rows) {
    write(doc, label, PAGE.width - PAGE.margin - 260, y, { bold: strong, width: 170 });
    write(doc, amount, PAGE.width - PAGE.margin - 90, y, { bold: strong, width: 90, align: "right" });
    y += strong ? 18 : 15;
  }
  return y;
}

const cents = dollarsToCents;

/**
 * The order's tax rate, from its own figures (orders keep the tax charged, not the rate): tax was
 * rounded once on (subtotal − discount + shipping), so the rate in basis points comes back exactly.
 */
export function taxRateOf(order: Order): number {
  const taxable = cents(order.money.subtotal) - cents(order.money.discount) + cents(order.money.shipping);
  const tax = cents(order.money.tax);
  if (tax === 0 || taxable <= 0) return 0;
  const base = order.money.taxIncluded ? taxable - tax : taxable;
  return base > 0 ? Math.round((tax * 10_000) / base) : 0;
}

const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, "")} %`;

function lineRows(order: Order): string[][] {
  return order.lines.map((line) => [
    variantName(line.name, line.options),
    String(line.quantity),
    money(cents(line.price)),
    money(cents(line.total)),
  ]);
}

const LINE_COLUMNS: Column[] = [
  { label: "Item", width: 255 },
  { label: "Qty", width: 50, align: "right" },
  { label: "Unit price", width: 95, align: "right" },
  { label: "Amount", width: CONTENT_WIDTH - 400, align: "right" },
];

/** The invoice of an order: seller, buyer, lines, discount, shipping, tax per rate, total paid. */
export async function invoicePdf(order: Order, invoice: DocumentRow): Promise<Buffer> {
  const number = documentNumber("invoice", invoice.number);
  const doc = await newDocument(`Invoice ${number}`);
  heading(doc, "Invoice", [
    ["Invoice number", number],
    ["Invoice date", dateOf(invoice.issuedAt.toISOString())],
    ["Order", `#${order.number}`],
    ["Order date", dateOf(order.createdAt)],
  ]);
  sellerBlock(doc, invoice.seller as Seller, 130);
  addressBlock(doc, "BILL TO", order, PAGE.margin + CONTENT_WIDTH / 2 + 10, 130);
  let y = table(doc, LINE_COLUMNS, lineRows(order), 245);
  const { money: figuresOf } = order;
  const rate = taxRateOf(order);
  const rows: [string, string, boolean?][] = [["Subtotal", money(cents(figuresOf.subtotal))]];
  if (figuresOf.discount > 0) {
    rows.push([
      `Discount${figuresOf.couponCode ? ` (${figuresOf.couponCode})` : ""}`,
      `-${money(cents(figuresOf.discount))}`,
    ]);
  }
  rows.push([
    `Shipping${figuresOf.shippingMethod ? ` (${figuresOf.shippingMethod})` : ""}`,
    money(cents(figuresOf.shipping)),
  ]);
  if (figuresOf.tax > 0 || rate > 0) {
    rows.push([
      `${figuresOf.taxIncluded ? "Tax included" : "Tax"} at ${percent(rate)}`,
      money(cents(figuresOf.tax)),
    ]);
  } else {
    rows.push(["Tax at 0 %", money(0)]);
  }
  rows.push(["Total", money(cents(order.total)), true]);
  y = figures(doc, rows, y + 4);
  write(
    doc,
    order.payment.reference === "none"
      ? "Nothing was charged: the order was free."
      : `Paid in full by card ending ${order.payment.last4} on ${dateOf(order.createdAt)}.`,
    PAGE.margin,
    y + 12,
    { color: MUTED },
  );
  return toBuffer(doc);
}

/** A refund's credit note: what was paid back, against which invoice, and its tax part. */
export async function creditNotePdf(
  order: Order,
  note: DocumentRow,
  invoice: DocumentRow | undefined,
  reason: string,
) {
  const number = documentNumber("credit-note", note.number);
  const doc = await newDocument(`Credit note ${number}`);
  heading(doc, "Credit note", [
    ["Credit note", number],
    ["Date", dateOf(note.issuedAt.toISOString())],
    ...(invoice ? ([["For invoice", documentNumber("invoice", invoice.number)]] as [string, string][]) : []),
    ["Order", `#${order.number}`],
  ]);
  sellerBlock(doc, note.seller as Seller, 130);
  addressBlock(doc, "CREDITED TO", order, PAGE.margin + CONTENT_WIDTH / 2 + 10, 130);
  const rate = taxRateOf(order);
  // The refund carries the order's tax rate: its tax part as on the invoice.
  const taxPart = rate === 0 ? 0 : Math.round((note.amountCents * rate) / (10_000 + rate));
  let y = table(
    doc,
    [
      { label: "Description", width: CONTENT_WIDTH - 110 },
      { label: "Amount", width: 110, align: "right" },
    ],
    [[`Refund on order #${order.number}: ${reason}`, `-${money(note.amountCents)}`]],
    245,
  );
  y = figures(
    doc,
    [
      [`Of which tax at ${percent(rate)}`, `-${money(taxPart)}`],
      ["Total credited", `-${money(note.amountCents)}`, true],
    ],
    y + 4,
  );
  write(doc, `Paid back to the card ending ${order.payment.last4}.`, PAGE.margin, y + 12, { color: MUTED });
  return toBuffer(doc);
}

/** Packing slips without prices: one order per page (more pages for a long one), in the order given. */
export async function packingSlipsPdf(orders: Order[], seller: Seller): Promise<Buffer> {
  const doc = await newDocument(
    orders.length === 1 ? `Packing slip #${orders[0]!.number}` : `Packing slips (${orders.length} orders)`,
  );
  orders.forEach((order, index) => {
    if (index > 0) doc.addPage();
    heading(doc, "Packing slip", [
      ["Order", `#${order.number}`],
      ["Order date", dateOf(order.createdAt)],
      ["Shipping", order.money.shippingMethod ?? "—"],
    ]);
    sellerBlock(doc, seller, 130);
    addressBlock(doc, "SHIP TO", order, PAGE.margin + CONTENT_WIDTH / 2 + 10, 130);
    const y = table(
      doc,
      [
        { label: "Item", width: 330 },
        { label: "Ordered", width: 60, align: "right" },
        { label: "Shipped", width: 60, align: "right" },
        { label: "Packed", width: CONTENT_WIDTH - 450, align: "center" },
      ],
      order.lines.map((line) => [
        variantName(line.name, line.options),
        String(line.quantity),
        String(line.shipped),
        "[   ]",
      ]),
      245,
    );
    write(
      doc,
      `${order.lines.reduce((sum, line) => sum + line.quantity, 0)} items in all.`,
      PAGE.margin,
      y + 8,
      {
        color: MUTED,
      },
    );
  });
  return toBuffer(doc);
}
