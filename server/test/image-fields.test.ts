import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, TEST_PASSWORD, uniqueEmail, type TestAccount } from "./support/accounts";
import { insertProduct, validProductForm } from "./support/catalogue";
import { createTestApp, type TestContext } from "./support/test-app";

// Every field that ends up in an <img src>: a product's image (admins, POST /addproduct and
// PUT /product/{id}) and an account's avatar (sign-up and Better Auth's update-user). Only http(s)
// addresses and our own image paths pass; script and data URLs never reach the database.

const IMAGE_INVALID = "Image must be an http(s) address or an uploaded image";

const HOSTILE_IMAGES = [
  "javascript:window.__xss=1",
  "JavaScript:window.__xss=1",
  "  javascript:window.__xss=1",
  "java\tscript:window.__xss=1",
  "javascript://example.com/%0Awindow.__xss=1",
  "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+",
  "data:text/html,<script>window.__xss=1</script>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "ftp://example.com/watch.png",
  "blob:https://example.com/0f1e2d3c",
  "//evil.example/watch.png",
  "https://",
  'x" onerror="window.__xss=1',
  "/uploads/../../etc/passwd.png",
  "/uploads/page.html",
  "/api/products",
];

const ACCEPTED_IMAGES = [
  "https://images.example.com/watch.webp",
  "http://cdn.example.com/catalogue/watch.png?size=640",
  "/uploads/3f6048fd-2fd2-4ef1-8259-9c95cea5f819.webp",
  "/demo/products/essential-crew-t-shirt.svg",
];

let context: TestContext;
let admin: TestAccount;
let shopper: TestAccount;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["chief@shop.test"] } });
  admin = await registerAccount(context.app, "chief@shop.test", "Chief");
  shopper = await registerAccount(context.app);
});
afterAll(() => context.close());

function expectImageRefused(response: { statusCode: number; json(): { errors?: Record<string, string> } }) {
  expect(response.statusCode).toBe(400);
  expect(response.json().errors?.image).toBe(IMAGE_INVALID);
}

describe("a product's image", () => {
  it.each(HOSTILE_IMAGES)("POST /api/addproduct refuses %j with 400 and the image message", async (image) => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/addproduct",
      headers: admin.headers,
      payload: { ...validProductForm, image },
    });
    expectImageRefused(response);
  });

  it.each(HOSTILE_IMAGES)("PUT /api/product/{id} refuses %j and keeps the old image", async (image) => {
    const id = await insertProduct(context.database.db, { image: "/demo/products/kept.svg" });
    const response = await context.app.inject({
      method: "PUT",
      url: `/api/product/${id}`,
      headers: admin.headers,
      payload: { ...validProductForm, image },
    });
    expectImageRefused(response);
    const stored = await context.app.inject(`/api/productdetail/${id}`);
    expect(stored.json().image).toBe("/demo/products/kept.svg");
  });

  it.each(ACCEPTED_IMAGES)("accepts %j", async (image) => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/addproduct",
      headers: admin.headers,
      payload: { ...validProductForm, image },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().image).toBe(image);
  });
});

describe("an account's avatar image", () => {
  const signUp = (payload: object) =>
    context.app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload });
  const updateUser = (account: TestAccount, payload: object) =>
    context.app.inject({ method: "POST", url: "/api/auth/update-user", headers: account.headers, payload });
  const sessionUser = async (account: TestAccount) =>
    (await context.app.inject({ url: "/api/auth/get-session", headers: account.headers })).json().user;

  it.each(HOSTILE_IMAGES)("sign-up refuses %j with 400 and makes no account", async (image) => {
    const email = uniqueEmail();
    const response = await signUp({ name: "Mallory", email, password: TEST_PASSWORD, image });
    expectImageRefused(response);
    const signIn = await context.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it.each(HOSTILE_IMAGES)("update-user refuses %j and keeps the avatar", async (image) => {
    const response = await updateUser(shopper, { image });
    expectImageRefused(response);
    expect((await sessionUser(shopper)).image ?? null).toBeNull();
  });

  it("takes an http(s) image at sign-up and on update, and clears it with null", async () => {
    const email = uniqueEmail();
    const created = await signUp({
      name: "Pia",
      email,
      password: TEST_PASSWORD,
      image: "https://images.example.com/pia.webp",
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().user.image).toBe("https://images.example.com/pia.webp");

    const account = await registerAccount(context.app);
    expect((await updateUser(account, { image: "https://images.example.com/new.png" })).statusCode).toBe(200);
    expect((await sessionUser(account)).image).toBe("https://images.example.com/new.png");
    expect((await updateUser(account, { image: null })).statusCode).toBe(200);
    expect((await sessionUser(account)).image ?? null).toBeNull();
  });

  it.each([
    [{ name: "" }, "Name is Required"],
    [{ name: "   " }, "Name is Required"],
    [{ name: 42 }, "Name is Required"],
    [{ name: "x".repeat(81) }, "Name must be at most 80 characters"],
  ])("update-user refuses the name in %o", async (payload, message) => {
    const response = await updateUser(shopper, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.name).toBe(message);
  });
});
