// npm run check: runs npm scripts side by side (they are single-threaded, and the CI machine has
// two cores), prints each one's output whole when it ends, and fails when any of them fails.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node scripts/run-together.mjs <npm script> [<npm script> ...]");
  process.exit(2);
}

function run(script) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("close", (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? "passed" : `FAILED (exit ${code})`;
      process.stdout.write(`--- npm run ${script}: ${verdict} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(scripts.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
