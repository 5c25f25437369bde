// ESLint (flat config): Next's rules (core web vitals, React hooks) and typescript-eslint's
// recommended set. Next 16 has no `next lint`: `npm run lint` runs `eslint .` directly.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".next-*/**",
    ".data/**",
    "lib/generated/**",
    "node_modules/**",
    "test-results/**",
    "playwright-report/**",
    "tests/.artifacts/**",
    "next-env.d.ts",
  ]),
  {
    files: ["tests/**"],
    rules: {
      // Playwright's fixtures call `use(...)` and test helpers are named useEnv: not React hooks.
      "react-hooks/rules-of-hooks": "off",
      // tests walk and compare untyped JSON answers and deliberately malformed bodies.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    rules: {
      // An unused variable is an error here; a leading underscore marks one kept on purpose.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // a constructor that only passes its arguments to super's (the vendor clients had three)
      "@typescript-eslint/no-useless-constructor": "error",
      // links to our pages go through components/ui/next-link.tsx (no prefetching: see there)
      "no-restricted-imports": ["error", { paths: [{ name: "next/link", message: "Use NextLink from @/components/ui/next-link (it does not prefetch)." }] }],
    },
  },
  {
    files: ["components/ui/next-link.tsx"],
    rules: { "no-restricted-imports": "off" },
  },
]);
