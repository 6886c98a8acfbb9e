import path from "node:path";
import { z } from "zod";

const GOOGLE_DISCOVERY_DEFAULT = "https://accounts.google.com/.well-known/openid-configuration";

/** Treats `VAR=` like an unset variable, as shells and .env files often produce it. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const emailList = z
  .string()
  .transform((raw) =>
    raw
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: "must be a comma-separated list of e-mail addresses" })));

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
  LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])),
});

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
}

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
  /** Sign-in and sign-up attempts one IP address may make per 10 minutes. */
  authRateLimitPerIp: number;
  logLevel: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

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
  const port = env.PORT ?? 3000;
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL,
    baseUrl: (env.BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
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
    logLevel: env.LOG_LEVEL ?? "info",
  };
}
