// Command-line tasks for operators: `npm run admin -- <command>`.
import path from "node:path";
import { RestoreError } from "./backup/archive";
import { backupThroughServer, backupToFile, restoreFromFile } from "./backup/commands";
import { findRunningServer } from "./backup/running-server";
import { loadConfig } from "./config";
import { setShopCurrency } from "@shop/contract/currency-decimals";
import { openDatabase } from "./db/client";
import { seedOrders } from "./db/order-generator";
import { seedLargeCatalogue } from "./db/large-catalogue";
import { announceCatalogueChange } from "./cache/change-feed";
import { seedDemoData } from "./db/seed";
import { createFileImageStore, uploadsDir } from "./uploads/file-image-store";
import { createImageStore } from "./uploads/create-image-store";
import { copyImages } from "./uploads/image-store";
import { promoteToAdmin } from "./users/service";

const USAGE = `Usage: npm run admin -- <command>
  promote <email>          make an existing account an admin
  seed-demo                load the demo catalogue when the catalogue is empty
  seed-large <count>       add <count> generated products (benchmarks, load tests)
  seed-orders <count>      add <count> generated orders over the last year, with customers
                           (benchmarks; needs a catalogue: seed-demo or seed-large first)
  backup <file>            write a backup: on the embedded database the database, its auth secret
                           and the images (asks the running shop, if it runs); on PostgreSQL the
                           images (the database is pg_dump's: deploy/README.md)
  restore <file>           restore a backup: the embedded database into an empty DATA_DIR (shop
                           stopped); on PostgreSQL the images into the configured store
  migrate-uploads [folder] copy uploads from a folder (default DATA_DIR/uploads) into the shared
                           store (the database, or S3 when S3_* is set)`;

const COMMANDS = new Set([
  "promote",
  "seed-demo",
  "seed-large",
  "seed-orders",
  "backup",
  "restore",
  "migrate-uploads",
]);

/** The <count> of seed-large and seed-orders: a whole number from 1 to 5,000,000. */
function seedCount(argument: string | undefined): number | undefined {
  const count = Number(argument);
  return Number.isInteger(count) && count >= 1 && count <= 5_000_000 ? count : undefined;
}

/** An onProgress that logs `done / count` every `every` rows and at the end. */
const logProgressEvery = (every: number, count: number) => (done: number) => {
  if (done % every === 0 || done === count) console.log(`  ${done} / ${count}`);
};

/** Runs a seeding task, then says how many rows of what it added and how long it took. */
async function reportSeeding(count: number, what: string, seed: () => Promise<unknown>) {
  const started = Date.now();
  await seed();
  console.log(`Added ${count} ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

async function run(command: string | undefined, argument: string | undefined) {
  if (!command || !COMMANDS.has(command)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  // Demo orders and imports count money in the shop's currency's minor units (decision 040).
  setShopCurrency(config.shopCurrency);
  if (!config.databaseUrl) {
    // PGlite allows one process per data directory: while the shop runs, ask it or wait.
    const running = await findRunningServer(config.dataDir);
    if (running && command === "backup" && argument) {
      await backupThroughServer(running, argument);
      console.log(`Wrote ${argument} (made by the running shop, pid ${running.pid}).`);
      return 0;
    }
    if (running) {
      console.error(
        `The shop is running on ${config.dataDir} (pid ${running.pid}), and the embedded database allows one process at a time. Stop it first.`,
      );
      return 1;
    }
  }
  if (command === "restore" && argument) {
    try {
      const summary = await restoreFromFile(config, argument);
      console.log(
        `Restored ${summary.databaseRestored ? `the database into ${config.dataDir} and ` : ""}${summary.images} images (backup of ${summary.manifest.createdAt}).`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof RestoreError)) throw error;
      console.error(error.message);
      return 1;
    }
  }

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    switch (command) {
      case "promote": {
        if (!argument) break;
        const promotion = await promoteToAdmin(database.db, argument);
        if (promotion === "no-account") {
          console.error(`No account has the e-mail ${argument}. Register it first, then promote it.`);
          return 1;
        }
        if (promotion === "unverified") {
          console.error(
            `${argument} has not confirmed its e-mail address yet. Only accounts with a confirmed address can be admins: open the confirmation link (the profile sends a new one), then promote it.`,
          );
          return 1;
        }
        console.log(
          promotion === "promoted" ? `${argument} is now an admin.` : `${argument} was already an admin.`,
        );
        return 0;
      }
      case "seed-large": {
        const count = seedCount(argument);
        if (count === undefined) break;
        await reportSeeding(count, "products", async () => {
          await seedLargeCatalogue(database.db, count, {
            // Clothes and shoes in sizes and colours, as the size and colour filters need.
            withSizes: true,
            // A fifth on sale, as the "On sale" filter and the saving order need (the bench's rows).
            onSaleShare: 0.2,
            onProgress: logProgressEvery(20_000, count),
          });
          await announceCatalogueChange(database);
        });
        return 0;
      }
      case "seed-orders": {
        const count = seedCount(argument);
        if (count === undefined) break;
        await reportSeeding(count, "orders", () =>
          seedOrders(database.db, count, { onProgress: logProgressEvery(100_000, count) }),
        );
        return 0;
      }
      case "seed-demo": {
        const inserted = await seedDemoData(database.db);
        if (inserted) await announceCatalogueChange(database);
        console.log(
          inserted ? `Loaded ${inserted} demo products.` : "The catalogue is not empty; nothing loaded.",
        );
        return 0;
      }
      case "backup": {
        if (!argument) break;
        await backupToFile(config, database, argument);
        console.log(`Wrote ${argument}.`);
        return 0;
      }
      case "migrate-uploads": {
        const folder = path.resolve(argument ?? uploadsDir(config.dataDir));
        const target = await createImageStore(config, database);
        if (target.kind === "files") {
          console.error("Images are kept in DATA_DIR: set DATABASE_URL (or S3_*) to choose a shared store.");
          return 1;
        }
        const { copied, skipped } = await copyImages(createFileImageStore(folder), target).finally(() =>
          target.close(),
        );
        console.log(
          `Copied ${copied} images from ${folder} into the ${target.kind} store (${skipped} were there).`,
        );
        return 0;
      }
    }
    console.error(USAGE);
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await run(process.argv[2], process.argv[3]);
