import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mails } from "../src/db/schema";
import { registerAccount, type TestAccount } from "./support/accounts";
import { insertProduct } from "./support/catalogue";
import { multipartFile } from "./support/multipart";
import { createTestApp, type TestContext } from "./support/test-app";
import {
  campaigns,
  collections,
  coupons,
  customerNotes,
  orderLines,
  productVariants,
  refunds,
  reviews,
  searchSynonyms,
  shippingMethods,
  subscribers,
  users,
  wishlistShares,
} from "../src/db/schema";

/**
 * DESIGN's authorization table, route by route: what an anonymous visitor, the owner of the
 * resource (a shopper), another shopper and an admin get. A route missing here fails the test.
 */
type Caller = "anonymous" | "owner" | "other" | "admin";
type Expected = Record<Caller, number>;

const PUBLIC: Expected = { anonymous: 200, owner: 200, other: 200, admin: 200 };
const OWNER_OR_ADMIN: Expected = { anonymous: 401, owner: 200, other: 403, admin: 200 };
const ADMIN_ONLY: Expected = { anonymous: 401, owner: 403, other: 403, admin: 200 };

interface Fixtures {
  ownerEmail: string;
  productId: string;
  /** Fresh per call: routes that consume what they act on get their own. */
  newCartLine(): Promise<string>;
  newOrder(): Promise<string>;
  newProduct(): Promise<string>;
  newShopperEmail(): Promise<string>;
  pngUpload(): Promise<{ payload: Buffer; headers: Record<string, string> }>;
  /** A new product delivered to the owner (reviewable by the owner). */
  newDeliveredProduct(): Promise<string>;
  /** A new review by the owner of a product delivered to them. */
  newProductReview(): Promise<string>;
  /** The owner's testimonial (made when missing); `fresh`: none yet, and an order placed. */
  ownerTestimonial(): Promise<string>;
  readyForTestimonial(): Promise<void>;
  /** A mail in the outbox (the owner's sign-up put one there). */
  mailId(): Promise<string>;
  newShippingMethod(): Promise<string>;
  /** A new order of the owner's, delivered. */
  newDeliveredOrder(): Promise<string>;
  lineIdsOf(orderId: string): Promise<string[]>;
  /** A return the owner requested. */
  newReturn(): Promise<string>;
  newCoupon(): Promise<string>;
  /** A new order of the owner's with one parcel sent; answers "<order id>/shipments/<parcel id>". */
  newParcelPath(): Promise<string>;
  /** A new order of the owner's, partly refunded; answers "<order id>/credit-notes/<document id>". */
  newCreditNotePath(): Promise<string>;
  newSynonymGroup(): Promise<string>;
  /** A new manual collection. */
  newCollection(): Promise<{ id: string; slug: string }>;
}

interface RouteCase {
  method: string;
  url: string;
  expected: Expected;
  request(fixtures: Fixtures): Promise<InjectOptions>;
}

const product = {
  productname: "Sweep Product",
  price: "10.00",
  catagory: "gadgets",
  description: "Made by the access sweep.",
  image: "https://images.example.com/p.webp",
};
/** A one-product CSV with a fresh name: each import creates a product, never a duplicate. */
const sweepCsv = () =>
  `name,category,price,stock,description,image\nSweep Import ${randomUUID()},gadgets,9.99,1,From the sweep.,https://images.example.com/s.webp\n`;
const checkout = (lineIds: string[]) => ({
  lineIds,
  delivery: { name: "Ann", address: "1 Road", city: "Dhaka", phone: "12345678" },
  card: { number: "4242424242424242", expiry: "12/39", cvc: "123" },
});

const review = { rating: 5, title: "Swept", text: "Reviewed by the access sweep." };

const ROUTES: RouteCase[] = [
  { method: "GET", url: "/api/health", expected: PUBLIC, request: async () => ({ url: "/api/health" }) },
  { method: "GET", url: "/api/docs", expected: PUBLIC, request: async () => ({ url: "/api/docs" }) },
  // Admins, or a scraper with METRICS_TOKEN (observability.test.ts).
  {
    method: "GET",
    url: "/api/metrics",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/metrics" }),
  },
  {
    method: "GET",
    url: "/api/auth-providers",
    expected: PUBLIC,
    request: async () => ({ url: "/api/auth-providers" }),
  },
  { method: "GET", url: "/api/products", expected: PUBLIC, request: async () => ({ url: "/api/products" }) },
  {
    method: "GET",
    url: "/api/womans",
    expected: PUBLIC,
    request: async () => ({ url: "/api/womans/?catagory=womans" }),
  },
  {
    method: "GET",
    url: "/api/mans",
    expected: PUBLIC,
    request: async () => ({ url: "/api/mans/?catagory=mans" }),
  },
  {
    method: "GET",
    url: "/api/shoes",
    expected: PUBLIC,
    request: async () => ({ url: "/api/shoes/?catagory=shoes" }),
  },
  {
    method: "GET",
    url: "/api/gadget",
    expected: PUBLIC,
    request: async () => ({ url: "/api/gadget/?catagory=gadgets" }),
  },
  {
    method: "GET",
    url: "/api/collections/:slug",
    expected: PUBLIC,
    request: async (f) => ({ url: `/api/collections/${(await f.newCollection()).slug}` }),
  },
  {
    method: "GET",
    url: "/api/collections/:slug/products",
    expected: PUBLIC,
    request: async (f) => ({ url: `/api/collections/${(await f.newCollection()).slug}/products` }),
  },
  {
    method: "GET",
    url: "/api/collections/:slug/products/facets",
    expected: PUBLIC,
    request: async (f) => ({ url: `/api/collections/${(await f.newCollection()).slug}/products/facets` }),
  },
  {
    method: "GET",
    url: "/api/home-links",
    expected: PUBLIC,
    request: async () => ({ url: "/api/home-links" }),
  },
  {
    method: "GET",
    url: "/api/admin/home-links",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/home-links" }),
  },
  {
    method: "PUT",
    url: "/api/admin/home-links",
    expected: ADMIN_ONLY,
    request: async () => ({
      method: "PUT",
      url: "/api/admin/home-links",
      payload: {
        slides: [null, null, null],
        categories: { womans: null, mans: null, shoes: null, gadgets: null },
      },
    }),
  },
  {
    method: "GET",
    url: "/api/admin/collections",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/collections" }),
  },
  {
    method: "POST",
    url: "/api/admin/collections",
    expected: { ...ADMIN_ONLY, admin: 201 },
    request: async () => ({
      method: "POST",
      url: "/api/admin/collections",
      payload: { slug: `sweep-${randomUUID().slice(0, 8)}`, title: "Sweep", kind: "manual" },
    }),
  },
  {
    method: "PUT",
    url: "/api/admin/collections/:id",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "PUT",
      url: `/api/admin/collections/${(await f.newCollection()).id}`,
      payload: { slug: `sweep-${randomUUID().slice(0, 8)}`, title: "Swept", kind: "manual" },
    }),
  },
  {
    method: "DELETE",
    url: "/api/admin/collections/:id",
    expected: { ...ADMIN_ONLY, admin: 204 },
    request: async (f) => ({
      method: "DELETE",
      url: `/api/admin/collections/${(await f.newCollection()).id}`,
    }),
  },
  {
    method: "GET",
    url: "/api/admin/collections/:id/products",
    expected: ADMIN_ONLY,
    request: async (f) => ({ url: `/api/admin/collections/${(await f.newCollection()).id}/products` }),
  },
  {
    method: "PUT",
    url: "/api/admin/collections/:id/products",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "PUT",
      url: `/api/admin/collections/${(await f.newCollection()).id}/products`,
      payload: { productIds: [f.productId] },
    }),
  },
  {
    method: "GET",
    url: "/api/products/facets",
    expected: PUBLIC,
    request: async () => ({ url: "/api/products/facets?inStock=true" }),
  },
  {
    method: "GET",
    url: "/api/products/best-sellers",
    expected: PUBLIC,
    request: async () => ({ url: "/api/products/best-sellers" }),
  },
  {
    method: "GET",
    url: "/api/productdetail/:productId",
    expected: PUBLIC,
    request: async (f) => ({ url: `/api/productdetail/${f.productId}` }),
  },
  { method: "GET", url: "/api/reviews", expected: PUBLIC, request: async () => ({ url: "/api/reviews" }) },
  {
    method: "GET",
    url: "/api/payment-info",
    expected: PUBLIC,
    request: async () => ({ url: "/api/payment-info" }),
  },
  {
    method: "PUT",
    url: "/api/user/:email",
    // The token is handed only to its own account, admins included.
    expected: { anonymous: 401, owner: 200, other: 403, admin: 403 },
    request: async (f) => ({ method: "PUT", url: `/api/user/${f.ownerEmail}` }),
  },
  {
    method: "GET",
    url: "/api/admin/:email",
    expected: OWNER_OR_ADMIN,
    request: async (f) => ({ url: `/api/admin/${f.ownerEmail}` }),
  },
  {
    method: "GET",
    url: "/api/updateprofile/:email",
    expected: OWNER_OR_ADMIN,
    request: async (f) => ({ url: `/api/updateprofile/${f.ownerEmail}` }),
  },
  {
    method: "PUT",
    url: "/api/profile/:email",
    expected: OWNER_OR_ADMIN,
    request: async (f) => ({
      method: "PUT",
      url: `/api/profile/${f.ownerEmail}`,
      payload: { qualification: "BSc", city: "Dhaka", phone: "12345678" },
    }),
  },
  {
    method: "PUT",
    url: "/api/cart/:productId",
    // Anyone signed in adds to their own cart.
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
    request: async (f) => ({ method: "PUT", url: `/api/cart/${f.productId}`, payload: { quantity: 1 } }),
  },
  {
    method: "GET",
    url: "/api/carts/:email",
    expected: OWNER_OR_ADMIN,
    request: async (f) => ({ url: `/api/carts/${f.ownerEmail}` }),
  },
  {
    method: "PATCH",
    url: "/api/cart/:cartLineId",
    // Another shopper's line does not exist for them.
    expected: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: async (f) => ({
      method: "PATCH",
      url: `/api/cart/${await f.newCartLine()}`,
      payload: { quantity: 2 },
    }),
  },
  {
    method: "DELETE",
    url: "/api/cart/:cartLineId",
    // Another shopper's line does not exist for them.
    expected: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: async (f) => ({ method: "DELETE", url: `/api/cart/${await f.newCartLine()}` }),
  },
  {
    method: "POST",
    url: "/api/orders",
    // Only the owner's cart lines can be bought; the others find none of theirs.
    expected: { anonymous: 401, owner: 201, other: 409, admin: 409 },
    request: async (f) => ({
      method: "POST",
      url: "/api/orders",
      headers: { "idempotency-key": randomUUID() },
      payload: checkout([await f.newCartLine()]),
    }),
  },
  {
    method: "GET",
    url: "/api/orders",
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
    request: async () => ({ url: "/api/orders" }),
  },
  {
    method: "GET",
    url: "/api/orders/:orderId",
    expected: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: async (f) => ({ url: `/api/orders/${await f.newOrder()}` }),
  },
  {
    method: "POST",
    url: "/api/orders/:orderId/payment/cancel",
    // The test provider takes cards on our page: nothing to cancel there (409), once it is theirs.
    expected: { anonymous: 401, owner: 409, other: 404, admin: 404 },
    request: async (f) => ({ method: "POST", url: `/api/orders/${await f.newOrder()}/payment/cancel` }),
  },
  {
    method: "POST",
    url: "/api/payments/stripe/webhook",
    // Only with PAYMENT_PROVIDER=stripe (server/src/payments/stripe.test.ts); signed by Stripe, not by a session.
    expected: { anonymous: 404, owner: 404, other: 404, admin: 404 },
    request: async () => ({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      payload: "{}",
    }),
  },
  {
    method: "GET",
    url: "/api/admin/orders",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/orders" }),
  },
  {
    method: "PATCH",
    url: "/api/admin/orders/:orderId",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "PATCH",
      url: `/api/admin/orders/${await f.newOrder()}`,
      payload: { status: "shipped" },
    }),
  },
  {
    method: "GET",
    url: "/api/alluser",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/alluser" }),
  },
  {
    method: "PUT",
    url: "/api/user/admin/:email",
    expected: ADMIN_ONLY,
    request: async (f) => ({ method: "PUT", url: `/api/user/admin/${await f.newShopperEmail()}` }),
  },
  {
    method: "DELETE",
    url: "/api/userdelete/:email",
    expected: ADMIN_ONLY,
    request: async (f) => ({ method: "DELETE", url: `/api/userdelete/${await f.newShopperEmail()}` }),
  },
  {
    method: "POST",
    url: "/api/addproduct",
    expected: { anonymous: 401, owner: 403, other: 403, admin: 201 },
    request: async () => ({ method: "POST", url: "/api/addproduct", payload: product }),
  },
  {
    method: "PUT",
    url: "/api/product/:id",
    expected: ADMIN_ONLY,
    request: async (f) => ({ method: "PUT", url: `/api/product/${await f.newProduct()}`, payload: product }),
  },
  {
    method: "DELETE",
    url: "/api/deleteproduct/:id",
    expected: ADMIN_ONLY,
    request: async (f) => ({ method: "DELETE", url: `/api/deleteproduct/${await f.newProduct()}` }),
  },
  // Product status (decision 046): every product whatever its status, and the owner's preview.
  {
    method: "GET",
    url: "/api/admin/products",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/products?status=draft" }),
  },
  {
    method: "GET",
    url: "/api/admin/products/:id",
    expected: ADMIN_ONLY,
    request: async (f) => ({ url: `/api/admin/products/${await f.newProduct()}` }),
  },
  {
    method: "PUT",
    url: "/api/admin/products/:id/variants",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "PUT",
      url: `/api/admin/products/${await f.newProduct()}/variants`,
      payload: {
        options: [{ name: "Size", values: ["S", "M"] }],
        variants: [
          { options: { Size: "S" }, price: "10.00", stock: 1 },
          { options: { Size: "M" }, price: "12.00", stock: 0 },
        ],
      },
    }),
  },
  {
    method: "PUT",
    url: "/api/admin/products/:id/images",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "PUT",
      url: `/api/admin/products/${await f.newProduct()}/images`,
      payload: {
        images: [{ url: "/demo/products/a.svg" }, { url: "/demo/products/b.svg", optionValue: null }],
      },
    }),
  },
  // The owner's desk (issue 20): admins only.
  {
    method: "GET",
    url: "/api/admin/insights",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/insights?days=7" }),
  },
  {
    method: "GET",
    url: "/api/admin/low-stock",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/low-stock" }),
  },
  {
    method: "GET",
    url: "/api/admin/low-stock/count",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/low-stock/count" }),
  },
  {
    method: "PUT",
    url: "/api/admin/settings/low-stock",
    expected: ADMIN_ONLY,
    request: async () => ({ method: "PUT", url: "/api/admin/settings/low-stock", payload: { threshold: 5 } }),
  },
  {
    method: "GET",
    url: "/api/admin/export/products.csv",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/export/products.csv" }),
  },
  {
    method: "GET",
    url: "/api/admin/export/orders.csv",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/export/orders.csv?from=2026-01-01&to=2026-12-31" }),
  },
  {
    method: "GET",
    url: "/api/admin/orders.csv",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/orders.csv?status=paid" }),
  },
  {
    method: "POST",
    url: "/api/admin/import/products/preview",
    expected: ADMIN_ONLY,
    request: async () => ({
      method: "POST",
      url: "/api/admin/import/products/preview",
      headers: { "content-type": "text/csv" },
      payload: sweepCsv(),
    }),
  },
  {
    method: "POST",
    url: "/api/admin/import/products",
    expected: ADMIN_ONLY,
    request: async () => ({
      method: "POST",
      url: "/api/admin/import/products",
      headers: { "content-type": "text/csv" },
      payload: sweepCsv(),
    }),
  },
  {
    method: "POST",
    url: "/api/admin/products/bulk/preview",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "POST",
      url: "/api/admin/products/bulk/preview",
      payload: { selection: { kind: "ids", ids: [await f.newProduct()] }, action: { type: "delete" } },
    }),
  },
  {
    method: "POST",
    url: "/api/admin/products/bulk",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "POST",
      url: "/api/admin/products/bulk",
      payload: { selection: { kind: "ids", ids: [await f.newProduct()] }, action: { type: "delete" } },
    }),
  },
  {
    method: "GET",
    url: "/api/admin/audit",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/audit?kind=price" }),
  },
  {
    method: "POST",
    url: "/api/admin/backup",
    // Admins, or the CLI with the running server's token (backup.test.ts).
    expected: ADMIN_ONLY,
    request: async () => ({ method: "POST", url: "/api/admin/backup" }),
  },
  {
    method: "POST",
    url: "/api/uploads",
    expected: { anonymous: 401, owner: 403, other: 403, admin: 201 },
    request: async (f) => ({ method: "POST", url: "/api/uploads", ...(await f.pngUpload()) }),
  },
  {
    method: "GET",
    url: "/api/my-reviews",
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
    request: async () => ({ url: "/api/my-reviews" }),
  },
  {
    method: "POST",
    url: "/api/reviews",
    // Only a shopper who ordered writes a testimonial; the other shopper and the admin have no order.
    expected: { anonymous: 401, owner: 201, other: 403, admin: 403 },
    request: async (f) => {
      await f.readyForTestimonial();
      return { method: "POST", url: "/api/reviews", payload: { review: "Swept." } };
    },
  },
  {
    method: "PUT",
    url: "/api/reviews/:reviewId",
    expected: { anonymous: 401, owner: 200, other: 403, admin: 403 },
    request: async (f) => ({
      method: "PUT",
      url: `/api/reviews/${await f.ownerTestimonial()}`,
      payload: { review: "Swept again." },
    }),
  },
  {
    method: "DELETE",
    url: "/api/reviews/:reviewId",
    expected: { anonymous: 401, owner: 204, other: 403, admin: 403 },
    request: async (f) => ({ method: "DELETE", url: `/api/reviews/${await f.ownerTestimonial()}` }),
  },
  {
    method: "GET",
    url: "/api/products/:productId/reviews",
    expected: PUBLIC,
    request: async (f) => ({ url: `/api/products/${f.productId}/reviews` }),
  },
  {
    method: "GET",
    url: "/api/products/:productId/rating",
    expected: PUBLIC,
    request: async (f) => ({ url: `/api/products/${f.productId}/rating` }),
  },
  {
    method: "POST",
    url: "/api/products/:productId/reviews",
    // Only a shopper who received the product reviews it.
    expected: { anonymous: 401, owner: 201, other: 403, admin: 403 },
    request: async (f) => ({
      method: "POST",
      url: `/api/products/${await f.newDeliveredProduct()}/reviews`,
      payload: review,
    }),
  },
  {
    method: "PUT",
    url: "/api/product-reviews/:reviewId",
    expected: { anonymous: 401, owner: 200, other: 403, admin: 403 },
    request: async (f) => ({
      method: "PUT",
      url: `/api/product-reviews/${await f.newProductReview()}`,
      payload: review,
    }),
  },
  {
    method: "DELETE",
    url: "/api/product-reviews/:reviewId",
    expected: { anonymous: 401, owner: 204, other: 403, admin: 403 },
    request: async (f) => ({ method: "DELETE", url: `/api/product-reviews/${await f.newProductReview()}` }),
  },
  {
    method: "GET",
    url: "/api/admin/reviews",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/reviews" }),
  },
  {
    method: "PATCH",
    url: "/api/admin/reviews/:kind/:reviewId",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "PATCH",
      url: `/api/admin/reviews/product/${await f.newProductReview()}`,
      payload: { hidden: true, reason: "Swept" },
    }),
  },
  {
    method: "GET",
    url: "/api/admin/mails",
    // Mails hold other people's addresses, orders and (without SMTP) their links.
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/mails" }),
  },
  {
    method: "GET",
    url: "/api/admin/mails/:mailId",
    expected: ADMIN_ONLY,
    request: async (f) => ({ url: `/api/admin/mails/${await f.mailId()}` }),
  },
];

// ---- The newsletter, campaigns and back-in-stock requests (issue 42).

const everyone = (status: number): Expected => ({
  anonymous: status,
  owner: status,
  other: status,
  admin: status,
});
const adminOnly = (status: number): Expected => ({ anonymous: 401, owner: 403, other: 403, admin: status });
const campaignBody = { subject: "Swept", body: "From the access sweep.", productIds: [] };

/** A fresh subscriber's token (each call: the routes using it change it). */
async function newSubscriberToken(status: "pending" | "confirmed" = "confirmed"): Promise<string> {
  const token = `sweep-${randomUUID()}`;
  await context.database.db.insert(subscribers).values({
    email: `${token}@sweep.test`,
    status,
    token,
    consentSource: "footer",
    consentText: "Swept.",
  });
  return token;
}
async function newCampaign(): Promise<string> {
  const [row] = await context.database.db.insert(campaigns).values(campaignBody).returning();
  return row!.id;
}
async function newSoldOutVariant(): Promise<string> {
  const productId = await insertProduct(context.database.db, { stock: 0 });
  const [variant] = await context.database.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return variant!.id;
}

ROUTES.push(
  {
    method: "POST",
    url: "/api/newsletter/subscribe",
    expected: everyone(202),
    request: async () => ({
      method: "POST",
      url: "/api/newsletter/subscribe",
      payload: { email: `sweep-${randomUUID()}@sweep.test`, source: "footer" },
    }),
  },
  {
    method: "POST",
    url: "/api/newsletter/confirm",
    // The token is the authority: the link works for whoever holds the mail.
    expected: PUBLIC,
    request: async () => ({
      method: "POST",
      url: "/api/newsletter/confirm",
      payload: { token: await newSubscriberToken("pending") },
    }),
  },
  {
    method: "POST",
    url: "/api/newsletter/unsubscribe",
    expected: PUBLIC,
    request: async () => ({
      method: "POST",
      url: "/api/newsletter/unsubscribe",
      payload: { token: await newSubscriberToken() },
    }),
  },
  {
    method: "POST",
    url: "/api/newsletter/unsubscribe/:token",
    expected: PUBLIC,
    request: async () => ({
      method: "POST",
      url: `/api/newsletter/unsubscribe/${await newSubscriberToken()}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    }),
  },
  {
    method: "POST",
    url: "/api/stock-alerts",
    // Signed in, or with an address when the catalogue is public (it is not here).
    expected: { anonymous: 401, owner: 201, other: 201, admin: 201 },
    request: async () => ({
      method: "POST",
      url: "/api/stock-alerts",
      payload: { variantId: await newSoldOutVariant() },
    }),
  },
  {
    method: "GET",
    url: "/api/admin/stock-alerts",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/stock-alerts" }),
  },
  {
    method: "GET",
    url: "/api/admin/newsletter/audience",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/newsletter/audience" }),
  },
  {
    method: "GET",
    url: "/api/admin/campaigns",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/campaigns" }),
  },
  {
    method: "POST",
    url: "/api/admin/campaigns",
    expected: adminOnly(201),
    request: async () => ({ method: "POST", url: "/api/admin/campaigns", payload: campaignBody }),
  },
  {
    method: "POST",
    url: "/api/admin/campaigns/preview",
    expected: ADMIN_ONLY,
    request: async () => ({ method: "POST", url: "/api/admin/campaigns/preview", payload: campaignBody }),
  },
  {
    method: "GET",
    url: "/api/admin/campaigns/:campaignId",
    expected: ADMIN_ONLY,
    request: async () => ({ url: `/api/admin/campaigns/${await newCampaign()}` }),
  },
  {
    method: "PUT",
    url: "/api/admin/campaigns/:campaignId",
    expected: ADMIN_ONLY,
    request: async () => ({
      method: "PUT",
      url: `/api/admin/campaigns/${await newCampaign()}`,
      payload: campaignBody,
    }),
  },
  {
    method: "DELETE",
    url: "/api/admin/campaigns/:campaignId",
    expected: adminOnly(204),
    request: async () => ({ method: "DELETE", url: `/api/admin/campaigns/${await newCampaign()}` }),
  },
  {
    method: "POST",
    url: "/api/admin/campaigns/:campaignId/test",
    expected: adminOnly(202),
    request: async () => ({ method: "POST", url: `/api/admin/campaigns/${await newCampaign()}/test` }),
  },
  {
    method: "POST",
    url: "/api/admin/campaigns/:campaignId/send",
    expected: adminOnly(202),
    request: async () => ({ method: "POST", url: `/api/admin/campaigns/${await newCampaign()}/send` }),
  },
);

// Each signed-in caller has their own wishlist: "own" routes answer every shopper for themselves.
const SIGNED_IN: Expected = { anonymous: 401, owner: 200, other: 200, admin: 200 };
ROUTES.push(
  {
    method: "GET",
    url: "/api/wishlist",
    expected: SIGNED_IN,
    request: async () => ({ url: "/api/wishlist" }),
  },
  {
    method: "PUT",
    url: "/api/wishlist/:productId",
    expected: SIGNED_IN,
    request: async (f) => ({ method: "PUT", url: `/api/wishlist/${await f.newProduct()}`, payload: {} }),
  },
  {
    method: "DELETE",
    url: "/api/wishlist/:productId",
    expected: SIGNED_IN,
    request: async (f) => ({ method: "DELETE", url: `/api/wishlist/${f.productId}` }),
  },
  {
    method: "POST",
    url: "/api/wishlist/:productId/bag",
    // Nothing of another caller's can be moved: only one's own item, which these callers lack (404).
    expected: { anonymous: 401, owner: 404, other: 404, admin: 404 },
    request: async (f) => ({ method: "POST", url: `/api/wishlist/${await f.newProduct()}/bag` }),
  },
  {
    method: "POST",
    url: "/api/wishlist/share",
    expected: SIGNED_IN,
    request: async () => ({ method: "POST", url: "/api/wishlist/share" }),
  },
  {
    method: "DELETE",
    url: "/api/wishlist/share",
    expected: SIGNED_IN,
    request: async () => ({ method: "DELETE", url: "/api/wishlist/share" }),
  },
  {
    method: "GET",
    url: "/api/wishlists/:token",
    // Read-only and public while the owner keeps the link open.
    expected: PUBLIC,
    request: async () => {
      const [user] = await context.database.db.select({ id: users.id }).from(users).limit(1);
      await context.database.db
        .insert(wishlistShares)
        .values({ userId: user!.id, token: `sweep-share-${user!.id}` })
        .onConflictDoNothing();
      return { url: `/api/wishlists/sweep-share-${user!.id}` };
    },
  },
);

ROUTES.push({
  method: "PUT",
  url: "/api/account/language",
  // Each signed-in account sets its own (decision 041).
  expected: SIGNED_IN,
  request: async () => ({ method: "PUT", url: "/api/account/language", payload: { language: "en" } }),
});

// Each signed-in account says yes or no to its own bag reminders (issue 42).
ROUTES.push(
  {
    method: "GET",
    url: "/api/account/bag-reminders",
    expected: SIGNED_IN,
    request: async () => ({ url: "/api/account/bag-reminders" }),
  },
  {
    method: "PUT",
    url: "/api/account/bag-reminders",
    expected: SIGNED_IN,
    request: async () => ({ method: "PUT", url: "/api/account/bag-reminders", payload: { optedIn: false } }),
  },
);

/** The owner's account id (a customer), and a new note on it for routes that consume one. */
const ownerCustomerId = async () => {
  const [owner] = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "sweep-owner@shop.test"));
  return owner!.id;
};

ROUTES.push(
  {
    method: "GET",
    url: "/api/admin/customers",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/customers?q=sweep" }),
  },
  {
    method: "GET",
    url: "/api/admin/customers/:customerId",
    expected: ADMIN_ONLY,
    request: async () => ({ url: `/api/admin/customers/${await ownerCustomerId()}` }),
  },
  {
    method: "POST",
    url: "/api/admin/customers/:customerId/notes",
    expected: { ...ADMIN_ONLY, admin: 201 },
    request: async () => ({
      method: "POST",
      url: `/api/admin/customers/${await ownerCustomerId()}/notes`,
      payload: { body: "Sweep note" },
    }),
  },
  {
    method: "DELETE",
    url: "/api/admin/customers/:customerId/notes/:noteId",
    expected: { ...ADMIN_ONLY, admin: 204 },
    request: async () => {
      const customerId = await ownerCustomerId();
      const [note] = await context.database.db
        .insert(customerNotes)
        .values({ customerId, body: "Sweep note" })
        .returning({ id: customerNotes.id });
      return { method: "DELETE", url: `/api/admin/customers/${customerId}/notes/${note!.id}` };
    },
  },
);

const shippingMethodBody = { name: "Courier", price: 5 };
const couponBody = () => ({ code: `SWEEP${randomUUID().slice(0, 8)}`, kind: "percent", value: 10 });
const moneySettings = { taxRate: 0, pricesIncludeTax: true, returnWindowDays: 30 };

ROUTES.push(
  {
    method: "GET",
    url: "/api/shipping-methods",
    expected: PUBLIC,
    request: async () => ({ url: "/api/shipping-methods" }),
  },
  {
    method: "POST",
    url: "/api/cart/quote",
    // Each prices their own cart.
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
    request: async () => ({ method: "POST", url: "/api/cart/quote", payload: {} }),
  },
  {
    method: "GET",
    url: "/api/admin/shipping-methods",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/shipping-methods" }),
  },
  {
    method: "POST",
    url: "/api/admin/shipping-methods",
    expected: { ...ADMIN_ONLY, admin: 201 },
    request: async () => ({
      method: "POST",
      url: "/api/admin/shipping-methods",
      payload: shippingMethodBody,
    }),
  },
  {
    method: "PUT",
    url: "/api/admin/shipping-methods/:id",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "PUT",
      url: `/api/admin/shipping-methods/${await f.newShippingMethod()}`,
      payload: shippingMethodBody,
    }),
  },
  {
    method: "DELETE",
    url: "/api/admin/shipping-methods/:id",
    expected: { ...ADMIN_ONLY, admin: 204 },
    request: async (f) => ({
      method: "DELETE",
      url: `/api/admin/shipping-methods/${await f.newShippingMethod()}`,
    }),
  },
  {
    method: "GET",
    url: "/api/admin/coupons",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/coupons" }),
  },
  {
    method: "POST",
    url: "/api/admin/coupons",
    expected: { ...ADMIN_ONLY, admin: 201 },
    request: async () => ({ method: "POST", url: "/api/admin/coupons", payload: couponBody() }),
  },
  {
    method: "PUT",
    url: "/api/admin/coupons/:id",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "PUT",
      url: `/api/admin/coupons/${await f.newCoupon()}`,
      payload: couponBody(),
    }),
  },
  {
    method: "DELETE",
    url: "/api/admin/coupons/:id",
    expected: { ...ADMIN_ONLY, admin: 204 },
    request: async (f) => ({ method: "DELETE", url: `/api/admin/coupons/${await f.newCoupon()}` }),
  },
  {
    method: "GET",
    url: "/api/admin/money-settings",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/money-settings" }),
  },
  {
    method: "PUT",
    url: "/api/admin/money-settings",
    expected: ADMIN_ONLY,
    request: async () => ({ method: "PUT", url: "/api/admin/money-settings", payload: moneySettings }),
  },
  {
    method: "POST",
    url: "/api/admin/orders/:orderId/refunds",
    expected: { ...ADMIN_ONLY, admin: 201 },
    request: async (f) => ({
      method: "POST",
      url: `/api/admin/orders/${await f.newOrder()}/refunds`,
      headers: { "idempotency-key": randomUUID() },
      payload: { amount: 1 },
    }),
  },
);

const synonymBody = { terms: ["sweep", "swept"] };

ROUTES.push(
  {
    method: "GET",
    url: "/api/products/suggest",
    expected: PUBLIC,
    request: async () => ({ url: "/api/products/suggest?q=sweep" }),
  },
  {
    method: "GET",
    url: "/api/admin/search-synonyms",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/search-synonyms" }),
  },
  {
    method: "POST",
    url: "/api/admin/search-synonyms",
    expected: { ...ADMIN_ONLY, admin: 201 },
    request: async () => ({ method: "POST", url: "/api/admin/search-synonyms", payload: synonymBody }),
  },
  {
    method: "PUT",
    url: "/api/admin/search-synonyms/:id",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "PUT",
      url: `/api/admin/search-synonyms/${await f.newSynonymGroup()}`,
      payload: synonymBody,
    }),
  },
  {
    method: "DELETE",
    url: "/api/admin/search-synonyms/:id",
    expected: { ...ADMIN_ONLY, admin: 204 },
    request: async (f) => ({
      method: "DELETE",
      url: `/api/admin/search-synonyms/${await f.newSynonymGroup()}`,
    }),
  },
);

ROUTES.push(
  {
    method: "POST",
    url: "/api/admin/orders/:orderId/refunds/:refundId/retry",
    expected: ADMIN_ONLY,
    request: async (f) => {
      const orderId = await f.newOrder();
      const refund = await context.app.inject({
        method: "POST",
        url: `/api/admin/orders/${orderId}/refunds`,
        headers: { ...accounts.admin.headers, "idempotency-key": randomUUID() },
        payload: { amount: 1, reason: "Sweep" },
      });
      const refundId = refund.json().refunds[0]._id as string;
      // As if the provider had refused it.
      await context.database.db
        .update(refunds)
        .set({ status: "failed", failure: "Refused" })
        .where(eq(refunds.id, refundId));
      return { method: "POST", url: `/api/admin/orders/${orderId}/refunds/${refundId}/retry` };
    },
  },
  {
    method: "POST",
    url: "/api/orders/:orderId/returns",
    // Another shopper's order does not exist for them; an admin returns only their own orders.
    expected: { anonymous: 401, owner: 201, other: 404, admin: 404 },
    request: async (f) => {
      const orderId = await f.newDeliveredOrder();
      return {
        method: "POST",
        url: `/api/orders/${orderId}/returns`,
        payload: { lineIds: await f.lineIdsOf(orderId), reason: "Swept" },
      };
    },
  },
  {
    method: "PATCH",
    url: "/api/admin/returns/:id",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "PATCH",
      url: `/api/admin/returns/${await f.newReturn()}`,
      payload: { action: "approve" },
    }),
  },
);

// Fulfilment (issue 40): parcels, invoices, credit notes, packing slips.
const fulfilmentSettings = {
  seller: { name: "Sweep Ltd.", address: "1 Sweep Road", taxId: "", email: "" },
  carriers: [],
  invoiceInMail: "link",
};
ROUTES.push(
  {
    method: "GET",
    url: "/api/admin/fulfilment-settings",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/fulfilment-settings" }),
  },
  {
    method: "PUT",
    url: "/api/admin/fulfilment-settings",
    expected: ADMIN_ONLY,
    request: async () => ({
      method: "PUT",
      url: "/api/admin/fulfilment-settings",
      payload: fulfilmentSettings,
    }),
  },
  {
    method: "POST",
    url: "/api/admin/orders/:orderId/shipments",
    expected: { ...ADMIN_ONLY, admin: 201 },
    request: async (f) => ({
      method: "POST",
      url: `/api/admin/orders/${await f.newOrder()}/shipments`,
      payload: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
    }),
  },
  {
    method: "POST",
    url: "/api/admin/orders/:orderId/shipments/:shipmentId/delivered",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "POST",
      url: `/api/admin/orders/${await f.newParcelPath()}/delivered`,
    }),
  },
  {
    method: "GET",
    url: "/api/orders/:orderId/invoice.pdf",
    // Another shopper's order does not exist for them.
    expected: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: async (f) => ({ url: `/api/orders/${await f.newOrder()}/invoice.pdf` }),
  },
  {
    method: "GET",
    url: "/api/orders/:orderId/credit-notes/:documentId",
    expected: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: async (f) => ({ url: `/api/orders/${await f.newCreditNotePath()}` }),
  },
  {
    method: "GET",
    url: "/api/admin/orders/:orderId/packing-slip.pdf",
    expected: ADMIN_ONLY,
    request: async (f) => ({ url: `/api/admin/orders/${await f.newOrder()}/packing-slip.pdf` }),
  },
  {
    method: "GET",
    url: "/api/admin/packing-slips.pdf",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      url: `/api/admin/packing-slips.pdf?ids=${await f.newOrder()},${await f.newOrder()}`,
    }),
  },
);

/** Better Auth's own endpoints: sign-up, sign-in, sessions. Their checks are Better Auth's and auth.test.ts's. */
const DELEGATED = new Set(["GET /api/auth/*", "POST /api/auth/*"]);

let context: TestContext;
let accounts: Record<Exclude<Caller, "anonymous">, TestAccount>;
let fixtures: Fixtures;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["sweep-admin@shop.test"] } });
  accounts = {
    owner: await registerAccount(context.app, "sweep-owner@shop.test"),
    other: await registerAccount(context.app, "sweep-other@shop.test"),
    admin: await registerAccount(context.app, "sweep-admin@shop.test"),
  };
  const productId = await insertProduct(context.database.db, { stock: 100_000 });
  const owner = accounts.owner;
  const newCartLine = async () => {
    const line = await context.app.inject({
      method: "PUT",
      url: `/api/cart/${await insertProduct(context.database.db)}`,
      headers: owner.headers,
      payload: { quantity: 1 },
    });
    return line.json()._id as string;
  };
  const newOrderOf = async (productId: string) => {
    const line = await context.app.inject({
      method: "PUT",
      url: `/api/cart/${productId}`,
      headers: owner.headers,
      payload: { quantity: 1 },
    });
    const order = await context.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...owner.headers, "idempotency-key": randomUUID() },
      payload: checkout([line.json()._id]),
    });
    return order.json()._id as string;
  };
  const deliver = async (orderId: string) => {
    for (const status of ["shipped", "delivered"]) {
      await context.app.inject({
        method: "PATCH",
        url: `/api/admin/orders/${orderId}`,
        headers: accounts.admin.headers,
        payload: { status },
      });
    }
  };
  const newDeliveredProduct = async () => {
    const productId = await insertProduct(context.database.db);
    await deliver(await newOrderOf(productId));
    return productId;
  };
  const [ownerRow] = await context.database.db.select().from(users).where(eq(users.email, owner.email));
  const ownerId = ownerRow!.id;
  fixtures = {
    newDeliveredProduct,
    newProductReview: async () => {
      const response = await context.app.inject({
        method: "POST",
        url: `/api/products/${await newDeliveredProduct()}/reviews`,
        headers: owner.headers,
        payload: review,
      });
      return response.json()._id as string;
    },
    readyForTestimonial: async () => {
      await context.database.db.delete(reviews).where(eq(reviews.userId, ownerId));
      await newOrderOf(await insertProduct(context.database.db));
    },
    ownerTestimonial: async () => {
      const [existing] = await context.database.db.select().from(reviews).where(eq(reviews.userId, ownerId));
      if (existing) return existing.id;
      const [created] = await context.database.db
        .insert(reviews)
        .values({ userId: ownerId, name: "Owner", review: "Swept.", image: "/demo/avatars/avatar-1.svg" })
        .returning();
      return created!.id;
    },
    ownerEmail: owner.email,
    productId,
    newDeliveredOrder: async () => {
      const orderId = await newOrderOf(await insertProduct(context.database.db));
      await deliver(orderId);
      return orderId;
    },
    lineIdsOf: async (orderId) =>
      (await context.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).map(
        (line) => line.id,
      ),
    newReturn: async () => {
      const orderId = await newOrderOf(await insertProduct(context.database.db));
      await deliver(orderId);
      const [line] = await context.database.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId));
      const response = await context.app.inject({
        method: "POST",
        url: `/api/orders/${orderId}/returns`,
        headers: owner.headers,
        payload: { lineIds: [line!.id], reason: "Swept" },
      });
      return response.json().returns[0]._id as string;
    },
    newShippingMethod: async () => {
      const [row] = await context.database.db
        .insert(shippingMethods)
        .values({ name: "Sweep Courier", flatRateCents: 500 })
        .returning();
      return row!.id;
    },
    newSynonymGroup: async () => {
      const [row] = await context.database.db
        .insert(searchSynonyms)
        .values({ terms: ["sweep", `swept${randomUUID().slice(0, 8)}`] })
        .returning();
      return row!.id;
    },
    newCollection: async () => {
      const [row] = await context.database.db
        .insert(collections)
        .values({ slug: `sweep-${randomUUID().slice(0, 8)}`, title: "Sweep", kind: "manual" })
        .returning();
      return { id: row!.id, slug: row!.slug };
    },
    newCoupon: async () => {
      const [row] = await context.database.db
        .insert(coupons)
        .values({ code: `SWEEP${randomUUID().slice(0, 8).toUpperCase()}`, kind: "fixed", value: 100 })
        .returning();
      return row!.id;
    },
    newCartLine,
    newOrder: async () => {
      const order = await context.app.inject({
        method: "POST",
        url: "/api/orders",
        headers: { ...owner.headers, "idempotency-key": randomUUID() },
        payload: checkout([await newCartLine()]),
      });
      return order.json()._id as string;
    },
    newParcelPath: async () => {
      const orderId = await fixtures.newOrder();
      const shipped = await context.app.inject({
        method: "POST",
        url: `/api/admin/orders/${orderId}/shipments`,
        headers: accounts.admin.headers,
        payload: { carrier: "DHL", trackingNumber: "JD014600001" },
      });
      return `${orderId}/shipments/${shipped.json().shipments[0]._id}`;
    },
    newCreditNotePath: async () => {
      const orderId = await fixtures.newOrder();
      const refunded = await context.app.inject({
        method: "POST",
        url: `/api/admin/orders/${orderId}/refunds`,
        headers: { ...accounts.admin.headers, "idempotency-key": randomUUID() },
        payload: { amount: 1, reason: "Swept" },
      });
      const note = refunded
        .json()
        .documents.find((document: { kind: string }) => document.kind === "credit-note");
      return `${orderId}/credit-notes/${note._id}`;
    },
    newProduct: () => insertProduct(context.database.db),
    newShopperEmail: async () => (await registerAccount(context.app)).email,
    mailId: async () => {
      const [mail] = await context.database.db.select({ id: mails.id }).from(mails).limit(1);
      return mail!.id;
    },
    pngUpload: async () =>
      multipartFile(
        "p.png",
        "image/png",
        await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } })
          .png()
          .toBuffer(),
      ),
  };
});
afterAll(() => context.close());

describe("the access-control table", () => {
  it("covers every API route", () => {
    const registered = context.app.registeredRoutes
      .filter((route) => route.url.startsWith("/api") && route.method !== "HEAD")
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !DELEGATED.has(route));
    const covered = new Set(ROUTES.map((route) => `${route.method} ${route.url}`));
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !registered.includes(route))).toEqual([]);
  });

  describe.each(ROUTES)("$method $url", (route) => {
    it.each(["anonymous", "owner", "other", "admin"] as const)("as %s", async (caller) => {
      const options = await route.request(fixtures);
      const headers = {
        ...(options.headers ?? {}),
        ...(caller === "anonymous" ? {} : accounts[caller].headers),
      };
      const response = await context.app.inject({ ...options, headers });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(route.expected[caller]);
    });
  });
});
