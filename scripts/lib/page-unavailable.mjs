// A page that failed because the database could not answer is a 503 with Retry-After, as the API's
// answers are (lib/http/errors.ts), not Next's 500. The custom server runs each request that Next
// renders inside `runTracked`; server code that sees the database unavailable calls
// `noteDatabaseUnavailable` (lib/db/unavailable.ts, through the shared store below), and a 500
// written for that request goes out as 503. A 500 for any other cause stays a 500.
import { AsyncLocalStorage } from "node:async_hooks";

/** Seconds a client should wait before trying again (the API's own Retry-After for the database). */
const RETRY_AFTER_SECONDS = "2";

const KEY = Symbol.for("foyer.request-state");
/** @type {AsyncLocalStorage<{ databaseUnavailable: boolean }>} */
const store = (/** @type {any} */ (globalThis)[KEY] ??= new AsyncLocalStorage());

/**
 * Runs `next` with a state that server code can mark, and turns a 500 into 503 with Retry-After
 * when it was marked. @param {import("node:http").ServerResponse} res @param {() => void} next
 */
export function runTracked(res, next) {
  const state = { databaseUnavailable: false };
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    if (statusCode === 500 && state.databaseUnavailable) {
      statusCode = 503;
      this.statusMessage = "Service Unavailable";
      if (typeof rest[0] === "string") rest.shift();
      if (!this.hasHeader("retry-after")) this.setHeader("Retry-After", RETRY_AFTER_SECONDS);
    }
    return writeHead.call(this, statusCode, ...rest);
  };
  store.run(state, next);
}

/** Marks the current request's failure as the database's (no-op outside a tracked request). */
export function noteDatabaseUnavailable() {
  const state = store.getStore();
  if (state) state.databaseUnavailable = true;
}
