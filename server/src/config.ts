import path from "node:path";
import { isSupportedLanguage, SUPPORTED_LANGUAGES, type Language } from "@shop/contract/languages";
import { DEFAULT_CURRENCY } from "@shop/contract/currency";
import { z } from "zod";

const GOOGLE_DISCOVERY_DEFAULT = "https://accounts.google.com/.well-known/openid-configuration";

/** Treats `VAR=` like an unset variable, as shells and .env files often produce it. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** A comma-separated variable as its entries, trimmed and lower-cased; empty entries drop out. */
const commaList = z.string().transform((raw) =>
  raw
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean),
);

const emailList = commaList.pipe(
  z.array(z.email({ message: "must be a comma-separated list of e-mail addresses" })),
);

const LANGUAGE_MESSAGE = `must be one of ${SUPPORTED_LANGUAGES.join(", ")}`;

const languageList = commaList.pipe(
  z
    .array(
      z.string().refine(isSupportedLanguage, {
        message: `must be a comma-separated list of ${SUPPORTED_LANGUAGES.join(", ")}`,
      }),
    )
    .min(1, "must name at least one language"),
);

const PORT_MESSAGE = "must be a port number from 0 to 65535";

const environmentSchema = z.object({
  PORT: optional(
    z.coerce
      .number({ message: PORT_MESSAGE })
      .int({ message: PORT_MESSAGE })
      .min(0, PORT_MESSAGE)
      .max(65_535, PORT_MESSAGE),
  ),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z.url({ protocol: /^postgres(ql)?$/, message: "must be a postgres:// or postgresql:// URL" }),
  ),
  BASE_URL: optional(z.url({ protocol: /^https?$/, message: "must be an http(s) URL" })),
  ADMIN_EMAILS: optional(emailList),
  BETTER_AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  GOOGLE_DISCOVERY_URL: optional(z.url({ protocol: /^https?$/, message: "must be an http(s) URL" })),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/, message: "must be a redis:// or rediss:// URL" })),
  AUTH_RATE_LIMIT_PER_IP: optional(z.coerce.number().int().min(1, "must be a positive whole number")),
  WRITE_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(1, "must be a positive whole number")),
  TRUST_PROXY: optional(
    z
      .string()
      .trim()
      .regex(
        /^(true|false|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
        "must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses/CIDR ranges",
      ),
  ),
  SMTP_URL: optional(
    z.url({ protocol: /^smtps?$/, message: "must be an smtp:// or smtps:// URL (user and password in it)" }),
  ),
  MAIL_FROM: optional(z.string().trim().min(3, "must be an address such as Shop <shop@example.com>")),
  LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])),
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name")),
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, message: "must be an http(s) URL" })),
  S3_REGION: optional(z.string()),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_PREFIX: optional(z.string().regex(/^[\w./-]*$/, "may hold letters, digits, '.', '_', '-' and '/'")),
  METRICS_TOKEN: optional(z.string().min(16, "must be at least 16 characters")),
  PUBLIC_CATALOGUE: optional(z.enum(["true", "false"], { message: "must be true or false" })),
  SHOP_LANGUAGES: optional(languageList),
  DEFAULT_LANGUAGE: optional(z.string().trim().toLowerCase().refine(isSupportedLanguage, LANGUAGE_MESSAGE)),
  SHOP_CURRENCY: optional(
    z
      .string()
      .trim()
      .transform((code) => code.toUpperCase())
      .refine((code) => /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf("currency").includes(code), {
        message: "must be an ISO 4217 currency code such as USD, EUR, JPY or KWD",
      }),
  ),
  GUEST_CHECKOUT: optional(z.enum(["true", "false"], { message: "must be true or false" })),
  CAMPAIGN_SENDS_PER_MINUTE: optional(z.coerce.number().int().min(1, "must be a positive whole number")),
  BAG_REMINDER_HOURS: optional(z.coerce.number().positive("must be a positive number of hours")),
  SLOW_QUERY_MS: optional(z.coerce.number().int().min(1, "must be a positive whole number of milliseconds")),
  PAYMENT_PROVIDER: optional(z.enum(["test", "stripe"], { message: "must be test or stripe" })),
  STRIPE_SECRET_KEY: optional(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)"),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)"),
  ),
  STRIPE_API_URL: optional(z.url({ protocol: /^https?$/, message: "must be an http(s) URL" })),
  PAYMENT_HOLD_MINUTES: optional(
    z.coerce
      .number({ message: "must be a number of minutes" })
      .positive("must be a positive number of minutes")
      .max(24 * 60, "must be at most 1440 (a day)"),
  ),
});

const STRIPE_API_DEFAULT = "https://api.stripe.com";

/** Stripe through hosted Checkout (docs/decisions/031-payments-through-hosted-checkout.md). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's own API, or a Stripe-compatible stand-in (tests, staging). */
  apiUrl: string;
}

export type PaymentConfig = { provider: "test" } | { provider: "stripe"; stripe: StripeConfig };

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
}

export interface S3Config {
  bucket: string;
  /** Unset: AWS itself. Set (MinIO, Ceph, R2 …): path-style addressing on that endpoint. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own chain (environment, instance role …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Prepended to every object key, e.g. `shop/`. */
  prefix: string;
}

/**
 * Where uploaded images live: DATA_DIR on the embedded default; with DATABASE_URL where every
 * instance sees them, a table of the database unless S3_* names a bucket.
 */
export type ImageStorage = { kind: "files" } | { kind: "database" } | { kind: "s3"; s3: S3Config };

export interface Config {
  port: number;
  host: string;
  /** Absolute; holds the embedded database, the generated auth secret and uploads. */
  dataDir: string;
  /** Unset: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /** The public origin, without a trailing slash. */
  baseUrl: string;
  adminEmails: string[];
  /** Unset on the embedded default: generated once and kept in `dataDir`. */
  authSecret: string | undefined;
  google: GoogleConfig | undefined;
  redisUrl: string | undefined;
  /** Sign-in and sign-up attempts one client address may make per 10 minutes. */
  authRateLimitPerIp: number;
  /** Writes (POST, PUT, PATCH, DELETE) one session, or one signed-out address, may make per minute. */
  writeRateLimitPerMinute: number;
  /**
   * Whose forwarding headers to believe for the client's address and scheme: false (the socket's
   * peer, the default), true (any), a hop count, or the proxies' addresses/CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  logLevel: string;
  imageStorage: ImageStorage;
  /** Lets a Prometheus scraper read /api/metrics without an admin session. */
  metricsToken: string | undefined;
  /** Database statements slower than this are logged with their duration. */
  slowQueryMs: number;
  /** Unset: mails are kept in the outbox and logged (the admin's Mail page shows them), not sent. */
  smtpUrl: string | undefined;
  /** The From header of every mail. */
  mailFrom: string;
  /**
   * Anonymous visitors may browse categories, search and product pages, which the server then
   * answers with their head tags and structured data (SPEC: those pages ask to sign in first).
   */
  publicCatalogue: boolean;
  /** The languages shoppers may choose (decision 041), the default first. */
  languages: Language[];
  /** The language of a visitor whose browser asks for none of `languages`, and of mails to such. */
  defaultLanguage: Language;
  /** ISO 4217, upper case: what every price is in, and what `…_cents` columns count the minor units of (decision 040). */
  shopCurrency: string;
  /** Signed-out visitors keep a bag and check out with an e-mail address (needs publicCatalogue). */
  guestCheckout: boolean;
  /** The built-in test mode (cards typed on our page) unless PAYMENT_PROVIDER=stripe. */
  payment: PaymentConfig;
  /** How long an order awaiting its payment holds its stock and coupon use. */
  paymentHoldMinutes: number;
  /** Campaign mails handed to the outbox per minute, all instances together (the throttle). */
  campaignSendsPerMinute: number;
  /** A signed-in subscriber's bag, unchanged this long and not checked out, gets one reminder. */
  bagReminderHours: number;
  /** How often each instance looks for campaign mail, restocked variants and abandoned bags (tests shorten it). */
  marketingPollMs: number;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

const baseUrlOf = (baseUrl: string | undefined, port: number) =>
  (baseUrl ?? `http://localhost:${port}`).replace(/\/+$/, "");

/** Parses the environment into a Config, or throws one ConfigError line naming the variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0]);
    throw new ConfigError(
      `Invalid configuration: ${variable} ${issue.message} (got ${JSON.stringify(environment[variable])})`,
    );
  }
  const env = parsed.data;
  if (env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
    throw new ConfigError(
      "Invalid configuration: BETTER_AUTH_SECRET is required with DATABASE_URL (generate one with `openssl rand -base64 32`)",
    );
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      "Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    );
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
    );
  }
  if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_PREFIX)) {
    throw new ConfigError("Invalid configuration: S3_BUCKET is required with the other S3_* settings");
  }
  const languages = [...new Set((env.SHOP_LANGUAGES ?? ["en"]) as Language[])];
  const defaultLanguage = (env.DEFAULT_LANGUAGE as Language | undefined) ?? languages[0]!;
  if (!languages.includes(defaultLanguage)) {
    throw new ConfigError(
      `Invalid configuration: DEFAULT_LANGUAGE must be one of SHOP_LANGUAGES (${languages.join(", ")}) (got ${JSON.stringify(defaultLanguage)})`,
    );
  }
  if (env.GUEST_CHECKOUT === "true" && env.PUBLIC_CATALOGUE !== "true") {
    throw new ConfigError(
      "Invalid configuration: GUEST_CHECKOUT=true needs PUBLIC_CATALOGUE=true (guests must see the catalogue to buy from it)",
    );
  }
  const port = env.PORT ?? 3000;
  return {
    ...paymentConfigOf(env),
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL,
    baseUrl: baseUrlOf(env.BASE_URL, port),
    adminEmails: env.ADMIN_EMAILS ?? [],
    authSecret: env.BETTER_AUTH_SECRET,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL ?? GOOGLE_DISCOVERY_DEFAULT,
          }
        : undefined,
    redisUrl: env.REDIS_URL,
    authRateLimitPerIp: env.AUTH_RATE_LIMIT_PER_IP ?? 50,
    writeRateLimitPerMinute: env.WRITE_RATE_LIMIT_PER_MINUTE ?? 300,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? "info",
    imageStorage: env.S3_BUCKET
      ? {
          kind: "s3",
          s3: {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION ?? "us-east-1",
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
            prefix: env.S3_PREFIX ?? "",
          },
        }
      : env.DATABASE_URL
        ? { kind: "database" }
        : { kind: "files" },
    metricsToken: env.METRICS_TOKEN,
    slowQueryMs: env.SLOW_QUERY_MS ?? 200,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `Trendsetters <shop@${new URL(baseUrlOf(env.BASE_URL, port)).hostname}>`,
    publicCatalogue: env.PUBLIC_CATALOGUE === "true",
    languages: [defaultLanguage, ...languages.filter((language) => language !== defaultLanguage)],
    defaultLanguage,
    shopCurrency: env.SHOP_CURRENCY ?? DEFAULT_CURRENCY,
    guestCheckout: env.GUEST_CHECKOUT === "true",
    campaignSendsPerMinute: env.CAMPAIGN_SENDS_PER_MINUTE ?? 600,
    bagReminderHours: env.BAG_REMINDER_HOURS ?? 24,
    marketingPollMs: 5_000,
  };
}

/**
 * Currencies whose smallest unit in Stripe's API is not their ISO 4217 minor unit (Stripe's
 * "special cases": ISK, HUF, TWD, UGX, and MGA which Stripe treats as zero-decimal): charging them
 * would need a conversion we do not have, so Stripe is refused for them.
 */
const STRIPE_SPECIAL_CURRENCIES = new Set(["ISK", "HUF", "TWD", "UGX", "MGA"]);

function paymentConfigOf(env: z.output<typeof environmentSchema>) {
  const paymentHoldMinutes = env.PAYMENT_HOLD_MINUTES ?? 30;
  if (env.PAYMENT_PROVIDER !== "stripe")
    return { payment: { provider: "test" } as const, paymentHoldMinutes };
  const currency = env.SHOP_CURRENCY ?? DEFAULT_CURRENCY;
  if (STRIPE_SPECIAL_CURRENCIES.has(currency)) {
    throw new ConfigError(
      `Invalid configuration: SHOP_CURRENCY=${currency} is not supported with PAYMENT_PROVIDER=stripe (Stripe counts its amounts differently from ISO 4217; decision 040)`,
    );
  }
  for (const variable of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
    if (!env[variable]) {
      throw new ConfigError(`Invalid configuration: ${variable} is required with PAYMENT_PROVIDER=stripe`);
    }
  }
  return {
    payment: {
      provider: "stripe",
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY!,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        apiUrl: (env.STRIPE_API_URL ?? STRIPE_API_DEFAULT).replace(/\/+$/, ""),
      },
    } as const,
    paymentHoldMinutes,
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((entry) => entry.trim());
}
