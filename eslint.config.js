import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const foldersIn = (folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const serverStaysOnServer = {
  group: ["**/web/**", "react", "react-*"],
  message: "Server code stays on the server.",
};
/** plugins/api-routes.ts composes the routes; a feature reaches another through its service or @shop/contract. */
const routesAreAFeaturesEdge = {
  group: ["../*/routes", "../*/routes.ts"],
  message:
    "Routes are a feature's edge: share schemas through @shop/contract and logic through the feature's service.",
};

/** A web feature imports no other feature: what two share lives in components/, lib/ or hooks/, and the app composes them. */
const webFeatureZones = foldersIn("./web/src/features/").map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: "./web/src/features",
  except: [`./${feature}`],
  message:
    "Features do not import each other; move what they share to components/, lib/ or hooks/, or compose them in app/.",
}));

export default tseslint.config(
  { ignores: ["**/dist/", "**/node_modules/", "data/", ".test-artifacts/", "web/public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules: a promise nobody awaits loses its error, and one handed to a place that
    // expects a plain function (an event handler, a callback) is never awaited either.
    files: ["**/*.{ts,tsx,mts}"],
    // Vite's config and its plugin belong to web/tsconfig.node.json, which the project service
    // does not look for.
    ignores: ["web/vite.config.ts", "web/vite-plugin-messages.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ["tsconfig.json", "server/tsconfig.json", "web/tsconfig.json", "e2e/tsconfig.json"],
        }),
      ],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...webFeatureZones,
            {
              target: [
                "./web/src/components",
                "./web/src/lib",
                "./web/src/hooks",
                "./web/src/config",
                "./web/src/testing",
              ],
              from: ["./web/src/features", "./web/src/app"],
              message: "Shared code must not import features or the app.",
            },
          ],
        },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: ["error", "always"],
      "no-console": "off",
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser bundle must never pull in server code.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**", "@shop/server*"], message: "The web app cannot import server code." },
          ],
        },
      ],
    },
  },
  {
    // Features stay independent of each other: shared code lives in components/ and lib/.
    files: ["web/src/components/**", "web/src/lib/**", "web/src/config/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/features/**", "**/app/**"],
              message: "Shared code must not import features or the app.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/src/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [serverStaysOnServer, routesAreAFeaturesEdge] }],
    },
  },
  {
    // Where the app puts the routes together.
    files: ["server/src/plugins/api-routes.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverStaysOnServer] }] },
  },
);
