import type { Role } from "@shop/contract/auth";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpProblem } from "../http/problem";
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./auth";
import { findSession, sessionTokenOf } from "./session-lookup";

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
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the requireUser / requireAdmin guards. */
    session: RequestSession | null;
  }
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
  const cookieName = (await app.auth.$context).authCookies.sessionToken.name;
  const token = sessionTokenOf(request.headers, cookieName, app.authSecret);
  if (!token) return null;
  const stored = await findSession(app.database.db, token);
  if (!stored || stored.expiresAt.getTime() <= Date.now()) return null;
  if (isDueForRefresh(stored.expiresAt)) return readSessionThroughBetterAuth(app, request);
  return {
    token: stored.token,
    user: { ...stored.user, role: stored.user.role === "admin" ? "admin" : "user" },
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
  return { requireUser, requireAdmin };
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
