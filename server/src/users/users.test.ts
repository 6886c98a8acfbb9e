import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, registerCallers, type Caller, type TestAccount } from "../../test/support/accounts";
import { createTestApp, type TestContext } from "../../test/support/test-app";

let context: TestContext;
let ann: TestAccount;

let headersOf: (caller: Caller) => { authorization?: string };

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: [ADMIN_EMAIL] } });
  ({ ann, headersOf } = await registerCallers(context.app));
});
afterAll(() => context.close());

describe("PUT /api/user/:email (the token call)", () => {
  it.each<[Caller, number]>([
    ["anonymous", 401],
    ["ann", 200],
    ["bob", 403],
    ["admin", 403],
  ])("for Ann's e-mail, %s gets %i", async (caller, status) => {
    const response = await context.app.inject({
      method: "PUT",
      url: "/api/user/ann@shop.test",
      headers: headersOf(caller),
    });
    expect(response.statusCode).toBe(status);
    if (status === 200) {
      const { token } = response.json();
      const again = await context.app.inject({
        method: "PUT",
        url: "/api/user/ann@shop.test",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(again.json()).toEqual({ token });
    }
  });

  it("works with the session cookie as well as the bearer token, and matches e-mail case-insensitively", async () => {
    const response = await context.app.inject({
      method: "PUT",
      url: "/api/user/ANN@shop.test",
      headers: { cookie: ann.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toBe(decodeURIComponent(ann.token));
  });
});

describe("GET /api/admin/:email", () => {
  it.each<[Caller, string, number, boolean | undefined]>([
    ["anonymous", "ann@shop.test", 401, undefined],
    ["ann", "ann@shop.test", 200, false],
    ["bob", "ann@shop.test", 403, undefined],
    ["admin", "ann@shop.test", 200, false],
    ["admin", "chief@shop.test", 200, true],
    ["admin", "nobody@shop.test", 404, undefined],
  ])("%s asking about %s gets %i", async (caller, email, status, isAdmin) => {
    const response = await context.app.inject({ url: `/api/admin/${email}`, headers: headersOf(caller) });
    expect(response.statusCode).toBe(status);
    if (isAdmin !== undefined) expect(response.json()).toEqual({ admin: isAdmin });
  });
});
