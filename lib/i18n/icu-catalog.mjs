// Messages compiled ahead of time (issue 14: no ICU parser in the browser). A catalog's tree with
// every ICU message compiled by icu-minify, which use-intl's format-only entry formats; the build
// does it for every file under messages/ (lib/i18n/icu-loader.cjs, next.config.js), where
// `use-intl/format-message` is aliased to that entry. tests/unit/i18n-precompiled.test.ts checks that
// every message formats the same both ways.
import compile from "icu-minify/compile";

/** The same tree with each string compiled (a message without arguments stays a string). */
export function compileTree(tree, path = "") {
  if (typeof tree === "string") {
    try {
      return compile(tree);
    } catch (error) {
      throw new Error(`The message ${path} does not compile: ${error.message}`);
    }
  }
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, compileTree(value, path ? `${path}.${key}` : key)]));
}
