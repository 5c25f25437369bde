// The OpenAPI document (lib/openapi, docs/openapi.md) against the code: every route.ts under
// app/api has an openapi.ts beside it that describes its methods (or says why it is left out), and
// the document is made of those; the document is valid OpenAPI 3.1; and a representative call of
// every documented JSON operation answers what the document says (each body validated with ajv
// against the documented schema, and each JSON request body sent against the documented request
// schema). A route added without its description, or a view changed without its schema, fails
// here (or in tsc: lib/openapi/schemas).
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormatsModule from "ajv-formats";
import { Validator } from "@seriousme/openapi-schema-validator";
import { openApiDocument } from "@/lib/openapi/document";
import type { RouteDoc } from "@/lib/openapi/operations";
import { ROUTE_DOCS } from "@/app/api/openapi.json/route-docs";
import { db } from "@/lib/db";
import { buildArchive } from "@/lib/services/archives/build";
import { upsertCurve } from "@/lib/services/readings/store";
import type { CurvePoint } from "@/lib/services/readings/types";
import { upsertTariffs } from "@/lib/services/tariffs/tariffs";
import { storeBatch } from "@/lib/services/telemetry/store";
import { ensureDeviceMqtt } from "@/lib/services/telemetry/connection";
import { SHARING_CONSENT } from "@/lib/privacy/sharing";
import { parisDayOf, parisDayStart, parisToUtc, addDays, addMonths } from "@/lib/time/paris";
import { refreshRollups } from "@/lib/services/community/rollup";
import { SANDBOX_PRODUCER } from "@/lib/integrations/sandbox/linky";
import { call, type CallOptions, type CallResult } from "../helpers/api";
import { mailbox } from "../helpers/integration-setup";
import { resetTokenFrom } from "../helpers/mailbox";
import { OAuthBrowser } from "../helpers/oauth-browser";
import { GrafanaFake, grafanaDashboard } from "../fakes/grafana";
import { makeUser } from "../factories/users";
import { makeIntegration } from "../factories/devices";
import * as docsFile from "@/app/api/docs/[file]/route";
import * as sandbox from "@/app/api/sandbox/[vendor]/[...path]/route";

type Json = Record<string, any>;
const doc = openApiDocument(ROUTE_DOCS) as Json;

// ---------------------------------------------------------------------------------------------
// The routes' folders: each route.ts and the openapi.ts beside it

type Handler = Parameters<typeof call>[0];
const HANDLER_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"];

/** Every folder under app/api with a route.ts or an openapi.ts, as `app/api/v1/users/[id]`. */
function routeFolders(dir = "app/api"): { dir: string; hasRoute: boolean; hasDoc: boolean }[] {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  const has = (name: string) => entries.some((e) => e.isFile() && e.name === name);
  const here = has("route.ts") || has("openapi.ts") ? [{ dir, hasRoute: has("route.ts"), hasDoc: has("openapi.ts") }] : [];
  return [...here, ...entries.filter((e) => e.isDirectory()).flatMap((e) => routeFolders(`${dir}/${e.name}`))];
}

/** Each folder with its description (openapi.ts) and, for a described route, its handlers (route.ts). */
const folders = await Promise.all(
  routeFolders().map(async (f) => {
    const described = f.hasDoc ? ((await import(path.resolve(f.dir, "openapi.ts"))).default as RouteDoc | undefined) : undefined;
    const handlers = f.hasRoute && typeof described === "object" && "path" in described ? ((await import(path.resolve(f.dir, "route.ts"))) as Record<string, unknown>) : undefined;
    return { ...f, described, handlers };
  }),
);

/** "POST /api/v1/locations" → its handler: the route.ts beside the openapi.ts that describes it. */
function handlerOf(key: string): Handler {
  const [method, p] = key.split(" ");
  const f = folders.find((x) => x.described && "path" in x.described && x.described.path === p);
  const handler = f?.handlers?.[method];
  if (typeof handler !== "function") expect.fail(`${key}: no route's openapi.ts describes it, or its route.ts has no ${method}`);
  return handler as Handler;
}

// ---------------------------------------------------------------------------------------------
// Checking an answer against the document

/** The document's components as one schema ajv can resolve `#/components/schemas/...` in. */
const BASE = "https://foyer.test/api/openapi.json";
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: BASE, components: { schemas: doc.components.schemas } });
const compiled = new Map<string, ValidateFunction>();
function validatorOf(schema: Json): ValidateFunction {
  const text = JSON.stringify(schema).replaceAll('"#/components/', `"${BASE}#/components/`);
  let v = compiled.get(text);
  if (!v) compiled.set(text, (v = ajv.compile(JSON.parse(text))));
  return v;
}
function expectValid(schema: Json, value: unknown, what: string) {
  const v = validatorOf(schema);
  if (!v(value)) expect.fail(`${what} does not match the document: ${ajv.errorsText(v.errors)}\n${JSON.stringify(value).slice(0, 800)}`);
}

/** "METHOD /path" → the operation and the statuses checked, for the coverage test at the end. */
const checked = new Set<string>();

/**
 * The answer of `key` ("POST /api/v1/locations") is one the document lists, with its content
 * type and a body that matches the documented schema; `sent`, the JSON (or form) body of the
 * request, matches the documented request schema.
 */
function check(key: string, res: CallResult, sent?: unknown): CallResult {
  const [method, p] = key.split(" ");
  const op = doc.paths[p]?.[method.toLowerCase()];
  if (!op) expect.fail(`${key} is not in the document`);
  if (sent !== undefined) {
    const schema = op.requestBody?.content?.["application/json"]?.schema;
    if (!schema) expect.fail(`${key}: a body was sent, the document has no JSON request body`);
    expectValid(schema, sent, `${key}'s request body`);
  }
  const answer = op.responses[String(res.status)] ?? (res.status >= 400 ? op.responses.default : undefined);
  if (!answer) expect.fail(`${key} answered ${res.status}, which the document does not list: ${JSON.stringify(res.body).slice(0, 300)}`);
  const type = res.headers.get("content-type")?.split(";")[0].trim();
  const content = answer.content as Json | undefined;
  if (!content) {
    expect(res.body, `${key} ${res.status} has no documented body`).toBeNull();
  } else {
    expect(Object.keys(content), `${key} ${res.status}: content type`).toContain(type);
    if (type === "application/json") expectValid(content[type].schema, res.body, `${key} ${res.status}`);
  }
  for (const header of Object.keys(answer.headers ?? {})) expect(res.headers.has(header), `${key} ${res.status}: header ${header}`).toBe(true);
  checked.add(`${key} ${res.status}`);
  return res;
}

/** Calls the handler of `key` with `key`'s method, then checks its answer (and `sent`) as check does. */
async function checkCall(key: string, o: CallOptions = {}, sent?: unknown): Promise<CallResult> {
  return check(key, await call(handlerOf(key), { method: key.split(" ")[0], ...o }), sent);
}

const HALF_HOUR = 1_800_000;
function curveDays(from: string, to: string, wh = 120): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (let t = parisDayStart(from); t < parisDayStart(to); t += HALF_HOUR) points.push({ start: new Date(t), stepMin: 30, wh, quality: "BRUT" });
  return points;
}

// ---------------------------------------------------------------------------------------------

describe("every route under app/api is described beside its handler", () => {
  it("every route.ts has an openapi.ts beside it, and app/api/openapi.json/route-docs.ts lists each", () => {
    const problems: string[] = [];
    for (const f of folders) {
      const d = f.described;
      if (!f.hasDoc) problems.push(`${f.dir}/route.ts has no description: add ${f.dir}/openapi.ts (describeRoute, or notDocumented and why: docs/openapi.md)`);
      else if (!f.hasRoute) problems.push(`${f.dir}/openapi.ts describes no route: there is no route.ts beside it`);
      else if (!d || typeof d !== "object") problems.push(`${f.dir}/openapi.ts: export default describeRoute(...) or notDocumented(...)`);
      else if (!ROUTE_DOCS.includes(d)) problems.push(`${f.dir}/openapi.ts is not read: add it to ROUTE_DOCS (app/api/openapi.json/route-docs.ts)`);
      else if ("undocumented" in d && d.undocumented.length < 20) problems.push(`${f.dir}/openapi.ts: say in a sentence why the route is left out`);
    }
    expect(problems).toEqual([]);
    const described = folders.map((f) => f.described);
    expect(ROUTE_DOCS.filter((d) => !described.includes(d)), "ROUTE_DOCS entries that are no folder's openapi.ts").toEqual([]);
    expect(new Set(ROUTE_DOCS).size, "a route listed twice in ROUTE_DOCS").toBe(ROUTE_DOCS.length);
    expect(folders.length).toBeGreaterThan(50);
  });

  it("each description has its folder's path and exactly the methods its route.ts exports", () => {
    /** `/api/v1/users/[id]` (a folder) and `/api/v1/users/{id}` (the contract) both as `/api/v1/users/{}`; a route group `(x)` is no segment */
    const shape = (p: string) => p.replace(/\/\([^)]*\)/g, "").replace(/\[\[?(?:\.\.\.)?[^\]]+\]\]?|\{[^}]+\}/g, "{}");
    const problems: string[] = [];
    for (const f of folders) {
      if (!f.described || !("path" in f.described) || !f.handlers) continue;
      const folderPath = f.dir.slice("app".length);
      if (shape(f.described.path) !== shape(folderPath)) problems.push(`${f.dir}/openapi.ts describes ${f.described.path}, the folder serves ${folderPath}`);
      const exported = HANDLER_METHODS.filter((m) => typeof f.handlers![m] === "function");
      const methods = Object.keys(f.described.operations);
      for (const m of exported) if (!methods.includes(m)) problems.push(`${f.dir}/route.ts exports ${m}, which its openapi.ts does not describe`);
      for (const m of methods) if (!exported.includes(m)) problems.push(`${f.dir}/openapi.ts describes ${m}, which its route.ts does not export`);
    }
    expect(problems).toEqual([]);
  });
});

describe("the document is valid OpenAPI 3.1", () => {
  it("passes the OpenAPI 3.1 schema", async () => {
    const validator = new Validator();
    const r = await validator.validate(structuredClone(doc));
    expect(r.errors ?? [], JSON.stringify(r.errors, null, 1)?.slice(0, 2000)).toEqual([]);
    expect(r.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("every path parameter is declared, every $ref resolves, operationIds are unique, every component compiles", () => {
    const ids = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths as Json)) {
      const names = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [m, op] of Object.entries(ops as Json)) {
        const declared = ((op.parameters ?? []) as Json[]).filter((x) => x.in === "path").map((x) => x.name).sort();
        expect(declared, `${m} ${p}`).toEqual(names);
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.filter((r) => !doc.components.schemas[r])).toEqual([]);
    for (const name of Object.keys(doc.components.schemas)) validatorOf({ $ref: `#/components/schemas/${name}` });
  });

  it("is what GET /api/openapi.json serves, and /api/docs is a page of our own files (no CDN)", async () => {
    const served = await checkCall("GET /api/openapi.json", { path: "/api/openapi.json" });
    expect(served.body).toEqual(JSON.parse(JSON.stringify(doc)));
    const page = await checkCall("GET /api/docs", { path: "/api/docs" });
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = page.body as string;
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls.every((u) => u.startsWith("/api/"))).toBe(true);
    for (const u of urls.filter((x) => x.startsWith("/api/docs/"))) {
      const file = u.slice("/api/docs/".length);
      const res = await call(docsFile.GET, { path: u, params: { file } });
      expect(res.status, u).toBe(200);
    }
    expect((await call(docsFile.GET, { path: "/api/docs/..%2Fpackage.json", params: { file: "../package.json" } })).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
// Representative calls

/**
 * The app's own vendor sandbox (app/api/sandbox) over real HTTP on 127.0.0.1, as a deployment
 * without vendor credentials talks to it (INTEGRATIONS_SANDBOX_URL): the vendor calls of the
 * integration routes go there. `failing` answers a vendor's data calls with a 500 instead.
 */
const vendorSide = { failing: false, seen: 0 };
const sandboxServer = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const [vendor = "", ...rest] = url.pathname.replace(/^\/api\/sandbox\//, "").split("/");
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  vendorSide.seen++;
  if (vendorSide.failing && !/oauth2|authorize|token$/.test(url.pathname)) {
    res.writeHead(500, { "content-type": "application/json" });
    return res.end(JSON.stringify({ error: "server_error", error_description: "down for maintenance" }));
  }
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
  const handler = req.method === "POST" ? sandbox.POST : sandbox.GET;
  const answer = await handler(new Request(url, { method: req.method, headers, body }), { params: Promise.resolve({ vendor, path: rest }) });
  res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
  res.end(Buffer.from(await answer.arrayBuffer()));
});
const grafana = new GrafanaFake();
/** The app reads its vendor and dashboard settings from the environment at each call (lib/env.ts, integrationsEnv). */
const ENV_KEYS = ["INTEGRATIONS_SANDBOX_URL", "DASHBOARD_URL", "DASHBOARD_TOKEN"] as const;
const envBefore = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
beforeAll(async () => {
  await new Promise<void>((resolve) => sandboxServer.listen(0, "127.0.0.1", resolve));
  process.env.INTEGRATIONS_SANDBOX_URL = `http://127.0.0.1:${(sandboxServer.address() as AddressInfo).port}`;
  await grafana.start();
});
afterAll(async () => {
  for (const k of ENV_KEYS) {
    if (envBefore[k] === undefined) delete process.env[k];
    else process.env[k] = envBefore[k];
  }
  await new Promise<void>((resolve) => sandboxServer.close(() => resolve()));
  await grafana.stop();
});

describe("every documented answer matches what the handlers return", () => {
  it("auth: sign up, log in (form and JSON), refresh, recover and reset a password, health", async () => {
    const form = { username: "new.person@example.com", password: "a-long-password" };
    await checkCall("POST /api/signup", { path: "/api/signup", form }, form);
    const tokenForm = await checkCall("POST /api/token", { path: "/api/token", form }, form);
    await checkCall("POST /api/token", { path: "/api/token", json: form }, form);
    await checkCall("POST /api/token", { path: "/api/token", json: { ...form, password: "wrong-password" } }, { ...form, password: "wrong-password" });
    await checkCall("POST /api/token", { path: "/api/token", json: { username: "x@example.com" } });
    await checkCall("POST /api/token/refresh", { path: "/api/token/refresh", token: tokenForm.body.access_token });
    await checkCall("POST /api/token/refresh", { path: "/api/token/refresh" });

    await checkCall("POST /api/password-recovery/{email}", { params: { email: form.username }, path: `/api/password-recovery/${form.username}` });
    const resetToken = resetTokenFrom(await mailbox.waitFor(form.username));
    const body = { token: resetToken, new_password: "a-brand-new-password" };
    await checkCall("POST /api/reset-password", { path: "/api/reset-password/", json: body }, body);
    await checkCall("POST /api/reset-password", { path: "/api/reset-password/", json: body }, body);

    await checkCall("GET /api/health", { path: "/api/health" });
  });

  it("users and My Account: profile, notice, e-mail, password, archives, deletion", async () => {
    const [owner, admin, leaving, changing] = await Promise.all([makeUser(), makeUser({ admin: true }), makeUser(), makeUser()]);
    const t = owner.token;
    await checkCall("GET /api/v1/users/me", { token: t });
    await checkCall("POST /api/v1/users/me/accept_tos", { token: t });
    const email = { password: owner.password, new_email: "renamed@example.com" };
    await checkCall("POST /api/v1/users/me/email", { token: t, json: email }, email);
    await checkCall("GET /api/v1/users/me/deletion", { token: t });

    await checkCall("GET /api/v1/users/me/archives", { token: t });
    const asked = await checkCall("POST /api/v1/users/me/archives", { token: t });
    expect(asked.status).toBe(202);
    expect((await checkCall("POST /api/v1/users/me/archives", { token: t })).status).toBe(200);
    const id = asked.body.id as string;
    await checkCall("GET /api/v1/users/me/archives/{id}/download", { token: t, params: { id } });
    expect(await buildArchive(id)).toBe("ready");
    await checkCall("GET /api/v1/users/me/archives/{id}", { token: t, params: { id } });
    await checkCall("GET /api/v1/users/me/archives/{id}/download", { token: t, params: { id } });
    await checkCall("DELETE /api/v1/users/me/archives/{id}", { token: t, params: { id } });
    await checkCall("GET /api/v1/users/me/archives/{id}", { token: t, params: { id } });

    await checkCall("GET /api/v1/users", { token: t, path: "/api/v1/users" });
    await checkCall("GET /api/v1/users", { token: admin.token, path: "/api/v1/users?_sort=email&_order=DESC&_start=0&_end=2&is_active=true" });
    const newUser = { email: "made.by.admin@example.com", password: "a-long-password", first_name: "Made" };
    await checkCall("POST /api/v1/users", { token: t, json: newUser }, newUser);
    const made = await checkCall("POST /api/v1/users", { token: admin.token, json: newUser }, newUser);
    const uid = { id: String(made.body.id) };
    await checkCall("GET /api/v1/users/{id}", { token: admin.token, params: uid });
    await checkCall("GET /api/v1/users/{id}", { token: t, params: uid });
    const names = { first_name: "Renamed", last_name: null };
    await checkCall("PUT /api/v1/users/{id}", { token: admin.token, params: uid, json: names }, names);
    await checkCall("PUT /api/v1/users/{id}", { token: admin.token, params: uid, json: { email: "not an e-mail" } }, { email: "not an e-mail" });
    await checkCall("DELETE /api/v1/users/{id}", { token: admin.token, params: uid });

    const passwords = { current_password: changing.password, new_password: "another-long-password" };
    await checkCall("POST /api/v1/users/me/password", { token: changing.token, json: passwords }, passwords);
    const confirm = { password: leaving.password };
    await checkCall("POST /api/v1/users/me/delete", { token: leaving.token, json: confirm }, confirm);
  });

  it("locations, devices, measurements, schedules", async () => {
    const [owner, admin] = await Promise.all([makeUser(), makeUser({ admin: true })]);
    const t = owner.token;
    const home = { name: "Home", country: "FR", lat: 48.8566, lon: "2.3522" };
    const loc = await checkCall("POST /api/v1/locations", { token: t, json: home }, home);
    await checkCall("POST /api/v1/locations", { token: t, json: { ...home, lat: "north" } }, { ...home, lat: "north" });
    const lid = { id: String(loc.body.id) };

    const info = { device_id: "shellyem-C45BBE6B2D42", device_type: "spoony", phase_m: "single", location_id: loc.body.id };
    const dev = await checkCall("POST /api/v1/device_info", { token: t, json: info }, info);
    const did = { id: String(dev.body.id) };
    const m = { device_id: dev.body.id, name: "m1", display_name: "Phase 1", measure_type: "total_home", classification: "consumption", quantities: [{ unit: "W", databaseMeasurementPrefix: "power" }] };
    const made = await checkCall("POST /api/v1/device_measurement_metadata", { token: t, json: m }, m);
    const mid = { id: String(made.body.id) };
    await checkCall("GET /api/v1/device_measurement_metadata/{id}", { token: t, params: mid });
    const mChange = { display_name: "Kitchen", programmable: true, smart_appliance_category: "hvac" };
    await checkCall("PUT /api/v1/device_measurement_metadata/{id}", { token: t, params: mid, json: mChange }, mChange);

    await checkCall("GET /api/v1/device_info", { token: t, path: "/api/v1/device_info/" });
    await checkCall("GET /api/v1/device_info/{id}", { token: t, params: did });
    await checkCall("GET /api/v1/device_info/{id}", { token: t, params: { id: "999999" } });
    const infoChange = { id: dev.body.id, phase_m: "three" };
    await checkCall("PUT /api/v1/device_info/{id}", { token: t, params: did, json: infoChange }, infoChange);

    const card = {
      device_id: "card-1", device_type: "shelly", location_id: loc.body.id, phase_m: "single",
      data: { source: "mqtt", mqtt: { host: "broker.local" }, channels: [{ name: "c1", classification: "production", prefix: "p", metadata: { "is.programmable": false, smartApplianceCategory: null, measurements: [{ unit: "W", databaseMeasurementPrefix: "pv" }] } }] },
    };
    const ud = await checkCall("POST /api/v1/user_devices", { token: t, json: card }, card);
    const uid = { id: String(ud.body.id) };
    await checkCall("GET /api/v1/user_devices", { token: t });
    await checkCall("GET /api/v1/user_devices/{id}", { token: t, params: uid });
    const cardChange = { ...card, data: { ...card.data, channels: [...card.data.channels, { name: "c2", classification: "consumption" }] } };
    await checkCall("PUT /api/v1/user_devices/{id}", { token: t, params: uid, json: cardChange }, cardChange);

    await checkCall("GET /api/v1/devices", { token: admin.token });
    await checkCall("GET /api/v1/devices", { token: t });
    await checkCall("GET /api/v1/devices/{id}", { token: admin.token, params: uid });
    const adminChange = { name: "card-1-renamed", measurement_type: "single" };
    await checkCall("PUT /api/v1/devices/{id}", { token: admin.token, params: uid, json: adminChange }, adminChange);

    await checkCall("GET /api/v1/locations", { token: t });
    await checkCall("GET /api/v1/locations/my", { token: admin.token });
    await checkCall("GET /api/v1/locations1", { token: t });
    await checkCall("GET /api/v1/locations/{id}", { token: t, params: lid });
    await checkCall("GET /api/v1/locations1/{id}", { token: t, params: lid });
    const moved = { ...home, name: "Flat", lat: "45.764043" };
    await checkCall("PUT /api/v1/locations/{id}", { token: t, params: lid, json: moved }, moved);

    const plan = { der_name: "Battery", average_power: 1500, months: [1, 2, 3], days: [0, 1], hours: [8, 9], start_date: "2026-01-05T00:00:00Z", schedules: [{ months: [1], days: [0], hours: [8], average_power: 1500 }, { months: [2, 3], days: [1], hours: [9], average_power: 1501 }] };
    const s = await checkCall("POST /api/v1/schedules/manual_weekahead", { token: t, json: plan }, plan);
    const overlapping = { ...plan, schedules: [plan.schedules[0], { ...plan.schedules[1], months: [1] }] };
    await checkCall("POST /api/v1/schedules/manual_weekahead", { token: t, json: overlapping }, overlapping);
    const sid = { id: String(s.body.id) };
    await checkCall("GET /api/v1/schedules", { token: t });
    await checkCall("GET /api/v1/schedules/{id}", { token: t, params: sid });
    const record = { ...s.body, data: { ...s.body.data, der_name: "Battery (evenings)", schedules: undefined } };
    await checkCall("PUT /api/v1/schedules/{id}", { token: t, params: sid, json: record }, JSON.parse(JSON.stringify(record)));
    const bare = { der_name: "Heat pump", average_power: 2000, months: [11, 12], days: [5, 6], hours: [6] };
    await checkCall("PUT /api/v1/schedules/{id}", { token: t, params: sid, json: bare }, bare);

    await checkCall("DELETE /api/v1/schedules/{id}", { token: t, params: sid });
    await checkCall("DELETE /api/v1/device_measurement_metadata/{id}", { token: t, params: mid });
    await checkCall("DELETE /api/v1/user_devices/{id}", { token: t, params: uid });
    await checkCall("DELETE /api/v1/device_info/{id}", { token: t, params: did });
    const other = await call(handlerOf("POST /api/v1/device_info"), { token: t, json: { device_id: "for-admin" } });
    await checkCall("DELETE /api/v1/devices/{id}", { token: admin.token, params: { id: String(other.body.id) } });
    await checkCall("DELETE /api/v1/locations/{id}", { token: t, params: lid });
  });

  it("community flexibility: an admin plans, lists, reads and cancels an event and its results; a household reads it, chooses, and sets taking part automatically", async () => {
    const [owner, admin] = await Promise.all([makeUser(), makeUser({ admin: true })]);
    const t = owner.token;
    const linky = await makeIntegration(owner.id, "linky");
    const meter = await db.meter.create({ data: { userId: owner.id, integrationId: linky.id, usagePointId: "24880057139941", sandbox: true, producer: false } });
    const today = parisDayOf(Date.now());
    await upsertCurve(meter.id, "consumption", curveDays(addDays(today, -40), today), "sandbox");
    // tomorrow 18:00-20:00 in Paris: on the half hour, within one local day, in the future
    const tomorrow = addDays(today, 1);
    const at = (clock: string) => new Date(parisToUtc(`${tomorrow} ${clock}:00`)!).toISOString();
    const event = { title: "Evening peak", message: "The grid is tight tomorrow evening.", direction: "down", starts_at: at("18:00"), ends_at: at("20:00"), reward_per_kwh: 0.5 };
    await checkCall("POST /api/v1/flex_events", { token: t, json: event }, event);
    const made = await checkCall("POST /api/v1/flex_events", { token: admin.token, json: event }, event);
    expect(made.status).toBe(201);
    await checkCall("POST /api/v1/flex_events", { token: admin.token, json: event }, event);
    const eid = { id: String(made.body.id) };

    await checkCall("GET /api/v1/flexibility/events", { token: t, path: "/api/v1/flexibility/events?only=open" });
    await checkCall("GET /api/v1/flexibility/events/{id}", { token: t, params: eid });
    const optIn = { opted_in: true };
    await checkCall("PUT /api/v1/flexibility/events/{id}/choice", { token: t, params: eid, json: optIn }, optIn);
    // the admin has no Linky meter: it cannot take part, and may say it does not
    await checkCall("PUT /api/v1/flexibility/events/{id}/choice", { token: admin.token, params: eid, json: optIn }, optIn);
    const optOut = { opted_in: false };
    await checkCall("PUT /api/v1/flexibility/events/{id}/choice", { token: admin.token, params: eid, json: optOut }, optOut);
    await checkCall("GET /api/v1/flexibility", { token: t });
    const auto = { auto_opt_in: true };
    await checkCall("PATCH /api/v1/flexibility", { token: t, json: auto }, auto);
    await checkCall("GET /api/v1/flexibility", { token: admin.token });

    await checkCall("GET /api/v1/flex_events", { token: admin.token });
    await checkCall("GET /api/v1/flex_events/{id}", { token: admin.token, params: eid });
    const resultsAt = (q: string) => checkCall("GET /api/v1/flex_events/{id}/results", { token: admin.token, params: eid, path: `/api/v1/flex_events/${made.body.id}/results${q}` });
    expect((await resultsAt("")).body.households).toHaveLength(1);
    await resultsAt("?format=csv");
    await resultsAt("?format=xml");
    await checkCall("POST /api/v1/flex_events/{id}/cancel", { token: admin.token, params: eid });
    await checkCall("POST /api/v1/flex_events/{id}/cancel", { token: admin.token, params: eid });
    await checkCall("GET /api/v1/flexibility/events", { token: t, path: "/api/v1/flexibility/events?only=past" });
  });

  it("real-time sharing: a household gives its consent, is read by the partner, reads the log and withdraws; an admin issues, lists and revokes the partner's credentials", async () => {
    const [owner, admin] = await Promise.all([makeUser(), makeUser({ admin: true })]);
    const t = owner.token;
    // the owner's live device: its grid power a minute ago
    const device = await db.device.create({ data: { ownerId: owner.id, deviceId: "shellyemg3-0011223344bb", deviceType: "shelly", phaseM: "single", dataSource: "mqtt" } });
    const grid = await db.measurement.create({ data: { deviceId: device.id, name: "grid", measureType: "total_home", classification: "consumption", prefix: "em1:0" } });
    await ensureDeviceMqtt([device.id]);
    await storeBatch([{ measurementId: grid.id, ts: Date.now() - 60_000, power_w: 1200 }], []);
    // a community event already settled, with the owner's result
    const event = await db.flexEvent.create({ data: { title: "Evening peak", message: "The grid was tight.", direction: "down", startsAt: new Date("2026-11-24T17:00:00Z"), endsAt: new Date("2026-11-24T19:00:00Z"), rewardPerKwh: 0.3, settledAt: new Date() } });
    await db.flexResult.create({ data: { eventId: event.id, userId: owner.id, status: "settled", stepMin: 30, baselineWh: [100, 100, 100, 100], actualWh: [40, null, 40, 40], baselineDays: [], deliveredWh: 180, rewardEur: 0.05 } });

    await checkCall("GET /api/v1/users/me/sharing", { token: t });
    const give = { given: true, version: SHARING_CONSENT.version };
    await checkCall("PUT /api/v1/users/me/sharing", { token: t, json: give }, give);
    const stale = { given: true, version: SHARING_CONSENT.version + 1 };
    expect((await checkCall("PUT /api/v1/users/me/sharing", { token: t, json: stale }, stale)).status).toBe(409);

    const partner = { name: "RTE data hub" };
    await checkCall("POST /api/v1/partners", { token: t, json: partner }, partner);
    const made = await checkCall("POST /api/v1/partners", { token: admin.token, json: partner }, partner);
    expect(made.status).toBe(201);
    await checkCall("GET /api/v1/partners", { token: admin.token });

    const credentials = { grant_type: "client_credentials", client_id: made.body.client_id, client_secret: made.body.client_secret };
    const issued = await checkCall("POST /api/partner/token", { path: "/api/partner/token", form: credentials }, credentials);
    expect(issued.status).toBe(200);
    const wrong = { ...credentials, client_secret: "not-the-secret" };
    expect((await checkCall("POST /api/partner/token", { path: "/api/partner/token", json: wrong }, wrong)).status).toBe(401);
    const pt = issued.body.access_token as string;

    const live = (token: string) => checkCall("GET /api/partner/v1/live", { token, path: "/api/partner/v1/live" });
    expect((await live(pt)).body.households).toHaveLength(1);
    expect((await live(t)).status).toBe(401); // a user's token is not a partner's
    const results = (id: number) => checkCall("GET /api/partner/v1/events/{id}/results", { token: pt, params: { id: String(id) }, path: `/api/partner/v1/events/${id}/results` });
    expect((await results(event.id)).body.households).toHaveLength(1);
    await results(999999);
    const xml = await checkCall("GET /api/partner/v1/events/{id}/results", { token: pt, params: { id: String(event.id) }, path: `/api/partner/v1/events/${event.id}/results?format=xml` });
    expect(xml.headers.get("content-type")).toBe("application/xml; charset=utf-8");

    // the live read, the results and the results in XML
    expect((await checkCall("GET /api/v1/users/me/sharing/log", { token: t })).body).toHaveLength(3);
    const withdraw = { given: false, version: SHARING_CONSENT.version };
    await checkCall("PUT /api/v1/users/me/sharing", { token: t, json: withdraw }, withdraw);
    expect((await live(pt)).body.households).toEqual([]);

    const pid = { id: String(made.body.id) };
    await checkCall("POST /api/v1/partners/{id}/revoke", { token: t, params: pid });
    expect((await checkCall("POST /api/v1/partners/{id}/revoke", { token: admin.token, params: pid })).body.status).toBe("revoked");
    await checkCall("POST /api/v1/partners/{id}/revoke", { token: admin.token, params: { id: "999999" } });
    expect((await live(pt)).body.code).toBe("partner_revoked");
  });

  it("flexibility offers: a household's week prepared from its schedule and sent; the operator's list, hours, exports, prices and answers; the partner's read", async () => {
    const [owner, admin] = await Promise.all([makeUser(), makeUser({ admin: true })]);
    const t = owner.token;
    const meter = await db.meter.create({ data: { userId: owner.id, usagePointId: "24880057139942", sandbox: true, producer: false, syncState: "done" } });
    const today = parisDayOf(Date.now());
    await upsertCurve(meter.id, "consumption", curveDays(addDays(today, -60), today), "sandbox");
    await db.schedule.create({ data: { userId: owner.id, derName: "Water heater", data: { der_name: "Water heater", average_power: 1500, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], days: [0, 1, 2, 3, 4, 5, 6], hours: [18, 19] } } });
    const prices = { availability_eur_per_mw_h: 10, utilisation_eur_per_mwh: 300 };
    await checkCall("PUT /api/v1/flex_offers/prices", { token: t, json: prices }, prices);
    await checkCall("PUT /api/v1/flex_offers/prices", { token: admin.token, json: prices }, prices);
    await checkCall("GET /api/v1/flex_offers/prices", { token: admin.token });

    const week = await checkCall("GET /api/v1/flexibility/offers", { token: t });
    expect(week.body.offers).toHaveLength(14);
    await checkCall("GET /api/v1/flexibility/offers", { token: t, path: "/api/v1/flexibility/offers?week=2026-12-01" });
    const lower = { power_w: (week.body.offers[0].power_w as number[]).map((w) => Math.floor(w / 2)) };
    const lowered = await checkCall("PATCH /api/v1/flexibility/offers/{id}", { token: t, params: { id: String(week.body.offers[0].id) }, json: lower }, lower);
    expect(lowered.status).toBe(200);
    const tooMuch = { power_w: (week.body.offers[0].power_w as number[]).map(() => 10_000) };
    expect((await checkCall("PATCH /api/v1/flexibility/offers/{id}", { token: t, params: { id: String(lowered.body.offers.at(-1).id) }, json: tooMuch }, tooMuch)).status).toBe(422);
    Object.assign(week.body, { offers: lowered.body.offers });
    const one = { ids: [week.body.offers[0].id] };
    await checkCall("POST /api/v1/flexibility/offers/send", { token: t, json: one }, one);
    expect((await checkCall("POST /api/v1/flexibility/offers/send", { token: t, json: one }, one)).status).toBe(409);
    await checkCall("POST /api/v1/flexibility/offers/send", { token: t, json: {} }, {});

    await checkCall("GET /api/v1/flex_offers", { token: admin.token });
    const [a, b] = week.body.offers as { id: number }[];
    await checkCall("GET /api/v1/flex_offers/{id}", { token: admin.token, params: { id: String(a.id) } });
    await checkCall("POST /api/v1/flex_offers/{id}/accept", { token: admin.token, params: { id: String(a.id) } });
    await checkCall("POST /api/v1/flex_offers/{id}/accept", { token: admin.token, params: { id: String(a.id) } });
    await checkCall("POST /api/v1/flex_offers/{id}/reject", { token: admin.token, params: { id: String(b.id) } });
    await checkCall("GET /api/v1/flex_offers/by_hour", { token: admin.token });
    await checkCall("GET /api/v1/flex_offers/export", { token: admin.token });
    await checkCall("GET /api/v1/flex_offers/export", { token: admin.token, path: "/api/v1/flex_offers/export?format=uftp" });

    const partner = await call(handlerOf("POST /api/v1/partners"), { method: "POST", token: admin.token, json: { name: "TSO hub" } });
    const credentials = { grant_type: "client_credentials", client_id: partner.body.client_id, client_secret: partner.body.client_secret };
    const pt = (await call(handlerOf("POST /api/partner/token"), { method: "POST", json: credentials })).body.access_token as string;
    await call(handlerOf("PUT /api/v1/users/me/sharing"), { method: "PUT", token: t, json: { given: true, version: SHARING_CONSENT.version } });
    // the rejected one is no longer offered: the partner reads the 13 others
    expect((await checkCall("GET /api/partner/v1/offers", { token: pt, path: "/api/partner/v1/offers" })).body.offers).toHaveLength(13);
    expect((await checkCall("GET /api/partner/v1/offers", { token: t, path: "/api/partner/v1/offers" })).status).toBe(401);
  });

  it("community: the operator's figures, members and exits, settings, shares, coefficient file, simulation and ACC imports; a household's profile, homes like mine and its part", async () => {
    const [owner, admin] = await Promise.all([makeUser(), makeUser({ admin: true })]);
    const [t, a] = [owner.token, admin.token];
    const today = parisDayOf(Date.now());
    // last month, and the month before it, when the households joined
    const month = addMonths(`${today.slice(0, 7)}-01`, -1);
    const joined = addMonths(month, -1);
    const m = month.slice(0, 7);
    const meter = await db.meter.create({ data: { userId: owner.id, usagePointId: "24880057139941", sandbox: true, producer: true, syncState: "done" } });
    await upsertCurve(meter.id, "consumption", curveDays(joined, today), "sandbox");
    await upsertCurve(meter.id, "production", curveDays(joined, today, 60), "sandbox");
    // nine producers with their injection curves: ten households with data, so that the operator's figures are not withheld
    const others = await Promise.all(Array.from({ length: 9 }, () => makeUser()));
    await db.communityMember.createMany({ data: others.map((u) => ({ userId: u.id, role: "producer" as const, joinedOn: new Date(`${joined}T00:00:00Z`) })) });
    for (const [i, u] of others.entries()) {
      const pm = await db.meter.create({ data: { userId: u.id, usagePointId: String(30000000000100 + i), sandbox: true, producer: true, syncState: "done" } });
      await upsertCurve(pm.id, "production", curveDays(joined, today, 60), "sandbox");
    }

    await checkCall("GET /api/v1/community/settings", { token: a });
    const settings = { local_price_eur_per_kwh: 0.12 };
    await checkCall("PUT /api/v1/community/settings", { token: a, json: settings }, settings);
    const entry = { user_id: owner.id, role: "both", joined_on: joined };
    expect((await checkCall("POST /api/v1/community/members", { token: a, json: entry }, entry)).status).toBe(201);
    expect((await checkCall("POST /api/v1/community/members", { token: a, json: entry }, entry)).status).toBe(409);
    await refreshRollups();

    const period = `from=${joined}&to=${today}`;
    expect((await checkCall("GET /api/v1/community/summary", { token: a, path: `/api/v1/community/summary?${period}&by=day` })).body.withheld).toBe(false);
    await checkCall("GET /api/v1/community/summary", { token: a, path: `/api/v1/community/summary?${period}&format=csv` });
    await checkCall("GET /api/v1/community/summary", { token: t, path: `/api/v1/community/summary?${period}` });
    await checkCall("GET /api/v1/community/summary", { token: a, path: `/api/v1/community/summary?from=${today}&to=${joined}` });
    await checkCall("GET /api/v1/community/flex_by_hour", { token: a, path: `/api/v1/community/flex_by_hour?${period}` });
    const members = await checkCall("GET /api/v1/community/members", { token: a, path: `/api/v1/community/members?${period}` });
    expect(members.body).toHaveLength(10);
    const leaving = { id: String(members.body.find((x: { user_id: number }) => x.user_id === others[0].id).id) };
    const exit = { left_on: today };
    await checkCall("POST /api/v1/community/members/{id}/exit", { token: a, params: leaving, json: exit }, exit);
    expect((await checkCall("POST /api/v1/community/members/{id}/exit", { token: a, params: leaving, json: exit }, exit)).status).toBe(409);
    await checkCall("POST /api/v1/community/members/{id}/exit", { token: a, params: { id: "999999" }, json: exit }, exit);

    await checkCall("GET /api/v1/community/shares", { token: a, path: `/api/v1/community/shares?month=${m}` });
    const shares = { month: m, shares: [{ user_id: owner.id, percent: 100 }] };
    await checkCall("PUT /api/v1/community/shares", { token: a, json: shares }, shares);
    await checkCall("GET /api/v1/community/coefficients", { token: a, path: `/api/v1/community/coefficients?month=${m}` });
    const simulation = { from: joined, to: today, shares: [{ user_id: owner.id, percent: 100 }] };
    await checkCall("POST /api/v1/community/simulate", { token: a, json: simulation }, simulation);

    // Enedis' ACC data: the sample of last month, imported back
    const sample = await checkCall("GET /api/v1/community/acc_imports/sample", { token: a, path: `/api/v1/community/acc_imports/sample?month=${m}` });
    const csvHeaders = { "content-type": "text/csv" };
    const imported = await checkCall("POST /api/v1/community/acc_imports", { token: a, path: "/api/v1/community/acc_imports?file_name=sample.csv", body: sample.body as string, headers: csvHeaders });
    expect(imported.status).toBe(201);
    await checkCall("POST /api/v1/community/acc_imports", { token: a, path: "/api/v1/community/acc_imports", body: "prm;type;horodate;pas;valeur_wh\r\n1;CONS;x;P1D;1\r\n", headers: csvHeaders });
    await checkCall("GET /api/v1/community/acc_imports", { token: a });
    await checkCall("GET /api/v1/community/acc_imports/{id}", { token: a, params: { id: String(imported.body.import.id) } });
    await checkCall("GET /api/v1/community/acc_imports/{id}", { token: a, params: { id: "999999" } });

    // the household's side
    expect((await checkCall("GET /api/v1/users/me/homes_like_mine", { token: t })).body.status).toBe("no_profile");
    await checkCall("GET /api/v1/users/me/household", { token: t });
    const profile = { housing_type: "house", floor_area_m2: 90, occupants: 3, heating: "heat_pump", hot_water: null };
    await checkCall("PUT /api/v1/users/me/household", { token: t, json: profile }, profile);
    expect((await checkCall("GET /api/v1/users/me/homes_like_mine", { token: t })).body.status).toBe("ok");
    expect((await checkCall("GET /api/v1/users/me/community", { token: t })).body.member).toBe(true);
  });

  it("integrations: link each vendor against the app's own sandbox, read its data, unlink", async () => {
    const owner = await makeUser();
    const browser = new OAuthBrowser();
    const link = async (name: string) => {
      const r = check("GET /api/integrations/{vendor}/link", await browser.link(name, owner.token));
      const consent = new URL(r.body.link);
      consent.searchParams.set("approve", "1");
      const redirect = await fetch(consent, { redirect: "manual" });
      check("GET /api/integrations/{vendor}/callback", await browser.back(name, new URL(redirect.headers.get("location")!).search));
    };
    for (const name of ["linky", "netatmo", "legrand"]) await link(name);
    expect(vendorSide.seen).toBeGreaterThan(0);

    await checkCall("GET /api/integrations", { token: owner.token });
    await checkCall("GET /api/legrand/my-integrations", { token: owner.token });
    const meterParams = { meter: SANDBOX_PRODUCER };
    await checkCall("GET /api/integrations/linky/my/{meter}/consumption", { token: owner.token, params: meterParams, path: `/api/integrations/linky/my/${SANDBOX_PRODUCER}/consumption` });
    await checkCall("GET /api/integrations/linky/my/{meter}/production", { token: owner.token, params: meterParams, path: `/api/integrations/linky/my/${SANDBOX_PRODUCER}/production?start=2026-11-01&end=2026-11-03` });
    await checkCall("GET /api/integrations/linky/my/{meter}/consumption", { token: owner.token, params: { meter: "00000000000000" } });
    await checkCall("GET /api/integrations/netatmo/my/homesdata", { token: owner.token });
    await checkCall("GET /api/legrand/get_plants/hc", { token: owner.token });
    vendorSide.failing = true;
    try {
      await checkCall("GET /api/legrand/get_plants/hc", { token: owner.token });
    } finally {
      vendorSide.failing = false;
    }

    const netatmo = await db.integration.findFirstOrThrow({ where: { userId: owner.id, name: "netatmo" } });
    await checkCall("DELETE /api/integrations/{id}", { token: owner.token, params: { id: String(netatmo.id) }, path: `/api/integrations/${netatmo.id}?delete_data=false` });
  });

  it("meters and My Energy: tariff settings, sync, energy, comparison, summary, export, import", async () => {
    const owner = await makeUser();
    const t = owner.token;
    const linky = await makeIntegration(owner.id, "linky");
    const id = (await db.meter.create({ data: { userId: owner.id, integrationId: linky.id, usagePointId: "24880057139941", sandbox: true, producer: false, subscribedKva: 6 } })).id;
    const bare = (await db.meter.create({ data: { userId: owner.id, usagePointId: "25946599093143", sandbox: true } })).id;
    const today = parisDayOf(Date.now());
    await upsertCurve(id, "consumption", curveDays(addDays(today, -40), today), "sandbox");
    const SRC = "https://example.test/tariff";
    await upsertTariffs(db, [
      { supplier: "Test", option: "base", kva: 6, subscriptionEurPerYear: 365, prices: { base: 0.2 }, validFrom: "2020-01-01", validTo: null, source: SRC },
      { supplier: "Test", option: "hphc", kva: 6, subscriptionEurPerYear: 400, prices: { hp: 0.25, hc: 0.1 }, validFrom: "2020-01-01", validTo: null, source: SRC },
    ]);
    const p = { id: String(id) };

    await checkCall("GET /api/v1/meters", { token: t });
    await checkCall("GET /api/v1/meters/{id}", { token: t, params: p });
    const settings = { tariff: "hphc", subscribed_kva: 6, offpeak: { ranges: [{ from: "22:00", to: "06:00" }] } };
    await checkCall("PATCH /api/v1/meters/{id}", { token: t, params: p, json: settings }, settings);
    await checkCall("PATCH /api/v1/meters/{id}", { token: t, params: p, json: { tariff: "cheap" } }, undefined);
    await checkCall("POST /api/v1/meters/{id}/sync", { token: t, params: p });
    await checkCall("POST /api/v1/meters/{id}/sync", { token: t, params: { id: String(bare) } });

    const energyAt = (q: string) => checkCall("GET /api/v1/meters/{id}/energy", { token: t, params: p, path: `/api/v1/meters/${id}/energy?${q}` });
    await energyAt(`from=${addDays(today, -7)}&to=${today}&compare=previous`);
    await energyAt(`from=${addDays(today, -1)}&to=${today}&bucket=30min`);
    await energyAt(`from=${today}&to=${addDays(today, -1)}`);
    await checkCall("GET /api/v1/meters/{id}/tariff-comparison", { token: t, params: p });
    await checkCall("GET /api/v1/meters/{id}/tariff-comparison", { token: t, params: { id: String(bare) } });
    await checkCall("GET /api/v1/energy/summary", { token: t });
    await checkCall("GET /api/v1/meters/{id}/export", { token: t, params: p, path: `/api/v1/meters/${id}/export?format=csv&dialect=en` });
    await checkCall("GET /api/v1/meters/{id}/export", { token: t, params: p, path: `/api/v1/meters/${id}/export?format=xml` });

    const csv = fs.readFileSync(path.resolve("tests/fixtures/enedis/customer-area-dst-2026.csv"), "utf8");
    const csvHeaders = { "content-type": "text/csv" };
    await checkCall("POST /api/v1/meters/import/preview", { token: t, path: "/api/v1/meters/import/preview", body: csv, headers: csvHeaders });
    await checkCall("POST /api/v1/meters/import", { token: t, path: "/api/v1/meters/import", body: csv, headers: csvHeaders });
    await checkCall("POST /api/v1/meters/import", { token: t, path: "/api/v1/meters/import", body: "{}", headers: { "content-type": "application/json" } });
  });

  it("tariffs (admin) and dashboards", async () => {
    const [owner, admin] = await Promise.all([makeUser(), makeUser({ admin: true })]);
    const row = { supplier: "EDF Tarif Bleu", option: "base", subscribed_kva: 6, subscription_eur_per_year: 190.32, price_base: 0.2016, valid_from: "2027-02-01", valid_to: null, source: "https://example.test/grid" };
    await checkCall("POST /api/v1/tariffs", { token: owner.token, json: row }, row);
    const made = await checkCall("POST /api/v1/tariffs", { token: admin.token, json: row }, row);
    const tid = { id: String(made.body.id) };
    await checkCall("GET /api/v1/tariffs", { token: admin.token, path: "/api/v1/tariffs?option=base&in_force=false" });
    await checkCall("GET /api/v1/tariffs/{id}", { token: admin.token, params: tid });
    const change = { price_base: 0.2068 };
    await checkCall("PUT /api/v1/tariffs/{id}", { token: admin.token, params: tid, json: change }, change);
    await checkCall("DELETE /api/v1/tariffs/{id}", { token: admin.token, params: tid });

    delete process.env.DASHBOARD_URL;
    await checkCall("GET /api/v1/dashboards", { token: owner.token });
    grafana.items = [grafanaDashboard(1, "Energy", ["production"], { id: 7, uid: "f1", title: "Households" }), grafanaDashboard(2, "Draft", ["draft"])];
    Object.assign(process.env, { DASHBOARD_URL: grafana.origin, DASHBOARD_TOKEN: grafana.token });
    const listed = await checkCall("GET /api/v1/dashboards", { token: owner.token });
    expect(listed.body).toHaveLength(1);
  });

  it("live telemetry: a device's MQTT settings, a new password, live values, series; the household's now and breakdown", async () => {
    const owner = await makeUser();
    const t = owner.token;
    const device = await db.device.create({ data: { ownerId: owner.id, deviceId: "shellyemg3-0011223344aa", deviceType: "shelly", phaseM: "single", dataSource: "mqtt" } });
    const grid = await db.measurement.create({ data: { deviceId: device.id, name: "grid", measureType: "total_home", classification: "consumption", prefix: "em1:0" } });
    const p = { id: String(device.id) };
    await checkCall("GET /api/v1/device_info/{id}/mqtt", { token: t, params: p });
    await checkCall("PUT /api/v1/device_info/{id}/mqtt", { token: t, params: p, json: { format: "shelly_gen2" } });
    await checkCall("POST /api/v1/device_info/{id}/mqtt/password", { token: t, params: p });
    const now = Date.now();
    await storeBatch(
      [
        { measurementId: grid.id, ts: now - 120_000, power_w: 800, import_wh: 1000, export_wh: 0 },
        { measurementId: grid.id, ts: now - 60_000, power_w: 900, import_wh: 1015, export_wh: 0 },
      ],
      // a refused message: last_error with its kind in both answers
      [{ deviceId: device.id, messages: 3, errors: 1, lastError: { kind: "bad_value", reason: "power 1000000000 W is not plausible (em1:0)", at: now - 30_000 } }],
    );
    await checkCall("GET /api/v1/device_info/{id}/live", { token: t, params: p });
    await checkCall("GET /api/v1/device_info/{id}/mqtt", { token: t, params: p });
    await checkCall("GET /api/v1/device_info/{id}/series", { token: t, params: p, path: `/api/v1/device_info/${device.id}/series?step=1m` });
    await checkCall("GET /api/v1/energy/now", { token: t });
    const today = parisDayOf(now);
    await checkCall("GET /api/v1/energy/breakdown", { token: t, path: `/api/v1/energy/breakdown?from=${addDays(today, -1)}&to=${today}` });
  });

  it("every documented JSON answer of 2xx was checked against a real call (add a call above for a new operation)", () => {
    const missing: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths as Json)) {
      for (const [m, op] of Object.entries(ops as Json)) {
        for (const status of Object.keys(op.responses)) {
          if (!/^2\d\d$/.test(status)) continue;
          const key = `${m.toUpperCase()} ${p} ${status}`;
          if (!checked.has(key)) missing.push(key);
        }
      }
    }
    expect(missing).toEqual([]);
    // and the error answers the calls above meant to provoke were provoked (each checked against the document)
    const statuses = new Set([...checked].map((k) => Number(k.split(" ").pop())));
    expect([401, 403, 404, 409, 415, 422, 502, 503].filter((s) => !statuses.has(s))).toEqual([]);
  });
});
