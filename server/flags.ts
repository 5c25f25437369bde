// Node's flags for a serving process (`npm start`, `npm run go`, the siblings it forks, the
// benchmarks' servers). One: `--v8-pool-size=1`, V8's background threads (concurrent marking and
// sweeping, off-thread compilation) one per process instead of four. On a 2-core machine the four
// took the cores from the request thread and PostgreSQL whenever V8 collected its old generation:
// 20-60 requests 20-180 ms late each time, about every 10 s at half capacity. Measured alternately,
// the app alone at 230 req/s on `schedules` for 64 s after a burst (docs/performance.md, "The API's
// slow tail"): p99 per 8 s window ≤ 16 ms in 16 windows of 16 with it, against 11 of 16 without
// (worst 68 ms), though it collected more often (13-14 major collections against 8-9).
export const SERVER_NODE_FLAGS = ["--v8-pool-size=1"];

/** `execArgv` with the serving flags added, unless it already sets them (to another value). */
export function withServerFlags(execArgv: string[]): string[] {
  const named = (flag: string) => flag.split("=")[0];
  return [...execArgv, ...SERVER_NODE_FLAGS.filter((f) => !execArgv.some((a) => named(a) === named(f)))];
}
