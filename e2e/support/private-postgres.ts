import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { chown, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./server-process";

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of one test's own: its own data directory, port and socket folder, so a
 * test may stop, kill and restart it without touching the machine's shared server.
 */
export interface PrivateDatabase {
  /** The superuser's URL of this database. */
  url: string;
  /** Runs SQL through psql and returns its unaligned output, trimmed. */
  sql(statement: string): Promise<string>;
  /** Runs a statement returning rows (a select, or a write with `returning`) and parses them. */
  rows<Row>(statement: string): Promise<Row[]>;
}

export interface PrivatePostgres {
  port: number;
  /** Makes a new, empty database in the cluster. */
  createDatabase(name: string): Promise<PrivateDatabase>;
  /**
   * "fast": the ordinary shutdown (SIGINT: sessions are ended, a checkpoint is written).
   * "kill": SIGKILL to the postmaster and every backend, as if the machine lost power.
   */
  stop(mode?: "fast" | "kill"): Promise<void>;
  /** Starts the cluster again on the same directory and port; resolves when it answers. */
  start(): Promise<void>;
  /** Whether the postmaster runs (stop() and start() change it). */
  running(): boolean;
  /** Stops it and removes its directory. */
  cleanup(): Promise<void>;
}

const SUPERUSER = "postgres";

/** The folder holding initdb, postgres and psql: PATH first, then Debian's versioned folders. */
export function findPostgresBin(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "postgres"))) {
      // psql may live elsewhere (Debian links only the client into /usr/bin): resolve the link.
      return path.dirname(realpathSync(path.join(dir, "initdb")));
    }
  }
  const debianRoot = "/usr/lib/postgresql";
  const versions = existsSync(debianRoot)
    ? readdirSync(debianRoot)
        .filter((name) => existsSync(path.join(debianRoot, name, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(debianRoot, versions[0], "bin");
  throw new Error("No PostgreSQL server binaries (initdb) on PATH or under /usr/lib/postgresql/*/bin.");
}

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` user. */
function serverIdentity(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync("id", ["-u", SUPERUSER], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", SUPERUSER], { encoding: "utf8" }).trim());
  return { uid, gid };
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The postmaster's children (backends, checkpointer…): read from /proc, as no tool is needed. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The second field (the command) is in parentheses and may hold spaces: parse after it.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return children;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findPostgresBin();
  const identity = serverIdentity();
  const root = await mkdtemp(path.join(tmpdir(), "shop-pg-"));
  const dataDir = path.join(root, "data");
  await mkdir(dataDir, { mode: 0o700 });
  if (identity) {
    await chown(root, identity.uid, identity.gid);
    await chown(dataDir, identity.uid, identity.gid);
  }
  const asServer = identity ? { uid: identity.uid, gid: identity.gid } : {};
  // Run from a folder the server user can read (root's cwd may be closed to it).
  await run(
    path.join(bin, "initdb"),
    ["-D", dataDir, "-U", SUPERUSER, "--auth=trust", "--no-sync", "--encoding=UTF8", "--locale=C"],
    { ...asServer, cwd: root, env: { PATH: process.env.PATH ?? "", LANG: "C" } },
  );

  const port = await freePort();
  let postmaster: ChildProcess | undefined;
  let log = "";
  const psql = path.join(bin, "psql");
  const psqlArgs = (database: string) => [
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    "-U",
    SUPERUSER,
    "-d",
    database,
    "-v",
    "ON_ERROR_STOP=1",
    "-X",
    "-A",
    "-t",
    "-q",
  ];
  const sqlOn = async (database: string, statement: string) => {
    const { stdout } = await run(psql, [...psqlArgs(database), "-c", statement], {
      env: { PATH: process.env.PATH ?? "", PGCONNECT_TIMEOUT: "3" },
    });
    return stdout.trim();
  };

  const start = async () => {
    log = "";
    const child = spawn(
      path.join(bin, "postgres"),
      [
        "-D",
        dataDir,
        "-p",
        String(port),
        "-k",
        root,
        "-c",
        "listen_addresses=127.0.0.1",
        // Processes die in these tests, never the machine: a commit written to the kernel
        // survives (synchronous_commit stays on), and skipping fsync saves much on a busy disk.
        "-c",
        "fsync=off",
        "-c",
        "full_page_writes=off",
      ],
      { ...asServer, cwd: root, env: { PATH: process.env.PATH ?? "", LANG: "C" }, stdio: "pipe" },
    );
    child.stdout?.on("data", (chunk) => (log += chunk));
    child.stderr?.on("data", (chunk) => (log += chunk));
    postmaster = child;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`postgres exited (${child.exitCode}):\n${log}`);
      try {
        await sqlOn("postgres", "select 1");
        return;
      } catch (error) {
        if (Date.now() > deadline) {
          throw new Error(`postgres did not answer in 30 s: ${String(error)}\n${log}`);
        }
        await sleep(100);
      }
    }
  };

  const stop = async (mode: "fast" | "kill" = "fast") => {
    const child = postmaster;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    if (mode === "kill") {
      // Backends first, then the postmaster: no orphan keeps the shared memory or a session alive.
      const backends = childrenOf(child.pid);
      child.kill("SIGKILL");
      for (const pid of backends) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Already gone.
        }
      }
      await exited;
      for (let i = 0; i < 100 && backends.some(processExists); i++) await sleep(50);
    } else {
      child.kill("SIGINT");
      await exited;
    }
    postmaster = undefined;
  };

  try {
    await start();
  } catch (error) {
    await stop("kill");
    await rm(root, { recursive: true, force: true });
    throw error;
  }

  return {
    port,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      await sqlOn("postgres", `create database ${name}`);
      const sql = (statement: string) => sqlOn(name, statement);
      return {
        url: `postgres://${SUPERUSER}@127.0.0.1:${port}/${name}`,
        sql,
        // A CTE, so that writes with `returning` work as well as selects.
        rows: async <Row>(statement: string) =>
          JSON.parse(
            await sql(`with t as (${statement}) select coalesce(json_agg(t), '[]') from t`),
          ) as Row[],
      };
    },
    stop,
    start,
    running: () => postmaster !== undefined && postmaster.exitCode === null && postmaster.signalCode === null,
    cleanup: async () => {
      await stop("fast").catch(() => stop("kill"));
      await rm(root, { recursive: true, force: true });
    },
  };
}
