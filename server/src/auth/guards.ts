import type { Role } from "@shop/contract/auth";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/client";
import { HttpProblem } from "../http/problem";
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./auth";
import { findSession, requesterOf, type RequesterRow, type StoredSession } from "./session-lookup";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
}

export interface RequestSession {
  user: SessionUser;
  /** The session token: what SPEC's token call hands the SPA as `accesstoken`. */
  token: string;
  /** Whether the account's address is confirmed, as the session's own lookup read it. */
  emailVerified: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the requireUser / requireAdmin guards (by `settle` after requireSignedToken). */
    session: RequestSession | null;
    /** Set by requireSignedToken: the token whose session the route's statement looks up. */
    sessionToken: string | null;
  }
}

/**
 * What a statement that looks up the session itself needs (see requireSignedToken): the token for
 * its `requesterCte`, and `settle` for the requester row it found (undefined: none), which answers
 * the request's user or throws 401.
 */
export interface SessionInStatement {
  token: string;
  settle(row: RequesterRow | undefined): Promise<SessionUser>;
}

export const unauthorized = () => new HttpProblem(401, "Unauthorized", "Sign in to continue.");
export const forbidden = (detail = "You are not allowed to do this.") =>
  new HttpProblem(403, "Forbidden", detail);

/**
 * The session behind the request's cookie or bearer token, or null. The hot path is one indexed
 * join (a signed-in request should not pay for Better Auth's whole endpoint pipeline); a session
 * due for its daily extension goes through Better Auth, which extends it.
 */
export async function readSession(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<RequestSession | null> {
  const token = app.sessionKeyOf(request);
  return token ? settle(app, request, await findSession(app.database.db, token)) : null;
}

/**
 * A stored session (found unexpired by the database's clock) as the request's. One due for its
 * daily extension goes through Better Auth, which extends it.
 */
async function settle(
  app: FastifyInstance,
  request: FastifyRequest,
  stored: StoredSession | null,
): Promise<RequestSession | null> {
  if (!stored) return null;
  if (isDueForRefresh(stored.expiresAt)) return readSessionThroughBetterAuth(app, request);
  return asRequestSession(stored);
}

function asRequestSession(stored: StoredSession): RequestSession {
  return {
    token: stored.token,
    user: { ...stored.user, role: stored.user.role === "admin" ? "admin" : "user" },
    emailVerified: stored.emailVerified,
  };
}

async function readSessionThroughBetterAuth(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<RequestSession | null> {
  const result = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  const { user, session } = result;
  return {
    token: session.token,
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      image: user.image ?? null,
      role: user.role === "admin" ? "admin" : "user",
    },
    emailVerified: user.emailVerified,
  };
}

/** Better Auth's rule: a session is extended once it is `updateAge` old. */
function isDueForRefresh(expiresAt: Date): boolean {
  const lastExtended = expiresAt.getTime() - SESSION_EXPIRES_IN_SECONDS * 1000;
  return lastExtended + SESSION_UPDATE_AGE_SECONDS * 1000 <= Date.now();
}

/**
 * Hooks for a route's `onRequest`: who is asking is settled before the body is parsed or
 * validated, so a stranger learns nothing from validation messages and uploads nothing.
 */
export function makeGuards(app: FastifyInstance) {
  async function requireUser(request: FastifyRequest) {
    request.session = await readSession(app, request);
    if (!request.session) throw unauthorized();
  }
  async function requireAdmin(request: FastifyRequest) {
    await requireUser(request);
    if (request.session?.user.role !== "admin") throw forbidden("Only admins may do this.");
  }
  /**
   * For the busiest routes (cart read and add), which save a round trip: only the token's
   * signature is checked here, still before the body is read, and the route's own statement looks
   * the session up (requesterCte) in the same round trip as its work. Sign-out, expiry and user
   * removal still count at once: the statement reads the session table like requireUser does.
   */
  // A callback hook: no promise for the busiest routes' first step.
  function requireSignedToken(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    request.sessionToken = app.sessionKeyOf(request);
    done(request.sessionToken ? undefined : unauthorized());
  }
  function sessionInStatement(request: FastifyRequest): SessionInStatement {
    if (!request.sessionToken) throw unauthorized();
    return {
      token: request.sessionToken,
      settle: async (row) => {
        if (!row) throw unauthorized();
        // The statement has done its work for this session: it stands, whatever the extension
        // below answers (a failure there must not report a write that happened as refused).
        const stored = requesterOf(row);
        if (isDueForRefresh(stored.expiresAt)) {
          await readSessionThroughBetterAuth(app, request).catch((error: unknown) =>
            request.log.warn({ err: error }, "could not extend the session"),
          );
        }
        request.session = asRequestSession(stored);
        return request.session.user;
      },
    };
  }
  return { requireUser, requireAdmin, requireSignedToken, sessionInStatement };
}

/**
 * Every route this plugin registers from now on is for admins only (401 signed out, 403 for a
 * shopper), and the API document files it under "admin" unless it names its own tags.
 */
export function adminOnly(app: FastifyInstance): void {
  app.addHook("onRequest", makeGuards(app).requireAdmin);
  app.addHook("onRoute", (route) => {
    route.schema = { tags: ["admin"], ...route.schema };
  });
}

/** A plugin whose routes are all for admins (adminOnly): `routes` registers them, given the database. */
export function adminOnlyRoutes(
  routes: (app: Parameters<FastifyPluginAsyncZod>[0], db: Db) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    adminOnly(app);
    await routes(app, app.database.db);
  };
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.session) throw unauthorized();
  return request.session.user;
}

/** SPEC's calls name a user by e-mail in the path: one's own, or anyone's for an admin. */
export function assertSelfOrAdmin(request: FastifyRequest, email: string): SessionUser {
  const user = currentUser(request);
  if (user.role !== "admin" && user.email.toLowerCase() !== email.toLowerCase()) {
    throw forbidden("This belongs to another account.");
  }
  return user;
}
