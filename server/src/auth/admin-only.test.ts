import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/support/test-app";

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

describe("adminOnly", () => {
  it("files the routes of every admin-only plugin under the admin tag of the API document", async () => {
    const docs = (await context.app.inject({ url: "/api/docs" })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const tagsOf = (path: string, method: string) => docs.paths[path]?.[method]?.tags;
    expect(tagsOf("/api/alluser", "get")).toEqual(["admin"]);
    expect(tagsOf("/api/admin/audit", "get")).toEqual(["admin"]);
    expect(tagsOf("/api/admin/customers/{customerId}/notes", "post")).toEqual(["admin"]);
    expect(tagsOf("/api/admin/low-stock", "get")).toEqual(["admin"]);
    expect(tagsOf("/api/admin/insights", "get")).toEqual(["admin"]);
    expect(tagsOf("/api/admin/export/products.csv", "get")).toEqual(["admin"]);
  });

  it("refuses a signed-out caller before the route runs", async () => {
    const response = await context.app.inject({ url: "/api/admin/low-stock" });
    expect(response.statusCode).toBe(401);
  });
});
