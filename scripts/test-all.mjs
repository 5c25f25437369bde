// npm test's runner: type-check, unit, integration and end-to-end tests, one after another (the
// machine has 2 cores), each reporting as it goes; then one summary line over all of them.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, "test-results", "reports");
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const only = process.argv.slice(2);

const stages = [
  { name: "typecheck", cmd: [bin("tsc"), "--noEmit"] },
  { name: "unit", cmd: [bin("vitest"), "run", "--project", "unit", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/unit.json`], report: "unit.json", kind: "vitest" },
  { name: "integration", cmd: [bin("vitest"), "run", "--project", "integration", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/integration.json`], report: "integration.json", kind: "vitest" },
  { name: "build", cmd: [bin("next"), "build"] },
  { name: "e2e", cmd: [bin("playwright"), "test", "--reporter=list,json"], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` }, report: "e2e.json", kind: "playwright" },
].filter((s) => !only.length || only.includes(s.name) || (s.name === "build" && only.includes("e2e")));

let passed = 0, failed = 0, skipped = 0;
const failedStages = [];
for (const s of stages) {
  console.log(`\n=== ${s.name} ===`);
  const t = Date.now();
  const r = spawnSync(s.cmd[0], s.cmd.slice(1), { cwd: root, stdio: "inherit", env: { ...process.env, ...s.env } });
  console.log(`=== ${s.name}: ${r.status === 0 ? "ok" : `FAILED (exit ${r.status ?? r.signal})`} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failedStages.push(s.name);
  const file = s.report && path.join(reports, s.report);
  if (file && fs.existsSync(file)) {
    const j = JSON.parse(fs.readFileSync(file, "utf8"));
    if (s.kind === "vitest") {
      passed += j.numPassedTests; failed += j.numFailedTests; skipped += j.numPendingTests + (j.numTodoTests ?? 0);
    } else {
      passed += j.stats.expected; failed += j.stats.unexpected + (j.stats.flaky ?? 0); skipped += j.stats.skipped;
    }
  } else if (s.report && r.status !== 0) {
    failed += 1; // the stage died before it could report
  }
  if (s.name === "build" && r.status !== 0) break;
}
console.log(`\n${failedStages.length ? `Failed stages: ${failedStages.join(", ")}` : "All stages passed"}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failedStages.length ? 1 : 0);
