import { REVIEW_CAPTIONS, type Review } from "@shop/contract/catalogue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { seedDemoData } from "../db/seed";
import { reviews } from "../db/schema";

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
  await seedDemoData(context.database.db);
  await context.app.catalogueChanged();
});
afterAll(() => context.close());

async function listReviews(): Promise<Review[]> {
  const response = await context.app.inject("/api/reviews");
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("GET /api/reviews captions", () => {
  it("captions the demo testimonials with SPEC's 'Developer'", async () => {
    const demo = await listReviews();
    expect(demo.length).toBeGreaterThan(0);
    expect(new Set(demo.map((review) => review.caption))).toEqual(new Set([REVIEW_CAPTIONS.demo]));
  });

  it("shows a real review's city, and 'Verified buyer' when it has none", async () => {
    await context.database.db.insert(reviews).values([
      { name: "Mia Town", review: "Fits perfectly.", image: "/demo/avatars/avatar-1.svg", caption: "Leeds" },
      { name: "No City", review: "Arrived in two days.", image: "/demo/avatars/avatar-2.svg" },
    ]);
    await context.app.catalogueChanged();

    const byName = new Map((await listReviews()).map((review) => [review.name, review.caption]));
    expect(byName.get("Mia Town")).toBe("Leeds");
    expect(byName.get("No City")).toBe(REVIEW_CAPTIONS.verifiedBuyer);
  });
});
