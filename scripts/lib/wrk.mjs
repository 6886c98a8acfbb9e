// Drives a server with wrk (Debian's package): a C load generator that outruns the shop and the
// bare server on this machine, where autocannon (JavaScript) topped out near 50,000 requests/s.
// Requests that vary (paths, tokens, idempotency keys) come from a generated Lua script.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const WRK = "wrk";
/**
 * How long every connection waits before its first request. wrk opens all its connections at
 * once, and Node (libuv) accepts one connection per turn of its event loop: against a server
 * already busy with the first connections' requests, the last of 50 waited 1-2 s to be accepted
 * (50 turns of ~40 ms), and wrk's correction for coordinated omission turned those 50 first
 * requests into the p99. The shop behind nginx keeps its connections; the rows measure a steady
 * state, so the connections are all accepted, while the server is idle, before any request.
 */
const WARM_UP_MS = 200;

/** Installs wrk with apt-get when it is missing and we are root; otherwise says how. */
export function ensureWrk() {
  try {
    execFileSync(WRK, ["--version"], { stdio: "ignore" });
    return;
  } catch (error) {
    // wrk --version exits 1 after printing its version: it is there.
    if (error.code !== "ENOENT") return;
  }
  if (process.getuid?.() !== 0) {
    throw new Error("The bench needs wrk: sudo apt-get install -y wrk");
  }
  console.log("installing wrk (apt-get install -y wrk)");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "wrk"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

const luaString = (text) =>
  JSON.stringify(String(text)).replace(/\\u([0-9a-f]{4})/gi, (_, hex) => `\\u{${hex}}`);
const luaTable = (value) =>
  Array.isArray(value)
    ? `{${value.map(luaTable).join(",")}}`
    : typeof value === "object" && value !== null
      ? `{${Object.entries(value)
          .map(([key, item]) => `[${luaString(key)}]=${luaTable(item)}`)
          .join(",")}}`
      : typeof value === "number"
        ? String(value)
        : luaString(value);

/**
 * A wrk script. `request` is the body of a Lua function that returns one request; it sees
 * `items` (the given list), `n` (this request's number across all threads, from 0), `nonce`
 * (unique to this run) and `headers` (a table of the given headers). Without `request`, every
 * request is the same one (wrk's fastest path).
 */
function script({ method = "GET", path: fixedPath, headers = {}, body, items = [], request }) {
  const common = `
local items = ${luaTable(items)}
local nonce = ${luaString(Math.random().toString(16).slice(2, 10))}
local threads = 0
function setup(thread) thread:set("thread_index", threads); threads = threads + 1 end
function init(args)
  counter = 0
  thread_count = tonumber(args[1])
  thread_connections = math.floor(tonumber(args[2]) / thread_count)
  delays = 0
end
function delay()
  delays = delays + 1
  if delays <= thread_connections then return ${WARM_UP_MS} end
  return 0
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
`;
  if (!request) {
    return `${common}
wrk.method = ${luaString(method)}
wrk.path = ${luaString(fixedPath)}
for name, value in pairs(${luaTable(headers)}) do wrk.headers[name] = value end
${body === undefined ? "" : `wrk.body = ${luaString(body)}`}
`;
  }
  return `${common}
local headers = ${luaTable(headers)}
function request()
  local n = counter * thread_count + thread_index
  counter = counter + 1
  ${request}
end
`;
}

/**
 * One wrk run against `baseUrl`: answers requests/s, p50 and p99 in milliseconds and the count
 * of failed requests (connection errors, timeouts and answers of 400 or above).
 */
export async function wrk(baseUrl, endpoint, { threads = 1, connections, duration }) {
  const directory = mkdtempSync(path.join(tmpdir(), "shop-wrk-"));
  try {
    const file = path.join(directory, "bench.lua");
    writeFileSync(file, script(endpoint));
    const { stdout } = await run(
      WRK,
      [
        `-t${threads}`,
        `-c${connections}`,
        `-d${duration}s`,
        "--timeout",
        "10s",
        "-s",
        file,
        baseUrl,
        "--",
        String(threads),
        String(connections),
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const line = stdout.split("\n").find((text) => text.startsWith("WRK_RESULT "));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const result = JSON.parse(line.slice("WRK_RESULT ".length));
    return {
      // Requests flow once the warm-up is over.
      rps: result.requests / ((result.duration_us - WARM_UP_MS * 1000) / 1e6),
      p50: result.p50_us / 1000,
      p99: result.p99_us / 1000,
      errors: result.connect + result.read + result.write + result.status + result.timeout,
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
