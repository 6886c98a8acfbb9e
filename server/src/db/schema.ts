import { ROLES } from "@shop/contract/auth";
import { CATEGORIES, PRODUCT_STATUSES } from "@shop/contract/catalogue";
import type { Language } from "@shop/contract/languages";
import { MAIL_STATUSES } from "@shop/contract/mail";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "@shop/contract/orders";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const categoryEnum = pgEnum("category", CATEGORIES);
export const productStatusEnum = pgEnum("product_status", PRODUCT_STATUSES);
export const orderStatusEnum = pgEnum("order_status", ORDER_STATUSES);
export const roleEnum = pgEnum("role", ROLES);
export const mailStatusEnum = pgEnum("mail_status", MAIL_STATUSES);

// ---- Better Auth's tables (user, session, account, verification); `role` is our additional field.

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: roleEnum("role").notNull().default("user"),
    /** The language the shopper chose (decision 041); null: the shop's default. Mails follow it. */
    language: text("language"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The Customers list's name and newest-account orders (issue 40).
    index("users_name_idx").on(sql`lower(${table.name})`, table.id),
    index("users_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

// ---- The shop.

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    category: categoryEnum("category").notNull(),
    image: text("image").notNull(),
    stock: integer("stock").notNull().default(0),
    /**
     * Visible product reviews: how many and the sum of their stars. Kept by a trigger on
     * product_reviews (drizzle/0005), in the review write's own transaction, so lists read the
     * average without a join or an aggregate.
     */
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    /**
     * Derived from product_variants by a trigger (drizzle/0008), in the variant write's own
     * transaction, like price_cents (the lowest variant price: the "From" price) and stock (the
     * sum): the dearest variant's price and how many variants there are, for cards and lists.
     */
    maxPriceCents: integer("max_price_cents").notNull().default(0),
    variantCount: integer("variant_count").notNull().default(1),
    /**
     * The product's sale (decision 032): one window for all its variants (null ends: open), the
     * prices per variant (product_variants.sale_price_cents). Derived by the same trigger, for
     * lists: the lowest price while the sale runs, the regular price of the variant that has it,
     * and the largest saving of any variant in whole percent (0: no variant on sale).
     */
    saleStartsAt: timestamp("sale_starts_at", { withTimezone: true }),
    saleEndsAt: timestamp("sale_ends_at", { withTimezone: true }),
    salePriceCents: integer("sale_price_cents"),
    saleCompareAtCents: integer("sale_compare_at_cents"),
    saleSavingPercent: integer("sale_saving_percent").notNull().default(0),
    /**
     * Shoppers see the product while it is active and its publish time (null: at once) has come
     * (decision 046). A future publish time on an active product is a scheduled launch: the
     * catalogue caches expire at it as they do at a sale's start.
     */
    status: productStatusEnum("status").notNull().default("active"),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("products_name_length", sql`char_length(${table.name}) between 1 and 120`),
    check("products_description_length", sql`char_length(${table.description}) between 1 and 2000`),
    check("products_price_positive", sql`${table.priceCents} > 0`),
    check("products_stock_not_negative", sql`${table.stock} >= 0`),
    check(
      "products_sale_window_order",
      sql`${table.saleStartsAt} is null or ${table.saleEndsAt} is null or ${table.saleStartsAt} < ${table.saleEndsAt}`,
    ),
    // Listing order: newest first, id as the tie-breaker so paging never overlaps.
    index("products_created_at_idx").on(table.createdAt.desc(), table.id),
    index("products_category_created_at_idx").on(table.category, table.createdAt.desc(), table.id),
    // Case-insensitive substring search (ILIKE '%…%') uses this trigram index.
    index("products_name_trgm_idx").using("gin", sql`${table.name} gin_trgm_ops`),
    // The next scheduled launch (nextSaleBoundary) reads only products that have a publish time.
    index("products_publish_at_idx")
      .on(table.publishAt)
      .where(sql`${table.publishAt} is not null`),
  ],
);

/**
 * A product's options (Size, Colour …), at most three, in order; `values` in the order the
 * pickers show them. A product without options has none, and one default variant.
 */
export const productOptions = pgTable(
  "product_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    values: text("values").array().notNull(),
  },
  (table) => [
    unique("product_options_product_position_unique").on(table.productId, table.position),
    unique("product_options_product_name_unique").on(table.productId, table.name),
    check("product_options_position_range", sql`${table.position} between 0 and 2`),
    check("product_options_name_length", sql`char_length(${table.name}) between 1 and 40`),
    check("product_options_values_count", sql`cardinality(${table.values}) between 1 and 40`),
  ],
);

/**
 * What is sold and stocked: one combination of option values (`optionValues[i]` is the value
 * of the option at position i; empty for the default variant of a product without options).
 * Every write here updates the product's derived price_cents, max_price_cents, stock and
 * variant_count in the same transaction (trigger in drizzle/0008).
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    optionValues: text("option_values")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    priceCents: integer("price_cents").notNull(),
    /** While the product's sale runs, the price charged; price_cents is then the "was" price. */
    salePriceCents: integer("sale_price_cents"),
    stock: integer("stock").notNull().default(0),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("product_variants_product_options_unique").on(table.productId, table.optionValues),
    check("product_variants_price_positive", sql`${table.priceCents} > 0`),
    check(
      "product_variants_sale_below_price",
      sql`${table.salePriceCents} is null or (${table.salePriceCents} > 0 and ${table.salePriceCents} < ${table.priceCents})`,
    ),
    check("product_variants_stock_not_negative", sql`${table.stock} >= 0`),
  ],
);

/**
 * The gallery beyond the main image (products.image): more pictures, in order. One with an
 * `optionValue` (e.g. a colour) belongs to the variants that have that value.
 */
export const productImages = pgTable(
  "product_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    position: integer("position").notNull(),
    optionValue: text("option_value"),
    createdAt: createdAt(),
  },
  (table) => [index("product_images_product_position_idx").on(table.productId, table.position)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** A line is one variant (size, colour); product_id stays for the catalogue's queries. */
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The unit price the shopper saw when adding the line: the bag says when it changed since. */
    priceSeenCents: integer("price_seen_cents"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("cart_lines_user_variant_unique").on(table.userId, table.variantId),
    index("cart_lines_variant_id_idx").on(table.variantId),
    check("cart_lines_quantity_range", sql`${table.quantity} between 1 and 99`),
    index("cart_lines_product_id_idx").on(table.productId),
  ],
);

export const profiles = pgTable(
  "profiles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    city: text("city").notNull(),
    qualification: text("qualification").notNull(),
    phone: text("phone").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId] })],
);

/** Moderation: a hidden review or testimonial leaves every public list; the reason is kept. */
const moderation = () => ({
  hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  moderationReason: text("moderation_reason"),
  moderatedAt: timestamp("moderated_at", { withTimezone: true }),
});

/** SPEC's reviews: testimonials about the shop (seeded ones have no user; a shopper writes one). */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // A removed account takes its words with it.
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    review: text("review").notNull(),
    image: text("image").notNull(),
    /**
     * The line under the name (REVIEW_CAPTIONS): the reviewer's city when the review was written,
     * 'Developer' on the demo testimonials; null shows 'Verified buyer'.
     */
    caption: text("caption"),
    ...moderation(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("reviews_review_length", sql`char_length(${table.review}) between 1 and 2000`),
    index("reviews_created_at_idx").on(table.createdAt.desc(), table.id),
    // One testimonial per shopper (seeded ones have no user and are not limited).
    unique("reviews_user_unique").on(table.userId),
  ],
);

/** A shopper's stars and words about a product they received (one per product and shopper). */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    ...moderation(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("product_reviews_product_user_unique").on(table.productId, table.userId),
    check("product_reviews_rating_range", sql`${table.rating} between 1 and 5`),
    check("product_reviews_title_length", sql`char_length(${table.title}) between 1 and 120`),
    check("product_reviews_body_length", sql`char_length(${table.body}) between 1 and 2000`),
    index("product_reviews_product_created_at_idx").on(table.productId, table.createdAt.desc(), table.id),
    index("product_reviews_product_rating_idx").on(table.productId, table.rating, table.createdAt.desc()),
    index("product_reviews_user_idx").on(table.userId),
    index("product_reviews_created_at_idx").on(table.createdAt.desc(), table.id),
  ],
);

/**
 * Where an order's payment stands: paid at once through the test provider; awaiting (its stock
 * and coupon held) through Stripe Checkout until the provider's event, then paid, or released as
 * expired, failed or cancelled.
 */
export const paymentStatusEnum = pgEnum("payment_status", PAYMENT_STATUSES);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The number a shopper quotes; sequential and short. */
    number: integer("number").generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    // Orders are business records: they outlive the account (e-mail kept as a snapshot).
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    status: orderStatusEnum("status").notNull(),
    totalCents: integer("total_cents").notNull(),
    /**
     * ISO 4217: the currency every `…_cents` amount of this order (and its lines, refunds and
     * returns) counts minor units of. Always SHOP_CURRENCY so far: start-up refuses another (decision 040).
     */
    currency: text("currency").notNull().default("USD"),
    deliveryName: text("delivery_name").notNull(),
    deliveryAddress: text("delivery_address").notNull(),
    deliveryCity: text("delivery_city").notNull(),
    deliveryPhone: text("delivery_phone").notNull(),
    // The money of the order as computed at checkout (server/src/money/totals.ts); total_cents is
    // what was charged. Orders placed before these columns have subtotal = total and zeros.
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    taxIncluded: boolean("tax_included").notNull().default(true),
    shippingMethodId: uuid("shipping_method_id").references(() => shippingMethods.id, {
      onDelete: "set null",
    }),
    /** A snapshot: the method may be renamed or removed later. */
    shippingMethodName: text("shipping_method_name"),
    couponId: uuid("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    /** When it became delivered: the return window counts from here. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    paymentProvider: text("payment_provider").notNull(),
    paymentReference: text("payment_reference").notNull(),
    cardLast4: text("card_last4").notNull(),
    paymentStatus: paymentStatusEnum("payment_status").notNull().default("paid"),
    /** The provider's Checkout Session (cs_…) of a redirect payment. */
    paymentSessionId: text("payment_session_id").unique("orders_payment_session_unique"),
    /** The provider's page the shopper pays on, while the order awaits its payment. */
    paymentUrl: text("payment_url"),
    /** When an unpaid order gives its stock and coupon use back. */
    paymentHoldExpiresAt: timestamp("payment_hold_expires_at", { withTimezone: true }),
    /** Why the admin must look at the payment (an amount that does not match, a late payment). */
    paymentFlag: text("payment_flag"),
    /** One checkout, one order: a retried or double-clicked request finds this. */
    idempotencyKey: uuid("idempotency_key").notNull(),
    /**
     * Set on an order a guest placed (GUEST_CHECKOUT): the bag it came from, which scopes its
     * idempotency key. No foreign key: the bag expires, the order and this mark stay.
     */
    guestBagId: uuid("guest_bag_id"),
    /**
     * The language of the checkout's request (decision 041): a guest's order mails are written in
     * it; an account's follow users.language first. Null: placed before languages were recorded.
     */
    language: text("language").$type<Language>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("orders_user_idempotency_unique").on(table.userId, table.idempotencyKey),
    uniqueIndex("orders_guest_idempotency_unique").on(table.guestBagId, table.idempotencyKey),
    // Claiming on verification: a guest's orders by their address, not yet in an account.
    index("orders_guest_email_idx")
      .using("btree", sql`lower(${table.email})`)
      .where(sql`${table.guestBagId} is not null and ${table.userId} is null`),
    // A 100 % coupon can make an order free (nothing is charged then).
    check("orders_total_not_negative", sql`${table.totalCents} >= 0`),
    check(
      "orders_money_adds_up",
      sql`${table.totalCents} = ${table.subtotalCents} - ${table.discountCents} + ${table.shippingCents} + case when ${table.taxIncluded} then 0 else ${table.taxCents} end`,
    ),
    index("orders_user_created_at_idx").on(table.userId, table.createdAt.desc()),
    // With the number, it serves All Orders' whole ORDER BY for one status (keyset pages too).
    index("orders_status_created_at_number_idx").on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.number.desc().nullsFirst(),
    ),
    // The hold sweeper's and the admin's "stuck or flagged" list.
    index("orders_awaiting_hold_idx")
      .on(table.paymentHoldExpiresAt)
      .where(sql`${table.paymentStatus} = 'awaiting'`),
    index("orders_payment_flag_idx")
      .on(table.createdAt.desc())
      .where(sql`${table.paymentFlag} is not null`),
    // All Orders (issue 40): newest first, and prefix searches on the buyer's e-mail and name.
    index("orders_created_at_number_idx").on(
      table.createdAt.desc().nullsFirst(),
      table.number.desc().nullsFirst(),
    ),
    index("orders_email_prefix_idx").using("btree", sql`lower(${table.email}) text_pattern_ops`),
    index("orders_delivery_name_prefix_idx").using(
      "btree",
      sql`lower(${table.deliveryName}) text_pattern_ops`,
    ),
    index("orders_total_idx").on(table.totalCents.desc().nullsFirst(), table.number.desc().nullsFirst()),
  ],
);

/**
 * Every provider event applied, by its id: the row is written in the transaction that applies it,
 * so a repeated delivery (or the same event on two instances at once) changes the order once.
 */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
  /** What applying it did: paid, released, flagged, ignored … (for the admin and the logs). */
  outcome: text("outcome").notNull(),
  receivedAt: createdAt(),
});

export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Snapshots below keep the order as it was sold, whatever happens to the product later.
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** The chosen option values as sold: [{ name: "Size", value: "M" }]; [] without options. */
    options: jsonb("options").$type<{ name: string; value: string }[]>().notNull().default([]),
    image: text("image").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    /** The regular ("was") price when the line was bought on sale; null otherwise. */
    compareAtCents: integer("compare_at_cents"),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    check("order_lines_quantity_range", sql`${table.quantity} between 1 and 99`),
    check("order_lines_price_positive", sql`${table.unitPriceCents} > 0`),
    index("order_lines_order_id_idx").on(table.orderId),
    index("order_lines_product_id_idx").on(table.productId),
    index("order_lines_variant_id_idx").on(table.variantId),
  ],
);

/** Bytes as a Buffer on both drivers (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded images and their resized copies, where every instance sees them (with DATABASE_URL
 * and no S3 bucket: see server/src/uploads/image-store.ts). Written once, never changed.
 */
export const images = pgTable("images", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  etag: text("etag").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: createdAt(),
});

// ---- The owner's desk (issue 20).

/** Shop-wide settings the owner changes in the dashboard, one row per key (e.g. the low-stock threshold). */
export const shopSettings = pgTable("shop_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * The audit trail: written only by triggers on products, orders and users (see the migration and
 * docs/decisions/016-audit-trail-in-triggers.md); another trigger refuses every update and delete.
 * No foreign keys: an event outlives the product, order or account it is about.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email"),
    kind: text("kind").notNull(),
    action: text("action").notNull(),
    entityId: uuid("entity_id").notNull(),
    entityLabel: text("entity_label").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (table) => [
    index("audit_events_at_idx").on(table.at.desc(), table.id.desc()),
    index("audit_events_kind_at_idx").on(table.kind, table.at.desc()),
    index("audit_events_entity_idx").on(table.entityId),
  ],
);

// ---- The mail outbox: a row per mail, written in the transaction of what caused it.

export const mails = pgTable(
  "mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Which template renders `data` (verify-email, reset-password, order-confirmation …). */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    /** Everything the template needs, as it was when the mail was caused (a snapshot). */
    data: jsonb("data").notNull(),
    /** The language the subject was written in and the body renders in (decision 041). */
    language: text("language").$type<Language>().notNull().default("en"),
    status: mailStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** Not before this time: the back-off after a failed attempt. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A sender that claimed the mail holds it until then; past it, another may take it over. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("mails_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index("mails_created_at_idx").on(table.createdAt.desc(), table.id),
    index("mails_recipient_idx").on(table.recipient),
  ],
);

// ---- Checkout money: shipping methods, coupons, tax settings, refunds (docs/decisions/019-checkout-money.md).

export const shippingMethods = pgTable(
  "shipping_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    flatRateCents: integer("flat_rate_cents").notNull(),
    /** Free from this many cents of goods (after the discount); null: never free. */
    freeFromCents: integer("free_from_cents"),
    active: boolean("active").notNull().default(true),
    /** The checkout lists methods by this, the first is preselected. */
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("shipping_methods_rate_not_negative", sql`${table.flatRateCents} >= 0`),
    check(
      "shipping_methods_free_from_not_negative",
      sql`${table.freeFromCents} is null or ${table.freeFromCents} >= 0`,
    ),
  ],
);

export const couponKindEnum = pgEnum("coupon_kind", ["percent", "fixed"]);

export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored upper-case: shoppers type codes in any case. */
    code: text("code").notNull().unique(),
    kind: couponKindEnum("kind").notNull(),
    /** percent: 1–100; fixed: cents off. */
    value: integer("value").notNull(),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Orders that may use it in all; null: no limit. */
    usageLimit: integer("usage_limit"),
    /** Raised in the checkout's transaction by a conditional update, so the limit holds under races. */
    usedCount: integer("used_count").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "coupons_value_range",
      sql`${table.value} > 0 and (${table.kind} <> 'percent' or ${table.value} <= 100)`,
    ),
    check(
      "coupons_usage_within_limit",
      sql`${table.usageLimit} is null or ${table.usedCount} <= ${table.usageLimit}`,
    ),
    check("coupons_used_not_negative", sql`${table.usedCount} >= 0`),
  ],
);

/** One use per customer: the unique key is what enforces it, even for two checkouts at once. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.couponId, table.userId] })],
);

export const refundStatusEnum = pgEnum("refund_status", ["pending", "succeeded", "failed"]);

/**
 * Every refund, written as an intent (pending) with its idempotency key in its own transaction
 * before the provider is called; a retry after a crash sends the same key, so the provider
 * refunds once.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    status: refundStatusEnum("status").notNull().default("pending"),
    providerReference: text("provider_reference"),
    failure: text("failure"),
    /** Retries after a failure; each goes to the provider under its own key (`<key>#<attempt>`). */
    attempt: integer("attempt").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("refunds_amount_positive", sql`${table.amountCents} > 0`),
    index("refunds_order_idx").on(table.orderId),
    index("refunds_pending_idx").on(table.status),
  ],
);

export const returnStatusEnum = pgEnum("return_status", [
  "requested",
  "approved",
  "received",
  "refunded",
  "rejected",
]);

/** A shopper's request to send back delivered lines; the admin approves, receives and refunds it. */
export const returns = pgTable(
  "returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: returnStatusEnum("status").notNull().default("requested"),
    reason: text("reason").notNull(),
    /** What the returned lines are worth (their share of what was paid for goods). */
    amountCents: integer("amount_cents").notNull(),
    restocked: boolean("restocked").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("returns_order_idx").on(table.orderId),
    check("returns_amount_not_negative", sql`${table.amountCents} >= 0`),
  ],
);

/** A line is returned once: the unique key refuses a second request for it. */
export const returnLines = pgTable(
  "return_lines",
  {
    returnId: uuid("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id")
      .notNull()
      .unique()
      .references(() => orderLines.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.returnId, table.orderLineId] })],
);

// ---- Fulfilment (issue 40): parcels, invoices and credit notes.

export const shipmentStatusEnum = pgEnum("shipment_status", ["shipped", "delivered"]);

/** A parcel sent for an order: some or all of its lines, with the carrier's tracking number. */
export const shipments = pgTable(
  "shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The carrier's name as shown (a built-in one or the owner's own). */
    carrier: text("carrier").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    /** Made from the carrier's URL template when the parcel was sent (a snapshot). */
    trackingUrl: text("tracking_url"),
    status: shipmentStatusEnum("status").notNull().default("shipped"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (table) => [index("shipments_order_idx").on(table.orderId, table.shippedAt)],
);

/** How many units of an order line a parcel holds. */
export const shipmentLines = pgTable(
  "shipment_lines",
  {
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shipmentId, table.orderLineId] }),
    check("shipment_lines_quantity_positive", sql`${table.quantity} > 0`),
    index("shipment_lines_order_line_idx").on(table.orderLineId),
  ],
);

/**
 * The last number of each numbered document (invoice, credit-note). The row is locked by the
 * transaction that issues one, so numbers are gap-free and unique across instances
 * (docs/decisions/033-gap-free-invoice-numbers.md); a SEQUENCE would leave gaps on rollback.
 */
export const documentCounters = pgTable("document_counters", {
  kind: text("kind").primaryKey(),
  /** The last number issued. */
  lastNumber: integer("last_number").notNull(),
});

export const documentKindEnum = pgEnum("document_kind", ["invoice", "credit-note"]);

/** An issued invoice (one per paid order) or credit note (one per refund paid back). */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: documentKindEnum("kind").notNull(),
    number: integer("number").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** A credit note's refund. */
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    /** The seller's details as they were when it was issued. */
    seller: jsonb("seller").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("invoices_kind_number_unique").on(table.kind, table.number),
    unique("invoices_refund_unique").on(table.refundId),
    uniqueIndex("invoices_one_per_order")
      .on(table.orderId)
      .where(sql`${table.kind} = 'invoice'`),
    index("invoices_order_idx").on(table.orderId),
  ],
);
// ---- Bringing shoppers back (issue 42, docs/decisions/036-consent-unsubscribe-and-campaigns.md).

export const subscriberStatusEnum = pgEnum("subscriber_status", ["pending", "confirmed", "unsubscribed"]);

/**
 * One row per address that asked for news. Only `confirmed` ones (the link in the confirmation
 * mail was opened) get campaigns. The consent columns record the latest request as it was made.
 */
export const subscribers = pgTable(
  "subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    status: subscriberStatusEnum("status").notNull().default("pending"),
    /** Random and secret: the confirmation and unsubscribe links carry it (no sign-in needed). */
    token: text("token").notNull().unique(),
    /** Which form asked: footer, registration or checkout. */
    consentSource: text("consent_source").notNull(),
    /** The words next to the form when the shopper sent it. */
    consentText: text("consent_text").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("subscribers_status_idx").on(table.status)],
);

export const campaignStatusEnum = pgEnum("campaign_status", ["draft", "sending", "sent"]);

/** A newsletter the owner writes: Markdown and products picked from the catalogue. */
export const campaigns = pgTable("campaigns", {
  id: uuid("id").primaryKey().defaultRandom(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  productIds: uuid("product_ids")
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  status: campaignStatusEnum("status").notNull().default("draft"),
  /** The product blocks as they were when sending started (names, prices, pictures): every mail shows the same. */
  productsSent: jsonb("products_sent"),
  startedAt: timestamp("started_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One row per (campaign, subscriber), made when the owner presses Send. The key is what makes a
 * campaign reach an address once: a worker claims queued rows (FOR UPDATE SKIP LOCKED) and turns
 * each into one outbox mail in the same transaction.
 */
export const campaignDeliveries = pgTable(
  "campaign_deliveries",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    /** queued: waits for the throttle; mailed: in the outbox (mail_id); skipped: unsubscribed first. */
    status: text("status").notNull().default("queued"),
    mailId: uuid("mail_id").references(() => mails.id, { onDelete: "set null" }),
    handedAt: timestamp("handed_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.subscriberId] }),
    index("campaign_deliveries_queued_idx")
      .on(table.campaignId)
      .where(sql`${table.status} = 'queued'`),
    index("campaign_deliveries_handed_at_idx").on(table.handedAt),
  ],
);

/** "Notify me" on a sold-out variant: one mail when it has stock again, then the row goes. */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [unique("stock_alerts_variant_email_unique").on(table.variantId, table.email)],
);

/** A shopper's wishlist: products, each with the variant (size, colour) she picked, if any. */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    /** The price when it was added, to show how it changed since. */
    priceCentsWhenAdded: integer("price_cents_when_added").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique("wishlist_items_user_product_unique").on(table.userId, table.productId),
    index("wishlist_items_user_created_idx").on(table.userId, table.createdAt.desc()),
  ],
);

/** The read-only link to a wishlist; deleting the row revokes it. */
export const wishlistShares = pgTable("wishlist_shares", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

/** When a shopper's bag was last reminded: a bag whose oldest line is older gets no second one. */
export const bagReminders = pgTable("bag_reminders", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  remindedAt: timestamp("reminded_at", { withTimezone: true }).notNull().defaultNow(),
});
/**
 * A shopper's own yes to bag reminders (issue 42), apart from the newsletter: when, from which
 * form, the words shown; `withdrawnAt` once they turn it off or unsubscribe from a reminder
 * (its `token` is the one-click link's, random and secret).
 */
export const bagReminderConsents = pgTable("bag_reminder_consents", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  consentSource: text("consent_source").notNull(),
  consentText: text("consent_text").notNull(),
  consentedAt: timestamp("consented_at", { withTimezone: true }).notNull().defaultNow(),
  withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
});
/**
 * The owner's search synonyms: each row is a group of terms that mean the same to a shopper
 * ("tee", "t-shirt"). The catalogue index reads them when it builds (server/src/search).
 */
export const searchSynonyms = pgTable("search_synonyms", {
  id: uuid("id").primaryKey().defaultRandom(),
  terms: text("terms").array().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---- Customers (issue 40): what the staff write about a customer.

export const customerNotes = pgTable(
  "customer_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("customer_notes_body_length", sql`char_length(${table.body}) between 1 and 2000`),
    index("customer_notes_customer_idx").on(table.customerId, table.createdAt.desc()),
  ],
);

/**
 * A signed-out visitor's bag (GUEST_CHECKOUT): the cookie holds a random id, the table its SHA-256,
 * so a database copy opens no bag. Gone 30 days after its last change (docs/decisions/042-guest-checkout.md).
 */
export const guestBags = pgTable(
  "guest_bags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("guest_bags_updated_at_idx").on(table.updatedAt)],
);

/**
 * A guest bag's line. The variant may be deleted while the bag waits: the line then keeps its
 * name (variant_id null) so merging or checking out says what was lost instead of losing it silently.
 */
export const guestBagLines = pgTable(
  "guest_bag_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bagId: uuid("bag_id")
      .notNull()
      .references(() => guestBags.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** "Linen Dress (Size: M)" when added: what the shopper is told if the variant goes. */
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    priceSeenCents: integer("price_seen_cents"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("guest_bag_lines_bag_variant_unique").on(table.bagId, table.variantId),
    index("guest_bag_lines_variant_id_idx").on(table.variantId),
    check("guest_bag_lines_quantity_range", sql`${table.quantity} between 1 and 99`),
  ],
);

/**
 * A private link to a guest's order: the mail carries the token, the table only its SHA-256.
 * Revoking sets revoked_at; a fresh link ("find my order") is a new row.
 */
export const orderLinks = pgTable(
  "order_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("order_links_order_id_idx").on(table.orderId)],
);

/**
 * Each account's orders in one row (issue 40): the Customers list sorts a million orders' buyers
 * by these without adding the orders up on every page. Triggers on orders keep it right in the
 * transaction that changes an order (migration 0021), and one row is made with each account.
 */
export const customerTotals = pgTable(
  "customer_totals",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    orders: integer("orders").notNull().default(0),
    /** Orders neither cancelled nor awaiting payment. */
    spentCents: bigint("spent_cents", { mode: "number" }).notNull().default(0),
    lastOrderAt: timestamp("last_order_at", { withTimezone: true }),
  },
  (table) => [
    index("customer_totals_spent_idx").on(table.spentCents.desc().nullsFirst(), table.userId),
    index("customer_totals_orders_idx").on(table.orders.desc().nullsFirst(), table.userId),
    index("customer_totals_last_order_idx").on(table.lastOrderAt.desc().nullsLast(), table.userId),
  ],
);

// ---- Collections (issue 39, decision 048).

export const collectionKindEnum = pgEnum("collection_kind", ["manual", "rule"]);

/**
 * A collection of products with its own page: picked by hand (collection_products) or by a rule
 * (category, a price range in minor units, on sale, the newest N; null or false: not part of the
 * rule). Only products shoppers see are ever listed (decision 046).
 */
export const collections = pgTable(
  "collections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    image: text("image"),
    kind: collectionKindEnum("kind").notNull(),
    category: categoryEnum("category"),
    minPriceCents: integer("min_price_cents"),
    maxPriceCents: integer("max_price_cents"),
    onSale: boolean("on_sale").notNull().default(false),
    newestN: integer("newest_n"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "collections_price_range",
      sql`${table.minPriceCents} is null or ${table.maxPriceCents} is null or ${table.minPriceCents} < ${table.maxPriceCents}`,
    ),
    check("collections_newest_n", sql`${table.newestN} is null or ${table.newestN} > 0`),
  ],
);

/** The products of a manual collection, in the owner's order. */
export const collectionProducts = pgTable(
  "collection_products",
  {
    collectionId: uuid("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.productId] }),
    index("collection_products_product_idx").on(table.productId),
  ],
);
