// The Foyer server: `npm run dev` (development, through tsx) or `npm start` (production: the
// bundle `npm run build` makes of this file, <distDir>/foyer/server.mjs; both through
// scripts/start.mjs). Without DATABASE_URL it first starts the embedded PostgreSQL under .data/; then it
// applies the migrations, runs the idempotent seed when its inputs changed and serves the app on
// PORT (default 3000). In production Next prepares meanwhile (lib/server/handshake.ts); the server
// listens once both are done. FOYER_TIMING=1 prints when each step ended (npm run bench:start).
import fs from "node:fs";
import path from "node:path";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { prepareEnvironment, migrateDeploy, newEmbeddedCluster, type Environment } from "./db/environment";
import { prepareSeed } from "./db/seed";
import { dataDir, distDir, root } from "./paths";
import { timing } from "./timing";
import { offerStart } from "@/lib/server/handshake";
import os from "node:os";
import { apiDirOf, createGuard, SERVER_OPTIONS } from "./http-guard";
import { createCompression } from "./compress";
import { brotliQualityFrom, flagFrom, maxBodyBytesFrom, portFrom, processesFrom, secretKeyProblem } from "@/lib/shared/settings.mjs";
import { runTracked } from "@/lib/shared/page-unavailable.mjs";
import { createPageCache } from "./page-cache";
import { createPagePolicy } from "./page-policy";
import { createHostCheck } from "./host-check";
import { createRefusals } from "./refusals";
import { forwardedToMain, forwardToMain, isSibling, serveHandedConnections, startSiblings } from "./siblings";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
/** What lib/server/start.ts leaves for the server: how to stop the job workers. */
const shared = globalThis as { foyerStop?: () => Promise<void> };

const mode = process.argv[2] === "dev" ? "dev" : "start";
const dev = mode === "dev";
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1"; // no phoning home (and no network here)
// a serving process started by the main one (server/siblings.ts): the database is ready
const sibling = isSibling();

let db: Environment | undefined;
let siblings: ReturnType<typeof startSiblings> | undefined;
async function shutdown(code = 0) {
  try {
    // the server's job workers first (lib/server/start.ts), while the database is still there
    await Promise.race([shared.foyerStop?.(), new Promise((r) => setTimeout(r, 6_000).unref())]).catch(() => undefined);
    await siblings?.stop();
    await db?.stop();
  } finally {
    process.exit(code);
  }
}
async function fail(msg: string) {
  console.error(`\n[foyer] ${msg}\n`);
  await shutdown(1);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

if (!dev && !fs.existsSync(path.join(distDir, "BUILD_ID"))) await fail("There is no production build yet: run `npm run build` first (or `npm run dev`).");

// the server's settings, each read by its rule in lib/shared/settings.mjs (lib/env.ts declares and
// checks the same; the rest of the environment is checked when the app registers, lib/server/start.ts)
let maxBodyBytes = 0,
  brotliQuality = 0,
  processes = 1,
  port = 3000,
  seedOnStart = true,
  seedDemo = true;
try {
  maxBodyBytes = maxBodyBytesFrom(process.env);
  brotliQuality = brotliQualityFrom(process.env);
  processes = processesFrom(process.env, dev, os.availableParallelism());
  port = portFrom(process.env);
  seedOnStart = flagFrom(process.env, "SEED_ON_START", true);
  seedDemo = flagFrom(process.env, "SEED_DEMO", true);
} catch (e) {
  await fail((e as Error).message);
}
const hostname = process.env.HOST || "0.0.0.0";

// (before the cluster's folder is made)
const freshCluster = !sibling && newEmbeddedCluster();
// the database (embedded unless DATABASE_URL is set): the environment is complete once it runs
const environmentReady = (async () => {
  db = await prepareEnvironment();
  timing("postgres");
  // a production server on a database of its own refuses a missing or placeholder secret before it migrates anything
  const secretProblem = !db.embedded && !dev && !sibling ? secretKeyProblem(process.env.SECRET_KEY) : null;
  if (secretProblem) throw new Error(`${secretProblem}. With DATABASE_URL set in production, SECRET_KEY must be your own.`);
  process.env.APP_URL ??= `http://localhost:${port}`;
  process.env.NEXTAUTH_URL ??= process.env.APP_URL;
})();
// then the migrations; the seed is checked meanwhile and, when it must run, bundled and loaded on
// its thread, to run once they are applied (for a new cluster, all that begins at once)
const seed = seedOnStart && !sibling ? prepareSeed({ fresh: freshCluster, environment: environmentReady }) : null;
const schemaReady = environmentReady.then(async () => {
  if (sibling) return;
  try {
    await migrateDeploy({ quiet: !dev });
  } catch (e) {
    await seed?.cancel();
    throw e;
  }
  timing("migrations");
});
const dataReady = schemaReady.then(async () => {
  if (seed) timing((await seed.run()) ? "seed" : "seed unchanged, skipped");
});
// a start that cannot go on says why once (a migration or seed error with its stack) and stops
let failed = false;
const failOnce = (e: unknown, withStack = false) => {
  if (failed) return;
  failed = true;
  if (withStack) {
    console.error(e);
    void shutdown(1);
  } else void fail(e instanceof Error ? e.message : String(e));
};
environmentReady.catch((e) => failOnce(e));
dataReady.catch((e) => failOnce(e, true));

// Next: in production alongside the database, in development after it. Its instrumentation hook
// lets it finish preparing once the schema is migrated and runs the app's own start (the
// configuration check, the maintenance loop, the job workers) once the seed is done
// (lib/server/handshake.ts); the server listens after that.
if (dev) await dataReady;
const handshake = offerStart({ migrated: schemaReady, seeded: dataReady });
const { default: next } = await import("next");
const app = next({ dev, dir: root, hostname, port, turbopack: dev });
const handle = app.getRequestHandler();
const prepared = app.prepare();
// Next runs the hook while it prepares (in development, when it first needs to): a production start
// whose hook did not run would serve without the workers, so it stops instead
const registered = dev
  ? Promise.resolve()
  : Promise.race([
      handshake.registered,
      prepared.then(() => new Promise<never>((_, reject) => {
        const t = setTimeout(() => reject(new Error("Next prepared without running instrumentation.ts's register() (lib/server/handshake.ts): update the server for this version of Next.")), 30_000);
        void handshake.hookRan.then(() => clearTimeout(t));
      })),
    ]);
registered.catch((e) => failOnce(e));
// while a seed runs on its thread (a first start), this one renders the landing once for nobody:
// the first visitor's page then comes from code already loaded (0.4 s sooner). A start with
// nothing to seed has no time to spare: the first visitor's request does it.
const warmed = dev || !seed ? null : Promise.all([prepared, schemaReady, seed.needed]).then(([, , needed]) => (needed ? renderOnce(handle, "/") : undefined), () => undefined);
// (on a failure, failOnce above stops the process: this start goes no further)
await Promise.all([prepared, dataReady, registered, warmed]).catch((e) => new Promise(() => failOnce(e)));
timing("next prepared");

/** One GET of `path` through Next on a port of its own for the time of it; whatever happens, it resolves. */
async function renderOnce(handler: Handler, path: string) {
  const s = http.createServer(SERVER_OPTIONS, (req, res) => handler(req, res));
  try {
    await new Promise<void>((resolve, reject) => s.once("error", reject).listen(0, "127.0.0.1", resolve));
    const res = await fetch(`http://127.0.0.1:${(s.address() as { port: number }).port}${path}`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    timing(`${path} rendered once (${res.status})`);
  } catch {
    // the first visitor's request will do it
  } finally {
    s.closeAllConnections();
    s.close();
  }
}

// security headers on every response, 405 with Allow for a method the route lacks, 413 over
// MAX_BODY_BYTES (server/http-guard.ts); then brotli or gzip (server/compress.ts)
const appUrl = process.env.APP_URL!;
const https = appUrl.startsWith("https:");
const { guard, onConnect, onClientError } = createGuard({ apiDir: apiDirOf(root), https, maxBodyBytes, dev });
// each page's CSP with its nonce, and private pages without a session cookie sent to the login page (server/page-policy.ts)
const pagePolicy = createPagePolicy({ dev, https, env: { DASHBOARD_PUBLIC_URL: process.env.DASHBOARD_PUBLIC_URL, DASHBOARD_URL: process.env.DASHBOARD_URL } });
const compress = createCompression({ distDir, quality: brotliQuality });
// the visitors' pages that are the same for everyone, from memory (server/page-cache.ts)
const pages = createPageCache({ port: () => port, host: hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname, enabled: !dev, appUrl });
// the operator hears of requests for another address than APP_URL's (server/host-check.ts)
const checkHost = createHostCheck(appUrl);
// a client whose own limit is full is refused here until the app's refusal ends (server/refusals.ts)
const refused = createRefusals();

function onRequest(req: http.IncomingMessage, res: http.ServerResponse) {
  // the TCP peer, for rate limits (lib/auth/client-ip.ts); a client cannot set this header itself
  req.headers["x-foyer-client-ip"] = req.socket.remoteAddress ?? "unknown";
  checkHost(req);
  if (refused(req, res)) return;
  if (sibling && forwardedToMain(req.url)) return forwardToMain(req, res);
  answer(req, res);
}
function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  compress(req, res, () => {
    if (pages.serve(req, res) || pagePolicy(req, res)) return;
    // a page that failed for the database goes out as 503, not 500 (lib/shared/page-unavailable.mjs);
    // the API's handlers answer their own errors, 503 included
    if (req.url?.startsWith("/api/")) handle(req, res);
    else runTracked(req, res, () => handle(req, res));
  });
}
const server = http.createServer(SERVER_OPTIONS, (req, res) => {
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
const cannotListen = (e: Error) => {
  console.error(`[foyer] cannot listen on port ${port}: ${e.message}`);
  shutdown(1);
};
server.on("error", cannotListen);
if (sibling) {
  serveHandedConnections(server, () => shutdown(0));
} else if (processes > 1) {
  // the main process deals the connections between itself and its siblings; what a sibling
  // forwards (the sandboxes) comes with the client's address the sibling saw
  siblings = startSiblings({
    server,
    handler: (req, res) => (guard(req, res) ? undefined : answer(req, res)),
    count: processes - 1,
    script: fileURLToPath(import.meta.url),
    args: process.argv.slice(2),
    // once the first answer is out (or 1.5 s after listening): loading Next in a sibling beside
    // the first request made the first page 0.2 s slower
    firstAnswerWaitMs: 1_500,
  });
  siblings.front.on("error", cannotListen);
  siblings.front.listen(port, hostname, ready);
} else server.listen(port, hostname, ready);

function ready() {
  timing("listening");
  const { embedded, generated } = db ?? { embedded: false, generated: [] as string[] };
  const lines = [`Foyer is ready at ${process.env.APP_URL}  (${dev ? "development" : "production"}${embedded ? `, embedded PostgreSQL in ${path.relative(root, dataDir) || "."}/` : ""})`];
  if (process.env.FIRST_SUPERUSER_EMAIL) {
    const shown = (k: string) => (generated.includes(k) ? process.env[k] : `(your ${k})`);
    lines.push(`  admin:  ${process.env.FIRST_SUPERUSER_EMAIL} / ${shown("FIRST_SUPERUSER_PASSWORD")}`);
    if (seedDemo && process.env.DEMO_USER_PASSWORD) {
      lines.push(`  demo:   ${process.env.DEMO_USER_EMAIL ?? "demo@example.com"} / ${shown("DEMO_USER_PASSWORD")}`);
    }
    if (generated.length) lines.push(`  (generated once, kept in ${path.relative(root, path.join(dataDir, "secrets.json"))})`);
  }
  if (processes > 1) lines.push(`  (${processes} serving processes: FOYER_PROCESSES)`);
  console.log(`\n${lines.join("\n")}\n`);
}
