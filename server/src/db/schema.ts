import { ROLES } from "@shop/contract/auth";
import { CATEGORIES } from "@shop/contract/catalog";
import { ORDER_STATUSES } from "@shop/contract/orders";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const categoryEnum = pgEnum("category", CATEGORIES);
export const orderStatusEnum = pgEnum("order_status", ORDER_STATUSES);
export const roleEnum = pgEnum("role", ROLES);

// ---- Better Auth's tables (user, session, account, verification); `role` is our additional field.

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: roleEnum("role").notNull().default("user"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("products_name_length", sql`char_length(${table.name}) between 1 and 120`),
    check("products_description_length", sql`char_length(${table.description}) between 1 and 2000`),
    check("products_price_positive", sql`${table.priceCents} > 0`),
    check("products_stock_not_negative", sql`${table.stock} >= 0`),
    // Listing order: newest first, id as the tie-breaker so paging never overlaps.
    index("products_created_at_idx").on(table.createdAt.desc(), table.id),
    index("products_category_created_at_idx").on(table.category, table.createdAt.desc(), table.id),
    // Case-insensitive substring search (ILIKE '%…%') uses this trigram index.
    index("products_name_trgm_idx").using("gin", sql`${table.name} gin_trgm_ops`),
  ],
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
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("cart_lines_user_product_unique").on(table.userId, table.productId),
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

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    review: text("review").notNull(),
    image: text("image").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("reviews_review_length", sql`char_length(${table.review}) between 1 and 2000`),
    index("reviews_created_at_idx").on(table.createdAt.desc(), table.id),
  ],
);

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
    deliveryName: text("delivery_name").notNull(),
    deliveryAddress: text("delivery_address").notNull(),
    deliveryCity: text("delivery_city").notNull(),
    deliveryPhone: text("delivery_phone").notNull(),
    paymentProvider: text("payment_provider").notNull(),
    paymentReference: text("payment_reference").notNull(),
    cardLast4: text("card_last4").notNull(),
    /** One checkout, one order: a retried or double-clicked request finds this. */
    idempotencyKey: uuid("idempotency_key").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("orders_user_idempotency_unique").on(table.userId, table.idempotencyKey),
    check("orders_total_positive", sql`${table.totalCents} > 0`),
    index("orders_user_created_at_idx").on(table.userId, table.createdAt.desc()),
    index("orders_status_created_at_idx").on(table.status, table.createdAt.desc()),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Snapshots below keep the order as it was sold, whatever happens to the product later.
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    image: text("image").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    check("order_lines_quantity_range", sql`${table.quantity} between 1 and 99`),
    check("order_lines_price_positive", sql`${table.unitPriceCents} > 0`),
    index("order_lines_order_id_idx").on(table.orderId),
    index("order_lines_product_id_idx").on(table.productId),
  ],
);
