// Bundles the server into dist/ with esbuild: our TypeScript (and the shared contract) inlined,
// npm dependencies left as imports so their native and WASM files load from node_modules.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const manifest = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith("@shop/"));

await build({
  entryPoints: ["src/main.ts", "src/cli.ts"],
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: "warning",
});
