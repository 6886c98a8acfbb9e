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
    [{ SMTP_URL: "http://mail.example.com" }, /SMTP_URL must be an smtp/],
    [{ BETTER_AUTH_SECRET: "short" }, /BETTER_AUTH_SECRET must be at least 32/],
    [{ DATABASE_URL: "postgres://db/shop" }, /BETTER_AUTH_SECRET is required with DATABASE_URL/],
    [{ GOOGLE_CLIENT_ID: "id" }, /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/],
    [{ S3_ENDPOINT: "http://minio:9000" }, /S3_BUCKET is required with the other S3_\* settings/],
    [{ S3_BUCKET: "Not_A_Bucket" }, /S3_BUCKET must be an S3 bucket name/],
    [{ S3_BUCKET: "shop", S3_ACCESS_KEY_ID: "key" }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
    [{ METRICS_TOKEN: "short" }, /METRICS_TOKEN must be at least 16/],
    [{ SLOW_QUERY_MS: "0" }, /SLOW_QUERY_MS/],
    [{ PAYMENT_PROVIDER: "paypal" }, /PAYMENT_PROVIDER must be test or stripe/],
    [{ PAYMENT_PROVIDER: "stripe" }, /STRIPE_SECRET_KEY is required with PAYMENT_PROVIDER=stripe/],
    [
      { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_abc" },
      /STRIPE_WEBHOOK_SECRET is required with PAYMENT_PROVIDER=stripe/,
    ],
    [{ STRIPE_SECRET_KEY: "pk_test_abc" }, /STRIPE_SECRET_KEY must be a Stripe secret key/],
    [
      { STRIPE_WEBHOOK_SECRET: "secret" },
      /STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret/,
    ],
    [{ STRIPE_API_URL: "stripe" }, /STRIPE_API_URL must be an http\(s\) URL/],
    [{ PAYMENT_HOLD_MINUTES: "0" }, /PAYMENT_HOLD_MINUTES must be a positive number/],
  ])("refuses %o with one line naming the variable", (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });

  it("keeps the test payment provider by default and takes Stripe's keys with PAYMENT_PROVIDER=stripe", () => {
    expect(loadConfig({})).toMatchObject({ payment: { provider: "test" }, paymentHoldMinutes: 30 });
    const stripe = loadConfig({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_456",
      PAYMENT_HOLD_MINUTES: "45",
    });
    expect(stripe).toMatchObject({
      payment: {
        provider: "stripe",
        stripe: { secretKey: "sk_test_123", webhookSecret: "whsec_456", apiUrl: "https://api.stripe.com" },
      },
      paymentHoldMinutes: 45,
    });
    const standIn = loadConfig({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_456",
      STRIPE_API_URL: "http://127.0.0.1:12111/",
    });
    expect(standIn.payment).toMatchObject({ stripe: { apiUrl: "http://127.0.0.1:12111" } });
  });

  it("keeps mail in the outbox without SMTP_URL and sends it from the BASE_URL's host by default", () => {
    const config = loadConfig({ BASE_URL: "https://shop.example.com" });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe("Trendsetters <shop@shop.example.com>");
    const configured = loadConfig({
      SMTP_URL: "smtps://user:pw@smtp.example.com:465",
      MAIL_FROM: "A <a@b.c>",
    });
    expect(configured).toMatchObject({
      smtpUrl: "smtps://user:pw@smtp.example.com:465",
      mailFrom: "A <a@b.c>",
    });
  });

  it("enables Google with the public discovery document unless overridden", () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    expect(config.google?.discoveryUrl).toBe("https://accounts.google.com/.well-known/openid-configuration");
  });

  it("keeps images in DATA_DIR on the embedded default, in the database with DATABASE_URL, in S3 when named", () => {
    expect(loadConfig({}).imageStorage).toEqual({ kind: "files" });
    const secret = { BETTER_AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig({ DATABASE_URL: "postgres://db/shop", ...secret }).imageStorage).toEqual({
      kind: "database",
    });
    expect(
      loadConfig({
        DATABASE_URL: "postgres://db/shop",
        ...secret,
        S3_BUCKET: "shop-images",
        S3_ENDPOINT: "http://minio:9000",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_PREFIX: "uploads/",
      }).imageStorage,
    ).toEqual({
      kind: "s3",
      s3: {
        bucket: "shop-images",
        endpoint: "http://minio:9000",
        region: "us-east-1",
        credentials: { accessKeyId: "key", secretAccessKey: "secret" },
        prefix: "uploads/",
      },
    });
  });
});
