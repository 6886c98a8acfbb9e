import type { Language } from "@shop/contract/languages";
import { createHash } from "node:crypto";
import type {
  MailMessage,
  MailProduct,
  OrderData,
  OrderLineData,
  ParcelData,
  ParcelItem,
} from "./mail-kinds";
import { countIn, mailMessages, moneyIn, type MailKey, type MailTranslate } from "./mail-language";
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
 * en-US form for any other SHOP_CURRENCY (¥1,234, KWD 1.250; decision 040); in another language,
 * Intl's form for it (Bengali digits in bn).
 */
export const money = (cents: number, language: Language = "en") => moneyIn(language)(cents);

/** What a template writes with: the language's messages, amounts and counts. */
interface Words {
  t: MailTranslate;
  money: (cents: number) => string;
  count: (value: number) => string;
}

const wordsCache = new Map<Language, Words>();
function wordsOf(language: Language): Words {
  let words = wordsCache.get(language);
  if (!words) {
    words = { t: mailMessages(language), money: moneyIn(language), count: countIn(language) };
    wordsCache.set(language, words);
  }
  return words;
}

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

/** Subjects that name the shop only. */
const SHOP_SUBJECTS = {
  "verify-email": "mail.verifyEmail.subject",
  "change-email": "mail.changeEmail.subject",
  "reset-password": "mail.resetPassword.subject",
  "newsletter-confirm": "mail.newsletterConfirm.subject",
  "bag-reminder": "mail.bagReminder.subject",
} as const satisfies Partial<Record<MailMessage["kind"], MailKey>>;

/** Subjects that name the order's number only. */
const ORDER_NUMBER_SUBJECTS = {
  "order-confirmation": "mail.orderConfirmation.subject",
  "order-link": "mail.orderLink.subject",
  "order-delivered": "mail.orderDelivered.subject",
  "order-cancelled": "mail.orderCancelled.subject",
  "return-approved": "mail.returnApproved.subject",
  "return-rejected": "mail.returnRejected.subject",
} as const satisfies Partial<Record<MailMessage["kind"], MailKey>>;

/** The subject line, known when the mail is queued (the Mail page lists it before sending). */
export function subjectOf(message: MailMessage, language: Language = "en"): string {
  const { t, money } = wordsOf(language);
  switch (message.kind) {
    case "verify-email":
    case "change-email":
    case "reset-password":
    case "newsletter-confirm":
    case "bag-reminder":
      return t(SHOP_SUBJECTS[message.kind], { shop: SHOP_NAME });
    case "order-confirmation":
    case "order-link":
    case "order-delivered":
    case "order-cancelled":
    case "return-approved":
    case "return-rejected":
      return t(ORDER_NUMBER_SUBJECTS[message.kind], { number: String(message.data.number) });
    case "order-shipped":
      return t(message.data.partial ? "mail.orderShipped.subjectPartial" : "mail.orderShipped.subject", {
        number: String(message.data.number),
      });
    case "order-refunded":
      return t("mail.orderRefunded.subject", {
        amount: money(message.data.refundCents),
        number: String(message.data.number),
      });
    case "campaign":
      // The owner's words, in the language the owner wrote them.
      return message.data.subject;
    case "back-in-stock":
      return t("mail.backInStock.subject", { product: message.data.productName });
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

function bodyOf(message: MailMessage, context: MailContext, words: Words): Body {
  const { t, money } = words;
  const shop = SHOP_NAME;
  const greeting = message.data.name
    ? t("mail.greeting.named", { name: message.data.name })
    : t("mail.greeting.anonymous");
  const link = linkOf(message, context);
  const viewOrder = { label: t("mail.button.viewOrder"), url: link };
  // Order numbers are codes a shopper quotes: written as they are in every language.
  const number = "number" in message.data ? String(message.data.number) : "";
  switch (message.kind) {
    case "verify-email":
      return {
        greeting,
        paragraphs: [t("mail.verifyEmail.body")],
        button: { label: t("mail.verifyEmail.button"), url: link },
        after: [t("mail.verifyEmail.after")],
      };
    case "change-email":
      return {
        greeting,
        paragraphs: [t("mail.changeEmail.body", { newEmail: message.data.newEmail, shop })],
        button: { label: t("mail.changeEmail.button"), url: link },
        after: [t("mail.changeEmail.after")],
      };
    case "reset-password":
      return {
        greeting,
        paragraphs: [t("mail.resetPassword.body")],
        button: { label: t("mail.resetPassword.button"), url: link },
        after: [
          t("mail.resetPassword.expiry", { minutes: message.data.expiresInMinutes }),
          t("mail.resetPassword.after"),
        ],
      };
    case "order-confirmation":
      return {
        greeting,
        paragraphs: [t("mail.orderConfirmation.body", { number })],
        button: viewOrder,
        order: message.data,
        ...(message.data.invoice && {
          invoice:
            message.data.invoice.delivery === "attach"
              ? {
                  text: t("mail.orderConfirmation.invoiceAttached", { invoice: message.data.invoice.number }),
                }
              : {
                  text: t("mail.orderConfirmation.invoiceLink", { invoice: message.data.invoice.number }),
                  url: invoiceLink(context.baseUrl, message.data.orderId),
                },
        }),
      };
    case "order-link":
      return {
        greeting,
        paragraphs: [t("mail.orderLink.body", { number })],
        button: viewOrder,
        after: [t("mail.orderLink.after")],
      };
    case "order-shipped":
      return {
        greeting,
        paragraphs: [
          t(message.data.partial ? "mail.orderShipped.bodyPartial" : "mail.orderShipped.body", { number }),
        ],
        button: viewOrder,
        ...(message.data.parcels ? { parcels: message.data.parcels } : { order: message.data }),
      };
    case "order-delivered":
      return {
        greeting,
        paragraphs: [t("mail.orderDelivered.body", { number })],
        button: viewOrder,
        ...(message.data.parcels && { parcels: message.data.parcels }),
      };
    case "order-cancelled":
      return {
        greeting,
        paragraphs: [t("mail.orderCancelled.body", { number, total: money(message.data.totalCents) })],
        button: viewOrder,
      };
    case "order-refunded":
      return {
        greeting,
        paragraphs: [
          t("mail.orderRefunded.body", {
            amount: money(message.data.refundCents),
            number,
            reason: message.data.reason,
          }),
          t("mail.orderRefunded.soFar", {
            refunded: money(message.data.refundedCents),
            total: money(message.data.totalCents),
          }),
        ],
        button: viewOrder,
        order: message.data,
      };
    case "return-approved":
      return {
        greeting,
        paragraphs: [t("mail.returnApproved.body", { items: message.data.items.join(", "), number })],
        button: viewOrder,
      };
    case "return-rejected":
      return {
        greeting,
        paragraphs: [t("mail.returnRejected.body", { items: message.data.items.join(", "), number })],
        button: viewOrder,
      };
    case "newsletter-confirm":
      return {
        greeting: t("mail.greeting.plain"),
        paragraphs: [t("mail.newsletterConfirm.body", { shop })],
        button: { label: t("mail.newsletterConfirm.button"), url: link },
        after: [t("mail.newsletterConfirm.after")],
      };
    case "campaign":
      return {
        greeting,
        paragraphs: [],
        markdown: message.data.body,
        products: message.data.products,
        button: { label: t("mail.campaign.button", { shop }), url: context.baseUrl },
        unsubscribeUrl: link,
      };
    case "back-in-stock":
      return {
        greeting,
        paragraphs: [t("mail.backInStock.body", { product: message.data.productName })],
        button: { label: t("mail.backInStock.button"), url: link },
      };
    case "bag-reminder":
      return {
        greeting,
        paragraphs: [
          t("mail.bagReminder.body", {
            lines: message.data.lines
              .map((line) =>
                t("mail.bagReminder.line", { quantity: words.count(line.quantity), name: line.name }),
              )
              .join(", "),
          }),
        ],
        button: { label: t("mail.bagReminder.button"), url: link },
        after: [t("mail.bagReminder.after")],
        unsubscribeUrl: unsubscribePageLink(context.baseUrl, message.data.unsubscribeToken),
      };
  }
}

/** The figures between the lines and the total, as the order page shows them. */
export function moneyRows(order: OrderData, language: Language = "en"): [string, string][] {
  const { t, money } = wordsOf(language);
  const figures = order.money;
  if (!figures) return [];
  const rows: [string, string][] = [[t("mail.order.subtotal"), money(figures.subtotalCents)]];
  if (figures.discountCents > 0) {
    rows.push([
      figures.couponCode
        ? t("mail.order.discountWithCode", { code: figures.couponCode })
        : t("mail.order.discount"),
      `−${money(figures.discountCents)}`,
    ]);
  }
  rows.push([
    figures.shippingMethod
      ? t("mail.order.shippingWithMethod", { method: figures.shippingMethod })
      : t("mail.order.shipping"),
    money(figures.shippingCents),
  ]);
  if (figures.taxCents > 0)
    rows.push([
      t(figures.taxIncluded ? "mail.order.taxIncluded" : "mail.order.tax"),
      money(figures.taxCents),
    ]);
  return rows;
}

/** The saving of a line bought on sale in whole percent, as the shop showed it (sale-price.ts). */
const savingOf = (line: OrderLineData & { compareAtCents: number }) =>
  Math.round(((line.compareAtCents - line.unitPriceCents) * 100) / line.compareAtCents);

/** "2 × Linen Dress @ $35.00 (was $50.00, −30 %) = $70.00", the sale's note only for a line on sale. */
function lineText(line: OrderLineData, { t, money, count }: Words): string {
  const values = {
    quantity: count(line.quantity),
    name: line.name,
    price: money(line.unitPriceCents),
    total: money(line.totalCents),
  };
  if (!line.compareAtCents) return t("mail.order.line", values);
  const saving = savingOf({ ...line, compareAtCents: line.compareAtCents });
  return t("mail.order.lineOnSale", {
    ...values,
    compareAt: money(line.compareAtCents),
    saving: count(saving),
  });
}

/** A stand-in for markup inside a message, put in after the message's text is escaped. */
const MARKUP = "\u0000";

/** Under a line bought on sale: "$35.00 each, was $50.00 (struck), −30 %". */
function saleNoteHtml(line: OrderLineData, { t, money, count }: Words): string {
  if (!line.compareAtCents) return "";
  const saving = savingOf({ ...line, compareAtCents: line.compareAtCents });
  const note = escapeHtml(
    t("mail.order.saleNote", {
      price: money(line.unitPriceCents),
      compareAt: MARKUP,
      saving: count(saving),
    }),
  ).replace(MARKUP, () => `<s>${money(line.compareAtCents!)}</s>`);
  return `<br /><span style="color:#57534e;font-size:13px">${note}</span>`;
}

function orderText(order: OrderData, words: Words, language: Language): string[] {
  const { t, money } = words;
  const { delivery } = order;
  return [
    ...order.lines.map((line) => lineText(line, words)),
    ...moneyRows(order, language).map(([label, amount]) => t("mail.order.row", { label, amount })),
    t("mail.order.totalRow", { amount: money(order.totalCents) }),
    "",
    t("mail.order.deliveryToText"),
    delivery.name,
    delivery.address,
    delivery.city,
    delivery.phone,
  ];
}

const parcelTitle = (parcel: ParcelData, index: number, { t, count }: Words) =>
  t(parcel.isNew ? "mail.parcel.titleNew" : "mail.parcel.title", {
    index: count(index + 1),
    carrier: parcel.carrier,
    trackingNumber: parcel.trackingNumber,
  });

/** "2 × Linen Dress (Size: M)", the count in the mail's digits. */
const parcelLine = (item: ParcelItem | string, { t, count }: Words) =>
  typeof item === "string"
    ? item
    : t("mail.parcel.item", { quantity: count(item.quantity), name: item.name });

function parcelsText(parcels: ParcelData[], words: Words): string[] {
  return parcels.flatMap((parcel, index) => [
    parcelTitle(parcel, index, words),
    ...parcel.items.map((item) => `  ${parcelLine(item, words)}`),
    ...(parcel.trackingUrl ? [`  ${words.t("mail.parcel.trackText", { url: parcel.trackingUrl })}`] : []),
    "",
  ]);
}

function parcelsMjml(parcels: ParcelData[], words: Words): string {
  return parcels
    .map(
      (parcel, index) => `<mj-text font-size="14px" color="#1c1917" line-height="20px">
      <strong>${escapeHtml(parcelTitle(parcel, index, words))}</strong><br />
      ${parcel.items.map((item) => escapeHtml(parcelLine(item, words))).join("<br />")}
      ${
        parcel.trackingUrl
          ? `<br /><a href="${escapeHtml(parcel.trackingUrl)}" style="color:#b45309">${escapeHtml(
              words.t("mail.parcel.trackLink", { index: words.count(index + 1), carrier: parcel.carrier }),
            )}</a>`
          : ""
      }
    </mj-text>`,
    )
    .join("");
}

function orderMjml(order: OrderData, words: Words, language: Language): string {
  const { t, money } = words;
  const rows = order.lines
    .map(
      (line) => `<tr>
        <td style="padding:6px 0;border-bottom:1px solid #e7e5e4">${escapeHtml(line.name)}${saleNoteHtml(line, words)}</td>
        <td style="padding:6px 0;border-bottom:1px solid #e7e5e4;text-align:center">${words.count(line.quantity)}</td>
        <td style="padding:6px 0;border-bottom:1px solid #e7e5e4;text-align:right">${money(line.totalCents)}</td>
      </tr>`,
    )
    .join("");
  const { delivery } = order;
  return `<mj-table font-size="14px" color="#1c1917">
      <tr style="text-align:left;color:#57534e">
        <th style="padding:6px 0">${escapeHtml(t("mail.order.item"))}</th><th style="padding:6px 0;text-align:center">${escapeHtml(t("mail.order.quantity"))}</th>
        <th style="padding:6px 0;text-align:right">${escapeHtml(t("mail.order.price"))}</th>
      </tr>
      ${rows}
      ${moneyRows(order, language)
        .map(
          ([
            label,
            amount,
          ]) => `<tr><td style="padding:4px 0;color:#57534e" colspan="2">${escapeHtml(label)}</td>
        <td style="padding:4px 0;text-align:right">${escapeHtml(amount)}</td></tr>`,
        )
        .join("")}
      <tr><td style="padding:8px 0;font-weight:bold" colspan="2">${escapeHtml(t("mail.order.total"))}</td>
        <td style="padding:8px 0;font-weight:bold;text-align:right">${money(order.totalCents)}</td></tr>
    </mj-table>
    <mj-text font-size="14px" color="#57534e" line-height="20px">
      <strong style="color:#1c1917">${escapeHtml(t("mail.order.deliveryTo"))}</strong><br />
      ${[delivery.name, delivery.address, delivery.city, delivery.phone].map(escapeHtml).join("<br />")}
    </mj-text>`;
}

function productsMjml(products: MailProduct[], context: MailContext, { money }: Words): string {
  return products
    .map(
      (product) => `<mj-section background-color="#ffffff" padding="8px 8px">
      <mj-column width="35%"><mj-image src="${escapeHtml(product.image)}" alt="${escapeHtml(product.name)}" href="${escapeHtml(productLink(context.baseUrl, product.productId))}" width="140px" /></mj-column>
      <mj-column width="65%"><mj-text font-size="16px" color="#1c1917"><a href="${escapeHtml(productLink(context.baseUrl, product.productId))}" style="color:#1c1917">${escapeHtml(product.name)}</a><br /><strong>${money(product.priceCents)}</strong></mj-text></mj-column>
    </mj-section>`,
    )
    .join("");
}

function mjmlOf(subject: string, body: Body, context: MailContext, words: Words, language: Language): string {
  const { t } = words;
  const paragraphs = (texts: string[] = [], color = "#1c1917") =>
    texts
      .map(
        (text) =>
          `<mj-text font-size="16px" line-height="24px" color="${color}">${escapeHtml(text)}</mj-text>`,
      )
      .join("");
  const host = new URL(context.baseUrl).host;
  // Catalogue texts the layout writes as they are (the English ones have always been unescaped).
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
        ${body.order ? orderMjml(body.order, words, language) : ""}
        ${body.parcels ? parcelsMjml(body.parcels, words) : ""}
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
        <mj-text font-size="13px" color="#57534e">${t("mail.layout.orOpenLink")} <a href="${escapeHtml(body.button.url)}" style="color:#b45309;word-break:break-all">${escapeHtml(body.button.url)}</a></mj-text>
        ${paragraphs(body.after, "#57534e")}
      </mj-column>
    </mj-section>
    ${body.products ? productsMjml(body.products, context, words) : ""}
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text font-size="12px" color="#78716c" align="center">${SHOP_NAME} · <a href="${escapeHtml(context.baseUrl)}" style="color:#78716c">${escapeHtml(host)}</a></mj-text>
        ${body.unsubscribeUrl ? `<mj-text font-size="12px" color="#57534e" align="center">${t("mail.layout.subscribedBecause", { shop: SHOP_NAME })} <a href="${escapeHtml(body.unsubscribeUrl)}" style="color:#57534e">${t("mail.layout.unsubscribe")}</a></mj-text>` : ""}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

function textOf(body: Body, context: MailContext, words: Words, language: Language): string {
  const { t, money } = words;
  return [
    body.greeting,
    "",
    ...body.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(body.markdown ? [markdownToText(body.markdown), ""] : []),
    ...(body.products ?? []).flatMap((product) => [
      t("mail.product.text", {
        name: product.name,
        price: money(product.priceCents),
        url: productLink(context.baseUrl, product.productId),
      }),
      "",
    ]),
    ...(body.order ? [...orderText(body.order, words, language), ""] : []),
    ...(body.parcels ? parcelsText(body.parcels, words) : []),
    ...(body.invoice ? [[body.invoice.text, body.invoice.url].filter(Boolean).join(" "), ""] : []),
    t("mail.layout.buttonText", { label: body.button.label, url: body.button.url }),
    "",
    ...(body.after ?? []).flatMap((paragraph) => [paragraph, ""]),
    t("mail.footer.text", { shop: SHOP_NAME, url: context.baseUrl }),
    ...(body.unsubscribeUrl ? ["", t("mail.layout.unsubscribeText", { url: body.unsubscribeUrl })] : []),
  ].join("\n");
}

/**
 * Both parts of a mail in `language`: responsive HTML from MJML (tables that mail clients render)
 * and plain text.
 */
export async function renderMail(
  message: MailMessage,
  context: MailContext,
  language: Language = "en",
): Promise<RenderedMail> {
  if (message.kind !== "campaign") return renderFresh(message, context, language);
  // A campaign is one MJML render for all its subscribers of a language (10,000 renders would
  // cost minutes of CPU): rendered once with a stand-in token, which each mail then replaces.
  const { name: _name, unsubscribeToken: _token, ...content } = message.data;
  const key = createHash("sha256")
    .update(JSON.stringify([context.baseUrl, language, content]))
    .digest("base64url");
  let shared = campaignRenders.get(key);
  if (!shared) {
    shared = renderFresh(
      { ...message, data: { ...message.data, name: "", unsubscribeToken: TOKEN_STAND_IN } },
      context,
      language,
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

async function renderFresh(
  message: MailMessage,
  context: MailContext,
  language: Language,
): Promise<RenderedMail> {
  const words = wordsOf(language);
  const subject = subjectOf(message, language);
  const body = bodyOf(message, context, words);
  // Not at start: mjml and its dependencies cost a start 0.5 s of CPU (preloadMailRenderer).
  const { default: mjml2html } = await import("mjml");
  const { html, errors } = await mjml2html(mjmlOf(subject, body, context, words, language), {
    validationLevel: "soft",
  });
  if (errors.length > 0) throw new Error(`mail template ${message.kind}: ${errors[0]!.formattedMessage}`);
  return { subject, html, text: textOf(body, context, words, language) };
}
