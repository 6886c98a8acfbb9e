import { formatMinor } from "@shop/contract/currency";
import { createHash } from "node:crypto";
import type { MailMessage, MailProduct, OrderData, OrderLineData, ParcelData } from "./mail-kinds";
import { markdownToHtml, markdownToText } from "./markdown";

/** As the web app names the shop (web/src/config/app.ts). */
export const SHOP_NAME = "Trendsetters";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What every template may use: the shop's public address (BASE_URL). */
export interface MailContext {
  baseUrl: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * An amount in minor units as every mail and document prints it: $12.34 for US dollars, Intl's
 * en-US form for any other SHOP_CURRENCY (¥1,234, KWD 1.250; decision 040).
 */
export const money = (cents: number) => formatMinor(cents);

export const orderLink = (baseUrl: string, orderId: string) =>
  `${baseUrl}/dashboard/orders/${encodeURIComponent(orderId)}`;

/** A guest's private link to an order: the token after `#` reaches no server log. */
export const guestOrderLink = (baseUrl: string, token: string) => `${baseUrl}/order-link#${token}`;

/** The invoice's download (the shopper's session, or an admin's, opens it). */
export const invoiceLink = (baseUrl: string, orderId: string) =>
  `${baseUrl}/api/orders/${encodeURIComponent(orderId)}/invoice.pdf`;
export const productLink = (baseUrl: string, productId: string) =>
  `${baseUrl}/aboutproduct/${encodeURIComponent(productId)}`;

/** The page a marketing mail's visible unsubscribe link opens (it unsubscribes at once). */
export const unsubscribePageLink = (baseUrl: string, token: string) =>
  `${baseUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** RFC 8058: what a mail client POSTs `List-Unsubscribe=One-Click` to. */
export const oneClickUnsubscribeLink = (baseUrl: string, token: string) =>
  `${baseUrl}/api/newsletter/unsubscribe/${encodeURIComponent(token)}`;

/** Extra headers: every marketing mail says how to leave the list, in one click (RFC 2369, 8058). */
export function headersOf(message: MailMessage, context: MailContext): Record<string, string> {
  if (!("unsubscribeToken" in message.data)) return {};
  return {
    "List-Unsubscribe": `<${oneClickUnsubscribeLink(context.baseUrl, message.data.unsubscribeToken)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The subject line, known when the mail is queued (the Mail page lists it before sending). */
export function subjectOf(message: MailMessage): string {
  switch (message.kind) {
    case "verify-email":
      return `Confirm your e-mail address for ${SHOP_NAME}`;
    case "change-email":
      return `Confirm your new e-mail address for ${SHOP_NAME}`;
    case "reset-password":
      return `Reset your ${SHOP_NAME} password`;
    case "order-confirmation":
      return `Your order #${message.data.number} is confirmed`;
    case "order-link":
      return `The link to your order #${message.data.number}`;
    case "order-shipped":
      return message.data.partial
        ? `Part of your order #${message.data.number} is on its way`
        : `Your order #${message.data.number} is on its way`;
    case "order-delivered":
      return `Your order #${message.data.number} was delivered`;
    case "order-cancelled":
      return `Your order #${message.data.number} was cancelled`;
    case "order-refunded":
      return `${money(message.data.refundCents)} refunded on your order #${message.data.number}`;
    case "return-approved":
      return `Your return for order #${message.data.number} is approved`;
    case "return-rejected":
      return `Your return for order #${message.data.number} was not accepted`;
    case "newsletter-confirm":
      return `Confirm your subscription to ${SHOP_NAME}`;
    case "campaign":
      return message.data.subject;
    case "back-in-stock":
      return `${message.data.productName} is back in stock`;
    case "bag-reminder":
      return `You left something in your ${SHOP_NAME} bag`;
  }
}

/** The one link a mail is about: the server logs it, the Mail page shows it, tests follow it. */
export function linkOf(message: MailMessage, context: MailContext): string {
  if (message.kind === "campaign") return unsubscribePageLink(context.baseUrl, message.data.unsubscribeToken);
  if ("url" in message.data) return message.data.url;
  if ("orderLinkToken" in message.data && message.data.orderLinkToken) {
    return guestOrderLink(context.baseUrl, message.data.orderLinkToken);
  }
  return orderLink(context.baseUrl, message.data.orderId);
}

interface Body {
  greeting: string;
  paragraphs: string[];
  button: { label: string; url: string };
  after?: string[];
  order?: OrderData;
  parcels?: ParcelData[];
  /** The invoice's line under the order: where to download it, or that it is attached. */
  invoice?: { text: string; url?: string };
  /** A campaign's body: HTML made from its Markdown (escaped there), and its text part. */
  markdown?: string;
  products?: MailProduct[];
  /** Marketing mails: the visible way out. */
  unsubscribeUrl?: string;
}

function bodyOf(message: MailMessage, context: MailContext): Body {
  const greeting = `Hello ${message.data.name || "there"},`;
  const link = linkOf(message, context);
  switch (message.kind) {
    case "verify-email":
      return {
        greeting,
        paragraphs: [
          `Please confirm that this is your e-mail address. Until you do, you can browse and fill your cart, but not check out.`,
        ],
        button: { label: "Confirm my address", url: link },
        after: ["The link works for 24 hours. If you did not create an account, ignore this mail."],
      };
    case "change-email":
      return {
        greeting,
        paragraphs: [
          `You asked to use ${message.data.newEmail} for your ${SHOP_NAME} account. Confirm it to make the change.`,
        ],
        button: { label: "Use this address", url: link },
        after: ["If you did not ask for this, ignore this mail: nothing changes."],
      };
    case "reset-password":
      return {
        greeting,
        paragraphs: ["Someone (we hope you) asked to reset the password of your account."],
        button: { label: "Choose a new password", url: link },
        after: [
          `The link works once, for ${message.data.expiresInMinutes} minutes. Setting a new password signs you out everywhere else.`,
          "If you did not ask for this, ignore this mail: your password stays as it is.",
        ],
      };
    case "order-confirmation":
      return {
        greeting,
        paragraphs: [`Thank you for your order #${message.data.number}. We are getting it ready.`],
        button: { label: "View your order", url: link },
        order: message.data,
        ...(message.data.invoice && {
          invoice:
            message.data.invoice.delivery === "attach"
              ? { text: `Your invoice ${message.data.invoice.number} is attached to this mail as a PDF.` }
              : {
                  text: `Download your invoice ${message.data.invoice.number} (PDF):`,
                  url: invoiceLink(context.baseUrl, message.data.orderId),
                },
        }),
      };
    case "order-link":
      return {
        greeting,
        paragraphs: [
          `Here is a fresh link to your order #${message.data.number}, as you asked. It shows the order and lets you ask for a return.`,
        ],
        button: { label: "View your order", url: link },
        after: ["Keep this mail to yourself: anyone with the link can see the order."],
      };
    case "order-shipped":
      return {
        greeting,
        paragraphs: [
          message.data.partial
            ? `Part of your order #${message.data.number} has left our warehouse; the rest follows in another parcel.`
            : `Your order #${message.data.number} has left our warehouse and is on its way to you.`,
        ],
        button: { label: "View your order", url: link },
        ...(message.data.parcels ? { parcels: message.data.parcels } : { order: message.data }),
      };
    case "order-delivered":
      return {
        greeting,
        paragraphs: [`Your order #${message.data.number} was delivered. We hope you enjoy it.`],
        button: { label: "View your order", url: link },
        ...(message.data.parcels && { parcels: message.data.parcels }),
      };
    case "order-cancelled":
      return {
        greeting,
        paragraphs: [
          `Your order #${message.data.number} was cancelled. The payment of ${money(message.data.totalCents)} is returned to your card.`,
        ],
        button: { label: "View your order", url: link },
      };
    case "order-refunded":
      return {
        greeting,
        paragraphs: [
          `We have refunded ${money(message.data.refundCents)} on your order #${message.data.number} (${message.data.reason}). It goes back to the card you paid with; your bank may take a few days to show it.`,
          `Refunded on this order so far: ${money(message.data.refundedCents)} of ${money(message.data.totalCents)}.`,
        ],
        button: { label: "View your order", url: link },
        order: message.data,
      };
    case "return-approved":
      return {
        greeting,
        paragraphs: [
          `Your return of ${message.data.items.join(", ")} from order #${message.data.number} is approved. Please send the items back; we refund them once they arrive.`,
        ],
        button: { label: "View your order", url: link },
      };
    case "return-rejected":
      return {
        greeting,
        paragraphs: [
          `We could not accept the return of ${message.data.items.join(", ")} from order #${message.data.number}. Reply to this mail if you would like to talk about it.`,
        ],
        button: { label: "View your order", url: link },
      };
    case "newsletter-confirm":
      return {
        greeting: "Hello,",
        paragraphs: [
          `Someone (we hope you) asked to get new arrivals and offers from ${SHOP_NAME} at this address. We send nothing until you confirm.`,
        ],
        button: { label: "Yes, subscribe me", url: link },
        after: ["If you did not ask for this, ignore this mail: you will not hear from us."],
      };
    case "campaign":
      return {
        greeting,
        paragraphs: [],
        markdown: message.data.body,
        products: message.data.products,
        button: { label: `Visit ${SHOP_NAME}`, url: context.baseUrl },
        unsubscribeUrl: link,
      };
    case "back-in-stock":
      return {
        greeting,
        paragraphs: [
          `${message.data.productName} is back in stock, as you asked us to tell you. We will not write again about it.`,
        ],
        button: { label: "See it in the shop", url: link },
      };
    case "bag-reminder":
      return {
        greeting,
        paragraphs: [
          `You left ${message.data.lines.map((line) => `${line.quantity} × ${line.name}`).join(", ")} in your bag. It is kept for you.`,
        ],
        button: { label: "Open my bag", url: link },
        after: ["This is the only reminder for this bag."],
        unsubscribeUrl: unsubscribePageLink(context.baseUrl, message.data.unsubscribeToken),
      };
  }
}

/** The figures between the lines and the total, as the order page shows them. */
export function moneyRows(order: OrderData): [string, string][] {
  const figures = order.money;
  if (!figures) return [];
  const rows: [string, string][] = [["Subtotal", money(figures.subtotalCents)]];
  if (figures.discountCents > 0) {
    rows.push([
      `Discount${figures.couponCode ? ` (${figures.couponCode})` : ""}`,
      `−${money(figures.discountCents)}`,
    ]);
  }
  rows.push([
    `Shipping${figures.shippingMethod ? ` (${figures.shippingMethod})` : ""}`,
    money(figures.shippingCents),
  ]);
  if (figures.taxCents > 0)
    rows.push([figures.taxIncluded ? "Tax included" : "Tax", money(figures.taxCents)]);
  return rows;
}

/** The saving of a line bought on sale in whole percent, as the shop showed it (sale-price.ts). */
const savingOf = (line: OrderLineData & { compareAtCents: number }) =>
  Math.round(((line.compareAtCents - line.unitPriceCents) * 100) / line.compareAtCents);

/** " (was $50.00, −30 %)" for a line bought on sale. */
function saleNote(line: OrderLineData): string {
  if (!line.compareAtCents) return "";
  return ` (was ${money(line.compareAtCents)}, −${savingOf({ ...line, compareAtCents: line.compareAtCents })} %)`;
}

/** Under a line bought on sale: "$35.00 each, was $50.00 (struck), −30 %". */
function saleNoteHtml(line: OrderLineData): string {
  if (!line.compareAtCents) return "";
  const saving = savingOf({ ...line, compareAtCents: line.compareAtCents });
  return `<br /><span style="color:#57534e;font-size:13px">${money(line.unitPriceCents)} each, was <s>${money(line.compareAtCents)}</s>, −${saving} %</span>`;
}

function orderText(order: OrderData): string[] {
  const { delivery } = order;
  return [
    ...order.lines.map(
      (line) =>
        `${line.quantity} × ${line.name} @ ${money(line.unitPriceCents)}${saleNote(line)} = ${money(line.totalCents)}`,
    ),
    ...moneyRows(order).map(([label, amount]) => `${label}: ${amount}`),
    `Total: ${money(order.totalCents)}`,
    "",
    "Delivery to:",
    delivery.name,
    delivery.address,
    delivery.city,
    delivery.phone,
  ];
}

const parcelTitle = (parcel: ParcelData, index: number) =>
  `Parcel ${index + 1}${parcel.isNew ? " (new)" : ""}: ${parcel.carrier} ${parcel.trackingNumber}`;

function parcelsText(parcels: ParcelData[]): string[] {
  return parcels.flatMap((parcel, index) => [
    parcelTitle(parcel, index),
    ...parcel.items.map((item) => `  ${item}`),
    ...(parcel.trackingUrl ? [`  Track it: ${parcel.trackingUrl}`] : []),
    "",
  ]);
}

function parcelsMjml(parcels: ParcelData[]): string {
  return parcels
    .map(
      (parcel, index) => `<mj-text font-size="14px" color="#1c1917" line-height="20px">
      <strong>${escapeHtml(parcelTitle(parcel, index))}</strong><br />
      ${parcel.items.map(escapeHtml).join("<br />")}
      ${
        parcel.trackingUrl
          ? `<br /><a href="${escapeHtml(parcel.trackingUrl)}" style="color:#b45309">Track parcel ${index + 1} with ${escapeHtml(parcel.carrier)}</a>`
          : ""
      }
    </mj-text>`,
    )
    .join("");
}

function orderMjml(order: OrderData): string {
  const rows = order.lines
    .map(
      (line) => `<tr>
        <td style="padding:6px 0;border-bottom:1px solid #e7e5e4">${escapeHtml(line.name)}${saleNoteHtml(line)}</td>
        <td style="padding:6px 0;border-bottom:1px solid #e7e5e4;text-align:center">${line.quantity}</td>
        <td style="padding:6px 0;border-bottom:1px solid #e7e5e4;text-align:right">${money(line.totalCents)}</td>
      </tr>`,
    )
    .join("");
  const { delivery } = order;
  return `<mj-table font-size="14px" color="#1c1917">
      <tr style="text-align:left;color:#57534e">
        <th style="padding:6px 0">Item</th><th style="padding:6px 0;text-align:center">Qty</th>
        <th style="padding:6px 0;text-align:right">Price</th>
      </tr>
      ${rows}
      ${moneyRows(order)
        .map(
          ([
            label,
            amount,
          ]) => `<tr><td style="padding:4px 0;color:#57534e" colspan="2">${escapeHtml(label)}</td>
        <td style="padding:4px 0;text-align:right">${escapeHtml(amount)}</td></tr>`,
        )
        .join("")}
      <tr><td style="padding:8px 0;font-weight:bold" colspan="2">Total</td>
        <td style="padding:8px 0;font-weight:bold;text-align:right">${money(order.totalCents)}</td></tr>
    </mj-table>
    <mj-text font-size="14px" color="#57534e" line-height="20px">
      <strong style="color:#1c1917">Delivery to</strong><br />
      ${[delivery.name, delivery.address, delivery.city, delivery.phone].map(escapeHtml).join("<br />")}
    </mj-text>`;
}

function productsMjml(products: MailProduct[], context: MailContext): string {
  return products
    .map(
      (product) => `<mj-section background-color="#ffffff" padding="8px 8px">
      <mj-column width="35%"><mj-image src="${escapeHtml(product.image)}" alt="${escapeHtml(product.name)}" href="${escapeHtml(productLink(context.baseUrl, product.productId))}" width="140px" /></mj-column>
      <mj-column width="65%"><mj-text font-size="16px" color="#1c1917"><a href="${escapeHtml(productLink(context.baseUrl, product.productId))}" style="color:#1c1917">${escapeHtml(product.name)}</a><br /><strong>${money(product.priceCents)}</strong></mj-text></mj-column>
    </mj-section>`,
    )
    .join("");
}

function mjmlOf(subject: string, body: Body, context: MailContext): string {
  const paragraphs = (texts: string[] = [], color = "#1c1917") =>
    texts
      .map(
        (text) =>
          `<mj-text font-size="16px" line-height="24px" color="${color}">${escapeHtml(text)}</mj-text>`,
      )
      .join("");
  const host = new URL(context.baseUrl).host;
  return `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f5f5f4">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text font-size="22px" font-weight="bold" color="#1c1917">
          <a href="${escapeHtml(context.baseUrl)}" style="color:#1c1917;text-decoration:none">${SHOP_NAME}</a>
        </mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="12px" padding="16px 8px">
      <mj-column>
        ${paragraphs([body.greeting])}
        ${paragraphs(body.paragraphs)}
        ${body.markdown ? `<mj-text font-size="16px" line-height="24px" color="#1c1917">${markdownToHtml(body.markdown)}</mj-text>` : ""}
        ${body.order ? orderMjml(body.order) : ""}
        ${body.parcels ? parcelsMjml(body.parcels) : ""}
        ${
          body.invoice
            ? `<mj-text font-size="14px" color="#1c1917">${escapeHtml(body.invoice.text)}${
                body.invoice.url
                  ? ` <a href="${escapeHtml(body.invoice.url)}" style="color:#b45309">${escapeHtml(body.invoice.url)}</a>`
                  : ""
              }</mj-text>`
            : ""
        }
        <mj-button href="${escapeHtml(body.button.url)}" background-color="#b45309" color="#ffffff"
          font-size="16px" font-weight="bold" border-radius="8px" align="left">${escapeHtml(body.button.label)}</mj-button>
        <mj-text font-size="13px" color="#57534e">Or open this link: <a href="${escapeHtml(body.button.url)}" style="color:#b45309;word-break:break-all">${escapeHtml(body.button.url)}</a></mj-text>
        ${paragraphs(body.after, "#57534e")}
      </mj-column>
    </mj-section>
    ${body.products ? productsMjml(body.products, context) : ""}
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text font-size="12px" color="#78716c" align="center">${SHOP_NAME} · <a href="${escapeHtml(context.baseUrl)}" style="color:#78716c">${escapeHtml(host)}</a></mj-text>
        ${body.unsubscribeUrl ? `<mj-text font-size="12px" color="#57534e" align="center">You get this because you subscribed to ${SHOP_NAME}'s news. <a href="${escapeHtml(body.unsubscribeUrl)}" style="color:#57534e">Unsubscribe</a></mj-text>` : ""}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

function textOf(body: Body, context: MailContext): string {
  return [
    body.greeting,
    "",
    ...body.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(body.markdown ? [markdownToText(body.markdown), ""] : []),
    ...(body.products ?? []).flatMap((product) => [
      `${product.name}, ${money(product.priceCents)}: ${productLink(context.baseUrl, product.productId)}`,
      "",
    ]),
    ...(body.order ? [...orderText(body.order), ""] : []),
    ...(body.parcels ? parcelsText(body.parcels) : []),
    ...(body.invoice ? [[body.invoice.text, body.invoice.url].filter(Boolean).join(" "), ""] : []),
    `${body.button.label}: ${body.button.url}`,
    "",
    ...(body.after ?? []).flatMap((paragraph) => [paragraph, ""]),
    `${SHOP_NAME} · ${context.baseUrl}`,
    ...(body.unsubscribeUrl ? ["", `Unsubscribe: ${body.unsubscribeUrl}`] : []),
  ].join("\n");
}

/** Both parts of a mail: responsive HTML from MJML (tables that mail clients render) and plain text. */
export async function renderMail(message: MailMessage, context: MailContext): Promise<RenderedMail> {
  if (message.kind !== "campaign") return renderFresh(message, context);
  // A campaign is one MJML render for all its subscribers (10,000 renders would cost minutes of
  // CPU): rendered once with a stand-in token, which each mail then replaces with its own.
  const { name: _name, unsubscribeToken: _token, ...content } = message.data;
  const key = createHash("sha256")
    .update(JSON.stringify([context.baseUrl, content]))
    .digest("base64url");
  let shared = campaignRenders.get(key);
  if (!shared) {
    shared = renderFresh(
      { ...message, data: { ...message.data, name: "", unsubscribeToken: TOKEN_STAND_IN } },
      context,
    );
    campaignRenders.set(key, shared);
    if (campaignRenders.size > 20) campaignRenders.delete(campaignRenders.keys().next().value!);
    shared.catch(() => campaignRenders.delete(key));
  }
  const rendered = await shared;
  const own = (part: string) =>
    part.replaceAll(TOKEN_STAND_IN, encodeURIComponent(message.data.unsubscribeToken));
  return { subject: rendered.subject, html: own(rendered.html), text: own(rendered.text) };
}

const TOKEN_STAND_IN = "UNSUBSCRIBE-TOKEN-STAND-IN";
const campaignRenders = new Map<string, Promise<RenderedMail>>();

/** How long after the start the mail renderer loads (the start's own work goes first). */
export const MAIL_RENDERER_PRELOAD_DELAY_MS = 2_000;

/** Loads mjml ahead of the first mail; a failure here shows again, and is logged, at that mail. */
export async function preloadMailRenderer() {
  await import("mjml").catch(() => undefined);
}

async function renderFresh(message: MailMessage, context: MailContext): Promise<RenderedMail> {
  const subject = subjectOf(message);
  const body = bodyOf(message, context);
  // Not at start: mjml and its dependencies cost a start 0.5 s of CPU (preloadMailRenderer).
  const { default: mjml2html } = await import("mjml");
  const { html, errors } = await mjml2html(mjmlOf(subject, body, context), { validationLevel: "soft" });
  if (errors.length > 0) throw new Error(`mail template ${message.kind}: ${errors[0]!.formattedMessage}`);
  return { subject, html, text: textOf(body, context) };
}
