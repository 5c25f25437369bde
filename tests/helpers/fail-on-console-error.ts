import { afterEach, vi } from "vitest";

// A console.error during a test is a bug (an unexpected 500 logs one): fail the test.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length) throw new Error(`console.error was called: ${seen.map((a) => a.map(String).join(" ")).join("\n")}`);
});
export { vi };
