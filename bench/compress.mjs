// npm run bench:compress: what the custom server's compression (server/compress.ts) costs per
// API answer, against the compression package alone as it compressed every answer before (a zlib
// stream per answer, flushed after each part), in one run. No build or database needed.
// Two small servers, each in a process of its own, answer as Next answers from a route handler
// (headers flushed, then the body written in parts of 16 KB, res.flush() after each, then end):
// a JSON list of 3 KB (a household's locations/my) and one of 12 KB (the issue's). autocannon at 10
// connections sends BENCH_REQUESTS (6,000) requests per measure, with Accept-Encoding br (what
// browsers prefer), gzip, or none; the servers take turns, the first alternating each round, over
// BENCH_ROUNDS (4) rounds. Printed: each server's own CPU per request (process.cpuUsage, reported
// over IPC), median and spread, the bytes on the wire, and whether the bodies decode to the same
// JSON. Exits non-zero when a body differs or a status is not 200.
import { fork } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { median } from "./lib/stats.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 6000);
const QUALITY = 5;

/** A JSON list of about `bytes` bytes, shaped like the API's locations. */
function list(bytes) {
  const rows = [];
  for (let i = 1; JSON.stringify(rows).length < bytes; i++) {
    rows.push({ id: i, name: `Location ${i}`, country: "FR", lat: 45.18756 + i / 1000, lon: 5.73578 - i / 1000, owner_id: 2, created_at: "2026-11-20T09:14:03.120Z" });
  }
  return JSON.stringify(rows);
}

// ---- the server side (a child process): node bench-compress.mjs --serve ours|package
if (process.argv[2] === "--serve") {
  const which = process.argv[3];
  const bodies = { "/3kb": Buffer.from(list(3 * 1024)), "/12kb": Buffer.from(list(12 * 1024)) };
  let middleware;
  if (which === "ours") {
    const { createCompression } = await import("../server/compress");
    middleware = createCompression({ distDir: os.tmpdir(), quality: QUALITY, staticCacheBytes: 0 });
  } else {
    const { default: compression } = await import("compression");
    middleware = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: QUALITY } } });
  }
  const server = http.createServer((req, res) =>
    middleware(req, res, () => {
      const body = bodies[req.url];
      if (!body) return void res.writeHead(404).end();
      res.statusCode = 200;
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Cache-Control", "no-store");
      res.flushHeaders();
      for (let i = 0; i < body.length; i += 16 * 1024) {
        res.write(body.subarray(i, i + 16 * 1024));
        res.flush?.();
      }
      res.end();
    }),
  );
  process.on("message", (m) => {
    if (m === "cpu") {
      const u = process.cpuUsage();
      process.send({ cpu: u.user + u.system });
    }
  });
  server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port, bodies: Object.fromEntries(Object.entries(bodies).map(([k, v]) => [k, v.toString()])) }));
} else {
  await main();
}

async function main() {
  const { default: autocannon } = await import("autocannon");
  const start = (which) =>
    new Promise((resolve, reject) => {
      const child = fork(fileURLToPath(import.meta.url), ["--serve", which], { cwd: here });
      child.once("message", (m) => resolve({ which, child, port: m.port, bodies: m.bodies }));
      child.once("error", reject);
    });
  const cpuOf = (side) =>
    new Promise((resolve) => {
      side.child.once("message", (m) => resolve(m.cpu));
      side.child.send("cpu");
    });
  const fetchOnce = (side, p, accept) =>
    new Promise((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port: side.port, path: p, headers: accept ? { "accept-encoding": accept } : {} }, (res) => {
          const parts = [];
          res.on("data", (c) => parts.push(c));
          res.on("end", () => {
            const raw = Buffer.concat(parts);
            const enc = res.headers["content-encoding"];
            const text = enc === "br" ? zlib.brotliDecompressSync(raw).toString() : enc === "gzip" ? zlib.gunzipSync(raw).toString() : raw.toString();
            resolve({ status: res.statusCode, raw: raw.length, enc: enc ?? "identity", text, length: res.headers["content-length"] });
          });
        })
        .on("error", reject);
    });
  const load = (side, p, accept, amount) =>
    new Promise((resolve, reject) =>
      autocannon({ url: `http://127.0.0.1:${side.port}${p}`, connections: 10, amount, headers: accept ? { "accept-encoding": accept } : {} }, (e, r) => (e ? reject(e) : resolve(r))),
    );

  const sides = [await start("ours"), await start("package")];
  const encodings = [
    ["br", "gzip, deflate, br, zstd"],
    ["gzip", "gzip"],
    ["none", ""],
  ];
  let failed = false;
  console.log(`bench:compress on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}; ${ROUNDS} rounds of ${REQUESTS} requests, 10 connections`);
  console.log("\nOn the wire (one request each):");
  for (const p of ["/3kb", "/12kb"]) {
    for (const [name, accept] of encodings) {
      const seen = [];
      for (const side of sides) {
        const a = await fetchOnce(side, p, accept);
        if (a.status !== 200 || a.text !== side.bodies[p]) failed = true;
        seen.push(`${side.which}: ${a.enc} ${a.raw} B${a.length ? " (Content-Length)" : " (chunked)"}${a.text === side.bodies[p] ? "" : " BODY DIFFERS"}`);
      }
      console.log(`  ${p} ${name.padEnd(4)} ${seen.join(" | ")}`);
    }
  }
  // warm-up
  for (const side of sides) for (const p of ["/3kb", "/12kb"]) for (const [, accept] of encodings) await load(side, p, accept, 1500);

  const results = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    for (const p of ["/3kb", "/12kb"]) {
      for (const [name, accept] of encodings) {
        for (const side of round % 2 ? [...sides].reverse() : sides) {
          const before = await cpuOf(side);
          const r = await load(side, p, accept, REQUESTS);
          const after = await cpuOf(side);
          if (r.non2xx || r.errors) failed = true;
          const key = `${p} ${name} ${side.which}`;
          results.set(key, [...(results.get(key) ?? []), (after - before) / r.requests.total]);
        }
      }
    }
  }
  console.log("\nServer CPU per answer, µs: median [min-max] (ours = server/compress.ts; package = the compression package alone)");
  console.log("| answer | encoding | ours | package | package / ours |\n|---|---|---|---|---|");
  for (const p of ["/3kb", "/12kb"]) {
    for (const [name] of encodings) {
      const o = results.get(`${p} ${name} ours`);
      const k = results.get(`${p} ${name} package`);
      const f = (xs) => `${median(xs).toFixed(0)} [${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}]`;
      console.log(`| ${p.slice(1)} | ${name} | ${f(o)} | ${f(k)} | ${(median(k) / median(o)).toFixed(2)} |`);
    }
  }
  for (const side of sides) side.child.kill();
  if (failed) {
    console.error("\nA body differed or a status was not 200.");
    process.exit(1);
  }
}
