import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Database } from "../db/client";

const CHANNEL = "shop_catalogue_changed";
const RECONNECT_DELAY_MS = 1_000;

/**
 * Tells every instance that the catalogue changed. On PostgreSQL it is LISTEN/NOTIFY, so N
 * instances on one database drop their caches together; the embedded database has one process.
 */
export interface ChangeFeed {
  /** `change`: an opaque payload (see encodeChange); "" means everything. */
  publish(change: string): Promise<void>;
  /**
   * Settles once the first attempt to listen has ended, listening or not. An instance waits for
   * it before serving: that attempt drops the caches, and a drop after the first answers would
   * throw away what they stored (and, under test, what they were checked against).
   */
  readonly firstAttempt: Promise<void>;
  close(): Promise<void>;
}

export function createLocalFeed(onChange: (change: string) => void): ChangeFeed {
  return {
    async publish(change) {
      onChange(change);
    },
    firstAttempt: Promise.resolve(),
    async close() {},
  };
}

export function createPostgresFeed(
  url: string,
  onChange: (change: string) => void,
  log: (error: unknown) => void,
): ChangeFeed {
  const instanceId = randomUUID();
  let listener: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const publisher = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 2_000 });
  publisher.on("error", () => {});

  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL) return;
      const { from, change } = parsePayload(message.payload ?? "");
      // Our own change was applied when it was published; its echo would drop the caches again,
      // after answers computed since (an index warmed in between) had been stored.
      if (from !== instanceId) onChange(change);
    });
    client.on("error", (error) => {
      log(error);
      reconnect(client);
    });
    client.on("end", () => reconnect(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      listener = client;
      // Changes may have happened while we were not listening.
      onChange("");
    } catch (error) {
      log(error);
      reconnect(client);
    }
  };
  const reconnect = (client: pg.Client) => {
    if (closed || listener !== client) {
      if (!closed && !listener && !timer) timer = setTimeout(retry, RECONNECT_DELAY_MS);
      return;
    }
    listener = undefined;
    client.end().catch(() => {});
    timer = setTimeout(retry, RECONNECT_DELAY_MS);
  };
  const retry = () => {
    timer = undefined;
    void connect();
  };
  const firstAttempt = connect();

  return {
    firstAttempt,
    async publish(change) {
      onChange(change);
      try {
        await publisher.query("select pg_notify($1, $2)", [CHANNEL, `${instanceId}:${change}`]);
      } catch (error) {
        // Other instances fall back on the cache's time limit.
        log(error);
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await Promise.allSettled([listener?.end(), publisher.end()]);
    },
  };
}

/**
 * For writes outside a running shop (the CLI's seeding): tells the shops on this PostgreSQL
 * database that everything may have changed. An embedded database has no other process to tell.
 */
export async function announceCatalogueChange(database: Database) {
  if (database.kind === "postgres") await database.db.execute(sql`select pg_notify(${CHANNEL}, '')`);
}

/** "<instance id>:<change>" from a shop; a bare change from outside one (announceCatalogueChange). */
function parsePayload(payload: string): { from: string | undefined; change: string } {
  const match = /^([0-9a-f-]{36}):/.exec(payload);
  return match ? { from: match[1], change: payload.slice(37) } : { from: undefined, change: payload };
}
