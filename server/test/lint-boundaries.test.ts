import { readdirSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The folder boundaries of eslint.config.js hold for every feature folder, including those added
 * after the config was written: a probe file that crosses one, linted as if it sat in each
 * folder, must fail with the boundary's message, and a probe that keeps to the rules must pass.
 */
const repoRoot = path.resolve(import.meta.dirname, "../..");

const foldersIn = (folder: string) =>
  readdirSync(path.join(repoRoot, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Server folders that are features (they hold routes or a service), not shared plumbing. */
const serverFeatures = foldersIn("server/src").filter(
  (folder) => !["db", "plugins", "http"].includes(folder),
);
const webFeatures = foldersIn("web/src/features");

/** A module of the feature, as "@/features/<feature>/…" (the import must resolve to be judged). */
function someModuleOf(feature: string): string {
  const files = readdirSync(path.join(repoRoot, "web/src/features", feature), {
    recursive: true,
    encoding: "utf8",
  });
  const file = files.find((name) => /\.tsx?$/.test(name) && !name.includes(".test."))!;
  return `@/features/${feature}/${file.replace(/\.tsx?$/, "")}`;
}

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: repoRoot,
    // The probes are not on disk: the type-aware rules, which need a program, are not what is tested.
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        "@typescript-eslint/no-floating-promises": "off",
        "@typescript-eslint/no-misused-promises": "off",
      },
    },
  });
});

async function messagesOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe("lint boundaries", () => {
  it("refuse a server feature importing another feature's routes, in every server folder", async () => {
    expect(serverFeatures).toEqual(expect.arrayContaining(["payments", "fulfilment", "marketing", "search"]));
    for (const feature of serverFeatures) {
      const other = feature === "orders" ? "products" : "orders";
      const crossing = await messagesOf(
        `import { ${other}Routes } from "../${other}/routes";\nexport const probe = ${other}Routes;\n`,
        `server/src/${feature}/boundary-probe.ts`,
      );
      expect(crossing, feature).toEqual([expect.stringContaining("Routes are a feature's edge")]);
      const keeping = await messagesOf(
        `import { ${other}Service } from "../${other}/service";\nexport const probe = ${other}Service;\n`,
        `server/src/${feature}/boundary-probe.ts`,
      );
      expect(keeping, feature).toEqual([]);
    }
  });

  it("refuse a web feature importing another feature, in every web feature folder", async () => {
    expect(webFeatures).toEqual(expect.arrayContaining(["search", "wishlist", "newsletter"]));
    for (const feature of webFeatures) {
      const other = feature === "cart" ? "orders" : "cart";
      const crossing = await messagesOf(
        `import * as imported from "${someModuleOf(other)}";\nexport const probe = imported;\n`,
        `web/src/features/${feature}/boundary-probe.ts`,
      );
      expect(crossing, feature).toEqual([expect.stringContaining("Features do not import each other")]);
      const keeping = await messagesOf(
        `import { cn } from "@/lib/cn";\nexport const probe = cn;\n`,
        `web/src/features/${feature}/boundary-probe.ts`,
      );
      expect(keeping, feature).toEqual([]);
    }
  });

  it("refuse server code importing the web app or React", async () => {
    const crossing = await messagesOf(
      `import { useState } from "react";\nexport const probe = useState;\n`,
      "server/src/payments/boundary-probe.ts",
    );
    expect(crossing).toEqual([expect.stringContaining("Server code stays on the server")]);
  });
});
