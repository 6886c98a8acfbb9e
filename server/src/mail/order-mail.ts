import { dollarsToCents } from "@shop/contract/money";
import type { Order } from "@shop/contract/orders";
import { variantName } from "../products/variant-sql";
import type { OrderData, OutgoingMail } from "./mail-kinds";

type OrderMailKind = "order-confirmation" | "order-shipped" | "order-delivered" | "order-cancelled";
/** A mail about one order: its data names the order (orders/order-links.ts prepareOrderMail). */
export type OrderMail = Extract<OutgoingMail, { data: OrderData }>;

const cents = dollarsToCents;

/**
 * The mail telling an order's buyer about it, with a snapshot of the order as it is now; a shipped
 * mail names the parcel it is about, a confirmation how its invoice travels.
 */
export function orderMail(
  kind: OrderMailKind,
  order: Order,
  about: { parcelId?: string; invoiceInMail?: "attach" | "link" } = {},
): OrderMail {
  const data = orderData(order);
  const invoice = order.documents.find((document) => document.kind === "invoice");
  if (kind === "order-confirmation" && invoice) {
    data.invoice = { number: invoice.number, delivery: about.invoiceInMail ?? "link" };
  }
  if ((kind === "order-shipped" || kind === "order-delivered") && order.shipments.length > 0) {
    data.parcels = order.shipments.map((shipment) => ({
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl,
      items: shipment.lines.flatMap((entry) => {
        const line = order.lines.find((candidate) => candidate._id === entry.orderLineId);
        return line ? [{ quantity: entry.quantity, name: variantName(line.name, line.options) }] : [];
      }),
      isNew: shipment._id === about.parcelId,
    }));
    data.partial = order.lines.some((line) => line.shipped < line.quantity);
  }
  return { kind, recipient: order.email, data };
}

/** A refund paid back on the order (its figures as they are now, the refund included). */
export function refundMail(order: Order, refund: { amountCents: number; reason: string }): OrderMail {
  return {
    kind: "order-refunded",
    recipient: order.email,
    data: {
      ...orderData(order),
      refundCents: refund.amountCents,
      reason: refund.reason,
      refundedCents: cents(order.money.refunded),
    },
  };
}

/** The admin approved or rejected a return of these order lines. */
export function returnMail(
  kind: "return-approved" | "return-rejected",
  order: Order,
  lineIds: readonly string[],
): OrderMail {
  const items = order.lines
    .filter((line) => lineIds.includes(line._id))
    .map((line) => variantName(line.name, line.options));
  return { kind, recipient: order.email, data: { ...orderData(order), items } };
}

function orderData(order: Order): OrderData {
  return {
    orderId: order._id,
    number: order.number,
    name: order.delivery.name,
    lines: order.lines.map((line) => ({
      // "Linen Dress (Size: M, Colour: Red)": the size bought, as the order shows it.
      name: variantName(line.name, line.options),
      quantity: line.quantity,
      unitPriceCents: cents(line.price),
      compareAtCents: line.compareAtPrice === null ? null : cents(line.compareAtPrice),
      totalCents: cents(line.total),
    })),
    totalCents: cents(order.total),
    money: {
      subtotalCents: cents(order.money.subtotal),
      discountCents: cents(order.money.discount),
      shippingCents: cents(order.money.shipping),
      taxCents: cents(order.money.tax),
      taxIncluded: order.money.taxIncluded,
      shippingMethod: order.money.shippingMethod,
      couponCode: order.money.couponCode,
    },
    delivery: order.delivery,
  };
}
