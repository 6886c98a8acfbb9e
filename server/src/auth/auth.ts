import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer, genericOAuth } from "better-auth/plugins";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { accounts, sessions, users, verifications } from "../db/schema";

export const SESSION_EXPIRES_IN_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

export interface AuthOptions {
  config: Config;
  db: Db;
  secret: string;
}

export function createAuth({ config, db, secret }: AuthOptions) {
  const adminEmails = new Set(config.adminEmails);
  return betterAuth({
    appName: "Shop",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.baseUrl],
    telemetry: { enabled: false },
    // Sign-in and sign-up are limited by our own limiter (shared through Redis between instances).
    rateLimit: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    advanced: {
      database: { generateId: "uuid" },
      cookiePrefix: "shop",
      useSecureCookies: config.baseUrl.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    user: {
      additionalFields: {
        // Never taken from a sign-up payload: set by ADMIN_EMAILS, the CLI or an admin.
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    session: { expiresIn: SESSION_EXPIRES_IN_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    account: {
      // Linking a Google identity to an existing e-mail account needs Google's word that the
      // address is verified (no provider is "trusted" beyond that).
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, role: adminEmails.has(user.email.toLowerCase()) ? "admin" : "user" },
          }),
        },
      },
    },
    plugins: [
      // Only the signed form we hand out (`<token>.<HMAC>`): a bare session token, as a leaked
      // database backup would show it, opens nothing without the secret.
      bearer({ requireSignature: true }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  discoveryUrl: config.google.discoveryUrl,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
