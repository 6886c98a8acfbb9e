import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The server package's folder, found by walking up from this module: the same code runs from
 * `src/` (tests, tsx) and bundled into `dist/`, at different depths.
 */
function findServerRoot(): string {
  let dir = import.meta.dirname;
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "@shop/server") {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the @shop/server package folder");
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const migrationsDir = path.join(serverRoot, "drizzle");
export const webDistDir = path.resolve(serverRoot, "..", "web", "dist");
