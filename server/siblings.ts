// More than one serving process (FOYER_PROCESSES, by default one per core, at most 4): Node renders
// a page on one core, so a second process about doubles the pages a 2-core machine serves.
//
// The main process (server/main.mts: the embedded PostgreSQL, the migrations, the seed, the job
// workers) listens on PORT itself and hands each new connection in turn to itself or to one of its
// siblings, over IPC, before reading a byte of it (as Node's cluster module does; a sibling gets
// the socket, not a copy of the bytes). A sibling is the same server started by this script with
// FOYER_SIBLING=1: no database to start, no migration, no seed, no job workers; it listens on
// nothing and serves the connections it is given. Until a sibling is ready, and if one stops, the
// main process serves its share; a sibling that stops is started again, a few times.
//
// Everything the processes share is in PostgreSQL (sessions are tokens; rate limits, OAuth states,
// jobs are rows). One exception, the vendors' sandboxes (/api/sandbox/*), stand-ins for one outside
// service that keep revoked tokens and their rate window in memory: a sibling forwards those
// requests to the main process, over a Unix socket of its own (FOYER_MAIN_SOCKET).
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { errorCodeOf } from "@/lib/shared/error-codes.mjs";
import { withServerFlags } from "./flags";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const MAX_RESTARTS = 5;

/**
 * How `server` (this process's http.Server, which never listens) takes a connection dealt to this
 * process: as if it had accepted it, with what Node gives a server's own connections and not one it
 * is handed:
 * - Nagle's algorithm off, as an http.Server turns it off at accept. With it on, an answer written
 *   in two parts (head, then body) waited for the client's delayed acknowledgement, 40 ms on Linux,
 *   whenever the first part was not yet acknowledged: with two processes, the API's lists had a
 *   p50 of 44 ms at a fixed 300 req/s against 1.5-3 ms with one (docs/performance.md, "Serving
 *   processes");
 * - `headersTimeout` and `requestTimeout`: Node checks them over a list of connections that it
 *   starts when the server emits "listening", which a server that is dealt sockets never did.
 *   Without it, a client that sent its headers a byte at a time held its connection for ever.
 */
function connectionTaker(server: http.Server) {
  server.emit("listening");
  return (socket: net.Socket) => {
    socket.setNoDelay(true);
    server.emit("connection", socket);
    socket.resume();
  };
}

/** Whether this process is a sibling, serving connections the main process hands it. */
export const isSibling = () => process.env.FOYER_SIBLING === "1";

/**
 * In the main process: `count` siblings (this `script`, with `args`), and the listener that deals
 * the connections on `port` between `server` (this process's own http.Server) and them.
 * `handler` is what the main process does with a request (the sandboxes forwarded to it).
 * `firstAnswerWaitMs`: the siblings start once `server` has sent its first answer, or that long
 * after the listener listens, whichever comes first (undefined: at once). Until they are ready, the
 * main process serves every connection.
 */
export function startSiblings({
  server,
  handler,
  count,
  script,
  args = [],
  firstAnswerWaitMs = undefined,
}: {
  server: http.Server;
  handler: Handler;
  count: number;
  script: string;
  args?: string[];
  firstAnswerWaitMs?: number;
}) {
  const socketPath = path.join(os.tmpdir(), `foyer-${process.pid}-${Math.random().toString(36).slice(2, 8)}.sock`);
  const internal = http.createServer(handler);
  internal.listen(socketPath, () => fs.chmodSync(socketPath, 0o600));

  const live: (ChildProcess & { ready?: boolean })[] = [];
  let stopping = false;
  let restarts = 0;

  function spawnOne() {
    const child: ChildProcess & { ready?: boolean } = fork(script, args, {
      execArgv: withServerFlags(process.execArgv),
      env: { ...process.env, FOYER_SIBLING: "1", FOYER_MAIN_SOCKET: socketPath, FOYER_WORKERS: "false", FOYER_TELEMETRY: "false", SEED_ON_START: "false", FOYER_PROCESSES: "1" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    live.push(child);
    child.on("message", (m) => {
      if (m === "foyer:ready") child.ready = true;
    });
    child.on("exit", (code, signal) => {
      live.splice(live.indexOf(child), 1);
      if (stopping) return;
      console.error(`[foyer] a serving process stopped (${signal ?? `exit ${code}`})${restarts < MAX_RESTARTS ? "; starting another" : ""}`);
      if (restarts++ < MAX_RESTARTS) setTimeout(() => !stopping && spawnOne(), 1000).unref();
    });
  }
  let spawned = false;
  const spawnAll = () => {
    if (spawned || stopping) return;
    spawned = true;
    for (let i = 0; i < count; i++) spawnOne();
  };

  /** This process's own share: the socket goes to its http.Server as if it had accepted it. */
  const serveHere = connectionTaker(server);
  let turn = 0;
  const front = net.createServer({ pauseOnConnect: true }, (socket) => {
    const ready = live.filter((c) => c.ready && c.connected);
    const i = turn++ % (ready.length + 1);
    if (i === ready.length) return serveHere(socket);
    ready[i].send("foyer:connection", socket, { keepOpen: false }, (e: Error | null) => {
      if (e && !socket.destroyed) serveHere(socket);
    });
  });

  if (firstAnswerWaitMs === undefined) spawnAll();
  else {
    server.once("request", (_req: http.IncomingMessage, res: http.ServerResponse) => res.once("close", spawnAll));
    front.once("listening", () => setTimeout(spawnAll, firstAnswerWaitMs).unref());
  }

  return {
    front,
    /** Stops the siblings (they finish what they serve), then the internal socket. */
    async stop() {
      stopping = true;
      await Promise.all(
        live.map((c) => new Promise<void>((resolve) => {
          c.once("exit", () => resolve());
          c.kill("SIGTERM");
          setTimeout(() => c.kill("SIGKILL"), 5000).unref();
        })),
      );
      internal.close();
      fs.rmSync(socketPath, { force: true });
    },
    ready: () => live.filter((c) => c.ready).length,
  };
}

/** In a sibling: serves the connections the main process sends; stops when the main process is gone. */
export function serveHandedConnections(server: http.Server, onGone: () => void) {
  const serve = connectionTaker(server);
  process.on("message", (m: unknown, socket: unknown) => {
    if (m === "foyer:connection" && socket) serve(socket as net.Socket);
  });
  process.on("disconnect", onGone);
  process.send?.("foyer:ready");
}

/** In a sibling: requests that must reach the main process (the sandboxes, see above). */
export const forwardedToMain = (url = "") => url.startsWith("/api/sandbox/");

/**
 * Headers about one connection, not the request (RFC 9110 7.6.1): not passed on. The sibling's
 * connection to the main process is its own (kept alive), whatever the client's says.
 */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade", "expect"]);
function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = new Set(String(headers.connection ?? "").toLowerCase().split(",").map((h) => h.trim()));
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP_BY_HOP.has(k) && !named.has(k)));
}

/** In a sibling: passes `req` to the main process over its Unix socket and its answer back. */
export function forwardToMain(req: http.IncomingMessage, res: http.ServerResponse) {
  const up = http.request({ socketPath: process.env.FOYER_MAIN_SOCKET, method: req.method, path: req.url, headers: endToEnd(req.headers) }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    answer.pipe(res);
  });
  up.on("error", () => {
    if (res.headersSent) return void res.destroy();
    const body = JSON.stringify({ detail: "The service is unavailable, try again in a moment", code: errorCodeOf(503) });
    res.writeHead(503, { "Content-Type": "application/json", "Retry-After": "1", "Content-Length": Buffer.byteLength(body) }).end(body);
  });
  req.pipe(up);
}
