import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/", "**/node_modules/", "data/", ".test-artifacts/", "web/public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/web/**", "react", "react-*"], message: "Server code stays on the server." },
          ],
        },
      ],
    },
  },
);
