import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { bearer, genericOAuth } from "better-auth/plugins";
import { isAllowedImage } from "@shop/contract/admin";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { accounts, sessions, users, verifications } from "../db/schema";
import { claimGuestOrders } from "../orders/order-links";
import { isDatabaseUnavailable } from "../http/problem";
import { accountMailOptions } from "../mail/account-mail";
import { requestContext } from "../observability/request-context";

export const SESSION_EXPIRES_IN_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

/** Notes a database failure on the auth call it happened in (see AuthCall). */
function noteIfDatabaseDown(error: unknown) {
  const authCall = requestContext.getStore()?.authCall;
  if (authCall && isDatabaseUnavailable(error)) authCall.error = error;
}

export type AuthLogLevel = "debug" | "info" | "warn" | "error";
/** Where Better Auth's own messages go; `details` holds the errors it passes along. */
export type AuthLog = (level: AuthLogLevel, message: string, details: unknown[]) => void;

const consoleLog: AuthLog = (level, message, details) =>
  (level === "error" ? console.error : console.log)(`[Better Auth] ${message}`, ...details);

/**
 * Runs before every endpoint with the path Better Auth matched (not the path as sent): answers the
 * body the endpoint should see, or throws. See endpoint-guards.ts.
 */
export type EndpointGuard = (path: string, body: unknown) => Promise<Record<string, unknown> | undefined>;

export interface AuthOptions {
  config: Config;
  db: Db;
  secret: string;
  log?: AuthLog;
  guardEndpoint?: EndpointGuard;
  /** Called after an account mail (verification, reset …) was put into the outbox. */
  onMailQueued?: () => void;
}

const NAME_MAX_LENGTH = 80;

/**
 * The shop's rules for a user's name and picture, applied to what a provider (Google) sends:
 * nobody can correct those at sign-in, so they are fitted instead of refused. A name is trimmed
 * and cut to 80 characters (the e-mail's local part when empty); a picture that is not an http(s)
 * URL or one of our own paths is dropped.
 */
export function fitProfile(profile: { name?: unknown; image?: unknown; email?: unknown }) {
  const email = typeof profile.email === "string" ? profile.email : "";
  const name = typeof profile.name === "string" ? profile.name.trim().slice(0, NAME_MAX_LENGTH).trim() : "";
  const image =
    typeof profile.image === "string" && isAllowedImage(profile.image.trim()) ? profile.image.trim() : null;
  return { name: name || email.split("@")[0] || "Shopper", image };
}

export function createAuth({
  config,
  db,
  secret,
  log = consoleLog,
  guardEndpoint,
  onMailQueued = () => {},
}: AuthOptions) {
  const mail = accountMailOptions({ config, db, onQueued: onMailQueued });
  return betterAuth({
    appName: "Shop",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.baseUrl],
    telemetry: { enabled: false },
    // An error escaping an endpoint (sign-in's user lookup failing, say) goes on to our error
    // handler, which answers 503 or a 500 problem, instead of becoming Better Auth's bare 500.
    onAPIError: { throw: true },
    // Other endpoints catch a failed query themselves and answer with an error of their own:
    logger: {
      // with a generic 422 or 500 and the cause in the log (sign-up, the session lookup),
      log: (level, message, ...details: unknown[]) => {
        if (level === "error") details.forEach(noteIfDatabaseDown);
        log(level, message, details);
      },
    },
    hooks: {
      // Keyed on the endpoint Better Auth matched, so no spelling of a path escapes its guard.
      before: createAuthMiddleware(async (context) => {
        const body = await guardEndpoint?.(context.path, context.body);
        if (body) return { context: { body } };
      }),
      // or with the cause inside the APIError they answer with.
      after: createAuthMiddleware(async (context) => noteIfDatabaseDown(context.context.returned)),
    },
    // Limited by @fastify/rate-limit in the endpoint guards (shared through Redis between instances).
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
        // The shopper's language (decision 041): set through PUT /api/account/language only.
        language: { type: "string", required: false, input: false },
      },
      changeEmail: mail.changeEmail,
      deleteUser: mail.deleteUser,
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
      ...mail.passwordReset,
    },
    emailVerification: mail.emailVerification,
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, ...fitProfile(user), role: mail.initialRole(user) },
          }),
          // A provider's verified address (Google) claims its guest orders at once (decision 042).
          after: async (user) => {
            if (user.emailVerified) await claimGuestOrders(db, user);
          },
        },
        update: {
          // Whatever path changes a name or picture (update-user is checked before; a provider's
          // profile on a later sign-in or a link is not), the stored values keep the shop's rules.
          before: async (user) => {
            const fitted = fitProfile({ ...user, name: user.name ?? "x", email: user.email ?? "" });
            return {
              data: {
                ...user,
                ...(user.name !== undefined ? { name: fitted.name } : {}),
                ...(user.image !== undefined ? { image: fitted.image } : {}),
              },
            };
          },
          // Verifying an address (or changing to a verified one) claims its guest orders.
          after: async (user) => {
            if (user.emailVerified) await claimGuestOrders(db, user);
          },
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
                  mapProfileToUser: (profile) => {
                    const { name, image } = fitProfile({
                      ...profile,
                      image: profile.image ?? profile["picture"],
                    });
                    return { name, image: image ?? undefined };
                  },
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
