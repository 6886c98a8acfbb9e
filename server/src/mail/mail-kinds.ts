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
}

export type MailMessage =
  | { kind: "verify-email"; data: { name: string; url: string } }
  | { kind: "change-email"; data: { name: string; url: string; newEmail: string } }
  | { kind: "reset-password"; data: { name: string; url: string; expiresInMinutes: number } }
  | { kind: "order-confirmation"; data: OrderData }
  | { kind: "order-shipped"; data: OrderData }
  | { kind: "order-delivered"; data: OrderData }
  | { kind: "order-cancelled"; data: OrderData }
  | { kind: "order-refunded"; data: RefundData }
  | { kind: "return-approved"; data: ReturnData }
  | { kind: "return-rejected"; data: ReturnData };

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

/** A mail to write into the outbox. */
export type OutgoingMail = MailMessage & { recipient: string };
