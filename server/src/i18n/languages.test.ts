import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCallers, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { ConfigError, loadConfig } from "../config";
import { languageFromAcceptLanguage, negotiateLanguage } from "./negotiate";

const BOTH = { languages: ["en", "bn"] as const, defaultLanguage: "en" as const };

describe("SHOP_LANGUAGES and DEFAULT_LANGUAGE", () => {
  it("offer English alone by default, so npm start is unchanged", () => {
    const config = loadConfig({});
    expect(config.languages).toEqual(["en"]);
    expect(config.defaultLanguage).toBe("en");
  });

  it("list the default first", () => {
    const config = loadConfig({ SHOP_LANGUAGES: "en, BN", DEFAULT_LANGUAGE: "bn" });
    expect(config.languages).toEqual(["bn", "en"]);
    expect(config.defaultLanguage).toBe("bn");
  });

  it.each([
    [{ SHOP_LANGUAGES: "en,fr" }, /SHOP_LANGUAGES must be a comma-separated list of en, bn/],
    [{ SHOP_LANGUAGES: " , " }, /SHOP_LANGUAGES must name at least one language/],
    [{ DEFAULT_LANGUAGE: "xx" }, /DEFAULT_LANGUAGE must be one of en, bn/],
    [{ DEFAULT_LANGUAGE: "bn" }, /DEFAULT_LANGUAGE must be one of SHOP_LANGUAGES \(en\)/],
  ])("stop start-up on a bad value: %o", (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });
});

describe("the page's language", () => {
  it("follows Accept-Language by quality, region subtags matching their language", () => {
    expect(languageFromAcceptLanguage("bn-BD,bn;q=0.9,en;q=0.8", BOTH)).toBe("bn");
    expect(languageFromAcceptLanguage("en;q=0.5, bn;q=0.7", BOTH)).toBe("bn");
    expect(languageFromAcceptLanguage("fr-FR, en-GB;q=0.8", BOTH)).toBe("en");
    expect(languageFromAcceptLanguage("fr, de", BOTH)).toBeUndefined();
    expect(languageFromAcceptLanguage("bn;q=0, en;q=0.1", BOTH)).toBe("en");
    expect(languageFromAcceptLanguage("bn", { languages: ["en"], defaultLanguage: "en" })).toBeUndefined();
  });

  it("prefers the cookie's choice, then Accept-Language, then the default", () => {
    expect(negotiateLanguage({ cookie: "a=1; shop_lang=en", "accept-language": "bn" }, BOTH)).toBe("en");
    expect(negotiateLanguage({ cookie: "shop_lang=xx", "accept-language": "bn" }, BOTH)).toBe("bn");
    expect(negotiateLanguage({ "accept-language": "fr" }, { ...BOTH, defaultLanguage: "bn" })).toBe("bn");
    expect(negotiateLanguage({}, BOTH)).toBe("en");
  });
});

describe("index.html and the account's language", () => {
  let context: TestContext;
  let englishOnly: TestContext;
  let ann: TestAccount;

  beforeAll(async () => {
    const webRoot = await mkdtemp(path.join(tmpdir(), "shop-web-"));
    await writeFile(
      path.join(webRoot, "index.html"),
      '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Shop</title>\n  </head>\n  <body></body>\n</html>',
    );
    await mkdir(path.join(webRoot, ".vite"));
    await writeFile(
      path.join(webRoot, ".vite", "manifest.json"),
      JSON.stringify({
        "shop-messages:en": { file: "assets/_shop-messages_en-1.js" },
        "shop-messages:bn": { file: "assets/_shop-messages_bn-2.js" },
        "src/assets/fonts/noto-sans-bengali.woff2": { file: "assets/noto-sans-bengali-3.woff2" },
      }),
    );
    context = await createTestApp({ webRoot, config: { languages: ["en", "bn"], defaultLanguage: "en" } });
    englishOnly = await createTestApp({ webRoot });
    ({ ann } = await registerCallers(context.app));
  });
  afterAll(async () => {
    await context.close();
    await englishOnly.close();
  });

  it("writes <html lang>, the offered languages and the language's messages into the page", async () => {
    const response = await context.app.inject({ url: "/products", headers: { "accept-language": "bn-BD" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-language"]).toBe("bn");
    expect(response.headers.vary).toMatch(/Accept-Language/);
    expect(response.body).toContain('<html lang="bn" data-languages="en,bn">');
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/_shop-messages_bn-2.js" />',
    );
    expect(response.body).not.toContain("_shop-messages_en");
    // Bengali's font, which the CSS would ask for only once Bengali text is laid out.
    expect(response.body).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/noto-sans-bengali-3.woff2" />',
    );

    const chosen = await context.app.inject({
      url: "/",
      headers: { "accept-language": "bn", cookie: "shop_lang=en" },
    });
    expect(chosen.body).toContain('<html lang="en" data-languages="en,bn">');
    expect(chosen.body).not.toContain("noto-sans-bengali");
  });

  it("stays in English when the shop offers only English", async () => {
    const response = await englishOnly.app.inject({ url: "/", headers: { "accept-language": "bn" } });
    expect(response.body).toContain('<html lang="en" data-languages="en">');
  });

  it("remembers an account's language, shown in its session", async () => {
    const saved = await context.app.inject({
      method: "PUT",
      url: "/api/account/language",
      headers: ann.headers,
      payload: { language: "bn" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: "bn" });
    const session = await context.app.inject({ url: "/api/auth/get-session", headers: ann.headers });
    expect(session.json().user.language).toBe("bn");
  });

  it("refuses the signed-out, unknown languages and ones the shop does not offer", async () => {
    const anonymous = await context.app.inject({
      method: "PUT",
      url: "/api/account/language",
      payload: { language: "bn" },
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await context.app.inject({
      method: "PUT",
      url: "/api/account/language",
      headers: ann.headers,
      payload: { language: "fr" },
    });
    expect(unknown.statusCode).toBe(400);
    const { ann: englishAnn } = await registerCallers(englishOnly.app);
    const notOffered = await englishOnly.app.inject({
      method: "PUT",
      url: "/api/account/language",
      headers: englishAnn.headers,
      payload: { language: "bn" },
    });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().detail).toBe("This shop does not offer the language bn.");
  });
});

describe("a public catalogue in two languages", () => {
  let context: TestContext;
  let productId: string;

  beforeAll(async () => {
    const webRoot = await mkdtemp(path.join(tmpdir(), "shop-web-"));
    await writeFile(
      path.join(webRoot, "index.html"),
      '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Shop</title>\n    <meta name="description" content="x" />\n  </head>\n  <body></body>\n</html>',
    );
    context = await createTestApp({
      webRoot,
      config: {
        languages: ["en", "bn"],
        defaultLanguage: "en",
        publicCatalogue: true,
        baseUrl: "https://shop.example",
      },
    });
    productId = await insertProduct(context.database.db);
  });
  afterAll(() => context.close());

  it("links a product page to itself in each language (hreflang), and ?lang= opens it in one", async () => {
    const response = await context.app.inject({
      url: `/aboutproduct/${productId}?lang=bn`,
      headers: { "accept-language": "en" },
    });
    expect(response.statusCode).toBe(200);
    const page = `https://shop.example/aboutproduct/${productId}`;
    expect(response.body).toContain(`<link rel="alternate" hreflang="en" href="${page}?lang=en" />`);
    expect(response.body).toContain(`<link rel="alternate" hreflang="bn" href="${page}?lang=bn" />`);
    expect(response.body).toContain(`<link rel="alternate" hreflang="x-default" href="${page}" />`);
    expect(response.body).toContain('<html lang="bn"');
  });
});
