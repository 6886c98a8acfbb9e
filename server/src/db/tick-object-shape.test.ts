import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, inject, it } from "vitest";

const directory = mkdtempSync(path.join(tmpdir(), "tick-shape-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/**
 * Starts an embedded database in a child Node, as the shop does (`openDatabase`) or with PGlite
 * alone, runs a thousand ticks, and answers the states of the inline caches by which
 * `process.nextTick` builds its tick objects (V8's own description of the function).
 */
function tickCacheStatesAfter(start: "openDatabase" | "PGlite.create"): string[] {
  const script = `
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { openDatabase } from "./src/db/client.ts";
const database =
  ${JSON.stringify(start)} === "openDatabase"
    ? await openDatabase({ kind: "pglite" })
    : await PGlite.create({ extensions: { pg_trgm } });
await new Promise((resolve) => {
  let ticks = 0;
  const tick = () => (++ticks < 1000 ? process.nextTick(tick) : resolve());
  process.nextTick(tick);
});
new Function("f", "%DebugPrint(f)")(process.nextTick);
await database.close();
`;
  // V8 prints to the process's standard output from C++: into a file, since a pipe it fills
  // faster than it is read loses the rest when the process exits.
  const outputFile = path.join(directory, `${start}.txt`);
  const output = openSync(outputFile, "w");
  try {
    execFileSync(
      process.execPath,
      ["--allow-natives-syntax", "--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: fileURLToPath(new URL("../..", import.meta.url)),
        stdio: ["ignore", output, "inherit"],
      },
    );
  } finally {
    closeSync(output);
  }
  return [...readFileSync(outputFile, "utf8").matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map(
    (match) => match[1]!,
  );
}

describe("process.nextTick after the embedded database starts", () => {
  // Nothing here reads the test database: once, in the embedded project.
  it.skipIf(Boolean(inject("testDatabaseUrl")))(
    "stays on V8's fast path when the shop opens it; PGlite started alone leaves it on the slow one",
    () => {
      const control = tickCacheStatesAfter("PGlite.create");
      // The literal's five properties from the first computed key on, one cache each.
      expect(control, "V8's description of nextTick changed: mend the pattern").toHaveLength(5);
      // If a PGlite or Node release no longer shows the problem, tick-object-shape.ts can go.
      expect(control, "nextTick is no longer slowed by PGlite's start").toContain("MEGAMORPHIC");
      expect(tickCacheStatesAfter("openDatabase")).toEqual(Array(5).fill("MONOMORPHIC"));
    },
  );
});
