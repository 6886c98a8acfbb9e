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
    },
  };
}

const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
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
        },
      },
      {
        test: {
          name: "e2e",
          root: "./e2e",
          include: ["tests/**/*.test.ts"],
          environment: "node",
          globalSetup: ["support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One shop server and one browser serve every file: run the files one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
