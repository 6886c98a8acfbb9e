// npm run audit:sql [-- --targets search,category,id,cart,users --threads 4]
//
// Runs sqlmap against the real shop: the built server (`server/dist/main.js`; built once if it is
// missing) on a temporary embedded database with the demo catalogue and, when DATABASE_URL is set,
// again on a fresh PostgreSQL database made for the run and dropped after it. Each target is one
// parameter that reaches SQL: the search text, the category, a product id in the path, and, signed
// in as an admin, an e-mail in the path and the admin's user search. Exits 1 when sqlmap reports
// any injection point (or a target could not be tested), 0 when none is found.
//
// First, a canary: a deliberately injectable endpoint (string-built SQL on PGlite) must be reported
// as injectable with the same options and the same reading of sqlmap's output, or the audit stops:
// a clean result only counts when the audit can see an injection at all.
//
// sqlmap comes from Debian: installed with apt-get when it is missing and we run as root.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import {
  createScratchDatabase,
  freePort,
  serverEntry,
  startShop,
  verifyThroughLoggedMail,
} from "./lib/shop-process.mjs";

const { values: options } = parseArgs({
  options: {
    targets: { type: "string", default: "search,category,id,cart,users" },
    threads: { type: "string", default: "4" },
    level: { type: "string", default: "3" },
    risk: { type: "string", default: "2" },
    technique: { type: "string", default: "BEUST" },
    verbose: { type: "boolean", default: false },
    "no-canary": { type: "boolean", default: false },
  },
});

const root = path.resolve(import.meta.dirname, "..");
const ADMIN_EMAIL = "auditor@shop.test";
const PASSWORD = "violet-harbour-42";
/** One target may not run away with the budget (the whole audit should stay under ~10 minutes). */
const TARGET_TIMEOUT_MS = 4 * 60 * 1000;

/**
 * Lines in which sqlmap says it found something. Its all-clear lines also contain "injectable"
 * ("... do not appear to be injectable"), so they are matched first and excluded.
 */
const ALL_CLEAR = /(do(es)? not (appear|seem) to be injectable|not injectable)/i;
const FINDING = [
  /identified the following injection point/i,
  /^Parameter: .+\((GET|POST|URI|Cookie|User-Agent|Referer|Host|\w+)\)/m,
  /\bis vulnerable\b/i,
  /appears to be '.+' injectable/i,
  /\bis '.+' injectable\b/i,
  /might be injectable/i,
];

function ensureBuilt() {
  if (existsSync(serverEntry)) return;
  console.log("server/dist/main.js is missing: building the server once.");
  execFileSync("npm", ["run", "build", "--workspace", "server"], { cwd: root, stdio: "inherit" });
}

function hasSqlmap() {
  return spawnSync("sqlmap", ["--version"], { stdio: "ignore" }).status === 0;
}

function ensureSqlmap() {
  if (hasSqlmap()) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      "sqlmap is not installed; install it (Debian: `apt-get install -y sqlmap`) and run again.",
    );
  }
  console.log("Installing sqlmap with apt-get.");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "sqlmap"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (!hasSqlmap()) throw new Error("apt-get did not install a working sqlmap.");
}

async function api(baseUrl, method, urlPath, { token, body } = {}) {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${await response.text()}`);
  return response;
}

/** An admin with one cart line, and a shopper whose cart the admin reads: real rows behind each query. */
async function prepareShop(shop) {
  const baseUrl = shop.baseUrl;
  const signUp = async (name, email) => {
    const response = await api(baseUrl, "POST", "/api/auth/sign-up/email", {
      body: { name, email, password: PASSWORD },
    });
    // ADMIN_EMAILS makes an admin of a verified address only.
    await verifyThroughLoggedMail(shop, email);
    return response.headers.get("set-auth-token");
  };
  const adminToken = await signUp("Auditor", ADMIN_EMAIL);
  const shopperEmail = `shopper-${randomBytes(4).toString("hex")}@shop.test`;
  const shopperToken = await signUp("Sam Shopper", shopperEmail);
  const products = await (await api(baseUrl, "GET", "/api/products?limit=100")).json();
  // A product without sizes or colours: its add needs no variant, so the cart row is one request away.
  const product = products.find((candidate) => candidate.variantCount === 1 && candidate.stock > 0);
  if (!product) throw new Error("the shop has no single-variant product in stock to audit against");
  await api(baseUrl, "PUT", `/api/cart/${product._id}`, { token: shopperToken, body: { quantity: 1 } });
  return { adminToken, shopperEmail, productId: product._id };
}

/** Each target: a URL sqlmap starts from (answering 200), and which parameter to inject into. */
function targetsFor(baseUrl, { adminToken, shopperEmail, productId }) {
  const bearer = `Authorization: Bearer ${adminToken}`;
  const all = {
    search: { url: `${baseUrl}/api/products?q=shirt&limit=8&offset=0`, args: ["-p", "q,limit,offset"] },
    category: { url: `${baseUrl}/api/mans/?catagory=mans`, args: ["-p", "catagory"] },
    id: { url: `${baseUrl}/api/productdetail/${productId}*`, args: [] },
    cart: {
      url: `${baseUrl}/api/carts/${encodeURIComponent(shopperEmail)}*`,
      args: ["--headers", bearer],
    },
    users: { url: `${baseUrl}/api/alluser?q=sam`, args: ["-p", "q", "--headers", bearer] },
  };
  const wanted = options.targets.split(",").map((name) => name.trim());
  for (const name of wanted) if (!all[name]) throw new Error(`unknown target "${name}"`);
  return wanted.map((name) => ({ name, ...all[name] }));
}

function runSqlmap(target, outputDir) {
  const args = [
    "-u",
    target.url,
    ...target.args,
    "--batch",
    `--level=${options.level}`,
    `--risk=${options.risk}`,
    `--technique=${options.technique}`,
    // Both databases are PostgreSQL (PGlite is PostgreSQL compiled to WebAssembly).
    "--dbms=PostgreSQL",
    `--threads=${options.threads}`,
    "--time-sec=2",
    "--timeout=15",
    "--retries=1",
    // A fresh output folder and session: an earlier run's verdict is never reused.
    `--output-dir=${outputDir}`,
    "--flush-session",
    "--disable-coloring",
  ];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("sqlmap", args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (options.verbose) process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGTERM"), TARGET_TIMEOUT_MS);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** What one sqlmap run says: findings, or a clean finish, or that it could not test. */
function judge(run) {
  const lines = run.output.split("\n");
  const findings = lines.filter(
    (line) => !ALL_CLEAR.test(line) && FINDING.some((pattern) => pattern.test(line)),
  );
  // sqlmap's closing tally of refused requests, e.g. "400 (Bad Request) - 339 times".
  const httpErrors = /HTTP error codes detected during run:\s*\n(.+)/.exec(run.output)?.[1]?.trim() ?? "none";
  const clean = lines.some((line) => ALL_CLEAR.test(line));
  const criticals = lines.filter((line) => /\[CRITICAL\]/.test(line) && !ALL_CLEAR.test(line));
  let verdict;
  if (findings.length > 0) verdict = "INJECTABLE";
  else if (run.signal) verdict = `NOT FINISHED (killed after ${run.seconds.toFixed(0)} s)`;
  else if (!clean) verdict = "NOT TESTED (sqlmap did not finish its tests)";
  else verdict = "not injectable";
  return { verdict, ok: verdict === "not injectable", findings, criticals, httpErrors };
}

async function auditDatabase(label, env, args) {
  console.log(`\n=== ${label}`);
  // sqlmap signs in nowhere, but our own set-up does, and a rerun should not be locked out.
  const shop = await startShop(
    {
      LOG_LEVEL: "error",
      AUTH_RATE_LIMIT_PER_IP: "100000",
      WRITE_RATE_LIMIT_PER_MINUTE: "100000",
      ADMIN_EMAILS: ADMIN_EMAIL,
      ...env,
    },
    { args },
  );
  const results = [];
  const outputDir = mkdtempSync(path.join(tmpdir(), "shop-sqlmap-"));
  try {
    const targets = targetsFor(shop.baseUrl, await prepareShop(shop));
    for (const target of targets) {
      const run = await runSqlmap(target, outputDir);
      const result = judge(run);
      const shownUrl = target.url.replace(shop.baseUrl, "");
      console.log(
        `${label.padEnd(9)} ${target.name.padEnd(9)} ${result.verdict.padEnd(15)} ${run.seconds
          .toFixed(0)
          .padStart(4)} s  ${shownUrl}\n    HTTP errors sqlmap met: ${result.httpErrors}`,
      );
      for (const line of [...result.findings, ...(result.ok ? [] : result.criticals)]) {
        console.log(`    ${line.trim()}`);
      }
      results.push({ label, target: target.name, ...result });
    }
  } finally {
    await shop.stop();
    rmSync(outputDir, { recursive: true, force: true });
  }
  return results;
}

/** GET /items?q=...: the injectable query the shop must never contain. */
async function startCanary() {
  const db = new PGlite();
  await db.exec(`CREATE TABLE items (id serial PRIMARY KEY, name text);
    INSERT INTO items (name) VALUES ('shirt'), ('skirt'), ('shoe'), ('watch');`);
  const server = createHttpServer(async (request, response) => {
    const q = new URL(request.url ?? "/", "http://canary").searchParams.get("q") ?? "";
    try {
      const result = await db.query(`SELECT name FROM items WHERE name LIKE '%${q}%' ORDER BY id`);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(result.rows));
    } catch {
      response.writeHead(500, { "content-type": "application/json" });
      response.end('{"error":"internal"}');
    }
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/items?q=shirt`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await db.close();
    },
  };
}

async function checkCanary() {
  const canary = await startCanary();
  const outputDir = mkdtempSync(path.join(tmpdir(), "shop-sqlmap-"));
  try {
    const run = await runSqlmap({ url: canary.url, args: ["-p", "q"] }, outputDir);
    const result = judge(run);
    console.log(`canary    injectable endpoint: ${result.verdict} (${run.seconds.toFixed(0)} s)`);
    for (const line of result.findings.slice(0, 4)) console.log(`    ${line.trim()}`);
    if (result.verdict !== "INJECTABLE") {
      throw new Error("sqlmap did not report the canary's injection: the audit cannot be trusted.");
    }
  } finally {
    await canary.close();
    rmSync(outputDir, { recursive: true, force: true });
  }
}

async function main() {
  const started = Date.now();
  ensureBuilt();
  ensureSqlmap();
  if (!options["no-canary"]) await checkCanary();
  const results = [];

  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-sqlaudit-"));
  try {
    results.push(...(await auditDatabase("embedded", { DATA_DIR: dataDir })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  if (process.env.DATABASE_URL) {
    const pgDataDir = mkdtempSync(path.join(tmpdir(), "shop-sqlaudit-"));
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, "shop_sqlaudit");
    try {
      const env = {
        DATA_DIR: pgDataDir,
        DATABASE_URL: scratch.url,
        BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
      };
      results.push(...(await auditDatabase("postgres", env, ["--demo-data"])));
    } finally {
      await scratch.drop();
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  } else {
    console.log("\n(DATABASE_URL is not set: PostgreSQL was not audited.)");
  }

  const failed = results.filter((result) => !result.ok);
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `\n${results.length} targets, ${failed.length} failed, in ${minutes} min ` +
      `(sqlmap --level ${options.level} --risk ${options.risk} --technique ${options.technique}).`,
  );
  if (failed.length > 0) {
    for (const result of failed) console.log(`FAILED: ${result.label} ${result.target}: ${result.verdict}`);
    process.exit(1);
  }
  console.log("sqlmap found no injectable parameter.");
}

await main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
