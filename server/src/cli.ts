// Command-line tasks for operators: `npm run admin -- <command>`.
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { seedDemoData } from "./db/seed";

const USAGE = `Usage: npm run admin -- <command>
  seed-demo          load the demo catalogue when the catalogue is empty`;

async function run(command: string | undefined) {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    switch (command) {
      case "seed-demo": {
        const inserted = await seedDemoData(database.db);
        console.log(
          inserted ? `Loaded ${inserted} demo products.` : "The catalogue is not empty; nothing loaded.",
        );
        return 0;
      }
      default:
        console.error(USAGE);
        return 2;
    }
  } finally {
    await database.close();
  }
}

process.exitCode = await run(process.argv[2]);
