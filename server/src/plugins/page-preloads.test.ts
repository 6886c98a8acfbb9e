import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverRoot } from "../paths";
import { PAGE_MODULES, pageMessageChunks, type Manifest } from "./page-preloads";

/** A build's manifest in miniature: an entry, the shell's messages, a product page and its feature's. */
const MANIFEST: Manifest = {
  "index.html": { file: "assets/index.js", isEntry: true, imports: ["_vendor.js", "_app.js"] },
  "_vendor.js": { file: "assets/vendor.js" },
  "_app.js": { file: "assets/app.js", imports: ["_vendor.js"], dynamicImports: ["shop-messages:en"] },
  "_cardinals.js": { file: "assets/cardinals.js" },
  "shop-messages:en": { file: "assets/shell-en.js", imports: ["_cardinals.js"] },
  "shop-messages:bn": { file: "assets/shell-bn.js", imports: ["_cardinals.js"] },
  "src/app/routes/product-route.tsx": {
    file: "assets/product-route.js",
    imports: ["_vendor.js", "_app.js", "_product-messages.js"],
    dynamicImports: ["src/features/reviews/components/product-reviews.tsx"],
  },
  "_product-messages.js": {
    file: "assets/product-messages.js",
    dynamicImports: ["shop-messages:product:en", "shop-messages:product:bn"],
  },
  "shop-messages:product:en": { file: "assets/product-en.js", imports: ["_cardinals.js"] },
  "shop-messages:product:bn": { file: "assets/product-bn.js", imports: ["_cardinals.js"] },
  "src/features/reviews/components/product-reviews.tsx": { file: "assets/product-reviews.js" },
};

describe("a page's preloads", () => {
  it("are the shell's messages and the catalogues of the features among the page's chunks, in the page's language, with their imports", () => {
    expect(pageMessageChunks(MANIFEST, "src/app/routes/product-route.tsx", "bn").sort()).toEqual([
      "assets/cardinals.js",
      "assets/product-bn.js",
      "assets/shell-bn.js",
    ]);
  });

  it("are the shell's messages alone for a page not listed, and nothing without a build", () => {
    expect(pageMessageChunks(MANIFEST, undefined, "en").sort()).toEqual([
      "assets/cardinals.js",
      "assets/shell-en.js",
    ]);
    expect(pageMessageChunks({}, "src/app/routes/product-route.tsx", "en")).toEqual([]);
  });

  it("name the pages the web app's router loads for those paths", () => {
    const web = path.join(serverRoot, "..", "web", "src");
    const router = readFileSync(path.join(web, "app", "router.tsx"), "utf8");
    const paths = readFileSync(path.join(web, "config", "paths.ts"), "utf8");
    // The router's routes: `path: paths.<name>.path, Component: lazyPage(() => import("<module>")`.
    const routed = new Map<string, string>([["/", "@/features/home/pages/home-page"]]);
    for (const [, name, module] of router.matchAll(
      /path: paths\.(\w+)\.path,\s*Component: lazyPage\(\s*\(\) =>\s*import\("([^"]+)"\)/g,
    )) {
      const pathOf = new RegExp(`\\b${name}: \\{\\s*path: "([^"]+)"`).exec(paths)?.[1];
      if (pathOf) routed.set(pathOf, module!);
    }
    for (const [pattern, key] of PAGE_MODULES) {
      const module = key.replace(/^src\//, "@/").replace(/\.tsx$/, "");
      const routes = [...routed].filter(([, routedModule]) => routedModule === module);
      expect(routes, key).toHaveLength(1);
      const example = routes[0]![0].replace(/:\w+/g, "some-id");
      expect(pattern.test(example), `${pattern} for ${example}`).toBe(true);
    }
  });
});
