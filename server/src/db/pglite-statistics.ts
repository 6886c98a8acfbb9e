import { PGlite } from "@electric-sql/pglite";

/** PostgreSQL's autovacuum defaults: analyze once 50 rows plus a tenth of the table changed. */
const ANALYZE_THRESHOLD_ROWS = 50;
const ANALYZE_SCALE_FACTOR = 0.1;
const CHECK_EVERY_MS = 60_000;

type Run = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * The planner's statistics on PGlite, which has no autovacuum: without them a table never
 * analysed is guessed at, and a prepared statement's generic plan for the cart page joined the
 * shopper's few lines to the whole product table by a sequential scan (1 ms at 20,000 products,
 * growing with the catalogue; docs/decisions/018-cart-paths-profiled.md). `analyzeStale` analyses
 * tables never analysed or grown well past their statistics (at start); the check every minute
 * after it analyses those changed past autovacuum's threshold since. ANALYZE samples at most 30,000 rows, so a run stays short;
 * it invalidates cached plans, so statements are planned again with the new figures.
 */
export function keepStatistics(client: PGlite, onError: (error: unknown) => void) {
  // PGlite's own query(), not the instrumented one: these statements are no request's.
  const run: Run = (text) => PGlite.prototype.query.call(client, text);
  const analyzeAll = async (where: string) => {
    const { rows } = await run(
      `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       left join pg_stat_user_tables s on s.relid = c.oid
       where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and (${where})`,
    );
    for (const { name } of rows as { name: string }[]) await run(`analyze ${name}`);
  };
  // Never analysed, or grown to more than twice the pages its statistics saw (rows added by an
  // earlier process, whose change counters died with it: seed-large, a restore).
  const analyzeStale = () =>
    analyzeAll(
      `c.reltuples < 0 or pg_relation_size(c.oid) / current_setting('block_size')::int > 2 * c.relpages + 8`,
    );
  const analyzeChanged = () =>
    analyzeAll(
      `s.n_mod_since_analyze > ${ANALYZE_THRESHOLD_ROWS} + ${ANALYZE_SCALE_FACTOR} * greatest(s.n_live_tup, 0)`,
    );
  let checking: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (checking || client.closed) return;
    checking = analyzeChanged()
      .catch((error: unknown) => {
        if (!client.closed) onError(error);
      })
      .finally(() => (checking = undefined));
  }, CHECK_EVERY_MS);
  timer.unref();
  return {
    analyzeStale,
    stop: async () => {
      clearInterval(timer);
      await checking;
    },
  };
}
