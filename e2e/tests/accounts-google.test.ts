import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { OAuth2Server } from "oauth2-mock-server";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSignedInTopBar, newAccount, signUpThroughApi, storedToken } from "../support/accounts";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { copyShopTemplate, freePort, startShop, type ShopProcess } from "../support/server-process";
import { expectNoAxeViolations } from "../support/page-checks";

/**
 * Google sign-in through the full authorization-code flow (PKCE, nonce, signed ID token) against
 * a local OpenID server: the shop under test is its own process, configured for "Google" at the
 * local issuer, since the shared e2e shop has no Google configuration.
 */
const GOOGLE_USER = { email: "gina.google@gmail.com", name: "Gina Google" };
/** What "Google" puts in the ID token and the userinfo answer; a test may name another user. */
let claims: Record<string, unknown> = {
  email: GOOGLE_USER.email,
  email_verified: true,
  name: GOOGLE_USER.name,
};

let browser: Browser;
let oidc: OAuth2Server;
let shop: ShopProcess;
let dataDir: string;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  await oidc.start(await freePort(), "127.0.0.1");
  oidc.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims));
  oidc.service.on("beforeUserinfo", (userinfo) => {
    userinfo.body = { ...(userinfo.body as object), ...claims };
  });

  dataDir = await mkdtemp(path.join(tmpdir(), "shop-e2e-google-"));
  await copyShopTemplate(dataDir);
  const port = await freePort();
  shop = await startShop({
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    GOOGLE_CLIENT_ID: "shop-e2e-client",
    GOOGLE_CLIENT_SECRET: "shop-e2e-secret",
    GOOGLE_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
    // Google vouches for the address (email_verified): that is enough for ADMIN_EMAILS.
    ADMIN_EMAILS: GOOGLE_USER.email,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await oidc?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function newGooglePage(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await browser.newContext({
    viewport,
    baseURL: shop.baseUrl,
    reducedMotion: "reduce",
  });
  // Nothing may load from outside this machine (the "Google" here is the local issuer).
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) => route.abort());
  return { context, page: await context.newPage() };
}

describe("signing in with Google", () => {
  it("runs the authorization-code flow and lands signed in, on the page first asked for", async () => {
    const { context, page } = await newGooglePage();
    await page.goto("/cart");
    await page.waitForURL((url) => url.pathname === "/login");

    const visited: string[] = [];
    page.on("request", (request) => request.isNavigationRequest() && visited.push(request.url()));
    let tokensIssued = 0;
    oidc.service.on("beforeResponse", () => (tokensIssued += 1));
    await page.getByRole("button", { name: "Continue with Google" }).click();

    await page.waitForURL((url) => url.origin === shop.baseUrl && url.pathname === "/cart");
    // The browser really went to the OpenID server's authorization endpoint and to the shop's
    // callback, and the shop exchanged the code for tokens at the token endpoint.
    expect(visited.some((url) => url.startsWith(`${oidc.issuer.url}/authorize?`))).toBe(true);
    expect(visited.some((url) => url.startsWith(`${shop.baseUrl}/api/auth/callback/google?code=`))).toBe(
      true,
    );
    expect(tokensIssued).toBe(1);

    await expectSignedInTopBar(page, GOOGLE_USER.name);
    await expect.poll(() => storedToken(page)).toMatch(/\S+\.\S+/);

    await page.goto("/dashboard");
    await page
      .getByRole("heading", { level: 1, name: `Welcome to Dashboard, ${GOOGLE_USER.name}` })
      .waitFor();
    await page
      .getByRole("article", { name: "Profile" })
      .getByText(GOOGLE_USER.email, { exact: true })
      .waitFor();
    await page.getByText("Verified", { exact: true }).waitFor();
    // A verified listed address is an admin from its first sign-in: the admin menu shows.
    await page.getByRole("link", { name: "All Orders" }).first().waitFor();
    await context.close();
  });

  it("comes back to the login page with a message when the sign-in fails", async () => {
    oidc.service.once("beforeResponse", (response) => {
      response.body = { error: "invalid_grant" };
      response.statusCode = 400;
    });
    const { context, page } = await newGooglePage();
    await page.goto("/login?redirectTo=%2Fdashboard");
    await page.getByRole("button", { name: "Continue with Google" }).click();

    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.has("error"));
    await page
      .getByRole("alert")
      .getByText(/Signing in with Google did not complete/)
      .waitFor();
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/dashboard");
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });
});

describe("Google for an e-mail that already has a password account", () => {
  it.each([
    ["desktop", VIEWPORTS.desktop],
    ["phone", VIEWPORTS.mobile],
  ])(
    "says what to do, and links from the profile once signed in with the password (%s)",
    async (name, viewport) => {
      const account = newAccount("linker");
      const other = await browser.newContext();
      await signUpThroughApi(other.request, shop.baseUrl, account);
      await other.close();
      claims = {
        sub: `google-${account.email}`,
        email: account.email,
        email_verified: true,
        name: account.name,
      };
      try {
        const { context, page } = await newGooglePage(viewport);
        await page.goto("/login?redirectTo=%2Fdashboard");
        await page.getByRole("button", { name: "Continue with Google" }).click();
        await page.waitForURL(
          (url) => url.pathname === "/login" && url.searchParams.get("error") === "account_not_linked",
        );
        await page
          .getByRole("alert")
          .getByText(/already has an account with a password/)
          .waitFor();
        await screenshot(page, `google-not-linked-${name}`);
        expect(await storedToken(page)).toBeNull();

        const form = page.getByRole("form", { name: "Log in" });
        await form.getByLabel("Email", { exact: true }).fill(account.email);
        await form.getByLabel("Password", { exact: true }).fill(account.password);
        await form.getByRole("button", { name: "Log in" }).click();
        await page.waitForURL((url) => url.pathname === "/dashboard");

        const methods = page.getByRole("region", { name: "Sign-in methods" });
        await methods.getByText("not linked").waitFor();
        await expectNoAxeViolations(page);
        await methods.getByRole("button", { name: "Link Google" }).click();
        await page.waitForURL((url) => url.pathname === "/dashboard" && !url.search);
        await methods.getByText("linked", { exact: true }).waitFor();
        await screenshot(page, `google-linked-${name}`);

        // Google now opens the same account.
        const fresh = await newGooglePage(viewport);
        await fresh.page.goto("/login?redirectTo=%2Fdashboard");
        await fresh.page.getByRole("button", { name: "Continue with Google" }).click();
        await fresh.page.waitForURL((url) => url.pathname === "/dashboard");
        await fresh.page
          .getByRole("article", { name: "Profile" })
          .getByText(account.email, { exact: true })
          .waitFor();
        await fresh.context.close();

        // And can be unlinked again while the password remains.
        await methods.getByRole("button", { name: "Unlink Google" }).click();
        await methods.getByText("not linked").waitFor();
        await context.close();
      } finally {
        claims = { email: GOOGLE_USER.email, email_verified: true, name: GOOGLE_USER.name };
      }
    },
  );
});
