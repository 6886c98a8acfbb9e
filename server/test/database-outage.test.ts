import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, TEST_PASSWORD, uniqueEmail, type TestAccount } from "./support/accounts";
import { createTestApp, type TestContext } from "./support/test-app";

let context: TestContext;
let shopper: TestAccount;

beforeAll(async () => {
  context = await createTestApp();
  shopper = await registerAccount(context.app);
  await context.database.close();
});
afterAll(() => context.app.close());

function expectUnavailable(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(503);
  expect(response.headers["content-type"]).toContain("application/problem+json");
  expect(response.json()).toMatchObject({ status: 503, title: "Service Unavailable" });
}

describe("with the database gone", () => {
  it("reports 503 from the health check", async () => {
    expectUnavailable(await context.app.inject("/api/health"));
  });

  it("answers API reads with a 503 problem, not a 500", async () => {
    expectUnavailable(await context.app.inject("/api/products"));
  });

  it("answers a signed-in call with 503: the session lookup fails, which is not a 500", async () => {
    expectUnavailable(
      await context.app.inject({ url: `/api/carts/${shopper.email}`, headers: shopper.headers }),
    );
  });

  it("answers Better Auth's own endpoints with 503 instead of its bare 500", async () => {
    expectUnavailable(await context.app.inject({ url: "/api/auth/get-session", headers: shopper.headers }));
    expectUnavailable(
      await context.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: shopper.email, password: TEST_PASSWORD },
      }),
    );
    // Better Auth itself would say 422 "Failed to create user", as if the input were wrong.
    expectUnavailable(
      await context.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { name: "Newcomer", email: uniqueEmail(), password: TEST_PASSWORD },
      }),
    );
  });
});
