// Command-line tasks for operators: `npm run admin -- <command>`.
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { seedLargeCatalogue } from "./db/large-catalogue";
import { announceCatalogueChange } from "./cache/change-feed";
import { seedDemoData } from "./db/seed";
import { findUserByEmail, promoteToAdmin } from "./users/service";

const USAGE = `Usage: npm run admin -- <command>
  promote <email>    make an existing account an admin
  seed-demo          load the demo catalogue when the catalogue is empty
  seed-large <count> add <count> generated products (benchmarks, load tests)`;

async function run(command: string | undefined, argument: string | undefined) {
  const config = loadConfig();
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
        if (!(await findUserByEmail(database.db, argument))) {
          console.error(`No account has the e-mail ${argument}. Register it first, then promote it.`);
          return 1;
        }
        const changed = await promoteToAdmin(database.db, [argument]);
        console.log(changed ? `${argument} is now an admin.` : `${argument} was already an admin.`);
        return 0;
      }
      case "seed-large": {
        const count = Number(argument);
        if (!Number.isInteger(count) || count < 1 || count > 5_000_000) break;
        const started = Date.now();
        await seedLargeCatalogue(database.db, count, (done) => {
          if (done % 20_000 === 0 || done === count) console.log(`  ${done} / ${count}`);
        });
        await announceCatalogueChange(database);
        console.log(`Added ${count} products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
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
    }
    console.error(USAGE);
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await run(process.argv[2], process.argv[3]);
