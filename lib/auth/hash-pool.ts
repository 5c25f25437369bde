// bcrypt off the event loop: a small pool of worker threads running bcryptjs, with a bounded
// queue. A burst of logins, signups or resets then waits for a worker (or gets 503 past the
// bound) while every other request keeps the event loop to itself.
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import { unavailable } from "@/lib/errors";

type Job = { op: "hash"; password: string; rounds: number } | { op: "compare"; password: string; hash: string };
type Pending = { job: Job; resolve: (v: unknown) => void; reject: (e: unknown) => void };

// CommonJS run by each worker; bcryptjs is resolved from the app's folder (the process's cwd,
// where npm starts the app and the tests), not from a bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const bcrypt = require("node:module").createRequire(workerData.base)("bcryptjs");
parentPort.on("message", async ({ id, job }) => {
  try {
    const value = job.op === "hash" ? await bcrypt.hash(job.password, job.rounds) : await bcrypt.compare(job.password, job.hash);
    parentPort.postMessage({ id, value });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e && e.message || e) });
  }
});`;

class HashPool {
  private idle: Worker[] = [];
  private busy = new Map<Worker, { id: number; p: Pending }>();
  private queue: Pending[] = [];
  private seq = 0;
  private size: number;

  constructor(size: number, private maxQueue: number) {
    this.size = size;
  }

  private spawn(): Worker {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { base: path.join(process.cwd(), "package.json") } });
    w.unref(); // an idle pool never keeps a script or a test run alive
    w.on("message", (m: { id: number; value?: unknown; error?: string }) => {
      const cur = this.busy.get(w);
      if (!cur || cur.id !== m.id) return;
      this.busy.delete(w);
      if (m.error !== undefined) cur.p.reject(new Error(`password hashing failed: ${m.error}`));
      else cur.p.resolve(m.value);
      this.release(w);
    });
    w.on("error", (e) => this.fail(w, e));
    w.on("exit", (code) => this.fail(w, new Error(`password worker exited (${code})`)));
    return w;
  }

  /** A worker died: its job fails, it is dropped, and a new one takes its place when needed. */
  private fail(w: Worker, err: unknown) {
    const cur = this.busy.get(w);
    this.busy.delete(w);
    this.idle = this.idle.filter((x) => x !== w);
    cur?.p.reject(err);
    this.pump();
  }

  private release(w: Worker) {
    this.idle.push(w);
    this.pump();
  }

  private pump() {
    while (this.queue.length) {
      let w = this.idle.pop();
      if (!w && this.busy.size + this.idle.length < this.size) w = this.spawn();
      if (!w) return;
      const p = this.queue.shift()!;
      const id = ++this.seq;
      this.busy.set(w, { id, p });
      w.ref(); // keep the process alive while a job runs
      w.postMessage({ id, job: p.job });
    }
    for (const w of this.idle) w.unref();
  }

  run<T>(job: Job): Promise<T> {
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(unavailable("Too many sign-ins at once, please try again in a moment", 1));
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /** Starts a worker ahead of the first job, if none is there: its thread and bcryptjs load meanwhile. */
  warm() {
    if (this.busy.size + this.idle.length > 0) return;
    const w = this.spawn();
    this.idle.push(w);
  }

  stats() {
    return { workers: this.busy.size + this.idle.length, busy: this.busy.size, queued: this.queue.length };
  }
}

const g = globalThis as unknown as { foyerHashPool?: HashPool };

/** The process's pool (BCRYPT_WORKERS threads, default cores - 1; BCRYPT_QUEUE_MAX waiting jobs). */
export function hashPool(): HashPool {
  if (!g.foyerHashPool) {
    const e = env();
    const size = e.BCRYPT_WORKERS ?? Math.max(1, Math.min(4, os.availableParallelism() - 1));
    g.foyerHashPool = new HashPool(size, e.BCRYPT_QUEUE_MAX);
  }
  return g.foyerHashPool;
}
