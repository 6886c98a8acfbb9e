// node scripts/profile-checkout.mjs [--checkouts 600] [--concurrency 8] [--products 2000]
//
// Profiles checkouts: seeds a catalogue, starts the built shop with --cpu-prof (the profile lands in
// PROFILE_DIR, default a temporary directory, printed at the end), has a few verified shoppers
// check out one cart line each, `--checkouts` times, `--concurrency` at once, and prints the
// shop's CPU µs per checkout. With DATABASE_URL set it runs on a scratch database on that server.
// Read the .cpuprofile in Chrome's DevTools or summarise it by self time (decision 039).
import "./lib/project-node.mjs";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { childEnvironment, createScratchDatabase, repoRoot, signUp, startShop } from "./lib/shop-process.mjs";

const { values: options } = parseArgs({
  options: {
    checkouts: { type: "string", default: "600" },
    concurrency: { type: "string", default: "8" },
    products: { type: "string", default: "2000" },
  },
});
const CHECKOUTS = Number(options.checkouts);
const CONCURRENCY = Number(options.concurrency);
const profileDir = process.env.PROFILE_DIR ?? mkdtempSync(path.join(tmpdir(), "shop-checkout-profile-"));
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-checkout-data-"));
const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL, "shop_profile")
  : null;
const env = {
  DATA_DIR: dataDir,
  ...(scratch
    ? { DATABASE_URL: scratch.url, BETTER_AUTH_SECRET: "profile-secret-that-is-long-enough-0123456789" }
    : {}),
};
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

execFileSync(process.execPath, [path.join(repoRoot, "server/dist/cli.js"), "seed-large", options.products], {
  env: childEnvironment(env),
  stdio: "inherit",
});
process.env.SHOP_NODE_FLAGS = `${process.env.SHOP_NODE_FLAGS ?? ""} --cpu-prof --cpu-prof-dir=${profileDir}`;
const shop = await startShop(env);
try {
  const products = [];
  for (let offset = 0; products.length < CHECKOUTS; offset += 100) {
    const page = await (await fetch(`${shop.baseUrl}/api/products?limit=100&offset=${offset}`)).json();
    if (page.length === 0) break;
    products.push(...page.filter((product) => product.variantCount === 1 && product.stock > 0));
  }
  const shoppers = [];
  for (let index = 0; index < CONCURRENCY; index++) shoppers.push(await signUp(shop, "profiler"));
  const headers = (token) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
  const lines = [];
  for (let index = 0; index < CHECKOUTS; index++) {
    const shopper = shoppers[index % shoppers.length];
    const product = products[index % products.length];
    const response = await fetch(`${shop.baseUrl}/api/cart/${product._id}`, {
      method: "PUT",
      headers: headers(shopper.token),
      body: JSON.stringify({ quantity: 1 }),
    });
    if (!response.ok) throw new Error(`cart: ${response.status} ${await response.text()}`);
    lines.push([shopper.token, (await response.json())._id]);
  }
  const before = cpuSeconds(shop.pid);
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < lines.length; index = next++) {
      const [token, lineId] = lines[index];
      const response = await fetch(`${shop.baseUrl}/api/orders`, {
        method: "POST",
        headers: { ...headers(token), "idempotency-key": crypto.randomUUID() },
        body: JSON.stringify({
          lineIds: [lineId],
          delivery: {
            name: "Profile Shopper",
            address: "1 Profile Street",
            city: "Profton",
            phone: "+442079460000",
          },
          card: { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
        }),
      });
      if (response.status !== 201) throw new Error(`checkout: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;
  const cpu = ((cpuSeconds(shop.pid) - before) * 1e6) / lines.length;
  console.log(
    `${lines.length} checkouts in ${seconds.toFixed(1)} s (${(lines.length / seconds).toFixed(0)}/s), shop CPU ${cpu.toFixed(0)} µs per checkout`,
  );
} finally {
  await shop.stop();
  await scratch?.drop();
  console.log(`profile in ${profileDir}`);
}
