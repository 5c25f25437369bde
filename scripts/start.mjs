// Starts Foyer: `node scripts/start.mjs dev` (development) or `start` (production, after
// `next build`). Without DATABASE_URL it first starts the embedded PostgreSQL under .data/; then it
// applies the migrations, runs the idempotent seed and serves the app on PORT (default 3000).
import fs from "node:fs";
import path from "node:path";
import http from "node:http";
import { prepareEnvironment, migrateDeploy, runSeed, root, dataDir } from "./lib/runtime.mjs";
import { apiDirOf, createGuard, maxBodyBytesFrom } from "./lib/http-guard.mjs";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const dev = mode === "dev";
process.env.NODE_ENV = dev ? "development" : "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1"; // no phoning home (and no network here)

function fail(msg) {
  console.error(`\n[foyer] ${msg}\n`);
  process.exit(1);
}

if (!dev && !fs.existsSync(path.join(root, process.env.FOYER_DIST_DIR || ".next", "BUILD_ID"))) fail("There is no production build yet: run `npm run build` first (or `npm run dev`).");

let db;
try {
  db = await prepareEnvironment();
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
if (!db.embedded && !dev) {
  const s = process.env.SECRET_KEY ?? "";
  if (s.length < 32 || /^(changethis|change-me|secret)/i.test(s)) {
    await db.stop();
    fail("SECRET_KEY is missing or a placeholder. With DATABASE_URL set in production, set SECRET_KEY to a random string of at least 32 characters (e.g. `openssl rand -base64 48`).");
  }
}
let maxBodyBytes;
try {
  maxBodyBytes = maxBodyBytesFrom(process.env);
} catch (e) {
  await db.stop();
  fail(e.message);
}
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "0.0.0.0";
process.env.APP_URL ??= `http://localhost:${port}`;
process.env.NEXTAUTH_URL ??= process.env.APP_URL;

async function shutdown(code = 0) {
  try { await db.stop(); } finally { process.exit(code); }
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

try {
  await migrateDeploy({ quiet: !dev });
  if ((process.env.SEED_ON_START ?? "true") !== "false") await runSeed();
} catch (e) {
  console.error(e);
  await shutdown(1);
}

const { default: next } = await import("next");
const app = next({ dev, dir: root, hostname, port, turbopack: dev });
const handle = app.getRequestHandler();
await app.prepare();

// security headers on every response, 405 with Allow for a method the route lacks, 413 over
// MAX_BODY_BYTES (scripts/lib/http-guard.mjs; the pages' CSP is set by proxy.ts)
const { guard, onConnect, onClientError } = createGuard({ apiDir: apiDirOf(root), https: process.env.APP_URL.startsWith("https:"), maxBodyBytes, dev });

function onRequest(req, res) {
  // the TCP peer, for rate limits (lib/auth/client-ip.ts); a client cannot set this header itself
  req.headers["x-foyer-client-ip"] = req.socket.remoteAddress ?? "unknown";
  handle(req, res);
}
const server = http.createServer((req, res) => {
  if (!guard(req, res)) onRequest(req, res);
});
// `Expect: 100-continue`: a body that is refused is not even sent
server.on("checkContinue", (req, res) => {
  if (guard(req, res)) return;
  res.writeContinue();
  onRequest(req, res);
});
// CONNECT, and methods Node's parser does not know (TRACK...): 405 as well, written on the socket
server.on("connect", onConnect);
server.on("clientError", onClientError);
server.on("error", (e) => {
  console.error(`[foyer] cannot listen on port ${port}: ${e.message}`);
  shutdown(1);
});
server.listen(port, hostname, () => {
  const lines = [`Foyer is ready at ${process.env.APP_URL}  (${dev ? "development" : "production"}${db.embedded ? `, embedded PostgreSQL in ${path.relative(root, dataDir) || "."}/` : ""})`];
  if (process.env.FIRST_SUPERUSER_EMAIL) {
    const shown = (k) => (db.generated.includes(k) ? process.env[k] : `(your ${k})`);
    lines.push(`  admin:  ${process.env.FIRST_SUPERUSER_EMAIL} / ${shown("FIRST_SUPERUSER_PASSWORD")}`);
    if ((process.env.SEED_DEMO ?? "true") !== "false" && process.env.DEMO_USER_PASSWORD) {
      lines.push(`  demo:   ${process.env.DEMO_USER_EMAIL ?? "demo@example.com"} / ${shown("DEMO_USER_PASSWORD")}`);
    }
    if (db.generated.length) lines.push(`  (generated once, kept in ${path.relative(root, path.join(dataDir, "secrets.json"))})`);
  }
  console.log(`\n${lines.join("\n")}\n`);
});
