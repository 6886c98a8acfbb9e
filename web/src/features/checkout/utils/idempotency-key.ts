import { isApiError } from "@/lib/api-client";

/**
 * A fresh Idempotency-Key (a UUID v4). crypto.randomUUID exists only in secure contexts (https,
 * localhost); getRandomValues everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a failed checkout certainly placed no order, so the next attempt is a new one (a new
 * key): the server answered with a refusal (declined 402, invalid 400, conflict 409 …). Without a
 * clear answer (network failure, time-out, server error) the order may exist: the retry sends the
 * same key, and the server answers with that order instead of charging again.
 */
export function isDefinitiveRefusal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408;
}
