// Property-based fuzzing of every write endpoint and every list's query parameters (issue 9):
// hostile bodies, queries and path segments must never answer 5xx, every error has the contract's
// shape, and a refused request changes nothing in the database.
//
// Replay a failure with the seed it prints: FUZZ_SEED=<seed> (FUZZ_RUNS=<n> scales the runs).
import fc from "fast-check";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { call, type CallOptions, type CallResult } from "../helpers/api";
import { makeUser, type TestUser } from "../factories/users";
import { makeDevice, makeIntegration } from "../factories/devices";
import { makeLocation } from "../factories/locations";
import { db } from "@/lib/db";
import * as users from "@/app/api/v1/users/route";
import * as user from "@/app/api/v1/users/[id]/route";
import * as acceptTos from "@/app/api/v1/users/me/accept_tos/route";
import * as password from "@/app/api/v1/users/me/password/route";
import * as emailChange from "@/app/api/v1/users/me/email/route";
import * as deleteMe from "@/app/api/v1/users/me/delete/route";
import * as locations from "@/app/api/v1/locations/route";
import * as location from "@/app/api/v1/locations/[id]/route";
import * as myLocations from "@/app/api/v1/locations/my/route";
import * as locations1 from "@/app/api/v1/locations1/route";
import * as deviceInfos from "@/app/api/v1/device_info/route";
import * as deviceInfo from "@/app/api/v1/device_info/[id]/route";
import * as measurements from "@/app/api/v1/device_measurement_metadata/route";
import * as measurement from "@/app/api/v1/device_measurement_metadata/[id]/route";
import * as userDevices from "@/app/api/v1/user_devices/route";
import * as userDevice from "@/app/api/v1/user_devices/[id]/route";
import * as devices from "@/app/api/v1/devices/route";
import * as device from "@/app/api/v1/devices/[id]/route";
import * as tariffs from "@/app/api/v1/tariffs/route";
import * as tariff from "@/app/api/v1/tariffs/[id]/route";
import * as schedules from "@/app/api/v1/schedules/route";
import * as scheduleCreate from "@/app/api/v1/schedules/manual_weekahead/route";
import * as schedule from "@/app/api/v1/schedules/[id]/route";
import * as signup from "@/app/api/signup/route";
import * as token from "@/app/api/token/route";
import * as refresh from "@/app/api/token/refresh/route";
import * as resetPassword from "@/app/api/reset-password/route";
import * as recovery from "@/app/api/password-recovery/[email]/route";
import * as integration from "@/app/api/integrations/[id]/route";
import * as linkyConsumption from "@/app/api/integrations/linky/my/[meter]/consumption/route";
import * as link from "@/app/api/integrations/[id]/link/route";
import * as callback from "@/app/api/integrations/[id]/callback/route";
import * as sandbox from "@/app/api/sandbox/[vendor]/[...path]/route";
import { SANDBOX_CLIENT } from "@/lib/integrations/config";

// the brute-force limits would answer 429 before the code under test after a few dozen cases
Object.assign(process.env, {
  LOGIN_MAX_FAILURES_PER_EMAIL: "1000000",
  LOGIN_MAX_FAILURES_PER_CLIENT: "1000000",
  SIGNUP_MAX_PER_HOUR: "1000000",
  RECOVERY_MAX_PER_HOUR: "1000000",
  RESET_MAX_PER_HOUR: "1000000",
});

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
/** Cases per endpoint: bodies for writes, queries for lists. */
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 200;
console.log(`[fuzz] seed ${SEED}, ${RUNS} cases per endpoint (replay: FUZZ_SEED=${SEED})`);

type Handler = Parameters<typeof call>[0];

// ---------------------------------------------------------------------------------------------
// Hostile values

/** A number written as JSON text as is (JSON.stringify cannot write 1e400 or 18446744073709551615). */
class RawJson {
  constructor(readonly text: string) {}
}

const nastyChars = ["\u0000", "\ud800", "\udbff", "\udc00", "\udfff", "\ud83d\ude00", "\ufffd", "\ufeff", "é", "€", "'", '"', "\\", "%00", "\n", "\t", " ", "<", "${", "--", ";"];
const nastyString = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 }),
  fc.array(fc.constantFrom(...nastyChars), { minLength: 1, maxLength: 4 }).map((a) => a.join("")),
  fc.tuple(fc.constantFrom("a", "1", " ", "€", "\u0000", "x@y.co"), fc.constantFrom(99, 100, 101, 254, 255, 257, 1025, 3000, 70_000)).map(([c, n]) => c.repeat(n)),
  fc.constantFrom("", " ", "null", "true", "0", "-1", "1e400", "NaN", "Infinity", "2147483648", "18446744073709551615", "9007199254740993", "1.5", "0x10", " 7 ", "a@b.co", "2026-02-30T00:00:00Z", "9999-12-31T23:59:59+14:00", "__proto__"),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 2, 50, 100, 2147483647, 2147483648, -2147483648, -2147483649, 4294967296, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, -1e308, 5e-324, 0.1, 1.5, -0.5, 10000.5, 90.000000001),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom("1e400", "-1e400", "18446744073709551615", "9007199254740993", "1e-400", "-0", "1E2", "0.000000001").map((t) => new RawJson(t)),
);
const nastyKey = fc.oneof(fc.constantFrom("id", "data", "name", "__proto__", "constructor", "a.b", "", "\u0000", "\ud800", "x".repeat(300)), fc.string({ maxLength: 6 }));
const leaf = fc.oneof(nastyString, nastyNumber, fc.constantFrom(null, true, false));
/** Any JSON value, hostile leaves and keys included, a few levels deep. */
const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(nastyKey, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** JSON text with RawJson written as is. */
function toJson(v: unknown): string {
  if (v instanceof RawJson) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(",")}]`;
  if (v !== null && typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(",")}}`;
  return JSON.stringify(v) ?? "null";
}

/** An own property, even for "__proto__" (an assignment would set the prototype instead). */
function put(o: Record<string | number, unknown>, k: string | number, v: unknown) {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/** A deep copy (RawJson kept), so that no generated value is shared or changed in place. */
function copy(v: unknown): unknown {
  if (v instanceof RawJson || v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(copy);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) put(out, k, copy(x));
  return out;
}

type Path = (string | number)[];
/** Every path of a value (the root included), to pick one to mutate. */
function pathsOf(v: unknown, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pathsOf(x, [...at, i])));
  else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v)) out.push(...pathsOf(x, [...at, k]));
  return out;
}

type Mutation = { pick: number; op: "replace" | "delete" | "add-key" | "wrap-array" | "nest" | "wrap-deep"; value: unknown; key: string; depth: number };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  op: fc.constantFrom("replace", "replace", "replace", "delete", "add-key", "wrap-array", "nest", "wrap-deep"),
  value: nastyValue,
  key: nastyKey,
  depth: fc.constantFrom(2, 20, 33, 40, 200),
});

function deepen(v: unknown, depth: number): unknown {
  let out = v;
  for (let i = 0; i < depth; i++) out = i % 2 ? [out] : { x: out };
  return out;
}

/** A valid body with a few of its values replaced, removed, added to, wrapped or nested. */
function mutate(valid: unknown, ms: Mutation[]): unknown {
  let body: unknown = copy(valid);
  for (const m of ms) {
    const paths = pathsOf(body);
    const path = paths[m.pick % paths.length];
    const change = (old: unknown): unknown => {
      switch (m.op) {
        case "replace": return copy(m.value);
        case "wrap-array": return [old];
        case "nest": {
          const o = {};
          put(o, m.key, old);
          return o;
        }
        case "wrap-deep": return deepen(old, m.depth);
        case "add-key": {
          if (old === null || typeof old !== "object" || Array.isArray(old) || old instanceof RawJson) return copy(m.value);
          put(old as Record<string, unknown>, m.key, copy(m.value));
          return old;
        }
        default: return old;
      }
    };
    if (!path.length) {
      body = m.op === "delete" ? {} : change(body);
      continue;
    }
    const parent = path.slice(0, -1).reduce<any>((o, k) => o[k], body);
    const last = path[path.length - 1];
    if (m.op === "delete") {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else put(parent, last, change(parent[last]));
  }
  return body;
}

/** A change that keeps a valid body's shape and spoils one leaf: what gets past a schema's types. */
type Taint = { pick: number; pos: number; text: string; huge: number; num: unknown; other: unknown };
const taint: fc.Arbitrary<Taint> = fc.record({
  pick: fc.nat(),
  pos: fc.nat(),
  text: fc.constantFrom("\u0000", "\ud800", "\udfff", "\udc00\ud800", "\u0000\u0000", "\ud83d", "\ude00"),
  huge: fc.constantFrom(0, 0, 0, 101, 255, 257, 1100, 3000, 70_000),
  num: fc.oneof(
    fc.constantFrom(0, -1, 2147483647, 2147483648, -2147483649, 4294967296, 2 ** 53 + 2, 1e21, 1e308, -1e308, 5e-324, 0.5, 1.000000001, 100000),
    fc.constantFrom("1e400", "-1e400", "18446744073709551615", "9007199254740993", "1e-400", "-0").map((t) => new RawJson(t)),
  ),
  other: fc.constantFrom(null, true, "", " ", "1", "2147483648", [], {}, [1], { a: 1 }),
});

/** Leaves (strings, numbers, booleans, null) of a value. */
const leafPaths = (v: unknown) =>
  pathsOf(v).filter((p) => {
    const x = p.reduce<any>((o, k) => o?.[k], v);
    return x === null || typeof x !== "object";
  });

function applyTaint(valid: unknown, t: Taint): unknown {
  const body = copy(valid);
  const paths = leafPaths(body).filter((p) => p.length);
  if (!paths.length) return body;
  const path = paths[t.pick % paths.length];
  const parent = path.slice(0, -1).reduce<any>((o, k) => o[k], body);
  const last = path[path.length - 1];
  const old = parent[last];
  let next: unknown;
  if (typeof old === "string") {
    const at = t.pos % (old.length + 1);
    next = t.pos % 7 === 6 ? t.other : t.huge ? (old || "a").repeat(Math.ceil(t.huge / Math.max(1, old.length))) : old.slice(0, at) + t.text + old.slice(at);
  } else if (typeof old === "number") {
    next = t.pos % 5 === 4 ? t.other : t.num;
  } else {
    next = t.pos % 2 ? t.other : t.num;
  }
  put(parent, last, next);
  return body;
}

/** How a generated body travels: JSON (most), or raw text that is not quite JSON. */
type Body = { kind: "json"; value: unknown } | { kind: "raw"; text: string; type?: string };
const brokenBodies: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom("", " ", "{", "[", "nul", "{\"a\":}", "\u0000", "{\"a\":\"\\u0000\"}", "{\"a\":\"\\ud800\"}", "{\"\\u0000\":1}", "1", "\"x\"", "null", "[]", "{}{}", "\ufeff{}").map((text) => ({ kind: "raw" as const, text })),
  fc.constantFrom(5_000, 100_000, 600_000).map((n) => ({ kind: "raw" as const, text: "[".repeat(n) + "]".repeat(n) })),
  fc.constantFrom(1024 * 1024 + 1, 2 * 1024 * 1024).map((n) => ({ kind: "raw" as const, text: `{"name":"${"a".repeat(n)}"}` })),
  fc.tuple(nastyValue, fc.constantFrom("text/plain", "application/xml", "application/x-www-form-urlencoded", "multipart/form-data", "application/json; charset=latin1", "")).map(([v, type]) => ({ kind: "raw" as const, text: toJson(v), type })),
);
/** Bodies for an endpoint whose valid body is `valid`: mostly mutations, some arbitrary JSON, some broken. */
const bodiesFor = (valid: unknown): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 6, arbitrary: taint.map((t) => ({ kind: "json" as const, value: applyTaint(valid, t) })) },
    { weight: 3, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => ({ kind: "json" as const, value: mutate(valid, ms) })) },
    { weight: 2, arbitrary: nastyValue.map((value) => ({ kind: "json" as const, value })) },
    { weight: 1, arbitrary: fc.constant({ kind: "json" as const, value: valid }) },
    { weight: 1, arbitrary: brokenBodies },
  );

/** A path id: mostly the fixture's, else anything a URL segment can hold. */
const pathIdFor = (id: () => number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(null).map(() => String(id())) },
    { weight: 1, arbitrary: fc.constantFrom("0", "-1", "1.5", "2147483647", "2147483648", "999999999", "9999999999", "18446744073709551615", "1e3", "0x1", " 1", "1 ", "", "%00", "\u0000", "\ud800", "abc", "1;DROP TABLE users") },
    { weight: 1, arbitrary: nastyString },
  );

// ---------------------------------------------------------------------------------------------
// Checks

/** Rows and a hash of the contents of every table but the attempt counters (which a refused login updates by design). */
async function snapshot(): Promise<string> {
  const rows = await db.$queryRawUnsafe<{ t: string; n: bigint; h: string }[]>(tableHashSql!);
  return rows.map((r) => `${r.t}:${r.n}:${r.h}`).join(" ");
}
let tableHashSql: string | undefined;

/** The contract's error shapes; `refused` answers must leave the database as it was. */
function expectContractAnswer(r: CallResult, what: string, contract: boolean) {
  expect(r.status, `${what} → ${r.status} ${JSON.stringify(r.body)?.slice(0, 500)}`).toBeLessThan(500);
  if (r.status >= 400 && contract) {
    expect(typeof r.body?.detail, `${what}: detail`).toBe("string");
    if (r.status === 422) {
      expect(Array.isArray(r.body.errors), `${what}: errors[]`).toBe(true);
      for (const e of r.body.errors) expect(typeof e.path === "string" && typeof e.message === "string", `${what}: ${JSON.stringify(e)}`).toBe(true);
    }
  }
}

function describeCase(o: CallOptions): string {
  const body = o.body ?? (o.json === undefined ? "" : toJson(o.json));
  return `${o.method ?? "POST"} ${o.path ?? ""} params=${JSON.stringify(o.params ?? {})} body=${body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body}`;
}

/** Answers by endpoint and status, printed at the end: how deep the cases reached. */
const tally = new Map<string, Map<number, number>>();
let current = "";
afterAll(() => {
  let total = 0;
  for (const [name, byStatus] of tally) {
    const n = [...byStatus.values()].reduce((a, b) => a + b, 0);
    total += n;
    console.log(`[fuzz] ${name}: ${n} cases, ${[...byStatus].sort(([a], [b]) => a - b).map(([st, c]) => `${st}×${c}`).join(" ")}`);
  }
  console.log(`[fuzz] ${total} requests over ${tally.size} endpoints, seed ${SEED}`);
});

let last: string | undefined;
/**
 * One call: no 5xx, the contract's shape (unless `contract` is false: the sandbox answers in each
 * vendor's own error format), and nothing changed when refused.
 */
async function probe(handler: Handler, o: CallOptions, { contract = true } = {}): Promise<CallResult> {
  const before = last ?? (await snapshot());
  last = undefined;
  const r = await call(handler, o);
  const byStatus = tally.get(current) ?? new Map<number, number>();
  byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  tally.set(current, byStatus);
  const what = describeCase(o);
  expectContractAnswer(r, what, contract);
  if (r.status >= 400) {
    const after = await snapshot();
    last = after;
    expect(after, `${what}: a refused request changed the database`).toBe(before);
  }
  return r;
}

function requestOf(b: Body, o: Omit<CallOptions, "json" | "body">): CallOptions {
  if (b.kind === "json") return { ...o, body: toJson(b.value), headers: { ...o.headers, "content-type": "application/json" } };
  return { ...o, body: b.text, headers: { ...o.headers, ...(b.type === undefined ? { "content-type": "application/json" } : b.type ? { "content-type": b.type } : {}) } };
}

let seedOffset = 0;
/** Runs a property with its own seed derived from SEED (printed on failure by fast-check too). */
async function fuzz<T>(arb: fc.Arbitrary<T>, run: (v: T) => Promise<unknown>, runs = RUNS) {
  seedOffset += 1;
  await fc.assert(
    fc.asyncProperty(arb, async (v) => {
      await run(v);
    }),
    { seed: SEED + seedOffset, numRuns: runs, endOnFailure: false },
  );
}

// ---------------------------------------------------------------------------------------------
// Fixtures: an owner with a location, a device with a measurement, an integration and a schedule;
// an admin; a victim user for the user endpoints (so that no fuzzed change locks the callers out)

type Fx = { owner: TestUser; admin: TestUser; victim: TestUser; locationId: number; deviceId: number; measurementId: number; integrationId: number; scheduleId: number; tariffId: number };
let fx: Fx;

beforeEach(async () => {
  const [owner, admin, victim] = await Promise.all([makeUser({ acceptedTos: true }), makeUser({ admin: true }), makeUser()]);
  const home = await makeLocation(owner.id);
  const link = await makeIntegration(owner.id, "linky");
  const d = await makeDevice(owner.id, { locationId: home.id, measurements: [{ name: "grid" }] });
  const s = await db.schedule.create({
    data: { userId: owner.id, derName: "Battery", data: { der_name: "Battery", average_power: 2000, months: [1], days: [0], hours: [10], start_date: "2026-01-01T00:00:00.000Z" } },
  });
  const t = await db.tariff.create({ data: { supplier: "EDF Tarif Bleu", option: "hphc", subscribedKva: 6, priceHp: 0.2142, priceHc: 0.1589, validFrom: new Date("2026-08-01T00:00:00Z"), source: "https://example.test/grid" } });
  fx = { owner, admin, victim, locationId: home.id, deviceId: d.id, measurementId: d.measurements[0].id, integrationId: link.id, scheduleId: s.id, tariffId: t.id };
  if (!tableHashSql) {
    const tables = await db.$queryRaw<{ tablename: string }[]>`select tablename from pg_tables where schemaname = 'public' and tablename not in ('_prisma_migrations', 'rate_limit_hits') order by tablename`;
    tableHashSql = tables.map((t) => `select '${t.tablename}' as t, count(*) as n, coalesce(sum(hashtextextended(x::text, 0)), 0)::text as h from "${t.tablename}" x`).join(" union all ");
  }
  last = undefined;
});

const who = fc.constantFrom<"owner" | "admin">("owner", "admin");
const tokenOf = (w: "owner" | "admin") => fx[w].token;

// ---------------------------------------------------------------------------------------------
// Write endpoints: [name, handler, method, valid body, path params, caller]

type WriteEndpoint = {
  name: string;
  handler: Handler;
  method: "POST" | "PUT" | "DELETE";
  valid: () => unknown;
  /** the path id's name and its fixture; absent for paths without an id */
  id?: { name: string; of: () => number };
  caller: "any" | "admin" | "none" | "victim";
  runs?: number;
};

const userDeviceBody = () => ({
  device_id: "meter-1",
  device_type: "shelly",
  location_id: fx.locationId,
  integration_id: fx.integrationId,
  phase_m: "single",
  data: {
    source: "mqtt",
    mqtt: { host: "broker.local" },
    channels: [{ name: "grid", classification: "consumption", prefix: "p", suffix: "s", metadata: { "is.programmable": true, smartApplianceCategory: "hvac", measurements: [{ unit: "W", databaseMeasurementPrefix: "power" }] } }],
  },
});
const scheduleBody = () => ({
  der_name: "Battery",
  average_power: 2000,
  months: [1, 2],
  days: [0, 6],
  hours: [0, 23],
  start_date: "2026-11-23T00:00:00Z",
  schedules: [
    { months: [1], days: [0], hours: [1], average_power: 100 },
    { months: [2], days: [1], hours: [2], average_power: 101 },
  ],
});
const measurementBody = () => ({
  device_id: fx.deviceId,
  name: "solar",
  display_name: "Solar",
  measure_type: "pv",
  classification: "production",
  programmable: false,
  smart_appliance_category: "hvac",
  prefix: "a",
  suffix: "b",
  quantities: [{ unit: "W", databaseMeasurementPrefix: "power" }],
});
const tariffBody = () => ({ supplier: "EDF Tarif Bleu", option: "base", subscribed_kva: 9, subscription_eur_per_year: 238.56, price_base: 0.1985, valid_from: "2027-02-01", valid_to: null, source: "https://example.test/grid-2027" });
const deviceInfoBody = () => ({ device_id: "dev-x", device_type: "shelly", phase_m: "three", owner_id: fx.owner.id, location_id: fx.locationId, integration_id: fx.integrationId });

const writes: WriteEndpoint[] = [
  { name: "POST /api/v1/users", handler: users.POST, method: "POST", caller: "admin", valid: () => ({ email: "new@example.com", password: "a long password", first_name: "Ada", last_name: "Lovelace", is_active: true, is_superuser: false }) },
  { name: "PUT /api/v1/users/{id}", handler: user.PUT, method: "PUT", caller: "admin", id: { name: "id", of: () => fx.victim.id }, valid: () => ({ first_name: "Ada", last_name: "L", email: fx.victim.email, password: "another password", is_active: true, is_superuser: false }) },
  { name: "PUT /api/v1/users/{id} (self)", handler: user.PUT, method: "PUT", caller: "victim", id: { name: "id", of: () => fx.victim.id }, valid: () => ({ first_name: "Ada", last_name: "L", email: fx.victim.email }) },
  { name: "DELETE /api/v1/users/{id}", handler: user.DELETE, method: "DELETE", caller: "admin", id: { name: "id", of: () => fx.victim.id }, valid: () => ({}), runs: RUNS / 4 },
  { name: "POST /api/v1/users/me/accept_tos", handler: acceptTos.POST, method: "POST", caller: "any", valid: () => ({}), runs: RUNS / 4 },
  { name: "POST /api/v1/users/me/password", handler: password.POST, method: "POST", caller: "victim", valid: () => ({ current_password: "wrong password", new_password: "a new password" }) },
  { name: "POST /api/v1/users/me/email", handler: emailChange.POST, method: "POST", caller: "victim", valid: () => ({ password: "wrong password", new_email: "moved@example.com" }) },
  { name: "POST /api/v1/users/me/delete", handler: deleteMe.POST, method: "POST", caller: "victim", valid: () => ({ password: "wrong password" }) },
  { name: "POST /api/v1/locations", handler: locations.POST, method: "POST", caller: "any", valid: () => ({ name: "Cottage", country: "IE", lat: 53.3498, lon: "-6.2603", owner_id: fx.owner.id }) },
  { name: "PUT /api/v1/locations/{id}", handler: location.PUT, method: "PUT", caller: "any", id: { name: "id", of: () => fx.locationId }, valid: () => ({ id: fx.locationId, name: "Home", country: "FR", lat: "48.85661234", lon: 2.35, owner_id: fx.owner.id }) },
  { name: "DELETE /api/v1/locations/{id}", handler: location.DELETE, method: "DELETE", caller: "any", id: { name: "id", of: () => fx.locationId }, valid: () => ({}), runs: RUNS / 4 },
  { name: "POST /api/v1/device_info", handler: deviceInfos.POST, method: "POST", caller: "any", valid: deviceInfoBody },
  { name: "PUT /api/v1/device_info/{id}", handler: deviceInfo.PUT, method: "PUT", caller: "any", id: { name: "id", of: () => fx.deviceId }, valid: () => ({ id: fx.deviceId, ...deviceInfoBody(), device_type: "spoony", phase_m: "single" }) },
  { name: "DELETE /api/v1/device_info/{id}", handler: deviceInfo.DELETE, method: "DELETE", caller: "any", id: { name: "id", of: () => fx.deviceId }, valid: () => ({}), runs: RUNS / 4 },
  { name: "POST /api/v1/device_measurement_metadata", handler: measurements.POST, method: "POST", caller: "any", valid: measurementBody },
  { name: "PUT /api/v1/device_measurement_metadata/{id}", handler: measurement.PUT, method: "PUT", caller: "any", id: { name: "id", of: () => fx.measurementId }, valid: () => ({ ...measurementBody(), id: fx.measurementId, name: "grid" }) },
  { name: "DELETE /api/v1/device_measurement_metadata/{id}", handler: measurement.DELETE, method: "DELETE", caller: "any", id: { name: "id", of: () => fx.measurementId }, valid: () => ({}), runs: RUNS / 4 },
  { name: "POST /api/v1/user_devices", handler: userDevices.POST, method: "POST", caller: "any", valid: userDeviceBody },
  { name: "PUT /api/v1/user_devices/{id}", handler: userDevice.PUT, method: "PUT", caller: "any", id: { name: "id", of: () => fx.deviceId }, valid: () => ({ id: fx.deviceId, ...userDeviceBody() }) },
  { name: "DELETE /api/v1/user_devices/{id}", handler: userDevice.DELETE, method: "DELETE", caller: "any", id: { name: "id", of: () => fx.deviceId }, valid: () => ({}), runs: RUNS / 4 },
  { name: "PUT /api/v1/devices/{id}", handler: device.PUT, method: "PUT", caller: "admin", id: { name: "id", of: () => fx.deviceId }, valid: () => ({ name: "dev-y", type: "linky", data_source: "linky_api", measurement_type: "single", user_id: fx.owner.id, location_id: fx.locationId, measures: [{ name: "x", unit: "W" }] }) },
  { name: "DELETE /api/v1/devices/{id}", handler: device.DELETE, method: "DELETE", caller: "admin", id: { name: "id", of: () => fx.deviceId }, valid: () => ({}), runs: RUNS / 4 },
  { name: "POST /api/v1/tariffs", handler: tariffs.POST, method: "POST", caller: "admin", valid: () => tariffBody() },
  { name: "PUT /api/v1/tariffs/{id}", handler: tariff.PUT, method: "PUT", caller: "admin", id: { name: "id", of: () => fx.tariffId }, valid: () => ({ ...tariffBody(), option: "hphc", price_base: null, price_hp: 0.21, price_hc: 0.16, valid_from: "2026-08-01" }) },
  { name: "DELETE /api/v1/tariffs/{id}", handler: tariff.DELETE, method: "DELETE", caller: "admin", id: { name: "id", of: () => fx.tariffId }, valid: () => ({}), runs: RUNS / 4 },
  { name: "POST /api/v1/schedules/manual_weekahead", handler: scheduleCreate.POST, method: "POST", caller: "any", valid: scheduleBody },
  { name: "PUT /api/v1/schedules/{id}", handler: schedule.PUT, method: "PUT", caller: "any", id: { name: "id", of: () => fx.scheduleId }, valid: () => ({ id: fx.scheduleId, user_id: fx.owner.id, der_name: "Battery", type: "manual_weekahead", data: scheduleBody() }) },
  { name: "DELETE /api/v1/schedules/{id}", handler: schedule.DELETE, method: "DELETE", caller: "any", id: { name: "id", of: () => fx.scheduleId }, valid: () => ({}), runs: RUNS / 4 },
  { name: "DELETE /api/integrations/{id}", handler: integration.DELETE, method: "DELETE", caller: "any", id: { name: "id", of: () => fx.integrationId }, valid: () => ({}), runs: RUNS / 4 },
  { name: "POST /api/signup", handler: signup.POST, method: "POST", caller: "none", valid: () => ({ username: "someone@example.com", password: "a long password" }) },
  { name: "POST /api/token", handler: token.POST, method: "POST", caller: "none", valid: () => ({ username: fx.victim.email, password: "wrong password" }) },
  { name: "POST /api/token/refresh", handler: refresh.POST, method: "POST", caller: "any", valid: () => ({}), runs: RUNS / 4 },
  { name: "POST /api/reset-password/", handler: resetPassword.POST, method: "POST", caller: "none", valid: () => ({ token: "a".repeat(43), new_password: "a new password" }) },
];

describe("fuzzing every write endpoint", () => {
  for (const ep of writes) {
    it(`${ep.name}: no 5xx, the contract's errors, nothing changed when refused`, async () => {
      current = ep.name;
      const arb = fc.record({ body: bodiesFor(ep.valid()), as: who, id: pathIdFor(ep.id?.of ?? (() => 0)) });
      await fuzz(arb, async ({ body, as, id }) => {
        const caller = ep.caller === "none" ? undefined : ep.caller === "admin" ? fx.admin.token : ep.caller === "victim" ? fx.victim.token : tokenOf(as);
        const o = requestOf(body, { method: ep.method, token: caller, params: ep.id ? { [ep.id.name]: id } : undefined, path: `/fuzz/${ep.name.replace(/\W+/g, "-")}` });
        await probe(ep.handler, o);
      }, ep.runs ?? RUNS);
    });
  }

  it("POST /api/token and /api/signup as forms (urlencoded and multipart)", async () => {
    current = "POST /api/token, /api/signup (forms)";
    const field = fc.oneof(nastyString, fc.constantFrom("someone@example.com", "a long password"));
    const form = fc.dictionary(fc.oneof(fc.constantFrom("username", "password"), nastyKey), field, { maxKeys: 4 });
    await fuzz(fc.record({ form, multipart: fc.boolean(), signup: fc.boolean() }), async ({ form: fields, multipart, signup: isSignup }) => {
      const handler = isSignup ? signup.POST : token.POST;
      if (multipart) {
        const fd = new FormData();
        for (const [k, v] of Object.entries(fields)) fd.append(k, v);
        const req = new Request("http://foyer.test/api/token", { method: "POST", body: fd });
        const text = await req.text();
        await probe(handler, { method: "POST", body: text, headers: { "content-type": req.headers.get("content-type")! } });
      } else {
        await probe(handler, { method: "POST", body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
      }
    });
  });

  it("POST /api/password-recovery/{email}: any path segment", async () => {
    current = "POST /api/password-recovery/{email}";
    const email = fc.oneof(nastyString, fc.constantFrom("nobody@example.com", " Nobody@Example.com "), fc.constantFrom(255, 3000).map((n) => `${"a".repeat(n)}@example.com`));
    await fuzz(email, async (e) => {
      await probe(recovery.POST, { method: "POST", params: { email: e } });
    }, RUNS / 2);
  });
});

// ---------------------------------------------------------------------------------------------
// Lists: every query parameter a list reads, and others, with hostile values

const listValue = fc.oneof(
  nastyString,
  fc.constantFrom("0", "1", "-1", "2147483647", "2147483648", "9007199254740993", "18446744073709551615", "99999999999", "1.5", "1e3", " 1", "true", "false", "ASC", "desc", "id", "email", "FR", "spoony", "mqtt", "single", "%00"),
  fc.nat().map(String),
);

type ListEndpoint = { name: string; handler: Handler; keys: string[]; caller: "any" | "admin" };
const common = ["_start", "_end", "_sort", "_order", "q", "id", "unknown"];
const lists: ListEndpoint[] = [
  { name: "GET /api/v1/users", handler: users.GET, caller: "any", keys: [...common, "is_active", "is_superuser", "accepted_tos", "email", "first_name", "last_name"] },
  { name: "GET /api/v1/locations", handler: locations.GET, caller: "any", keys: [...common, "owner_id", "country", "name"] },
  { name: "GET /api/v1/locations/my", handler: myLocations.GET, caller: "any", keys: [...common, "owner_id", "country", "name"] },
  { name: "GET /api/v1/locations1", handler: locations1.GET, caller: "any", keys: [...common, "owner_id", "country", "name"] },
  { name: "GET /api/v1/device_info", handler: deviceInfos.GET, caller: "any", keys: [...common, "owner_id", "user_id", "location_id", "device_type", "integration_id", "phase_m", "device_id"] },
  { name: "GET /api/v1/user_devices", handler: userDevices.GET, caller: "any", keys: [...common, "owner_id", "location_id", "device_type", "integration_id", "phase_m", "device_id"] },
  { name: "GET /api/v1/devices", handler: devices.GET, caller: "admin", keys: [...common, "user_id", "location_id", "type", "data_source", "measurement_type", "name"] },
  { name: "GET /api/v1/tariffs", handler: tariffs.GET, caller: "admin", keys: [...common, "option", "subscribed_kva", "kva", "supplier", "in_force"] },
  { name: "GET /api/v1/schedules", handler: schedules.GET, caller: "any", keys: [...common, "user_id", "der_name", "type"] },
  { name: "GET /api/integrations/linky/my/{meter}/consumption", handler: linkyConsumption.GET, caller: "any", keys: ["start", "end", "api_key", "unknown"] },
];

/** A query string: known and unknown names (some repeated) with hostile values, or raw percent-encoded text. */
const queryFor = (keys: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: nastyKey }), listValue), { maxLength: 6 }).map((pairs) => `?${new URLSearchParams(pairs.map(([k, v]) => [k, v])).toString()}`) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.constantFrom(...keys), fc.constantFrom("%00", "%ff", "%ed%a0%80", "%", "%zz", "a%00b", "+", "%2B", "1%00", "%c0%80")), { minLength: 1, maxLength: 3 }).map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`) },
  );

describe("fuzzing every list's query parameters", () => {
  for (const ep of lists) {
    it(`${ep.name}: no 5xx, the contract's errors`, async () => {
      current = ep.name;
      await fuzz(fc.record({ query: queryFor(ep.keys), as: who }), async ({ query, as }) => {
        const r = await probe(ep.handler, { method: "GET", token: ep.caller === "admin" ? fx.admin.token : tokenOf(as), path: `/api/list${query}`, params: { meter: "24880057139941" } });
        if (r.status === 200 && ep.name.startsWith("GET /api/v1")) {
          expect(Array.isArray(r.body), query).toBe(true);
          expect(r.headers.get("x-total-count"), query).toMatch(/^\d+$/);
        }
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// OAuth: the link (writes a state), the vendor's redirect back (consumes one) and the bundled
// sandbox's token endpoint (form bodies)

const vendorName = fc.oneof({ weight: 3, arbitrary: fc.constantFrom("linky", "netatmo", "legrand", "legrand_up") }, { weight: 1, arbitrary: nastyString });

describe("fuzzing the OAuth endpoints", () => {
  it("GET /api/integrations/{vendor}/link: any vendor segment", async () => {
    current = "GET /api/integrations/{vendor}/link";
    await fuzz(fc.record({ vendor: vendorName, as: who }), async ({ vendor, as }) => {
      await probe(link.GET, { method: "GET", token: tokenOf(as), params: { id: vendor } });
    }, RUNS / 4);
  });

  it("GET /api/integrations/{vendor}/callback: any query, every answer a redirect or a 404", async () => {
    current = "GET /api/integrations/{vendor}/callback";
    const keys = ["code", "state", "error", "error_description", "usage_point_id", "unknown"];
    await fuzz(fc.record({ vendor: vendorName, query: queryFor(keys) }), async ({ vendor, query }) => {
      const r = await probe(callback.GET, { method: "GET", params: { id: vendor }, path: `/api/integrations/x/callback${query}` });
      expect([302, 404], `${vendor} ${query} → ${r.status}`).toContain(r.status);
    });
  });

  it("POST /api/sandbox/{vendor}/.../token: any form", async () => {
    current = "POST /api/sandbox/{vendor}/token";
    const tokenPaths = { linky: "oauth2/v3/token", netatmo: "oauth2/token", legrand: "token" } as const;
    const field = fc.oneof(nastyString, fc.constantFrom("foyer-sandbox", "authorization_code", "refresh_token", "http://foyer.test/api/integrations/linky/callback"));
    const form = fc.dictionary(fc.oneof(fc.constantFrom("grant_type", "client_id", "client_secret", "code", "redirect_uri", "refresh_token", "code_verifier"), nastyKey), field, { maxKeys: 6 });
    // mostly with the sandbox's client credentials, so that the grant itself is reached
    await fuzz(fc.record({ vendor: fc.constantFrom("linky", "netatmo", "legrand" as const), form, client: fc.boolean() }), async ({ vendor, form: fields, client }) => {
      const body = new URLSearchParams(client ? { client_id: SANDBOX_CLIENT.clientId, client_secret: SANDBOX_CLIENT.clientSecret } : {});
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      await probe(sandbox.POST, {
        method: "POST",
        params: { vendor } as Record<string, string>,
        path: `/api/sandbox/${vendor}/${tokenPaths[vendor]}`,
        body: body.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }, { contract: false });
    }, RUNS / 2);
  });
});
