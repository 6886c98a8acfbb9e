import { createHmac, timingSafeEqual } from "node:crypto";
import { sql, type Placeholder } from "drizzle-orm";
import type { IncomingHttpHeaders } from "node:http";
import { preparedPerDatabase, prepareRows, type Db } from "../db/client";
import { sessions, users } from "../db/schema";

/**
 * The token of the session a request carries: a bearer token or the session cookie, both signed
 * (`token.signature`, as Better Auth hands them out; a bare token from a leaked database or
 * backup is worth nothing without the secret). `false` when the signature is missing or wrong:
 * such a request is nobody, whatever else it holds.
 */
export function sessionTokenOf(
  headers: IncomingHttpHeaders,
  cookieName: string,
  secret: string,
): string | null | false {
  const authorization = headers.authorization;
  if (authorization && authorization.slice(0, 7).toLowerCase() === "bearer ") {
    const token = safeDecode(authorization.slice(7).trim());
    if (token) return verifySigned(token, secret);
  }
  const cookie = cookieValue(headers.cookie, cookieName);
  return cookie ? verifySigned(cookie, secret) : null;
}

/**
 * Signed values whose signature held, per secret: a shopper sends the same token with every
 * request, and an HMAC (a new keyed hash object each time) was 3 % of a signed-in cart request's
 * CPU (docs/decisions/018-cart-paths-profiled.md). Only good signatures are kept, so a forger
 * gains nothing; the oldest are dropped beyond the bound.
 */
const verifiedBySecret = new Map<string, Map<string, string>>();
const MAX_VERIFIED = 10_000;

/** `value.signature` with an HMAC-SHA256 signature in base64, as better-call signs cookies. */
function verifySigned(signedValue: string, secret: string): string | false {
  let verified = verifiedBySecret.get(secret);
  const known = verified?.get(signedValue);
  if (known !== undefined) return known;
  const value = checkSignature(signedValue, secret);
  if (value === false) return false;
  if (!verified) verifiedBySecret.set(secret, (verified = new Map()));
  if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
  verified.set(signedValue, value);
  return value;
}

function checkSignature(signedValue: string, secret: string): string | false {
  const dot = signedValue.lastIndexOf(".");
  if (dot < 1) return false;
  const value = signedValue.slice(0, dot);
  const signature = signedValue.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return false;
  const expected = createHmac("sha256", secret).update(value).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : false;
}

export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return safeDecode(part.slice(separator + 1).trim());
    }
  }
  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export interface StoredSession {
  token: string;
  expiresAt: Date;
  user: { id: string; email: string; name: string; image: string | null; role: "user" | "admin" };
  /** Read with the session: checkout needs a confirmed address, and asks no second statement. */
  emailVerified: boolean;
}

/**
 * The session with this token, unexpired by the database's clock, and its user, as a CTE named
 * `requester`: the one definition of who asks. The guards' lookup (findSession) is just this; a
 * statement that starts with it learns who asks in the same round trip as its work (see
 * requireSignedToken in guards.ts), selects `requesterColumns` and hands the row to `requesterOf`.
 */
export const requesterCte = (token: Placeholder) => sql`requester as (
  select ${sessions.token}, ${sessions.expiresAt}, ${users.id}, ${users.email}, ${users.name},
    ${users.image}, ${users.role}, ${users.emailVerified}
  from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
  where ${sessions.token} = ${token} and ${sessions.expiresAt} > now())`;

export const requesterColumns = sql.raw(`requester.token as requester_token,
  (extract(epoch from requester.expires_at) * 1000)::float8 as requester_expires_ms,
  requester.id as requester_id, requester.email as requester_email,
  requester.name as requester_name, requester.image as requester_image,
  requester.role as requester_role, requester.email_verified as requester_email_verified`);

export interface RequesterRow {
  requester_token: string;
  requester_expires_ms: number;
  requester_id: string;
  requester_email: string;
  requester_name: string;
  requester_image: string | null;
  requester_role: "user" | "admin";
  requester_email_verified: boolean;
}

export function requesterOf(row: RequesterRow): StoredSession {
  return {
    token: row.requester_token,
    expiresAt: new Date(row.requester_expires_ms),
    user: {
      id: row.requester_id,
      email: row.requester_email,
      name: row.requester_name,
      image: row.requester_image,
      role: row.requester_role,
    },
    emailVerified: row.requester_email_verified,
  };
}

/** What the guards ask on every signed-in request, parsed and planned once per connection. */
const sessionQuery = preparedPerDatabase((db) =>
  prepareRows<RequesterRow>(
    db,
    "find_session_by_token",
    sql`with ${requesterCte(sql.placeholder("token"))} select ${requesterColumns} from requester`,
  ),
);

/** One indexed join: the unexpired session with this token and its user, or null. */
export async function findSession(db: Db, token: string): Promise<StoredSession | null> {
  const [row] = await sessionQuery(db)({ token });
  return row ? requesterOf(row) : null;
}
