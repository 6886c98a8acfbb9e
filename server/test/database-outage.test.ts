import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/test-app";

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
  await context.database.close();
});
afterAll(() => context.app.close());

describe("with the database gone", () => {
  it("reports 503 from the health check", async () => {
    const response = await context.app.inject("/api/health");
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 503, title: "Service Unavailable" });
  });

  it("answers API reads with a 503 problem, not a 500", async () => {
    const response = await context.app.inject("/api/products");
    expect(response.statusCode).toBe(503);
    expect(response.headers["content-type"]).toContain("application/problem+json");
  });
});
