// npm run bench:users | bench:bundle | bench:load: measurements on the production build (run
// `npm run build` first), against a throw-away server on port 3500 with its own embedded database.
//   users:  10,000 users, then the admin list endpoint paged, sorted, searched (median of 20 calls)
//   bundle: JavaScript each page loads (and gzip), whether react-admin's code ships outside /admin
//           and the charts' (uPlot) outside My Energy (/dashboards), My Energy against the shared
//           size: what it loads with its charts drawn, then what it loads on demand (table, dialog)
//   load:   the hardening probe: lists at 100 and 200 connections, a login and reset flood beside
//           reads; counts every status (exits non-zero on any 500) and the reads' latency
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import pg from "pg";
import { median } from "./lib/stats.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = 3500, PG_PORT = 54360, B = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "admin@example.com", password: "bench-admin-password" };
const what = process.argv[2];

async function startServer() {
  const child = spawn(process.execPath, [path.join(root, "scripts/e2e-server.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), EMBEDDED_PG_PORT: String(PG_PORT), FIRST_SUPERUSER_EMAIL: ADMIN.email, FIRST_SUPERUSER_PASSWORD: ADMIN.password, NEXT_TELEMETRY_DISABLED: "1", FOYER_QUIET: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    try { if ((await fetch(`${B}/api/health`)).ok) return child; } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGINT");
  throw new Error("the server did not start");
}

async function token() {
  const r = await fetch(`${B}/api/token`, { method: "POST", body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }) });
  return (await r.json()).access_token;
}

async function benchUsers() {
  const pw = fs.readFileSync(path.join(root, ".data", `e2e-${PORT}`, "pg", "password"), "utf8").trim();
  const client = new pg.Client({ host: "127.0.0.1", port: PG_PORT, user: "postgres", password: pw, database: "foyer" });
  await client.connect();
  const t0 = Date.now();
  await client.query(`INSERT INTO users (email, first_name, last_name, hashed_password, is_active, updated_at)
    SELECT 'bench-' || g || '@example.com', 'First' || g, 'Last' || (g % 97), '$2b$10$abcdefghijklmnopqrstuuFJ8mEwGgWQ4pxq1g1lD2y6bJ0mJ0pW2', g % 10 <> 0, now()
    FROM generate_series(1, 10000) g`);
  await client.query("ANALYZE users");
  console.log(`seeded 10,000 users in ${Date.now() - t0} ms`);
  await client.end();
  const auth = { Authorization: `Bearer ${await token()}` };
  const cases = [
    ["first page (id)", "/api/v1/users?_start=0&_end=25&_sort=id&_order=ASC"],
    ["last page (id)", "/api/v1/users?_start=9975&_end=10000&_sort=id&_order=ASC"],
    ["sorted by email, page 200", "/api/v1/users?_start=5000&_end=5025&_sort=email&_order=DESC"],
    ["search q=first123", "/api/v1/users?q=first123&_start=0&_end=25"],
    ["filter is_active=false", "/api/v1/users?is_active=false&_start=0&_end=25"],
    ["no _end (1000 rows)", "/api/v1/users"],
  ];
  console.log("\nGET /api/v1/users with 10,001 users, median of 20 calls over HTTP:");
  for (const [name, url] of cases) {
    const times = [];
    let total = "";
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const r = await fetch(B + url, { headers: auth });
      await r.arrayBuffer();
      times.push(performance.now() - t);
      total = r.headers.get("x-total-count");
    }
    console.log(`  ${name.padEnd(28)} ${median(times).toFixed(1).padStart(7)} ms   (X-Total-Count ${total})`);
  }
}

async function benchBundle() {
  /** scripts holding react-admin's code (its translation keys are a reliable mark) */
  const raScripts = new Set();
  /** scripts holding chart code: uPlot's (its date template), My Energy's charts, @mui/x-charts' (its axis class names) */
  const chartScripts = new Set();
  /** gzip size of each script, as a server compressing it would send it */
  const gzipped = new Map();
  const { chromium } = await import("playwright");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--headless", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
  const page = await browser.newPage();
  /** the scripts loaded while `act` runs (a navigation, a click) until the network is idle */
  const during = async (act) => {
    const scripts = new Map();
    const onResponse = async (res) => {
      if (res.request().resourceType() !== "script") return;
      try {
        const body = await res.body();
        scripts.set(res.url(), body.length);
        gzipped.set(res.url(), zlib.gzipSync(body).length);
        if (body.includes("ra.action.delete")) raScripts.add(res.url());
        if (body.includes('"{YYYY}"') || body.includes("Maximum power per day, in kVA") || body.includes("MuiChartsAxis")) chartScripts.add(res.url());
      } catch {}
    };
    page.on("response", onResponse);
    await act();
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    page.off("response", onResponse);
    return scripts;
  };
  const loaded = (url, ready) => during(async () => {
    await page.goto(B + url);
    await ready();
  });
  const kib = (m) => `${(([...m.values()].reduce((a, b) => a + b, 0)) / 1024).toFixed(0)} KiB`;
  const results = {};
  results["/login (visitor)"] = await loaded("/login", () => page.getByLabel("Email").waitFor());
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(`${B}/`);
  for (const p of ["/", "/protected", "/schedules", "/locations", "/device-info"]) {
    results[p] = await loaded(p, () => page.locator("main").first().waitFor());
  }
  // My Energy with its charts drawn: a meter and a month of days from a fixture (the JavaScript is the same as with real data)
  const day = (i) => `2026-10-${String(i + 1).padStart(2, "0")}`;
  const point = (i) => ({ start: `${day(i)}T22:00:00.000Z`, end: `${day(i)}T22:00:00.000Z`, consumption_kwh: 10 + (i % 7), production_kwh: null, self_consumed_kwh: null, cost_eur: 2.5, co2_kg: null, co2_estimated: false, complete: true });
  const totals = { consumption_kwh: 400, production_kwh: null, self_consumed_kwh: null, self_consumption_rate: null, self_sufficiency_rate: null, days: 31, days_with_data: 31, average_kwh_per_day: 12.9, missing_days: [], co2_kg: null, co2_partial: false, co2_estimated: false };
  const cost = { option: "base", kva: 6, supplier: "EDF", total_eur: 80, energy_eur: 70, subscription_eur: 10, lines: [{ period: "base", kwh: 400, eur: 70 }], partial: false, reasons: [] };
  const meter = { id: 1, usage_point_id: "00000000000000", integration_id: 1, sandbox: true, producer: false, subscribed_kva: 6, tariff_option: null, offpeak_hours: null, tariff: "base", tariff_source: "household", offpeak: [], created_at: "2026-10-01T00:00:00.000Z", sync: { state: "done", days_due: 31, days_fetched: 31, gaps: 0, oldest_day: "2026-10-01", newest_day: "2026-10-31", last_sync_at: null, last_error: null, last_error_at: null } };
  await page.route("**/api/v1/meters", (r) => r.fulfill({ json: [meter] }));
  await page.route("**/api/v1/meters/1/energy?**", (r) => r.fulfill({ json: { meter: { id: 1, usage_point_id: meter.usage_point_id, producer: false }, from: "2026-10-01", to: "2026-11-01", bucket: "day", series: Array.from({ length: 31 }, (_, i) => point(i)), totals, cost, max_power: { subscribed_kva: 6, peak: null, over_subscribed_days: 0, days: Array.from({ length: 31 }, (_, i) => ({ day: day(i), va: 3000 + i * 50, at: null })) }, carbon: { available: false, source: null, provider: null, licence: null, credit: null, basis: null, step_minutes: null, profile_year: null, estimated: false, estimated_share: 0, fetched: null, cleanest_hours: [], dirtiest_hours: [], grid_cleanest_hours: [] }, compare: null } }));
  await page.route("**/api/v1/meters/1/tariff-comparison", (r) => r.fulfill({ json: { from: "2025-11-01", to: "2026-11-01", kwh: 0, kva: 6, options: { base: null, hphc: null, tempo: null }, cheapest: null, difference_eur: null, cheapest_on_energy: null, estimates: [], current: "base", offpeak_assumed: true } }));
  results["/dashboards"] = await loaded("/dashboards", () => page.getByRole("figure", { name: "Cost per period, in euros" }).waitFor({ timeout: 30000 }));
  // then on demand: the table view, the tariff dialog
  const onDemand = {};
  onDemand["Table view"] = await during(async () => {
    await page.getByRole("button", { name: "Table", exact: true }).click();
    await page.getByRole("table").first().waitFor({ timeout: 30000 });
  });
  onDemand["Tariff settings dialog"] = await during(async () => {
    await page.getByRole("button", { name: "Tariff settings" }).click();
    await page.getByRole("dialog", { name: "Tariff settings" }).waitFor({ timeout: 30000 });
  });
  await page.unrouteAll();
  results["/admin"] = await loaded("/admin", () => page.getByText("Users").first().waitFor({ timeout: 30000 }));
  const household = new Set(Object.entries(results).filter(([k]) => k !== "/admin").flatMap(([, m]) => [...m.keys()]));
  const gz = (urls) => `${([...urls].reduce((a, u) => a + (gzipped.get(u) ?? 0), 0) / 1024).toFixed(1)} KiB gzip`;
  const adminOnly = new Map([...results["/admin"]].filter(([u]) => !household.has(u)));
  console.log("JavaScript loaded per page (uncompressed, scripts of a fresh navigation):");
  for (const [p, m] of Object.entries(results)) console.log(`  ${p.padEnd(18)} ${String(m.size).padStart(3)} scripts  ${kib(m).padStart(8)}`);
  console.log(`  scripts only /admin loads: ${adminOnly.size}, ${kib(adminOnly)}`);
  const leak = [...household].filter((u) => raScripts.has(u));
  console.log(`  scripts with react-admin's code: ${raScripts.size}, of which on household pages: ${leak.length}`);
  if (leak.length) process.exitCode = 1;
  // My Energy against the household pages' shared size: the scripts every other signed-in household page loads
  const others = ["/", "/protected", "/schedules", "/locations", "/device-info"].map((p) => new Set(results[p].keys()));
  const shared = [...others[0]].filter((u) => others.every((o) => o.has(u)));
  const energyOwn = [...results["/dashboards"].keys()].filter((u) => !shared.includes(u));
  console.log(`  household pages' shared scripts: ${shared.length}, ${gz(shared)}`);
  const beyond = energyOwn.reduce((a, u) => a + (gzipped.get(u) ?? 0), 0);
  console.log(`  /dashboards (My Energy, charts drawn) beyond them: ${energyOwn.length} scripts, ${gz(energyOwn)} (${(beyond / 1000).toFixed(1)} kB), of which chart code (uPlot and the charts) ${gz(energyOwn.filter((u) => chartScripts.has(u)))}; the issue's limit, 60 kB: ${beyond <= 60000 ? "within" : "OVER"}`);
  for (const u of energyOwn) console.log(`    ${u.replace(/^.*\/_next\/static\/chunks\//, "").padEnd(22)} ${gz([u]).padStart(16)}${chartScripts.has(u) ? "  (charts)" : ""}`);
  if (beyond > 60000) process.exitCode = 1;
  const seen = new Set([...household]);
  for (const [what, m] of Object.entries(onDemand)) {
    const fresh = [...m.keys()].filter((u) => !seen.has(u));
    fresh.forEach((u) => seen.add(u));
    console.log(`  then on demand, ${what}: ${fresh.length} scripts, ${gz(fresh)}`);
    for (const u of fresh) console.log(`    ${u.replace(/^.*\/_next\/static\/chunks\//, "").padEnd(22)} ${gz([u]).padStart(16)}`);
  }
  for (const p of Object.keys(results)) console.log(`  ${p.padEnd(18)} ${gz(results[p].keys()).padStart(16)}`);
  const chartLeak = Object.entries(results).filter(([p]) => p !== "/dashboards").flatMap(([, m]) => [...m.keys()]).filter((u) => chartScripts.has(u));
  console.log(`  scripts with chart code: ${chartScripts.size}, of which on other pages: ${chartLeak.length}`);
  if (chartLeak.length) process.exitCode = 1;
  await browser.close();
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

/** `connections` loops calling `next()` for `seconds`; returns the statuses counted and the latencies. */
async function hammer(connections, seconds, next) {
  const statuses = {};
  const times = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async (_, i) => {
    for (let n = 0; Date.now() < until; n++) {
      const [url, init] = next(i, n);
      const t = performance.now();
      let status;
      try {
        const r = await fetch(B + url, init);
        await r.arrayBuffer();
        status = r.status;
      } catch (e) {
        status = `error ${e.cause?.code ?? e.message}`;
      }
      times.push(performance.now() - t);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }));
  return { statuses, times };
}

async function benchLoad() {
  const auth = { Authorization: `Bearer ${await token()}`, "content-type": "application/json" };
  for (let i = 0; i < 20; i++) {
    await fetch(`${B}/api/v1/locations`, { method: "POST", headers: auth, body: JSON.stringify({ name: `Home ${i}`, country: "FR", lat: 45 + i / 100, lon: 5 }) });
    await fetch(`${B}/api/v1/schedules/manual_weekahead`, { method: "POST", headers: auth, body: JSON.stringify({ der_name: `Battery ${i}`, average_power: 500, months: [1, 2, 3], days: [0, 1], hours: [8, 9] }) });
  }
  const lists = ["/api/v1/locations/my", "/api/v1/schedules", "/api/v1/device_info/", "/api/v1/users?_start=0&_end=25"];
  let bad = 0;
  console.log(`Load probe on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}`);
  for (const connections of [100, 200]) {
    const { statuses, times } = await hammer(connections, 10, (i, n) => [lists[(i + n) % lists.length], { headers: auth }]);
    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    bad += statuses[500] ?? 0;
    console.log(`  lists at ${connections} connections, 10 s: ${total} requests (${(total / 10).toFixed(0)}/s), statuses ${JSON.stringify(statuses)}, p50 ${pct(times, 50).toFixed(0)} ms, p99 ${pct(times, 99).toFixed(0)} ms`);
  }
  // a burst: 30 logins at once (30 bcrypt comparisons at cost 10) beside one reader in a loop
  const burstReads = [];
  let burstDone = false;
  const burst = Promise.all(Array.from({ length: 30 }, (_, i) =>
    fetch(`${B}/api/token`, { method: "POST", body: new URLSearchParams({ username: `burst${i}@example.com`, password: "wrong-password" }) }).then((r) => r.status),
  )).then((s) => ((burstDone = true), s));
  while (!burstDone) {
    const t = performance.now();
    await (await fetch(`${B}/api/v1/users/me`, { headers: auth })).arrayBuffer();
    burstReads.push(performance.now() - t);
  }
  const burstStatuses = await burst;
  bad += burstStatuses.filter((s) => s === 500).length;
  console.log(`  burst of 30 logins (statuses ${JSON.stringify(Object.fromEntries([...new Set(burstStatuses)].map((s) => [s, burstStatuses.filter((x) => x === s).length])))}): GET /users/me meanwhile p50 ${pct(burstReads, 50).toFixed(1)} ms, max ${Math.max(...burstReads).toFixed(1)} ms over ${burstReads.length} reads`);
  // a flood of wrong logins and bad resets from 30 connections beside 5 readers of /users/me
  const quiet = await hammer(5, 5, () => ["/api/v1/users/me", { headers: auth }]);
  const [flood, reads] = await Promise.all([
    hammer(30, 10, (i, n) => n % 2
      ? ["/api/token", { method: "POST", body: new URLSearchParams({ username: `flood${i}-${n}@example.com`, password: "wrong-password" }) }]
      : ["/api/reset-password/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: `bad-${i}-${n}`, new_password: "a-new-password" }) }]),
    hammer(5, 10, () => ["/api/v1/users/me", { headers: auth }]),
  ]);
  bad += (flood.statuses[500] ?? 0) + (reads.statuses[500] ?? 0);
  console.log(`  login/reset flood, 30 connections, 10 s: statuses ${JSON.stringify(flood.statuses)}`);
  console.log(`  GET /users/me beside it: p50 ${pct(reads.times, 50).toFixed(1)} ms, p99 ${pct(reads.times, 99).toFixed(1)} ms (alone: p50 ${pct(quiet.times, 50).toFixed(1)} ms, p99 ${pct(quiet.times, 99).toFixed(1)} ms), statuses ${JSON.stringify(reads.statuses)}`);
  console.log(bad ? `  ${bad} answers of 500: FAILED` : "  no answer of 500");
  if (bad) process.exitCode = 1;
}

const server = await startServer();
try {
  if (what === "users") await benchUsers();
  else if (what === "bundle") await benchBundle();
  else if (what === "load") await benchLoad();
  else console.error("usage: node bench/bench.mjs users | bundle | load");
} finally {
  server.kill("SIGINT");
}
