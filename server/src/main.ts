import "./v8-flags";
import type { AddressInfo } from "node:net";
import { buildApp } from "./app";
import { announceRunningServer } from "./backup/running-server";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase } from "./db/client";
import { closeGracefully } from "./http/graceful-close";
import { seedDemoData } from "./db/seed";
import { resolveAuthSecret } from "./auth/secret";
import { promoteVerifiedAdmins } from "./account/service";
import { currencyChangeRefusal } from "./money/currency-guard";
import { MAIL_RENDERER_PRELOAD_DELAY_MS, preloadMailRenderer } from "./mail/templates";

/** How long SIGTERM waits for in-flight requests before giving up. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  await database.migrate();
  const currencyRefusal = await currencyChangeRefusal(database.db, config.shopCurrency);
  if (currencyRefusal) {
    console.error(currencyRefusal);
    await database.close();
    process.exit(1);
  }

  // Demo data only on the embedded default, or when asked for: production never gets it by accident.
  const loadDemo = database.kind === "pglite" || process.argv.includes("--demo-data");
  const seeded = loadDemo ? await seedDemoData(database.db) : 0;

  await promoteVerifiedAdmins(database.db, config.adminEmails);
  const authSecret = await resolveAuthSecret(config);

  const app = await buildApp({
    config,
    database,
    authSecret,
    logger: { level: config.logLevel },
    // Without SMTP the log is where a mail's link reaches the operator, whatever LOG_LEVEL says.
    mailLog: (line) => console.log(line),
  });
  await app.listen({ port: config.port, host: config.host });
  // The embedded database is this process's alone: tell the CLI where to ask for a backup.
  const announcement =
    database.kind === "pglite"
      ? await announceRunningServer(config.dataDir, app.server.address() as AddressInfo)
      : undefined;
  // Lists and searches go to the database until the catalogue index is built: build it now.
  void app.catalogueIndex.warm();
  // The mail renderer loads in 0.25–0.5 s of CPU: after the start, not in the first checkout's
  // way (a flash sale's first orders waited for it on every instance).
  setTimeout(() => void preloadMailRenderer(), MAIL_RENDERER_PRELOAD_DELAY_MS).unref();

  if (seeded) app.log.info(`Loaded the demo catalogue: ${seeded} products.`);
  console.log(`The shop is open at ${config.baseUrl} (database: ${database.kind}).`);
  if (!config.smtpUrl) {
    console.log("No SMTP_URL: mails are kept and logged, and admins read them on the dashboard's Mail page.");
  }
  if (config.adminEmails.length === 0) {
    console.log(
      "To get an admin account: set ADMIN_EMAILS=you@example.com, or run `npm run admin -- promote <email>`.",
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    const forceExit = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    forceExit.unref();
    await closeGracefully(app);
    await database.close();
    await announcement?.remove();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

await main();
