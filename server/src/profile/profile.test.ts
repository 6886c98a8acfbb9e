import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, registerCallers, type Caller, type TestAccount } from "../../test/support/accounts";
import { createTestApp, type TestContext } from "../../test/support/test-app";

let context: TestContext;
let ann: TestAccount;
let bob: TestAccount;

let headersOf: (caller: Caller) => { authorization?: string };

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: [ADMIN_EMAIL] } });
  ({ ann, bob, headersOf } = await registerCallers(context.app));
});
afterAll(() => context.close());
const validProfile = {
  qualification: "BSc Computer Science",
  city: "Dhaka",
  phone: "+8801712345678",
  email: "ann@shop.test",
};

describe("GET /api/updateprofile/:email", () => {
  it("answers empty fields before the first save", async () => {
    const response = await context.app.inject({
      url: "/api/updateprofile/bob@shop.test",
      headers: bob.headers,
    });
    expect(response.json()).toEqual({ email: "bob@shop.test", city: "", qualification: "", phone: "" });
  });

  it.each<[Caller, number]>([
    ["anonymous", 401],
    ["ann", 200],
    ["bob", 403],
    ["admin", 200],
  ])("for Ann's profile, %s gets %i", async (caller, status) => {
    const response = await context.app.inject({
      url: "/api/updateprofile/ann@shop.test",
      headers: headersOf(caller),
    });
    expect(response.statusCode).toBe(status);
  });
});

describe("PUT /api/profile/:email", () => {
  it.each<[Caller, number]>([
    ["anonymous", 401],
    ["bob", 403],
    ["ann", 200],
    ["admin", 200],
  ])("for Ann's profile, %s gets %i", async (caller, status) => {
    const response = await context.app.inject({
      method: "PUT",
      url: "/api/profile/ann@shop.test",
      headers: headersOf(caller),
      payload: validProfile,
    });
    expect(response.statusCode).toBe(status);
  });

  it("replaces the first save with the second and ignores unknown fields such as role", async () => {
    const save = (payload: object) =>
      context.app.inject({ method: "PUT", url: "/api/profile/bob@shop.test", headers: bob.headers, payload });
    expect((await save({ ...validProfile, email: "bob@shop.test" })).statusCode).toBe(200);
    const second = await save({
      qualification: "MSc",
      city: "Chattogram",
      phone: "01812345678",
      role: "admin",
    });
    expect(second.statusCode).toBe(200);
    const read = await context.app.inject({ url: "/api/updateprofile/bob@shop.test", headers: bob.headers });
    expect(read.json()).toEqual({
      email: "bob@shop.test",
      qualification: "MSc",
      city: "Chattogram",
      phone: "01812345678",
    });
    const adminCheck = await context.app.inject({ url: "/api/admin/bob@shop.test", headers: bob.headers });
    expect(adminCheck.json()).toEqual({ admin: false });
  });

  it.each([
    [{ city: "Dhaka", phone: "12345678" }, "qualification", "Qualification is Required"],
    [{ qualification: " ", city: "Dhaka", phone: "12345678" }, "qualification", "Qualification is Required"],
    [{ qualification: "BSc", phone: "12345678" }, "city", "City/District is Required"],
    [{ qualification: "BSc", city: "Dhaka" }, "phone", "Phone No. is Required"],
    [{ qualification: "BSc", city: "Dhaka", phone: "" }, "phone", "Phone No. is Required"],
    [
      { qualification: "BSc", city: "Dhaka", phone: "12-34" },
      "phone",
      "Phone No. must be 6 to 20 digits, optionally starting with +",
    ],
    [
      { qualification: "BSc", city: "Dhaka", phone: "12345" },
      "phone",
      "Phone No. must be 6 to 20 digits, optionally starting with +",
    ],
    [{ qualification: "BSc", city: "Dhaka", phone: 12345678 }, "phone", "Phone No. is Required"],
  ])("refuses %o with the message for %s", async (payload, field, message) => {
    const response = await context.app.inject({
      method: "PUT",
      url: "/api/profile/ann@shop.test",
      headers: ann.headers,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });
});
