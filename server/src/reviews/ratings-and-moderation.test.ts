import { randomUUID } from "node:crypto";
import type { Product, Review } from "@shop/contract/catalogue";
import type { ModerationItem, MyReviews, ProductReview, RatingSummary } from "@shop/contract/reviews";
import { REVIEW_MESSAGES } from "@shop/contract/reviews";
import { eq, inArray, isNull, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { buildSecondInstance, createTestApp, type TestContext } from "../../test/support/test-app";
import type { App } from "../app";
import { productReviews, products, reviews, users } from "../db/schema";

let context: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["chief@shop.test"] } });
  admin = await registerAccount(context.app, "chief@shop.test", "Chief");
});
afterAll(() => context.close());

const delivery = { name: "Ann Lee", address: "12 Harbour Road", city: "Dhaka", phone: "+8801712345678" };
const card = { number: "4242424242424242", expiry: "12/39", cvc: "123" };
const aReview = { rating: 4, title: "Keeps good time", text: "Solid watch, bright lume." };

const inject = (options: InjectOptions, app: App = context.app) => app.inject(options);

/** Buys one of the product through the API; the admin moves the order on to `status`. */
async function buy(account: TestAccount, productId: string, status: "paid" | "delivered" = "delivered") {
  const line = await inject({
    method: "PUT",
    url: `/api/cart/${productId}`,
    headers: account.headers,
    payload: { quantity: 1 },
  });
  expect(line.statusCode).toBe(200);
  const order = await inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...account.headers, "idempotency-key": randomUUID() },
    payload: { lineIds: [line.json()._id], delivery, card },
  });
  expect(order.statusCode).toBe(201);
  const orderId = order.json()._id as string;
  if (status === "delivered") {
    for (const next of ["shipped", "delivered"]) {
      const moved = await inject({
        method: "PATCH",
        url: `/api/admin/orders/${orderId}`,
        headers: admin.headers,
        payload: { status: next },
      });
      expect(moved.statusCode).toBe(200);
    }
  }
  return orderId;
}

const postReview = (account: TestAccount, productId: string, payload: object = aReview) =>
  inject({ method: "POST", url: `/api/products/${productId}/reviews`, headers: account.headers, payload });

async function reviewed(account: TestAccount, productId: string, payload: object = aReview) {
  const response = await postReview(account, productId, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ProductReview;
}

async function publicReviews(productId: string, query = "", app: App = context.app) {
  const response = await inject({ url: `/api/products/${productId}/reviews${query}` }, app);
  expect(response.statusCode).toBe(200);
  return { items: response.json() as ProductReview[], total: Number(response.headers["x-total-count"]) };
}

const productOf = async (productId: string, app: App = context.app) =>
  (await inject({ url: `/api/productdetail/${productId}` }, app)).json() as Product;

const moderate = (kind: "product" | "testimonial", id: string, hidden: boolean, reason = "Off-topic") =>
  inject({
    method: "PATCH",
    url: `/api/admin/reviews/${kind}/${id}`,
    headers: admin.headers,
    payload: { hidden, reason },
  });

describe("product reviews: the verified-purchase rule", () => {
  it("refuses a product the shopper never bought, with 403 and a clear message", async () => {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db);
    const response = await postReview(shopper, productId);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(REVIEW_MESSAGES.notReceived);
    expect((await publicReviews(productId)).total).toBe(0);
  });

  it("refuses a product bought but not delivered yet, and accepts it once delivered", async () => {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db);
    const orderId = await buy(shopper, productId, "paid");
    expect((await postReview(shopper, productId)).statusCode).toBe(403);
    for (const status of ["shipped", "delivered"]) {
      await inject({
        method: "PATCH",
        url: `/api/admin/orders/${orderId}`,
        headers: admin.headers,
        payload: { status },
      });
    }
    const review = await reviewed(shopper, productId);
    expect(review).toMatchObject({
      ...aReview,
      verifiedPurchase: true,
      name: "Test Shopper",
      editedAt: null,
    });
  });

  it("does not let one shopper's delivery count for another", async () => {
    const [buyer, other] = [await registerAccount(context.app), await registerAccount(context.app)];
    const productId = await insertProduct(context.database.db);
    await buy(buyer, productId);
    expect((await postReview(other, productId)).statusCode).toBe(403);
  });

  it("answers 404 for an unknown product and 400 for a malformed review, storing nothing", async () => {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db);
    await buy(shopper, productId);
    expect((await postReview(shopper, randomUUID())).statusCode).toBe(404);
    const malformed = [
      { ...aReview, rating: 6 },
      { ...aReview, rating: 0 },
      { ...aReview, rating: 3.5 },
      { ...aReview, title: "   " },
      { ...aReview, title: "x".repeat(121) },
      { ...aReview, text: "x".repeat(2001) },
      { rating: 5 },
    ];
    for (const payload of malformed) {
      const response = await postReview(shopper, productId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.headers["content-type"]).toContain("application/problem+json");
    }
    expect((await publicReviews(productId)).total).toBe(0);
  });
});

describe("product reviews: one per product and shopper", () => {
  it("answers 409 to a second review, also when two arrive at once", async () => {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db);
    await buy(shopper, productId);
    const statuses = (await Promise.all([postReview(shopper, productId), postReview(shopper, productId)]))
      .map((response) => response.statusCode)
      .sort();
    expect(statuses).toEqual([201, 409]);
    const again = await postReview(shopper, productId);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(REVIEW_MESSAGES.alreadyReviewed);
    expect(await productOf(productId)).toMatchObject({ ratingCount: 1, ratingAverage: 4 });
  });
});

describe("product reviews: edit and delete own only", () => {
  it("lets the writer edit and delete; another shopper and the admin get 403; unknown ids 404", async () => {
    const [writer, other] = [await registerAccount(context.app), await registerAccount(context.app)];
    const productId = await insertProduct(context.database.db);
    await buy(writer, productId);
    const review = await reviewed(writer, productId);
    const edit = { rating: 2, title: "Stopped after a week", text: "Sent it back." };

    for (const caller of [other, admin]) {
      const put = await inject({
        method: "PUT",
        url: `/api/product-reviews/${review._id}`,
        headers: caller.headers,
        payload: edit,
      });
      expect(put.statusCode).toBe(403);
      expect(put.json().detail).toBe(REVIEW_MESSAGES.notYours);
      const del = await inject({
        method: "DELETE",
        url: `/api/product-reviews/${review._id}`,
        headers: caller.headers,
      });
      expect(del.statusCode).toBe(403);
    }
    expect((await publicReviews(productId)).items[0]).toMatchObject(aReview);

    const put = await inject({
      method: "PUT",
      url: `/api/product-reviews/${review._id}`,
      headers: writer.headers,
      payload: edit,
    });
    expect(put.statusCode).toBe(200);
    expect((await publicReviews(productId)).items[0]).toMatchObject(edit);
    expect(await productOf(productId)).toMatchObject({ ratingCount: 1, ratingAverage: 2 });

    const del = await inject({
      method: "DELETE",
      url: `/api/product-reviews/${review._id}`,
      headers: writer.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await publicReviews(productId)).total).toBe(0);
    expect(await productOf(productId)).toMatchObject({ ratingCount: 0, ratingAverage: 0 });
    const gone = await inject({
      method: "DELETE",
      url: `/api/product-reviews/${review._id}`,
      headers: writer.headers,
    });
    expect(gone.statusCode).toBe(404);
    // Deleted, it may be written again.
    await reviewed(writer, productId);
  });
});

describe("product page answers: sort, paging, breakdown", () => {
  it("sorts newest, highest and lowest, pages with X-Total-Count and counts each number of stars", async () => {
    const productId = await insertProduct(context.database.db);
    const ratings = [2, 5, 3, 5];
    for (const rating of ratings) {
      const shopper = await registerAccount(context.app);
      await buy(shopper, productId);
      await reviewed(shopper, productId, { ...aReview, rating, title: `Rated ${rating}` });
    }
    const newest = await publicReviews(productId);
    expect(newest.items.map((review) => review.rating)).toEqual([5, 3, 5, 2]);
    expect((await publicReviews(productId, "?sort=highest")).items.map((r) => r.rating)).toEqual([
      5, 5, 3, 2,
    ]);
    expect((await publicReviews(productId, "?sort=lowest")).items.map((r) => r.rating)).toEqual([2, 3, 5, 5]);
    const secondPage = await publicReviews(productId, "?sort=lowest&limit=2&offset=2");
    expect(secondPage).toMatchObject({ total: 4 });
    expect(secondPage.items.map((r) => r.rating)).toEqual([5, 5]);
    expect((await inject({ url: `/api/products/${productId}/reviews?sort=best` })).statusCode).toBe(400);

    const summary = (await inject({ url: `/api/products/${productId}/rating` })).json() as RatingSummary;
    expect(summary).toEqual({
      average: 3.8,
      count: 4,
      breakdown: [
        { stars: 5, count: 2 },
        { stars: 4, count: 0 },
        { stars: 3, count: 1 },
        { stars: 2, count: 1 },
        { stars: 1, count: 0 },
      ],
    });
    expect(await productOf(productId)).toMatchObject({ ratingCount: 4, ratingAverage: 3.8 });
    const list = (await inject({ url: "/api/gadget?limit=100" })).json() as Product[];
    expect(list.find((product) => product._id === productId)).toMatchObject({ ratingCount: 4 });
    expect((await inject({ url: `/api/products/${randomUUID()}/rating` })).statusCode).toBe(404);
  });
});

describe("moderation", () => {
  it("hides a review from the public list, the rating and cached answers at once, shows the writer why, and restores it", async () => {
    const writer = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db);
    await buy(writer, productId);
    const review = await reviewed(writer, productId, { ...aReview, rating: 5 });
    // Warm the catalogue cache with the review in it.
    expect((await publicReviews(productId)).total).toBe(1);
    expect((await inject({ url: `/api/productdetail/${productId}` })).headers["x-cache"]).toBeUndefined();
    expect((await inject({ url: `/api/productdetail/${productId}` })).headers["x-cache"]).toBeUndefined();
    expect((await inject({ url: `/api/productdetail/${productId}` })).headers["x-cache"]).toBe("hit");

    const listed = (
      await inject({ url: "/api/admin/reviews?kind=product&status=visible", headers: admin.headers })
    ).json() as ModerationItem[];
    expect(listed.find((item) => item._id === review._id)).toMatchObject({
      kind: "product",
      email: writer.email,
      hidden: false,
    });

    expect((await moderate("product", review._id, true, "")).statusCode).toBe(400);
    const hide = await moderate("product", review._id, true, "Mentions another shop");
    expect(hide.statusCode).toBe(200);
    expect((await publicReviews(productId)).total).toBe(0);
    expect(await productOf(productId)).toMatchObject({ ratingCount: 0, ratingAverage: 0 });
    const mine = (await inject({ url: "/api/my-reviews", headers: writer.headers })).json() as MyReviews;
    expect(mine.productReviews[0]).toMatchObject({ hidden: true, moderationReason: "Mentions another shop" });
    const hiddenList = (
      await inject({ url: "/api/admin/reviews?status=hidden", headers: admin.headers })
    ).json() as ModerationItem[];
    expect(hiddenList.map((item) => item._id)).toContain(review._id);

    expect((await moderate("product", review._id, false, "Reviewed again: fine")).statusCode).toBe(200);
    expect((await publicReviews(productId)).items.map((item) => item._id)).toEqual([review._id]);
    expect(await productOf(productId)).toMatchObject({ ratingCount: 1, ratingAverage: 5 });
    // A moderation is not an edit by the writer.
    expect((await publicReviews(productId)).items[0]!.editedAt).toBeNull();
    expect((await moderate("product", randomUUID(), true)).statusCode).toBe(404);
  });

  it("hides on every instance: a second server drops its cached answers too", async (test) => {
    // Several instances share a PostgreSQL server (LISTEN/NOTIFY); the embedded database has one process.
    if (context.database.kind !== "postgres") test.skip();
    const second = await buildSecondInstance(context);
    try {
      const writer = await registerAccount(context.app);
      const productId = await insertProduct(context.database.db);
      await buy(writer, productId);
      const review = await reviewed(writer, productId);
      // Its change listener connects after start-up and drops what it cached before: ask until it holds.
      await expect
        .poll(
          async () =>
            (await inject({ url: `/api/products/${productId}/reviews` }, second)).headers["x-cache"],
        )
        .toBe("hit");
      expect((await moderate("product", review._id, true)).statusCode).toBe(200);
      await expect.poll(async () => (await publicReviews(productId, "", second)).total).toBe(0);
      await expect.poll(async () => (await productOf(productId, second)).ratingCount).toBe(0);
    } finally {
      await second.close();
    }
  });
});

describe("testimonials", () => {
  const testimonials = async () => (await inject({ url: "/api/reviews" })).json() as Review[];

  it("needs an order, one per shopper, shows at once as verified, and only its writer edits or deletes it", async () => {
    const [writer, other] = [
      await registerAccount(context.app, undefined, "Rita"),
      await registerAccount(context.app),
    ];
    const post = (account: TestAccount, review = "Quick delivery and kind support.") =>
      inject({ method: "POST", url: "/api/reviews", headers: account.headers, payload: { review } });

    const early = await post(writer);
    expect(early.statusCode).toBe(403);
    expect(early.json().detail).toBe(REVIEW_MESSAGES.noOrder);
    await buy(writer, await insertProduct(context.database.db), "paid");
    const created = await post(writer);
    expect(created.statusCode).toBe(201);
    const testimonial = created.json() as Review;
    expect(testimonial).toMatchObject({ name: "Rita", verified: true });
    expect((await testimonials())[0]).toMatchObject({ _id: testimonial._id, verified: true });
    expect((await post(writer)).statusCode).toBe(409);
    expect((await post(writer, "x".repeat(2001))).statusCode).toBe(400);

    const edit = { review: "Second order was as good." };
    for (const caller of [other, admin]) {
      const put = await inject({
        method: "PUT",
        url: `/api/reviews/${testimonial._id}`,
        headers: caller.headers,
        payload: edit,
      });
      expect(put.statusCode).toBe(403);
      expect(
        (await inject({ method: "DELETE", url: `/api/reviews/${testimonial._id}`, headers: caller.headers }))
          .statusCode,
      ).toBe(403);
    }
    const seeded = (
      await context.database.db
        .insert(reviews)
        .values({ name: "Demo", review: "Demo words", image: "/demo/avatars/avatar-1.svg" })
        .returning()
    )[0]!;
    expect(
      (
        await inject({
          method: "PUT",
          url: `/api/reviews/${seeded.id}`,
          headers: writer.headers,
          payload: edit,
        })
      ).statusCode,
    ).toBe(403);

    const put = await inject({
      method: "PUT",
      url: `/api/reviews/${testimonial._id}`,
      headers: writer.headers,
      payload: edit,
    });
    expect(put.statusCode).toBe(200);
    expect((await testimonials()).find((item) => item._id === testimonial._id)?.review).toBe(edit.review);

    expect((await moderate("testimonial", testimonial._id, true, "Advertising")).statusCode).toBe(200);
    expect((await testimonials()).map((item) => item._id)).not.toContain(testimonial._id);
    const mine = (await inject({ url: "/api/my-reviews", headers: writer.headers })).json() as MyReviews;
    expect(mine.testimonial).toMatchObject({ hidden: true, moderationReason: "Advertising" });
    expect((await moderate("testimonial", testimonial._id, false, "Fine after all")).statusCode).toBe(200);
    expect((await testimonials()).map((item) => item._id)).toContain(testimonial._id);

    const del = await inject({
      method: "DELETE",
      url: `/api/reviews/${testimonial._id}`,
      headers: writer.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await testimonials()).map((item) => item._id)).not.toContain(testimonial._id);
  });

  it("keeps SPEC's fields for existing clients and leaves the demo testimonials unverified", async () => {
    const list = await testimonials();
    const seeded = list.find((item) => item.name === "Demo");
    expect(seeded).toMatchObject({
      review: "Demo words",
      image: "/demo/avatars/avatar-1.svg",
      verified: false,
    });
    expect(Object.keys(seeded!)).toEqual(expect.arrayContaining(["_id", "review", "name", "image"]));
  });
});

describe("my reviews", () => {
  it("lists the shopper's reviews and the delivered products not reviewed yet", async () => {
    const shopper = await registerAccount(context.app);
    const [a, b, c] = [
      await insertProduct(context.database.db, { name: "Alpha Boot" }),
      await insertProduct(context.database.db, { name: "Beta Boot" }),
      await insertProduct(context.database.db, { name: "Gamma Boot" }),
    ];
    await buy(shopper, a);
    await buy(shopper, b);
    await buy(shopper, c, "paid");
    await reviewed(shopper, a);
    const mine = (await inject({ url: "/api/my-reviews", headers: shopper.headers })).json() as MyReviews;
    expect(mine.productReviews.map((review) => review.productname)).toEqual(["Alpha Boot"]);
    expect(mine.toReview.map((item) => item.productname)).toEqual(["Beta Boot"]);
    expect(mine).toMatchObject({ canWriteTestimonial: true, testimonial: null });
    expect((await inject({ url: "/api/my-reviews" })).statusCode).toBe(401);
  });
});

describe("averages", () => {
  it("equal a SQL aggregate over generated reviews after inserts, edits, hides, restores and deletes", async () => {
    const { db } = context.database;
    const productIds = await Promise.all(Array.from({ length: 6 }, () => insertProduct(db)));
    const userIds = (
      await db
        .insert(users)
        .values(
          Array.from({ length: 25 }, (_, i) => ({
            name: `Gen ${i}`,
            email: `gen-${i}-${randomUUID()}@shop.test`,
          })),
        )
        .returning({ id: users.id })
    ).map((row) => row.id);
    // A fixed seed: the same data on every run.
    let seed = 19;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const rows = userIds.flatMap((userId) =>
      productIds
        .filter(() => random(3) > 0)
        .map((productId) => ({
          productId,
          userId,
          rating: 1 + random(5),
          title: "Generated",
          body: "Generated review.",
        })),
    );
    const inserted = await db.insert(productReviews).values(rows).returning({ id: productReviews.id });
    for (const [index, { id }] of inserted.entries()) {
      const step = index % 7;
      if (step === 0)
        await db
          .update(productReviews)
          .set({ rating: 1 + random(5) })
          .where(eq(productReviews.id, id));
      if (step === 1)
        await db.update(productReviews).set({ hiddenAt: new Date() }).where(eq(productReviews.id, id));
      if (step === 2) await db.delete(productReviews).where(eq(productReviews.id, id));
      if (step === 3) {
        await db.update(productReviews).set({ hiddenAt: new Date() }).where(eq(productReviews.id, id));
        await db.update(productReviews).set({ rating: 5 }).where(eq(productReviews.id, id));
        await db.update(productReviews).set({ hiddenAt: null }).where(eq(productReviews.id, id));
      }
    }
    // A removed account takes its reviews, and their stars, with it.
    await db.delete(users).where(eq(users.id, userIds[0]!));

    const aggregate = await db
      .select({
        id: products.id,
        count: sql<number>`count(${productReviews.id})`.mapWith(Number),
        sum: sql<number>`coalesce(sum(${productReviews.rating}), 0)`.mapWith(Number),
      })
      .from(products)
      .leftJoin(
        productReviews,
        sql`${productReviews.productId} = ${products.id} and ${isNull(productReviews.hiddenAt)}`,
      )
      .where(inArray(products.id, productIds))
      .groupBy(products.id);
    const stored = await db
      .select({ id: products.id, count: products.ratingCount, sum: products.ratingSum })
      .from(products)
      .where(inArray(products.id, productIds));
    const byId = (list: { id: string; count: number; sum: number }[]) =>
      Object.fromEntries(list.map((row) => [row.id, { count: row.count, sum: row.sum }]));
    expect(aggregate.some((row) => row.count > 5)).toBe(true);
    expect(byId(stored)).toEqual(byId(aggregate));

    // The API's average is the same aggregate, rounded to one decimal.
    for (const row of aggregate) {
      const product = await productOf(row.id);
      expect(product.ratingCount).toBe(row.count);
      expect(product.ratingAverage).toBe(row.count ? Math.round((row.sum / row.count) * 10) / 10 : 0);
    }
  });
});

describe("OpenAPI", () => {
  it("documents the review routes and the new product and testimonial fields", async () => {
    const docs = (await inject({ url: "/api/docs" })).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
      >;
    };
    for (const path of [
      "/api/products/{productId}/reviews",
      "/api/products/{productId}/rating",
      "/api/product-reviews/{reviewId}",
      "/api/reviews/{reviewId}",
      "/api/my-reviews",
      "/api/admin/reviews",
      "/api/admin/reviews/{kind}/{reviewId}",
    ]) {
      expect(docs.paths[path], path).toBeDefined();
    }
    const productDoc = JSON.stringify(docs.paths["/api/productdetail/{productId}"]);
    expect(productDoc).toContain("ratingCount");
    expect(productDoc).toContain("ratingAverage");
    expect(JSON.stringify(docs.paths["/api/reviews"])).toContain("verified");
  });
});
