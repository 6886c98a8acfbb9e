import type { Language } from "@shop/contract/languages";

/**
 * Every mail the shop sends, with the data its template needs. The data is a snapshot taken
 * when the mail was caused and kept in the outbox row, so a mail renders the same whenever it is
 * sent (or shown on the admin's Mail page), whatever changed since.
 */
export interface OrderLineData {
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** The regular ("was") unit price when bought on sale; absent otherwise (and in older mails). */
  compareAtCents?: number | null;
  totalCents: number;
}

export interface OrderData {
  orderId: string;
  number: number;
  /** The shopper's display name (or the delivery name). */
  name: string;
  lines: OrderLineData[];
  totalCents: number;
  /** How the total came about; absent in mails written before checkout had shipping, coupons and tax. */
  money?: {
    subtotalCents: number;
    discountCents: number;
    shippingCents: number;
    taxCents: number;
    taxIncluded: boolean;
    shippingMethod: string | null;
    couponCode: string | null;
  };
  delivery: { name: string; address: string; city: string; phone: string };
  /** The parcels sent so far (shipped and delivered mails), each with its tracking link. */
  parcels?: ParcelData[];
  /** A shipped mail while some items are still to come. */
  partial?: boolean;
  /** A guest's order: the private link's token (the mail's button opens the order with it). */
  orderLinkToken?: string;
  /** The confirmation's invoice: attached as a PDF, or linked. */
  invoice?: { number: string; delivery: "attach" | "link" };
}

/** A line of a parcel: how many of which product ("Linen Dress (Size: M)", as the order names it). */
export interface ParcelItem {
  quantity: number;
  name: string;
}

export interface ParcelData {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  /**
   * What the parcel holds, written in the mail's language when it is sent. A mail queued before
   * 2026-11-29 holds the lines already written ("2 × Linen Dress (Size: M)"), in English.
   */
  items: (ParcelItem | string)[];
  /** The parcel this mail is about. */
  isNew: boolean;
}

export type MailMessage =
  | { kind: "verify-email"; data: { name: string; url: string } }
  | { kind: "change-email"; data: { name: string; url: string; newEmail: string } }
  | { kind: "reset-password"; data: { name: string; url: string; expiresInMinutes: number } }
  | { kind: "order-confirmation"; data: OrderData }
  | { kind: "order-link"; data: OrderData & { orderLinkToken: string } }
  | { kind: "order-shipped"; data: OrderData }
  | { kind: "order-delivered"; data: OrderData }
  | { kind: "order-cancelled"; data: OrderData }
  | { kind: "order-refunded"; data: RefundData }
  | { kind: "return-approved"; data: ReturnData }
  | { kind: "return-rejected"; data: ReturnData }
  | { kind: "newsletter-confirm"; data: { name: string; url: string } }
  | { kind: "campaign"; data: CampaignData }
  | { kind: "back-in-stock"; data: BackInStockData }
  | { kind: "bag-reminder"; data: BagReminderData };

/** A product block of a marketing mail, as it was when the mail was queued. */
export interface MailProduct {
  productId: string;
  name: string;
  priceCents: number;
  image: string;
}

/**
 * Marketing mails name the subscriber's token: the mail's unsubscribe link, its List-Unsubscribe
 * header and the one-click POST carry it (docs/decisions/036-consent-unsubscribe-and-campaigns.md).
 */
export interface MarketingData {
  name: string;
  unsubscribeToken: string;
}

export interface CampaignData extends MarketingData {
  campaignId: string;
  subject: string;
  /** Markdown, as the owner wrote it. */
  body: string;
  products: MailProduct[];
}

export interface BackInStockData {
  name: string;
  productName: string;
  /** The product page. */
  url: string;
}

export interface BagReminderData extends MarketingData {
  lines: { name: string; quantity: number }[];
  /** The bag page. */
  url: string;
}

/** A refund the payment provider confirmed: what it paid back and what is refunded in all. */
export interface RefundData extends OrderData {
  refundCents: number;
  reason: string;
  refundedCents: number;
}

/** An admin's answer to a return request: the items it names. */
export interface ReturnData extends OrderData {
  items: string[];
}

export type MailKind = MailMessage["kind"];

/**
 * A mail to write into the outbox. `requestLanguage`: the language of the request that caused it
 * (negotiated as for a page; for a new address, its account's), for a recipient without an
 * account's or an order's language (mail-language.ts recipientLanguages).
 */
export type OutgoingMail = MailMessage & { recipient: string; requestLanguage?: Language | undefined };
