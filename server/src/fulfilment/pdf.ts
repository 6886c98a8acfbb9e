import { dollarsToCents } from "@shop/contract/money";
import path from "node:path";
import { documentNumber, type FulfilmentSettings } from "@shop/contract/fulfilment";
import type { Language } from "@shop/contract/languages";
import type { Order } from "@shop/contract/orders";
import { SHOP_NAME } from "../mail/templates";
import { serverRoot } from "../paths";
import { variantName } from "../products/variant-sql";
import type { DocumentRow } from "./documents";
import { documentWords, type DocumentWords } from "./messages";

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

/**
 * Bengali letters, signs and digits (U+0980–U+09FF), the danda and double danda Bengali shares
 * with Devanagari (U+0964–U+0965) and the joiners. A run of them takes in the spaces and the
 * punctuation Noto Sans Bengali has between them ("২৯ নভেম্বর, ২০২৬", "১২০.০০"), so a Bengali
 * date or amount is one run in one font.
 */
const BENGALI = /[\u0980-\u09FF\u0964\u0965\u200C\u200D]/;
const BENGALI_RUNS =
  /([\u0980-\u09FF\u0964\u0965\u200C\u200D]+(?:[\s.,:;%\u2013\u2014-]+[\u0980-\u09FF\u0964\u0965\u200C\u200D]+)*)/;

async function newDocument(title: string, language: Language): Promise<PdfDocument> {
  // Loaded on first use and left out of the bundle: pdfkit reads data files beside itself (decision 033).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    font: FONTS.regular,
    bufferPages: true,
    lang: language,
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

/** The current font's ascender in thousandths of the size (pdfkit has it; its typings do not). */
const ascenderOf = (doc: PdfDocument) => (doc as unknown as { _font: { ascender: number } })._font.ascender;

/**
 * Writes text at (x, y), switching to the Bengali font for Bengali runs. A line that fits its
 * width is laid out run by run on the Latin font's baseline, so an amount such as "১২০.০০ US$"
 * keeps its alignment (pdfkit aligns each `continued` piece on its own); a longer one wraps as
 * one paragraph of continued runs.
 */
function write(doc: PdfDocument, text: string, x: number, y: number, options: WriteOptions = {}) {
  const { bold = false, size = 10, color = INK, ...textOptions } = options;
  const latin = bold ? "bold" : "regular";
  doc.fontSize(size).fillColor(color);
  if (!BENGALI.test(text)) {
    doc.font(latin).text(text, x, y, textOptions);
    return;
  }
  doc.font(latin);
  const lineHeight = doc.currentLineHeight(true);
  const baseline = (ascenderOf(doc) / 1000) * size;
  let lineY = y;
  for (const line of text.split("\n")) {
    const runs = line
      .split(BENGALI_RUNS)
      .filter((run) => run.length > 0)
      .map((run) => ({ run, font: BENGALI.test(run) ? "bengali" : latin }));
    const widths = runs.map(({ run, font }) => doc.font(font).widthOfString(run));
    const total = widths.reduce((sum, width) => sum + width, 0);
    const { width, align } = textOptions;
    if (width !== undefined && total > width) {
      runs.forEach(({ run, font }, index) => {
        doc.font(font);
        const continued = index < runs.length - 1;
        if (index === 0) doc.text(run, x, lineY, { ...textOptions, continued });
        else doc.text(run, { continued });
      });
      lineY = doc.y;
      continue;
    }
    const free = width === undefined ? 0 : width - total;
    let runX = x + (align === "right" ? free : align === "center" ? free / 2 : 0);
    runs.forEach(({ run, font }, index) => {
      doc.font(font).text(run, runX, lineY + baseline, { lineBreak: false, baseline: "alphabetic" });
      runX += widths[index]!;
    });
    lineY += lineHeight;
  }
}

function rule(doc: PdfDocument, y: number) {
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.5)
    .strokeColor("#d6d3d1")
    .stroke();
}

function sellerBlock(doc: PdfDocument, seller: Seller, y: number, { t }: DocumentWords) {
  write(doc, seller.name, PAGE.margin, y, { bold: true, size: 11 });
  const lines = [
    ...seller.address.split("\n"),
    ...(seller.taxId ? [t("pdf.seller.taxId", { taxId: seller.taxId })] : []),
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

function lineRows(order: Order, { money, count }: DocumentWords): string[][] {
  return order.lines.map((line) => [
    variantName(line.name, line.options),
    count(line.quantity),
    money(cents(line.price)),
    money(cents(line.total)),
  ]);
}

/**
 * The invoice of an order: seller, buyer, lines, discount, shipping, tax per rate, total paid; in
 * `language`, the order's (decision 041).
 */
export async function invoicePdf(order: Order, invoice: DocumentRow, language: Language): Promise<Buffer> {
  const words = documentWords(language);
  const { t, money, date } = words;
  const number = documentNumber("invoice", invoice.number);
  const doc = await newDocument(t("pdf.invoice.documentTitle", { number }), language);
  heading(doc, t("pdf.invoice.title"), [
    [t("pdf.invoice.number"), number],
    [t("pdf.invoice.date"), date(invoice.issuedAt)],
    [t("pdf.order"), t("pdf.order.number", { number: order.number })],
    [t("pdf.order.date"), date(order.createdAt)],
  ]);
  sellerBlock(doc, invoice.seller as Seller, 130, words);
  addressBlock(doc, t("pdf.invoice.billTo"), order, PAGE.margin + CONTENT_WIDTH / 2 + 10, 130);
  const columns: Column[] = [
    { label: t("pdf.column.item"), width: 255 },
    { label: t("pdf.invoice.quantity"), width: 50, align: "right" },
    { label: t("pdf.invoice.unitPrice"), width: 95, align: "right" },
    { label: t("pdf.invoice.amount"), width: CONTENT_WIDTH - 400, align: "right" },
  ];
  let y = table(doc, columns, lineRows(order, words), 245);
  const { money: figuresOf } = order;
  const rate = taxRateOf(order);
  const rows: [string, string, boolean?][] = [[t("pdf.invoice.subtotal"), money(cents(figuresOf.subtotal))]];
  if (figuresOf.discount > 0) {
    rows.push([
      figuresOf.couponCode
        ? t("pdf.invoice.discountWithCode", { code: figuresOf.couponCode })
        : t("pdf.invoice.discount"),
      `-${money(cents(figuresOf.discount))}`,
    ]);
  }
  rows.push([
    figuresOf.shippingMethod
      ? t("pdf.invoice.shippingWithMethod", { method: figuresOf.shippingMethod })
      : t("pdf.invoice.shipping"),
    money(cents(figuresOf.shipping)),
  ]);
  if (figuresOf.tax > 0 || rate > 0) {
    rows.push([
      t(figuresOf.taxIncluded ? "pdf.invoice.taxIncludedAt" : "pdf.invoice.taxAt", {
        rate: words.rate(rate),
      }),
      money(cents(figuresOf.tax)),
    ]);
  } else {
    rows.push([t("pdf.invoice.taxAt", { rate: words.rate(0) }), money(0)]);
  }
  rows.push([t("pdf.invoice.total"), money(cents(order.total)), true]);
  y = figures(doc, rows, y + 4);
  write(
    doc,
    order.payment.reference === "none"
      ? t("pdf.invoice.free")
      : t("pdf.invoice.paid", { last4: order.payment.last4, date: date(order.createdAt) }),
    PAGE.margin,
    y + 12,
    { color: MUTED },
  );
  return toBuffer(doc);
}

/**
 * A refund's credit note: what was paid back, against which invoice, and its tax part; in
 * `language`, the order's, as its invoice.
 */
export async function creditNotePdf(
  order: Order,
  note: DocumentRow,
  invoice: DocumentRow | undefined,
  reason: string,
  language: Language,
) {
  const words = documentWords(language);
  const { t, money, date } = words;
  const number = documentNumber("credit-note", note.number);
  const doc = await newDocument(t("pdf.creditNote.documentTitle", { number }), language);
  heading(doc, t("pdf.creditNote.title"), [
    [t("pdf.creditNote.number"), number],
    [t("pdf.creditNote.date"), date(note.issuedAt)],
    ...(invoice
      ? ([[t("pdf.creditNote.forInvoice"), documentNumber("invoice", invoice.number)]] as [string, string][])
      : []),
    [t("pdf.order"), t("pdf.order.number", { number: order.number })],
  ]);
  sellerBlock(doc, note.seller as Seller, 130, words);
  addressBlock(doc, t("pdf.creditNote.creditedTo"), order, PAGE.margin + CONTENT_WIDTH / 2 + 10, 130);
  const rate = taxRateOf(order);
  // The refund carries the order's tax rate: its tax part as on the invoice.
  const taxPart = rate === 0 ? 0 : Math.round((note.amountCents * rate) / (10_000 + rate));
  let y = table(
    doc,
    [
      { label: t("pdf.creditNote.description"), width: CONTENT_WIDTH - 110 },
      { label: t("pdf.creditNote.amount"), width: 110, align: "right" },
    ],
    [[t("pdf.creditNote.refund", { number: order.number, reason }), `-${money(note.amountCents)}`]],
    245,
  );
  y = figures(
    doc,
    [
      [t("pdf.creditNote.taxPart", { rate: words.rate(rate) }), `-${money(taxPart)}`],
      [t("pdf.creditNote.total"), `-${money(note.amountCents)}`, true],
    ],
    y + 4,
  );
  write(doc, t("pdf.creditNote.paidBack", { last4: order.payment.last4 }), PAGE.margin, y + 12, {
    color: MUTED,
  });
  return toBuffer(doc);
}

/**
 * Packing slips without prices: one order per page (more pages for a long one), in the order
 * given; in `language`, the staff's who asked for them.
 */
export async function packingSlipsPdf(orders: Order[], seller: Seller, language: Language): Promise<Buffer> {
  const words = documentWords(language);
  const { t, count, date } = words;
  const doc = await newDocument(
    orders.length === 1
      ? t("pdf.packingSlip.documentTitle", { number: orders[0]!.number })
      : t("pdf.packingSlips.documentTitle", { count: orders.length, shown: count(orders.length) }),
    language,
  );
  orders.forEach((order, index) => {
    if (index > 0) doc.addPage();
    heading(doc, t("pdf.packingSlip.title"), [
      [t("pdf.order"), t("pdf.order.number", { number: order.number })],
      [t("pdf.order.date"), date(order.createdAt)],
      [t("pdf.packingSlip.shipping"), order.money.shippingMethod ?? "—"],
    ]);
    sellerBlock(doc, seller, 130, words);
    addressBlock(doc, t("pdf.packingSlip.shipTo"), order, PAGE.margin + CONTENT_WIDTH / 2 + 10, 130);
    const y = table(
      doc,
      [
        { label: t("pdf.column.item"), width: 330 },
        { label: t("pdf.packingSlip.ordered"), width: 60, align: "right" },
        { label: t("pdf.packingSlip.shipped"), width: 60, align: "right" },
        { label: t("pdf.packingSlip.packed"), width: CONTENT_WIDTH - 450, align: "center" },
      ],
      order.lines.map((line) => [
        variantName(line.name, line.options),
        count(line.quantity),
        count(line.shipped),
        "[   ]",
      ]),
      245,
    );
    const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
    write(doc, t("pdf.packingSlip.itemsInAll", { count: items, shown: count(items) }), PAGE.margin, y + 8, {
      color: MUTED,
    });
  });
  return toBuffer(doc);
}
