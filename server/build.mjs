// Bundles the server into dist/ with esbuild: our TypeScript, the shared contract and the pure
// JavaScript dependencies in main.js, cli.js and the chunks they share. Loading the dependencies
// from node_modules one file at a time cost a start about 1.5 s of CPU (decision 030).
import { readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { build } from "esbuild";

const manifest = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

/**
 * Left as imports from node_modules: packages that read files of their own at run time (PGlite's
 * WASM and data, sharp's native binary, pg's optional native driver), and the large ones loaded
 * only when needed (mjml for the first mail, the AWS SDK when images are kept in S3, stripe with
 * PAYMENT_PROVIDER=stripe); pdfkit both (its standard fonts' AFM files lie beside it, and it is
 * loaded for the first PDF).
 */
const EXTERNAL = ["@electric-sql/pglite", "sharp", "pg", "mjml", "@aws-sdk/client-s3", "stripe", "pdfkit"];
const undeclared = EXTERNAL.filter((name) => !manifest.dependencies?.[name]);
if (undeclared.length > 0) throw new Error(`Not dependencies of @shop/server: ${undeclared.join(", ")}`);

/**
 * Bundled packages whose code names its own file or folder (`__dirname`, `__filename`,
 * `import.meta.url`): in the bundle that is `dist/`, or nothing, so a file they read beside
 * themselves is not found. Each one here was read and is harmless; a new one fails the build.
 */
const OWN_LOCATION_ALLOWED = {
  "@fastify/swagger": "reads its package.json for a default title; caught, and we give the title",
  ioredis: "reads its package.json for the version it reports to Redis; caught (reports an error text)",
  pino: "worker-thread transports, which the shop does not configure",
  "thread-stream": "pino's worker-thread transports, as above",
};
const ownLocation = /\b__dirname\b|\b__filename\b|\bimport\.meta\.(url|dirname|filename)\b/;
const packageOf = (file) => /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file)?.[1].replace("\\", "/");
const namingOwnLocation = new Set();
const findOwnLocation = {
  name: "find-own-location",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, async (args) => {
      if (ownLocation.test(await readFile(args.path, "utf8"))) namingOwnLocation.add(packageOf(args.path));
      return undefined;
    });
  },
};

// Chunk names carry a hash: an old build's chunks would otherwise stay beside the new ones.
rmSync(new URL("./dist", import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: ["src/main.ts", "src/cli.ts"],
  outdir: "dist",
  bundle: true,
  // Code imported with import() (the S3 image store) goes to a chunk of its own, loaded on use.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external: EXTERNAL.flatMap((name) => [name, `${name}/*`]),
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: 'import { createRequire as __shopCreateRequire } from "node:module"; const require = __shopCreateRequire(import.meta.url);',
  },
  plugins: [findOwnLocation],
  logLevel: "warning",
});

const unexpected = [...namingOwnLocation].filter((name) => !(name in OWN_LOCATION_ALLOWED));
if (unexpected.length > 0) {
  throw new Error(
    `Bundled packages name their own location: ${unexpected.join(", ")}. Read what they do with it, ` +
      "then add them to EXTERNAL or, if harmless, to OWN_LOCATION_ALLOWED (server/build.mjs).",
  );
}
