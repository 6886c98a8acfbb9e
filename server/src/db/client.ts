import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsDir } from "../paths";
import { keepStatistics } from "./pglite-statistics";
import { reuseStatements } from "./pglite-statements";
import { QueryTiming, type QueryListener } from "./query-timing";
import * as schema from "./schema";
import { keepTickObjectShape } from "./tick-object-shape";

export type Schema = typeof schema;
/** The drizzle API common to PGlite and node-postgres: the rest of the server uses only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "pglite" | "postgres";

/**
 * One prepared statement per database handle, made on first use: on PostgreSQL a named statement
 * is parsed and planned once per connection instead of on every request.
 */
export function preparedPerDatabase<Statement>(prepare: (db: Db) => Statement): (db: Db) => Statement {
  const statements = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A raw statement, for the few a query builder cannot express, as a named prepared statement.
 * Its parameters are `sql.placeholder(name)`s, filled from `values` on each call. Both drivers
 * answer `{ rows }`; the common Db type does not say so. Drizzle has no public API for a named raw
 * statement, so this calls its session's prepareQuery: client.test.ts fails loudly if that changes.
 */
export function prepareRows<Row>(db: Db, name: string, statement: SQL) {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return async (values: Record<string, unknown>): Promise<Row[]> => {
    const result = (await prepared.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The server's URL on PostgreSQL (for LISTEN/NOTIFY); unset on PGlite. */
  url?: string;
  /** Applies pending migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Calls `listener` after every statement with its duration; answers a function that stops it. */
  onQuery(listener: QueryListener): () => void;
  /** Connections of the PostgreSQL pool (metrics); unset on PGlite, which has one in-process. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  /** `dataDir` unset: in memory. `loadDataDir`: a dump to start from (tests). */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === "postgres" ? openPostgres(target.url) : openPglite(target);
}

async function openPglite(target: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
  // Before PGlite starts: its start would otherwise leave every process.nextTick on V8's slow path.
  keepTickObjectShape();
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const statistics = keepStatistics(client, (error) =>
    console.warn("PGlite: analysing changed tables failed", error),
  );
  // Prepared statements first: the timing below wraps what they put in place.
  reuseStatements(client);
  const timing = new QueryTiming();
  timing.instrument(client);
  // Statements in a transaction go through the transaction's own handle.
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      timing.instrument(tx);
      return callback(tx);
    });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: "pglite",
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: migrationsDir });
      // No autovacuum here: the planner's statistics are kept by pglite-statistics.ts.
      await statistics.analyzeStale();
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await statistics.stop();
      await client.close();
    },
    onQuery: (listener) => timing.subscribe(listener),
  };
}

/** A connection the server has not accepted by then: it is down or unreachable (answered 503). */
export const CONNECT_TIMEOUT_MS = 2_000;
/**
 * How long a statement may wait for one of the pool's connections. A busy pool is not a database
 * outage: under a rush (checkouts queueing for a product's row lock hold their connections) a
 * request waits its turn rather than failing. pg-pool has one setting for both waits, so the
 * connect timeout is set on the client instead (PostgresClient).
 */
export const POOL_WAIT_MS = 15_000;
export const POOL_SIZE = 20;

class PostgresClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    Client: PostgresClient,
    max: POOL_SIZE,
    connectionTimeoutMillis: POOL_WAIT_MS,
    idleTimeoutMillis: 30_000,
    // No JIT compilation: the shop's queries are short, and PostgreSQL's cost estimate sends the
    // larger ones (a facet count's ~35 conditions) to LLVM, whose compiling took seconds each
    // time where running takes milliseconds (measured on the filters test, 16.8 s -> 5.2 s).
    options: "-c jit=off",
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Nor may a client checked out for a transaction that loses it between two queries: pg emits
  // "error" on it then, and with no listener that is an uncaught exception. Its next query fails
  // instead (answered 503), and the pool drops the client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  // Statements go through Pool#query, or a client checked out for a transaction.
  const timing = new QueryTiming();
  timing.instrument(pool);
  pool.on("connect", (client) => timing.instrument(client));
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    url,
    migrate: () => migratePostgres(db, { migrationsFolder: migrationsDir }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    onQuery: (listener) => timing.subscribe(listener),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** A raw statement's rows: both drivers answer `{ rows }`; the common Db type does not say so. */
export async function selectRows<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}
