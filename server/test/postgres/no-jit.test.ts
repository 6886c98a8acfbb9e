import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { selectRows } from "../../src/db/client";
import { createTestApp, type TestContext } from "../support/test-app";

/** The app's connections run without JIT compilation (db/client.ts says why). */
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
}, 60_000);
afterAll(() => context.close());

it("opens every connection with jit off", async () => {
  const [setting] = await selectRows<{ jit: string }>(context.database.db, sql`show jit`);
  expect(setting?.jit).toBe("off");
});
