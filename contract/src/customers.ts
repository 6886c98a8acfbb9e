import { z } from "zod";
import { orderStatusSchema } from "./orders";

/**
 * Customers (issue 40): the accounts that shop, with what they bought, for the staff. Money is
 * integer minor units on this wire (`…Cents`), in the shop's currency, as on the owner's desk.
 */

export const CUSTOMER_SORTS = ["last-order", "spent", "orders", "name", "joined"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const customersQuerySchema = z.object({
  /** Part of the name or e-mail address. */
  q: z.string().trim().max(100, "Search with at most 100 characters").optional(),
  sort: z
    .enum(CUSTOMER_SORTS, { message: `Sort by one of ${CUSTOMER_SORTS.join(", ")}` })
    .default("last-order"),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type CustomersQuery = z.infer<typeof customersQuerySchema>;

export const customerSummarySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  joinedAt: z.string(),
  /** Orders placed, cancelled ones included. */
  orders: z.number().int(),
  /** What the customer paid: orders neither cancelled nor awaiting payment. */
  totalSpentCents: z.number().int(),
  lastOrderAt: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerListSchema = z.object({
  customers: z.array(customerSummarySchema),
  /** How many match, up to CUSTOMERS_COUNT_CAP; past it, CUSTOMERS_COUNT_CAP + 1 ("more than"). */
  total: z.number().int(),
});
export type CustomerList = z.infer<typeof customerListSchema>;

export const customerNoteSchema = z.object({
  _id: z.uuid(),
  body: z.string(),
  /** The staff member who wrote it; null once their account is gone. */
  author: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

export const customerNoteBodySchema = z.object({
  body: z.string().trim().min(1, "Write the note first").max(2000, "A note has at most 2,000 characters"),
});

export const customerDetailSchema = z.object({
  customer: customerSummarySchema,
  /** The delivery addresses of their orders, newest first, each once. */
  addresses: z.array(
    z.object({ name: z.string(), address: z.string(), city: z.string(), phone: z.string() }),
  ),
  recentOrders: z.array(
    z.object({
      _id: z.uuid(),
      number: z.number().int(),
      status: orderStatusSchema,
      totalCents: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  reviews: z.array(
    z.object({
      _id: z.uuid(),
      productId: z.uuid(),
      productName: z.string(),
      rating: z.number().int(),
      title: z.string(),
      createdAt: z.string(),
    }),
  ),
  notes: z.array(customerNoteSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** Past this many, the Customers list says "more than …" instead of counting every account. */
export const CUSTOMERS_COUNT_CAP = 10_000;
