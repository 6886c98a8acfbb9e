import { availableParallelism } from "node:os";
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * Server tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL names a server.
 * test/postgres/ holds what only a server can show (connections lost): PostgreSQL runs only.
 */
function serverProject(name: string, testDatabaseUrl: string): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      root: "./server",
      include: ["src/**/*.test.ts", "test/**/*.test.ts"],
      exclude: [...configDefaults.exclude, ...(testDatabaseUrl ? [] : ["test/postgres/**"])],
      environment: "node",
      globalSetup: ["test/support/global-setup.ts"],
      provide: { testDatabaseUrl },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // A worker loads the server's modules once for all its files instead of once per file
      // (286 s -> 159 s for the PGlite project): the files share no module state, each opens its
      // own database and app. The web project stays isolated: its files share the DOM.
      isolate: false,
    },
  };
}

const postgresUrl = process.env.TEST_DATABASE_URL;
/** e2e files run in this many workers, each with a shop of its own (e2e/support/global-setup.ts). */
const e2eWorkers = Number(process.env.E2E_WORKERS ?? Math.min(2, availableParallelism()));

export default defineConfig({
  test: {
    // A worker per core, not Vitest's cores − 1: the server tests spend much of their time waiting
    // on PostgreSQL, and on this 2-core machine two workers take the unit stage from 6.7 to 4.3 min.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      serverProject("server", ""),
      ...(postgresUrl ? [serverProject("server-postgres", postgresUrl)] : []),
      {
        extends: "./web/vite.config.ts",
        test: {
          name: "web",
          root: "./web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["src/testing/setup-i18n.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          root: "./e2e",
          // scenarios/ (the flash sale) run on demand: npm run bench:flash-sale.
          include: ["tests/**/*.test.ts", ...(process.env.E2E_SCENARIOS ? ["scenarios/**/*.test.ts"] : [])],
          environment: "node",
          globalSetup: ["support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A shop per worker: files in different workers run side by side, each worker's one by one.
          maxWorkers: e2eWorkers,
        },
      },
    ],
  },
});
