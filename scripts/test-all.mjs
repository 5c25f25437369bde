// npm test's runner: lint (ESLint; knip: unused files, dependencies and exports), type-check,
// unit, integration and end-to-end tests, one after another (the machine has 2 cores), each
// reporting as it goes; then one summary line over all of them.
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
  { name: "lint", cmd: [bin("eslint"), ".", "--cache", "--cache-location", "node_modules/.cache/eslint/", "--format", "json", "--output-file", `${reports}/lint.json`], report: "lint.json", kind: "eslint" },
  { name: "knip", cmd: [bin("knip"), "--no-progress"] },
  { name: "typecheck", cmd: [bin("tsc"), "--noEmit"] },
  { name: "unit", cmd: [bin("vitest"), "run", "--project", "unit", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/unit.json`], report: "unit.json", kind: "vitest" },
  { name: "integration", cmd: [bin("vitest"), "run", "--project", "integration", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/integration.json`], report: "integration.json", kind: "vitest" },
  { name: "build", cmd: [process.execPath, "--import", "tsx", path.join(root, "scripts", "build.mts")] },
  { name: "e2e", cmd: [bin("playwright"), "test", "--reporter=list,json"], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` }, report: "e2e.json", kind: "playwright" },
].filter((s) => !only.length || only.includes(s.name) || (s.name === "build" && only.includes("e2e")));

let passed = 0, failed = 0, skipped = 0, lintErrors = 0, lintWarnings = 0;
const failedStages = [];
/** each failed test as `stage: file › name`, repeated just before the summary (CI may keep only the tail) */
const failedTests = [];
for (const s of stages) {
  console.log(`\n=== ${s.name} ===`);
  const t = Date.now();
  const r = spawnSync(s.cmd[0], s.cmd.slice(1), { cwd: root, stdio: "inherit", env: { ...process.env, ...s.env } });
  if (s.kind === "eslint") [lintErrors, lintWarnings] = printLint(path.join(reports, s.report));
  console.log(`=== ${s.name}: ${r.status === 0 ? "ok" : `FAILED (exit ${r.status ?? r.signal})`} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failedStages.push(s.name);
  const file = s.kind !== "eslint" && s.report && path.join(reports, s.report);
  if (file && fs.existsSync(file)) {
    const j = JSON.parse(fs.readFileSync(file, "utf8"));
    if (s.kind === "vitest") {
      passed += j.numPassedTests; failed += j.numFailedTests; skipped += j.numPendingTests + (j.numTodoTests ?? 0);
      for (const f of j.testResults ?? []) {
        for (const a of f.assertionResults ?? []) {
          if (a.status === "failed") failedTests.push(`${s.name}: ${path.relative(root, f.name)} › ${a.fullName}`);
        }
        if (!f.assertionResults?.length && f.status === "failed") failedTests.push(`${s.name}: ${path.relative(root, f.name)} (${(f.message ?? "").split("\n")[0]})`);
      }
    } else {
      passed += j.stats.expected; failed += j.stats.unexpected + (j.stats.flaky ?? 0); skipped += j.stats.skipped;
      collectPlaywright(j.suites ?? [], s.name);
    }
  } else if (file && r.status !== 0) {
    failed += 1; // the stage died before it could report
  }
  if (s.name === "build" && r.status !== 0) break;
}
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join("\n")}`);
console.log(`\n${failedStages.length ? `Failed stages: ${failedStages.join(", ")}` : "All stages passed"}`);
const lint = stages.some((s) => s.kind === "eslint") ? `; lint: ${lintErrors} errors, ${lintWarnings} warnings` : "";
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}${lint}`);
process.exit(failedStages.length ? 1 : 0);

/** Playwright's JSON report: the tests that failed or were flaky, by file and title. */
function collectPlaywright(suites, stage, titles = []) {
  for (const suite of suites) {
    const inner = suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === "unexpected" || t.status === "flaky") failedTests.push(`${stage}: ${spec.file}:${spec.line} › ${[...inner, spec.title].join(" › ")}${t.status === "flaky" ? " (flaky)" : ""}`);
      }
    }
    collectPlaywright(suite.suites ?? [], stage, inner);
  }
}

/** ESLint's JSON report as `file:line:col  error|warning  message  (rule)` lines and a count; [errors, warnings]. */
function printLint(file) {
  if (!fs.existsSync(file)) return [0, 0];
  const results = JSON.parse(fs.readFileSync(file, "utf8"));
  let errors = 0, warnings = 0;
  for (const f of results) {
    for (const m of f.messages) {
      console.log(`${path.relative(root, f.filePath)}:${m.line ?? 0}:${m.column ?? 0}  ${m.severity === 2 ? "error" : "warning"}  ${m.message.split("\n")[0]}  (${m.ruleId ?? "eslint"})`);
    }
    errors += f.errorCount;
    warnings += f.warningCount;
  }
  console.log(`lint: ${errors} errors, ${warnings} warnings in ${results.length} files`);
  return [errors, warnings];
}
