import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("uses the documented defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      baseUrl: "http://localhost:3000",
      databaseUrl: undefined,
      adminEmails: [],
      google: undefined,
      redisUrl: undefined,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it("derives BASE_URL from PORT and treats empty variables as unset", () => {
    const config = loadConfig({ PORT: "4100", HOST: "", BASE_URL: "" });
    expect(config.baseUrl).toBe("http://localhost:4100");
    expect(config.host).toBe("0.0.0.0");
  });

  it("normalises ADMIN_EMAILS into a lower-case list", () => {
    expect(loadConfig({ ADMIN_EMAILS: " Ann@Shop.test, bob@shop.test ," }).adminEmails).toEqual([
      "ann@shop.test",
      "bob@shop.test",
    ]);
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid configuration: PORT .*"eighty"/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL must be a postgres/],
    [{ BASE_URL: "ftp://shop" }, /BASE_URL must be an http\(s\) URL/],
    [{ ADMIN_EMAILS: "ann@shop.test,not-an-email" }, /ADMIN_EMAILS/],
    [{ REDIS_URL: "http://cache" }, /REDIS_URL/],
    [{ BETTER_AUTH_SECRET: "short" }, /BETTER_AUTH_SECRET must be at least 32/],
    [{ DATABASE_URL: "postgres://db/shop" }, /BETTER_AUTH_SECRET is required with DATABASE_URL/],
    [{ GOOGLE_CLIENT_ID: "id" }, /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/],
  ])("refuses %o with one line naming the variable", (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });

  it("enables Google with the public discovery document unless overridden", () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    expect(config.google?.discoveryUrl).toBe("https://accounts.google.com/.well-known/openid-configuration");
  });
});
