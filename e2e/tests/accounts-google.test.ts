import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { OAuth2Server } from "oauth2-mock-server";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSignedInTopBar, storedToken } from "../support/accounts";
import { launchBrowser, VIEWPORTS } from "../support/browser";
import { freePort, startShop, type ShopProcess } from "../support/server-process";

/**
 * Google sign-in through the full authorization-code flow (PKCE, nonce, signed ID token) against
 * a local OpenID server: the shop under test is its own process, configured for "Google" at the
 * local issuer, since the shared e2e shop has no Google configuration.
 */
const GOOGLE_USER = { email: "gina.google@gmail.com", name: "Gina Google" };

let browser: Browser;
let oidc: OAuth2Server;
let shop: ShopProcess;
let dataDir: string;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  await oidc.start(await freePort(), "127.0.0.1");
  // What Google puts in the ID token and the userinfo answer for this user.
  const claims = { email: GOOGLE_USER.email, email_verified: true, name: GOOGLE_USER.name };
  oidc.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims));
  oidc.service.on("beforeUserinfo", (userinfo) => {
    userinfo.body = { ...(userinfo.body as object), ...claims };
  });

  dataDir = await mkdtemp(path.join(tmpdir(), "shop-e2e-google-"));
  const port = await freePort();
  shop = await startShop({
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    GOOGLE_CLIENT_ID: "shop-e2e-client",
    GOOGLE_CLIENT_SECRET: "shop-e2e-secret",
    GOOGLE_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await oidc?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function newGooglePage() {
  const context = await browser.newContext({
    viewport: VIEWPORTS.desktop,
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
