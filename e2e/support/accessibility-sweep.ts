import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, VIEWPORTS } from "./browser";
import { axeViolations } from "./page-checks";
import { openAsAdmin, openAsShopper } from "./shopper";
import { shopUrl } from "./shop-url";

/**
 * Every page of web/src/app/router.tsx through axe, signed out, as a shopper and as the admin:
 * no violation of any rule axe runs by default (WCAG 2.x A and AA, and axe's best practices),
 * on the whole page (top bar and footer too). The shopper has cart lines and an order, so the
 * cart, checkout and order pages show their full state, not the empty one.
 */

export type Role = "visitor" | "shopper" | "admin";

/** Ids the pages need: a product, and the shopper's order. */
interface Fixture {
  productId: string;
  orderId: string;
}

interface PageCase {
  name: string;
  path: (fixture: Fixture) => string;
  /** Only signed-in users see it; a visitor lands on /login instead. */
  protected?: boolean;
  /** Brings the page into a further state before axe looks (messages, a changed value). */
  act?: (page: Page) => Promise<void>;
  /** What must be on screen for the given role first: the page's filled state, not its empty one. */
  shows?: Partial<Record<Role, (page: Page) => Locator>>;
}

const anOrder = (page: Page) => page.getByRole("article", { name: /^Order #/ }).first();
const orderHeading = (page: Page) => page.getByRole("heading", { name: /^Order #/, level: 2 });

const PAGES: PageCase[] = [
  { name: "home", path: () => "/" },
  {
    name: "home with 'Please Log in First'",
    path: () => "/",
    act: async (page) => {
      // Only a visitor's add is refused with the toast and its "Log in" link.
      const cookies = await page.context().cookies();
      if (cookies.some((cookie) => cookie.name.includes("session"))) return;
      // The first card that adds at once: a product in sizes offers "Choose options" instead, and
      // which products lead the best sellers depends on what other tests on this shop bought.
      await page
        .getByRole("region", { name: "Best Seller Products" })
        .getByRole("button", { name: /^Add .+ to bag$/ })
        .first()
        .click();
      await page.locator(".Toastify__toast").getByRole("link", { name: "Log in" }).waitFor();
    },
  },
  { name: "women", path: () => "/women", protected: true },
  { name: "men (load more)", path: () => "/man", protected: true },
  { name: "shoes", path: () => "/shoes", protected: true },
  { name: "gadgets", path: () => "/gadget", protected: true },
  { name: "all products", path: () => "/products", protected: true },
  { name: "search results", path: () => "/products?q=watch", protected: true },
  { name: "no search results", path: () => "/products?q=zzzzqqqq", protected: true },
  { name: "product", path: ({ productId }) => `/aboutproduct/${productId}`, protected: true },
  {
    name: "product at quantity 0",
    path: ({ productId }) => `/aboutproduct/${productId}`,
    protected: true,
    act: async (page) => {
      await page.getByRole("button", { name: "Decrease quantity" }).click();
    },
  },
  { name: "testimonials", path: () => "/review", protected: true },
  { name: "blog", path: () => "/blog" },
  { name: "login", path: () => "/login" },
  {
    name: "login with messages",
    path: () => "/login",
    act: async (page) => {
      const form = page.getByRole("form", { name: "Log in" });
      if ((await form.count()) === 0) return;
      await form.getByRole("button", { name: "Log in" }).click();
      await form.getByText("Email is Required").waitFor();
    },
  },
  { name: "register", path: () => "/register" },
  { name: "forgot password", path: () => "/forgot-password" },
  { name: "reset password", path: () => "/reset-password?token=a-link-from-a-mail" },
  {
    name: "register with messages",
    path: () => "/register",
    act: async (page) => {
      const form = page.getByRole("form", { name: "Register" });
      if ((await form.count()) === 0) return;
      await form.getByRole("button", { name: "Register" }).click();
      await form.getByText("Email is Required").waitFor();
    },
  },
  {
    name: "cart",
    path: () => "/cart",
    protected: true,
    shows: {
      shopper: (page) =>
        page
          .getByRole("link", { name: /^Pay for / })
          .filter({ visible: true })
          .first(),
    },
  },
  {
    name: "checkout",
    path: () => "/checkout",
    protected: true,
    shows: { shopper: (page) => page.getByRole("form", { name: "Checkout" }) },
  },
  {
    name: "order confirmation",
    path: ({ orderId }) => `/checkout/confirmation/${orderId}`,
    protected: true,
    shows: { shopper: (page) => page.getByRole("heading", { name: "Thank you for your order!", level: 1 }) },
  },
  { name: "dashboard profile", path: () => "/dashboard", protected: true },
  { name: "edit profile", path: () => "/dashboard/editprofile", protected: true },
  { name: "my reviews", path: () => "/dashboard/review", protected: true },
  { name: "my orders", path: () => "/dashboard/orders", protected: true, shows: { shopper: anOrder } },
  {
    name: "order detail",
    path: ({ orderId }) => `/dashboard/orders/${orderId}`,
    protected: true,
    shows: { shopper: orderHeading, admin: orderHeading },
  },
  { name: "all orders", path: () => "/dashboard/allorders", protected: true, shows: { admin: anOrder } },
  { name: "all users", path: () => "/dashboard/allusers", protected: true },
  { name: "add product", path: () => "/dashboard/addproduct", protected: true },
  { name: "manage products", path: () => "/dashboard/manageproduct", protected: true },
  { name: "collections", path: () => "/dashboard/collections", protected: true },
  { name: "review moderation", path: () => "/dashboard/moderation", protected: true },
  {
    name: "insights",
    path: () => "/dashboard/insights?days=7",
    protected: true,
    shows: { admin: (page) => page.locator("[data-chart='revenueCents'] canvas") },
  },
  {
    name: "insights table",
    path: () => "/dashboard/insights",
    protected: true,
    shows: { admin: (page) => page.getByText("Show these figures as a table") },
    act: async (page) => {
      const toggle = page.getByText("Show these figures as a table");
      if ((await toggle.count()) === 0) return;
      await toggle.click();
      await page.getByRole("table").first().waitFor();
    },
  },
  { name: "low stock", path: () => "/dashboard/lowstock", protected: true },
  { name: "import / export", path: () => "/dashboard/import-export", protected: true },
  { name: "invoices and carriers", path: () => "/dashboard/invoices-and-carriers", protected: true },
  {
    name: "home page links",
    path: () => "/dashboard/home-links",
    protected: true,
    shows: { admin: (page) => page.getByRole("form", { name: "Home page links" }) },
  },
  {
    name: "audit trail",
    path: () => "/dashboard/audit",
    protected: true,
    shows: { admin: (page) => page.getByRole("article").first() },
  },
  {
    name: "account & security",
    path: () => "/dashboard/account",
    protected: true,
    shows: {
      shopper: (page) => page.getByRole("list", { name: "Signed-in devices" }),
      admin: (page) => page.getByRole("list", { name: "Signed-in devices" }),
    },
  },
  {
    name: "mail",
    path: () => "/dashboard/mail",
    protected: true,
    shows: { admin: (page) => page.getByRole("list", { name: "Mails" }) },
  },
  { name: "page not found", path: () => "/no-such-page" },
];

/** The shopper's cart gets two lines; one of them is bought, so the cart keeps the other. */
async function fillCartAndOrder(page: Page): Promise<{ productId: string; orderId: string }> {
  const origin = { Origin: shopUrl() };
  const products = (await (await page.request.get("/api/products?limit=48")).json()) as {
    _id: string;
    stock: number;
    variantCount: number;
  }[];
  // Products without sizes: added by id alone, as SPEC's clients do.
  const [first, second] = products.filter((product) => product.stock >= 10 && product.variantCount === 1);
  for (const product of [first!, second!]) {
    const added = await page.request.put(`/api/cart/${product._id}`, {
      data: { quantity: 1 },
      headers: origin,
    });
    expect(added.status()).toBe(200);
  }
  const email = (await (await page.request.get("/api/auth/get-session")).json()).user.email as string;
  const lines = (await (await page.request.get(`/api/carts/${encodeURIComponent(email)}`)).json()) as {
    _id: string;
    productId: string;
  }[];
  const bought = lines.find((line) => line.productId === first!._id)!;
  const order = await page.request.post("/api/orders", {
    headers: { ...origin, "idempotency-key": crypto.randomUUID() },
    data: {
      lineIds: [bought._id],
      delivery: { name: "Test Shopper", address: "12 Harbour Road", city: "Dhaka", phone: "+8801711000000" },
      card: { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
    },
  });
  expect(order.status()).toBe(201);
  return { productId: first!._id, orderId: ((await order.json()) as { _id: string })._id };
}

/** Waits until the page has rendered its content: a heading in main, no spinner, no skeleton. */
async function waitForContent(page: Page) {
  await page.locator("main h1").first().waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll(".animate-spin, .animate-pulse, [aria-busy='true']").length === 0,
  );
}

/**
 * A visitor sent from a protected page to /login sees the same page whichever page sent them
 * there: axe looks at it once (the first time), later ones check only that they land there.
 */
let redirectedLoginChecked = false;

async function checkPage(page: Page, role: Role, pageCase: PageCase, fixture: Fixture) {
  await page.goto(pageCase.path(fixture));
  const sentToLogin = role === "visitor" && pageCase.protected;
  if (sentToLogin) await page.waitForURL(/\/login\?redirectTo=/);
  await waitForContent(page);
  if (sentToLogin) {
    if (redirectedLoginChecked) return;
    redirectedLoginChecked = true;
  }
  await pageCase.shows?.[role]?.(page).waitFor();
  if (!sentToLogin) await pageCase.act?.(page);
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * Registers the sweep of every page for one role at one width: a file per role and width
 * (e2e/tests/accessibility-*.test.ts), so the four run side by side on the e2e workers.
 */
export function sweepEveryPage(role: Role, width: keyof typeof VIEWPORTS) {
  const viewport = VIEWPORTS[width];
  describe(`every page, ${role}, at ${viewport.width}px`, () => {
    let browser: Browser;
    let page: Page;
    const fixture: Fixture = { productId: "", orderId: "" };

    beforeAll(async () => {
      browser = await launchBrowser();
      // A shopper with a cart line and an order: the pages then show their full state (the admin
      // sees this order too).
      const shopper = await openAsShopper(browser, { viewport });
      Object.assign(fixture, await fillCartAndOrder(shopper.page));
      if (role === "shopper") page = shopper.page;
      else {
        await shopper.context.close();
        page =
          role === "admin"
            ? (await openAsAdmin(browser, { viewport })).page
            : (await newPage(browser, { viewport })).page;
      }
    });
    afterAll(() => browser.close());

    it.each(PAGES.map((pageCase) => [pageCase.name, pageCase] as const))(
      "%s has no axe violations",
      async (_name, pageCase) => {
        await checkPage(page, role, pageCase, fixture);
      },
    );

    if (width === "mobile") {
      it("the open menu has no axe violations", async () => {
        await page.goto("/");
        await waitForContent(page);
        await page.getByRole("button", { name: "Open menu" }).click();
        await page.getByRole("button", { name: "Close menu" }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}
