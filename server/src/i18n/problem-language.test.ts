import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import contractBengali from "@shop/contract/messages/bn.json";
import contractEnglish from "@shop/contract/messages/en.json";
import { FOOTER_CONSENT_TEXT } from "@shop/contract/marketing-footer";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { subscribers } from "../db/schema";
import serverEnglish from "../http/messages/en.json";
import { inLanguage } from "./english-texts";

let context: TestContext;
let englishOnly: TestContext;
let shopper: TestAccount;

beforeAll(async () => {
  context = await createTestApp({ config: { languages: ["en", "bn"], defaultLanguage: "en" } });
  englishOnly = await createTestApp();
  shopper = await registerAccount(context.app);
});
afterAll(async () => {
  await context.close();
  await englishOnly.close();
});

const signUp = (app: TestContext["app"], headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers,
    payload: { name: "Ann", email: "not-an-address", password: "abc" },
  });

describe("problem details in the request's language (decision 041)", () => {
  it("answer a form's field errors in Bengali for Accept-Language: bn", async () => {
    const response = await signUp(context.app, { "accept-language": "bn-BD,bn;q=0.9,en;q=0.5" });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-language"]).toBe("bn");
    expect(response.headers.vary).toMatch(/Accept-Language/);
    expect(response.json()).toMatchObject({
      title: "ভুল অনুরোধ",
      detail: "অনুরোধ সঠিক নয়।",
      errors: { email: "একটি সঠিক ই-মেইল দিন", password: "পাসওয়ার্ড অন্তত ৬ অক্ষরের হতে হবে" },
    });
  });

  it("answer in English without a preference, for a cookie choosing English, and in a shop offering English alone", async () => {
    const english = {
      title: "Bad Request",
      errors: { email: "Provide a valid Email", password: "Password Must be 6 characters or longer" },
    };
    expect((await signUp(context.app)).json()).toMatchObject(english);
    const chosen = await signUp(context.app, { "accept-language": "bn", cookie: "shop_lang=en" });
    expect(chosen.json()).toMatchObject(english);
    expect(chosen.headers["content-language"]).toBe("en");
    const only = await signUp(englishOnly.app, { "accept-language": "bn" });
    expect(only.json()).toMatchObject(english);
    expect(only.headers["content-language"]).toBeUndefined();
  });

  it("follow the shop_lang cookie before Accept-Language", async () => {
    const response = await signUp(context.app, { "accept-language": "en", cookie: "shop_lang=bn" });
    expect(response.json().errors.email).toBe("একটি সঠিক ই-মেইল দিন");
  });

  it("put a route's schema errors and a handler's details with arguments in Bengali", async () => {
    const soldOut = await insertProduct(context.database.db, { name: "Steel Watch", stock: 0 });
    const scarce = await insertProduct(context.database.db, { name: "Tin Watch", stock: 3 });
    const add = (productId: string, quantity: number, language?: string) =>
      context.app.inject({
        method: "PUT",
        url: `/api/cart/${productId}`,
        headers: { ...shopper.headers, ...(language ? { "accept-language": language } : {}) },
        payload: { quantity },
      });

    const invalid = await add(scarce, 0, "bn");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().detail).toBe("অনুরোধের বডি সঠিক নয়।");
    expect(invalid.json().errors.quantity).toBe("পরিমাণ হতে হবে ১ থেকে ৯৯-এর মধ্যে একটি পূর্ণসংখ্যা");
    expect((await add(scarce, 0)).json().errors.quantity).toBe(
      "Quantity must be a whole number from 1 to 99",
    );

    const refused = await add(soldOut, 1, "bn");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      title: "দ্বন্দ্ব",
      detail: "Steel Watch স্টকে নেই।",
      errors: { quantity: "Steel Watch স্টকে নেই।" },
    });
    expect((await add(soldOut, 1)).json().detail).toBe("Steel Watch is out of stock.");
    expect((await add(scarce, 4, "bn")).json().detail).toBe("Tin Watch স্টকে আর মাত্র ৩টি আছে।");
  });

  it("put Better Auth's refusals in Bengali", async () => {
    const wrong = await context.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "accept-language": "bn" },
      payload: { email: shopper.email, password: "not-the-password" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe("ই-মেইল বা পাসওয়ার্ড ভুল");
  });
});

describe("the catalogues of validation messages and problem details", () => {
  it("give every contract message in Bengali, and leave an unknown text as it is", () => {
    for (const [key, text] of Object.entries(contractEnglish)) {
      if (text.includes("{")) continue;
      expect(inLanguage(text, "bn"), key).toBe(contractBengali[key as keyof typeof contractBengali]);
    }
    expect(inLanguage("Something nobody wrote down.", "bn")).toBe("Something nobody wrote down.");
    expect(inLanguage("Provide a valid Email", "en")).toBe("Provide a valid Email");
  });

  it("hold every text the contract's *_MESSAGES name, as the contract raises it", async () => {
    const contractDir = path.resolve(import.meta.dirname, "../../../contract/src");
    const english = new Set(
      Object.values(contractEnglish).map((text) => text.replaceAll("'{", "{").replaceAll("}'", "}")),
    );
    for (const file of readdirSync(contractDir).filter((name) => name.endsWith(".ts"))) {
      const exports = (await import(path.join(contractDir, file))) as Record<string, unknown>;
      for (const [name, texts] of Object.entries(exports)) {
        if (!/_MESSAGES?$/.test(name)) continue;
        for (const text of typeof texts === "string" ? [texts] : Object.values(texts as object)) {
          if (typeof text === "string") expect(english.has(text), `${file} ${name}: ${text}`).toBe(true);
        }
      }
    }
  });

  it("hold only server texts that the server's code still raises, word for word", () => {
    const sources: string[] = [];
    const read = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) read(full);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
          sources.push(readFileSync(full, "utf8"));
      }
    };
    read(path.resolve(import.meta.dirname, ".."));
    const code = sources.join("\n");
    // Better Auth's own messages are raised inside the library.
    const fromLibrary = new Set(["auth.invalidCredentials", "auth.userExists"]);
    for (const [key, text] of Object.entries(serverEnglish)) {
      if (fromLibrary.has(key)) continue;
      // A text with arguments: each fixed part is in the code (around its ${…}).
      for (const part of text.split(/\{\w+\}/).filter((fixed) => fixed.trim().length > 3)) {
        expect(code.includes(part), `${key}: ${part}`).toBe(true);
      }
    }
  });
});

describe("consent words", () => {
  it("are recorded as the form showed them: in Bengali from a Bengali page, in English otherwise", async () => {
    const subscribe = (email: string, language: string) =>
      context.app.inject({
        method: "POST",
        url: "/api/newsletter/subscribe",
        headers: { "accept-language": language },
        payload: { email, source: "footer" },
      });
    expect((await subscribe("bengali-reader@example.com", "bn")).statusCode).toBe(202);
    expect((await subscribe("english-reader@example.com", "en-GB")).statusCode).toBe(202);
    const recorded = await context.database.db
      .select({ email: subscribers.email, consentText: subscribers.consentText })
      .from(subscribers)
      .where(inArray(subscribers.email, ["bengali-reader@example.com", "english-reader@example.com"]));
    const textOf = (email: string) => recorded.find((row) => row.email === email)?.consentText;
    expect(textOf("english-reader@example.com")).toBe(FOOTER_CONSENT_TEXT);
    expect(textOf("bengali-reader@example.com")).toBe(contractBengali["marketing.footerConsent"]);
  });
});
