// Starting the built shop as a child process, for the scripts that drive it from outside
// (bench, load test, sqlmap audit, Lighthouse). The e2e tests have their own typed copy in
// e2e/support/server-process.ts.
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import pg from "pg";

export const repoRoot = path.resolve(import.meta.dirname, "..", "..");
export const serverEntry = path.join(repoRoot, "server/dist/main.js");
export const PASSWORD = "violet-harbour-42";
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stand-in payment's card that always pays, for a checkout's body. */
export const TEST_CARD = { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };
/** A checkout's delivery address naming the script that placed the order ("Bench", "Load"). */
export const testDelivery = (who) => ({
  name: `${who} Shopper`,
  address: `1 ${who} Street`,
  city: `${who}ville`,
  phone: "+442079460000",
});

/**
 * Only what a shell needs, plus `env`: the caller's DATABASE_URL and friends must not leak into a
 * run that means the embedded database.
 */
export function childEnvironment(env) {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts server/dist/main.js and resolves once /api/health answers 200; its output is kept for
 * error messages; `entry` may name another build (the bench's --shop). SHOP_NODE_FLAGS adds flags to its node (`SHOP_NODE_FLAGS=--cpu-prof npm run
 * bench` profiles the shop), and SHOP_OUTPUT_FILE keeps its standard output in a file
 * (`SHOP_NODE_FLAGS=--trace-gc-nvp SHOP_OUTPUT_FILE=/tmp/gc.txt`: every collection, decision 025).
 */
export async function startShop(env, { args = [], entry = serverEntry } = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const flags = process.env.SHOP_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, entry, ...args], {
    cwd: repoRoot,
    env: childEnvironment({
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_PER_IP: "1000000",
      WRITE_RATE_LIMIT_PER_MINUTE: "1000000",
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: baseUrl,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  if (process.env.SHOP_OUTPUT_FILE) child.stdout.pipe(createWriteStream(process.env.SHOP_OUTPUT_FILE));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok)
        return { baseUrl, pid: child.pid, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  child.kill("SIGKILL");
  throw new Error(`the shop did not become healthy:\n${output}`);
}

const uniqueEmail = (name) =>
  `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${crypto.randomUUID().slice(0, 8)}@shop.test`;

/**
 * Registers an account on `shop` (from startShop) and confirms its address through the link the
 * shop logged for its sign-up mail (checkout, and ADMIN_EMAILS, need a verified address); answers
 * its e-mail and bearer token.
 */
export async function signUp(shop, name, email = uniqueEmail(name)) {
  const response = await fetch(`${shop.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.baseUrl },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  await verifyThroughLoggedMail(shop, email);
  return { email, token: response.headers.get("set-auth-token") };
}

/** Opens the verification link a shop without SMTP_URL logs as `mail to <address>: "…" <link>`. */
export async function verifyThroughLoggedMail(shop, email, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  const line = new RegExp(
    `^mail to ${email.toLowerCase().replace(/[.+]/g, "\\$&")}: "Confirm your e-mail address[^"]*" (\\S+)$`,
    "m",
  );
  for (;;) {
    const link = line.exec(shop.output())?.[1];
    if (link) {
      const verified = await fetch(link, { redirect: "manual" });
      if (verified.status >= 400) throw new Error(`verifying ${email} failed: ${verified.status}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email} in the shop's output`);
    await sleep(100);
  }
}

/**
 * A fresh database on the PostgreSQL server `serverUrl` names, for one run: answers its URL and
 * a drop() that removes it (even with the shop's connections still open).
 */
export async function createScratchDatabase(serverUrl, prefix) {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
