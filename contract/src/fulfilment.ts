import { z } from "zod";

/** Where `{tracking}` stands in a carrier's URL template. */
export const TRACKING_PLACEHOLDER = "{tracking}";

export const FULFILMENT_MESSAGES = {
  carrierRequired: "Choose or type a carrier",
  trackingInvalid: "Enter the tracking number: 4 to 40 letters, digits, spaces or -",
  quantityInvalid: "Enter a whole number of units, at least 1",
  linesRequired: "Choose at least one line to ship",
  templateInvalid: `Enter an https:// address with ${TRACKING_PLACEHOLDER} where the number goes`,
  sellerNameRequired: "The seller's name is Required",
  sellerAddressRequired: "The seller's address is Required",
} as const;

export const BUILT_IN_CARRIERS = [
  { name: "DHL", trackingUrl: "https://www.dhl.com/global-en/home/tracking.html?tracking-id={tracking}" },
  { name: "UPS", trackingUrl: "https://www.ups.com/track?tracknum={tracking}" },
  { name: "FedEx", trackingUrl: "https://www.fedex.com/fedextrack/?trknbr={tracking}" },
  { name: "USPS", trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}" },
] as const;

export const carrierSchema = z.object({
  name: z.string().trim().min(1, FULFILMENT_MESSAGES.carrierRequired).max(40),
  trackingUrl: z
    .string()
    .trim()
    .max(300)
    .refine(
      (value) => /^https:\/\/[^\s]+$/.test(value) && value.includes(TRACKING_PLACEHOLDER),
      FULFILMENT_MESSAGES.templateInvalid,
    ),
});
export type Carrier = z.infer<typeof carrierSchema>;

/** A carrier's tracking page for a number (null for a carrier the shop has no template for). */
export function trackingUrlOf(carriers: readonly Carrier[], carrier: string, trackingNumber: string) {
  const template = carriers.find((entry) => entry.name.toLowerCase() === carrier.trim().toLowerCase());
  return template
    ? template.trackingUrl.replace(TRACKING_PLACEHOLDER, encodeURIComponent(trackingNumber))
    : null;
}

export const INVOICE_IN_MAIL = ["attach", "link"] as const;

export const fulfilmentSettingsSchema = z.object({
  seller: z.object({
    name: z.string().trim().min(1, FULFILMENT_MESSAGES.sellerNameRequired).max(100),
    /** Lines of the postal address. */
    address: z.string().trim().min(1, FULFILMENT_MESSAGES.sellerAddressRequired).max(300),
    taxId: z.string().trim().max(40),
    email: z.string().trim().max(100),
  }),
  /** The owner's own carriers, beside the built-in ones. */
  carriers: z.array(carrierSchema).max(20),
  /** The order confirmation carries the invoice as a PDF attachment, or a link to download it. */
  invoiceInMail: z.enum(INVOICE_IN_MAIL),
});
export type FulfilmentSettings = z.infer<typeof fulfilmentSettingsSchema>;

export const fulfilmentSettingsViewSchema = fulfilmentSettingsSchema.extend({
  builtInCarriers: z.array(carrierSchema),
});

export const shipmentLineSchema = z.object({ orderLineId: z.uuid(), quantity: z.number().int() });

export const shipmentSchema = z.object({
  _id: z.uuid(),
  carrier: z.string(),
  trackingNumber: z.string(),
  /** Null: a carrier without a URL template. */
  trackingUrl: z.string().nullable(),
  status: z.enum(["shipped", "delivered"]),
  shippedAt: z.string(),
  deliveredAt: z.string().nullable(),
  lines: z.array(shipmentLineSchema),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const shipBodySchema = z.object({
  carrier: z
    .string({ message: FULFILMENT_MESSAGES.carrierRequired })
    .trim()
    .min(1, FULFILMENT_MESSAGES.carrierRequired)
    .max(40),
  trackingNumber: z
    .string({ message: FULFILMENT_MESSAGES.trackingInvalid })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, FULFILMENT_MESSAGES.trackingInvalid),
  /** Absent: every unit not shipped yet (the whole order, or what is left of it). */
  lines: z
    .array(
      z.object({
        orderLineId: z.uuid(),
        quantity: z
          .number({ message: FULFILMENT_MESSAGES.quantityInvalid })
          .int(FULFILMENT_MESSAGES.quantityInvalid)
          .min(1, FULFILMENT_MESSAGES.quantityInvalid)
          .max(99, FULFILMENT_MESSAGES.quantityInvalid),
      }),
    )
    .min(1, FULFILMENT_MESSAGES.linesRequired)
    .max(100)
    .optional(),
});
export type ShipBody = z.input<typeof shipBodySchema>;

/** An invoice or credit note's number as printed: INV-000042, CN-000007. */
export const documentNumber = (kind: "invoice" | "credit-note", number: number) =>
  `${kind === "invoice" ? "INV" : "CN"}-${String(number).padStart(6, "0")}`;

export const orderDocumentSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(["invoice", "credit-note"]),
  /** As printed (INV-000042). */
  number: z.string(),
  amount: z.number(),
  issuedAt: z.string(),
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

/** Packing slips of several orders in one PDF (one page or more per order). */
export const packingSlipsQuerySchema = z.object({
  ids: z
    .string({ message: "Required: order ids separated by commas" })
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(
      z
        .array(z.uuid({ message: "Each id must be an order's id" }))
        .min(1)
        .max(100),
    ),
});
