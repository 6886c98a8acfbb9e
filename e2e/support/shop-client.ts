import { randomUUID } from "node:crypto";
import http from "node:http";
import { TEST_PASSWORD, uniqueEmail } from "./accounts";
import { VERIFICATION_SUBJECT, waitForMail } from "./mail";
import { startShop, type ShopProcess } from "./server-process";
import type { PrivateDatabase } from "./private-postgres";

/** The test card that the shop's test-mode payment provider accepts. */
export const CARD_SUCCEEDS = { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };
export const DELIVERY = {
  name: "Fault Tester",
  address: "1 Test Street",
  city: "Testville",
  phone: "+15550100",
};

export interface Shopper {
  email: string;
  headers: Record<string, string>;
}

/** One HTTP exchange as a client saw it: a full answer, or a failure before or during it. */
export interface Outcome {
  /** The HTTP status; 0 when no response arrived (refused, reset, timed out). */
  status: number;
  contentType: string;
  body: string;
  /** The response started but its body did not arrive complete. */
  truncated: boolean;
  error?: string;
  startedAt: number;
  ms: number;
}

/** Sends a request and reads the whole body; never throws. */
export async function exchange(url: string, init: RequestInit = {}, timeoutMs = 10_000): Promise<Outcome> {
  const startedAt = performance.now();
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    return {
      status: 0,
      contentType: "",
      body: "",
      truncated: false,
      error: describe(error),
      startedAt,
      ms: performance.now() - startedAt,
    };
  }
  const contentType = response.headers.get("content-type") ?? "";
  try {
    const body = await response.text();
    return {
      status: response.status,
      contentType,
      body,
      truncated: false,
      startedAt,
      ms: performance.now() - startedAt,
    };
  } catch (error) {
    return {
      status: response.status,
      contentType,
      body: "",
      truncated: true,
      error: describe(error),
      startedAt,
      ms: performance.now() - startedAt,
    };
  }
}

/** undici hides the socket's error code in `cause`. */
function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const name = (error as { name?: string }).name ?? "Error";
  return cause?.code ?? cause?.message ?? `${name}: ${(error as Error).message}`;
}

/** An exchange over a node:http agent, which tells whether the request went on a used socket. */
export interface SocketOutcome extends Outcome {
  /** Sent on a connection that had carried an earlier answer: the server had accepted it. */
  reusedSocket: boolean;
  endedAt: number;
}

/** GET through `agent` (keep-alive, one socket per client); never throws. */
export function exchangeOn(
  agent: http.Agent,
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<SocketOutcome> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    let reusedSocket = false;
    let status = 0;
    let contentType = "";
    const finish = (fields: Partial<SocketOutcome>) =>
      resolve({
        status,
        contentType,
        body: "",
        truncated: false,
        startedAt,
        ms: performance.now() - startedAt,
        endedAt: performance.now(),
        reusedSocket,
        ...fields,
      });
    const request = http.get(url, { agent, headers, timeout: timeoutMs }, (response) => {
      status = response.statusCode ?? 0;
      contentType = response.headers["content-type"] ?? "";
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => finish({ body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", (error) => finish({ truncated: true, error: errorCode(error) }));
      response.on("aborted", () => finish({ truncated: true, error: "aborted" }));
    });
    request.on("socket", () => (reusedSocket = request.reusedSocket));
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", (error) =>
      finish(status ? { truncated: true, error: errorCode(error) } : { status: 0, error: errorCode(error) }),
    );
  });
}

const errorCode = (error: Error) => (error as { code?: string }).code ?? error.message;

/** A shop process on the private cluster's database, with a BASE_URL writes may come from. */
export async function startShopOn(
  database: { url: string },
  dataDir: string,
  port: number,
): Promise<ShopProcess> {
  return startShop({
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "fault-tests-secret-that-is-long-enough-0123456789",
    // Every shopper of these tests signs up from 127.0.0.1.
    AUTH_RATE_LIMIT_PER_IP: "100000",
    WRITE_RATE_LIMIT_PER_MINUTE: "100000",
  });
}

/** A new account on `shop`, its address verified through the link its sign-up mail logged. */
export async function signUp(shop: ShopProcess, prefix = "fault"): Promise<Shopper> {
  const baseUrl = shop.baseUrl;
  const email = uniqueEmail(prefix);
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ name: "Fault Tester", email, password: TEST_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const token = response.headers.get("set-auth-token");
  if (!token) throw new Error("sign-up gave no bearer token");
  const { link } = await waitForMail(email, VERIFICATION_SUBJECT, () => shop.output());
  const verified = await fetch(link, { redirect: "manual" });
  if (verified.status >= 400) throw new Error(`verification failed: ${verified.status}`);
  return { email, headers: { authorization: `Bearer ${token}`, origin: baseUrl } };
}

/** Puts `quantity` of a product in the shopper's cart and returns the cart line's id. */
export async function addToCart(baseUrl: string, shopper: Shopper, productId: string, quantity: number) {
  const response = await fetch(`${baseUrl}/api/cart/${productId}`, {
    method: "PUT",
    headers: { ...shopper.headers, "content-type": "application/json" },
    body: JSON.stringify({ quantity }),
  });
  if (!response.ok) throw new Error(`add to cart failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { _id: string })._id;
}

export function checkout(baseUrl: string, shopper: Shopper, lineIds: string[], key: string = randomUUID()) {
  return exchange(`${baseUrl}/api/orders`, {
    method: "POST",
    headers: { ...shopper.headers, "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify({ lineIds, delivery: DELIVERY, card: CARD_SUCCEEDS }),
  });
}

/**
 * Inserts products straight into the database and announces it as the CLI does (the shop's
 * catalogue cache and index hear the NOTIFY); returns their ids in the order given.
 */
export async function insertProducts(
  database: PrivateDatabase,
  products: { name: string; priceCents: number; stock: number }[],
): Promise<string[]> {
  const values = products
    .map(
      (product) =>
        `('${product.name.replaceAll("'", "''")}', 'Made by a fault test.', ${product.priceCents}, 'gadgets', '/demo/products/test.svg', ${product.stock})`,
    )
    .join(", ");
  const rows = await database.rows<{ id: string; name: string }>(
    `insert into products (name, description, price_cents, category, image, stock) values ${values} returning id, name`,
  );
  await database.rows(`select pg_notify('shop_catalogue_changed', '')`);
  return products.map((product) => rows.find((row) => row.name === product.name)!.id);
}
