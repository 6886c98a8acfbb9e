import { spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, repoRoot } from "./server-process";

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
export const SHIPPED_CONFIG = path.join(repoRoot, "deploy", "nginx", "shop.conf");

export interface Nginx {
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

/** Replaces `from` in the shipped config, and fails loudly when the config no longer has it. */
function replaceOnce(config: string, from: string | RegExp, to: string) {
  const replaced = config.replace(from, to);
  if (replaced === config) throw new Error(`deploy/nginx/shop.conf no longer contains ${String(from)}`);
  return replaced;
}

/**
 * nginx (Debian's package) in the foreground with a prefix of its own in a temporary folder, on a
 * free port, running deploy/nginx/shop.conf with the upstream ports and cache folder swapped.
 */
export async function startNginx(
  upstreamPorts: number[],
  port?: number,
  // Each proxied request holds two connections (the client's and the upstream's).
  { workerConnections = 1024 }: { workerConnections?: number } = {},
): Promise<Nginx> {
  const prefix = await mkdtemp(path.join(tmpdir(), "shop-nginx-"));
  // nginx's workers run as `nobody` when the master is root: they must reach the prefix.
  await chmod(prefix, 0o755);
  for (const folder of ["cache", "temp", "logs"]) await mkdir(path.join(prefix, folder), { mode: 0o777 });
  port ??= await freePort();

  let site = await readFile(SHIPPED_CONFIG, "utf8");
  site = replaceOnce(site, /listen 80;/, `listen 127.0.0.1:${port};`);
  site = replaceOnce(site, "/var/cache/nginx/shop", path.join(prefix, "cache"));
  const shippedServers = /^ {4}server 127\.0\.0\.1:300\d (.*);$/gm;
  const options = shippedServers.exec(site)?.[1] ?? "";
  site = replaceOnce(
    site.replace(shippedServers, "").replace(/upstream shop \{\n/, "upstream shop {\n@SERVERS@\n"),
    "@SERVERS@",
    upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream} ${options};`).join("\n"),
  );
  await writeFile(path.join(prefix, "shop.conf"), site);
  // What Debian's /etc/nginx/nginx.conf provides around conf.d/*.conf, with paths in the prefix.
  const temp = path.join(prefix, "temp");
  await writeFile(
    path.join(prefix, "nginx.conf"),
    `worker_processes 1;
pid ${path.join(prefix, "nginx.pid")};
error_log stderr warn;
events { worker_connections ${workerConnections}; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  include ${path.join(prefix, "shop.conf")};
}
`,
  );

  const child: ChildProcess = spawn(
    NGINX,
    ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", "stderr", "-g", "daemon off;"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output}`);
    try {
      await fetch(`${baseUrl}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen within 15 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    baseUrl,
    output: () => output,
    stop: async () => {
      // SIGQUIT: nginx's graceful shutdown.
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
