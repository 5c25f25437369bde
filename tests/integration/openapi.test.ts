// The OpenAPI document (lib/openapi, docs/openapi.md) against the code: every route+method under
// app/api is documented or excluded with a reason; the document is valid OpenAPI 3.1; and a
// representative call of every documented JSON operation answers what the document says (each
// body validated with ajv against the documented schema, and each JSON request body sent against
// the documented request schema). A route added without an entry, or a view changed without its
// schema, fails here (or in tsc: lib/openapi/schemas).
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormatsModule from "ajv-formats";
import { Validator } from "@seriousme/openapi-schema-validator";
import { buildRouteTable, exportedMethods } from "@/scripts/lib/api-routes.mjs";
import { openApiDocument } from "@/lib/openapi/document";
import { UNDOCUMENTED } from "@/lib/openapi/routes";
import { db } from "@/lib/db";
import { buildArchive } from "@/lib/services/archives";
import { upsertCurve, type CurvePoint } from "@/lib/services/readings";
import { upsertTariffs } from "@/lib/services/tariffs";
import { parisDayOf, parisDayStart, addDays } from "@/lib/time/paris";
import { SANDBOX_PRODUCER } from "@/lib/integrations/sandbox/linky";
import { call, type CallResult } from "../helpers/api";
import { mailbox } from "../helpers/integration-setup";
import { resetTokenFrom } from "../helpers/mailbox";
import { OAuthBrowser } from "../helpers/oauth-browser";
import { GrafanaFake, grafanaDashboard } from "../fakes/grafana";
import { makeUser } from "../factories/users";
import { makeIntegration } from "../factories/devices";
import * as token from "@/app/api/token/route";
import * as signup from "@/app/api/signup/route";
import * as refresh from "@/app/api/token/refresh/route";
import * as recovery from "@/app/api/password-recovery/[email]/route";
import * as reset from "@/app/api/reset-password/route";
import * as health from "@/app/api/health/route";
import * as openapiJson from "@/app/api/openapi.json/route";
import * as docsPage from "@/app/api/docs/route";
import * as docsFile from "@/app/api/docs/[file]/route";
import * as me from "@/app/api/v1/users/me/route";
import * as acceptTos from "@/app/api/v1/users/me/accept_tos/route";
import * as mePassword from "@/app/api/v1/users/me/password/route";
import * as meEmail from "@/app/api/v1/users/me/email/route";
import * as meDelete from "@/app/api/v1/users/me/delete/route";
import * as meDeletion from "@/app/api/v1/users/me/deletion/route";
import * as archives from "@/app/api/v1/users/me/archives/route";
import * as archive from "@/app/api/v1/users/me/archives/[id]/route";
import * as archiveDownload from "@/app/api/v1/users/me/archives/[id]/download/route";
import * as users from "@/app/api/v1/users/route";
import * as user from "@/app/api/v1/users/[id]/route";
import * as schedules from "@/app/api/v1/schedules/route";
import * as scheduleNew from "@/app/api/v1/schedules/manual_weekahead/route";
import * as schedule from "@/app/api/v1/schedules/[id]/route";
import * as deviceInfos from "@/app/api/v1/device_info/route";
import * as deviceInfo from "@/app/api/v1/device_info/[id]/route";
import * as measurements from "@/app/api/v1/device_measurement_metadata/route";
import * as measurement from "@/app/api/v1/device_measurement_metadata/[id]/route";
import * as userDevices from "@/app/api/v1/user_devices/route";
import * as userDevice from "@/app/api/v1/user_devices/[id]/route";
import * as adminDevices from "@/app/api/v1/devices/route";
import * as adminDevice from "@/app/api/v1/devices/[id]/route";
import * as locations from "@/app/api/v1/locations/route";
import * as myLocations from "@/app/api/v1/locations/my/route";
import * as location from "@/app/api/v1/locations/[id]/route";
import * as locations1 from "@/app/api/v1/locations1/route";
import * as location1 from "@/app/api/v1/locations1/[id]/route";
import * as integrations from "@/app/api/integrations/route";
import * as integration from "@/app/api/integrations/[id]/route";
import * as myIntegrations from "@/app/api/legrand/my-integrations/route";
import * as consumption from "@/app/api/integrations/linky/my/[meter]/consumption/route";
import * as production from "@/app/api/integrations/linky/my/[meter]/production/route";
import * as homes from "@/app/api/integrations/netatmo/my/homesdata/route";
import * as plants from "@/app/api/legrand/get_plants/hc/route";
import * as sandbox from "@/app/api/sandbox/[vendor]/[...path]/route";
import * as meters from "@/app/api/v1/meters/route";
import * as meter from "@/app/api/v1/meters/[id]/route";
import * as meterSync from "@/app/api/v1/meters/[id]/sync/route";
import * as meterEnergy from "@/app/api/v1/meters/[id]/energy/route";
import * as meterComparison from "@/app/api/v1/meters/[id]/tariff-comparison/route";
import * as meterExport from "@/app/api/v1/meters/[id]/export/route";
import * as importPreview from "@/app/api/v1/meters/import/preview/route";
import * as importRun from "@/app/api/v1/meters/import/route";
import * as summary from "@/app/api/v1/energy/summary/route";
import * as tariffs from "@/app/api/v1/tariffs/route";
import * as tariff from "@/app/api/v1/tariffs/[id]/route";
import * as dashboards from "@/app/api/v1/dashboards/route";

type Json = Record<string, any>;
const doc = openApiDocument() as Json;

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

const HALF_HOUR = 1_800_000;
function curveDays(from: string, to: string, wh = 120): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (let t = parisDayStart(from); t < parisDayStart(to); t += HALF_HOUR) points.push({ start: new Date(t), stepMin: 30, wh, quality: "BRUT" });
  return points;
}

// ---------------------------------------------------------------------------------------------

describe("the document covers app/api", () => {
  const routes = buildRouteTable(path.resolve("app/api"), "/api");
  /** `/api/v1/users/[id]` and `/api/v1/users/{id}` both as `/api/v1/users/{}` */
  const shape = (p: string) => p.replace(/\[\[?(?:\.\.\.)?[^\]]+\]\]?|\{[^}]+\}/g, "{}");
  const documented = new Map<string, Set<string>>();
  for (const [p, ops] of Object.entries(doc.paths as Json)) documented.set(shape(p), new Set(Object.keys(ops).map((m) => m.toUpperCase())));

  it("every route+method under app/api is in the document, or excluded with a reason", () => {
    const missing: string[] = [];
    for (const r of routes) {
      if (UNDOCUMENTED[r.path]) continue;
      for (const m of exportedMethods(fs.readFileSync(r.file, "utf8"))) {
        if (!documented.get(shape(r.path))?.has(m)) missing.push(`${m} ${r.path}`);
      }
    }
    expect(missing, "route handlers without an entry in lib/openapi/routes.ts").toEqual([]);
    expect(routes.length).toBeGreaterThan(50);
  });

  it("documents nothing that no route file answers, and excludes only routes that exist", () => {
    const answered = new Map(routes.map((r) => [shape(r.path), exportedMethods(fs.readFileSync(r.file, "utf8"))]));
    const phantom: string[] = [];
    for (const [p, methods] of documented) for (const m of methods) if (!answered.get(p)?.has(m)) phantom.push(`${m} ${p}`);
    expect(phantom).toEqual([]);
    const paths = new Set(routes.map((r) => r.path));
    expect(Object.keys(UNDOCUMENTED).filter((p) => !paths.has(p))).toEqual([]);
    for (const reason of Object.values(UNDOCUMENTED)) expect(reason.length).toBeGreaterThan(20);
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
    const served = check("GET /api/openapi.json", await call(openapiJson.GET, { path: "/api/openapi.json" }));
    expect(served.body).toEqual(JSON.parse(JSON.stringify(doc)));
    const page = check("GET /api/docs", await call(docsPage.GET, { path: "/api/docs" }));
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
    check("POST /api/signup", await call(signup.POST, { path: "/api/signup", form }), form);
    const tokenForm = check("POST /api/token", await call(token.POST, { path: "/api/token", form }), form);
    check("POST /api/token", await call(token.POST, { path: "/api/token", json: form }), form);
    check("POST /api/token", await call(token.POST, { path: "/api/token", json: { ...form, password: "wrong-password" } }), { ...form, password: "wrong-password" });
    check("POST /api/token", await call(token.POST, { path: "/api/token", json: { username: "x@example.com" } }));
    check("POST /api/token/refresh", await call(refresh.POST, { method: "POST", path: "/api/token/refresh", token: tokenForm.body.access_token }));
    check("POST /api/token/refresh", await call(refresh.POST, { method: "POST", path: "/api/token/refresh" }));

    check("POST /api/password-recovery/{email}", await call(recovery.POST, { method: "POST", params: { email: form.username }, path: `/api/password-recovery/${form.username}` }));
    const resetToken = resetTokenFrom(await mailbox.waitFor(form.username));
    const body = { token: resetToken, new_password: "a-brand-new-password" };
    check("POST /api/reset-password", await call(reset.POST, { path: "/api/reset-password/", json: body }), body);
    check("POST /api/reset-password", await call(reset.POST, { path: "/api/reset-password/", json: body }), body);

    check("GET /api/health", await call(health.GET, { path: "/api/health" }));
  });

  it("users and My Account: profile, notice, e-mail, password, archives, deletion", async () => {
    const [owner, admin, leaving, changing] = await Promise.all([makeUser(), makeUser({ admin: true }), makeUser(), makeUser()]);
    const t = owner.token;
    check("GET /api/v1/users/me", await call(me.GET, { token: t }));
    check("POST /api/v1/users/me/accept_tos", await call(acceptTos.POST, { method: "POST", token: t }));
    const email = { password: owner.password, new_email: "renamed@example.com" };
    check("POST /api/v1/users/me/email", await call(meEmail.POST, { token: t, json: email }), email);
    check("GET /api/v1/users/me/deletion", await call(meDeletion.GET, { token: t }));

    check("GET /api/v1/users/me/archives", await call(archives.GET, { token: t }));
    const asked = check("POST /api/v1/users/me/archives", await call(archives.POST, { method: "POST", token: t }));
    expect(asked.status).toBe(202);
    expect(check("POST /api/v1/users/me/archives", await call(archives.POST, { method: "POST", token: t })).status).toBe(200);
    const id = asked.body.id as string;
    check("GET /api/v1/users/me/archives/{id}/download", await call(archiveDownload.GET, { token: t, params: { id } }));
    expect(await buildArchive(id)).toBe("ready");
    check("GET /api/v1/users/me/archives/{id}", await call(archive.GET, { token: t, params: { id } }));
    check("GET /api/v1/users/me/archives/{id}/download", await call(archiveDownload.GET, { token: t, params: { id } }));
    check("DELETE /api/v1/users/me/archives/{id}", await call(archive.DELETE, { method: "DELETE", token: t, params: { id } }));
    check("GET /api/v1/users/me/archives/{id}", await call(archive.GET, { token: t, params: { id } }));

    check("GET /api/v1/users", await call(users.GET, { token: t, path: "/api/v1/users" }));
    check("GET /api/v1/users", await call(users.GET, { token: admin.token, path: "/api/v1/users?_sort=email&_order=DESC&_start=0&_end=2&is_active=true" }));
    const newUser = { email: "made.by.admin@example.com", password: "a-long-password", first_name: "Made" };
    check("POST /api/v1/users", await call(users.POST, { token: t, json: newUser }), newUser);
    const made = check("POST /api/v1/users", await call(users.POST, { token: admin.token, json: newUser }), newUser);
    const uid = { id: String(made.body.id) };
    check("GET /api/v1/users/{id}", await call(user.GET, { token: admin.token, params: uid }));
    check("GET /api/v1/users/{id}", await call(user.GET, { token: t, params: uid }));
    const names = { first_name: "Renamed", last_name: null };
    check("PUT /api/v1/users/{id}", await call(user.PUT, { method: "PUT", token: admin.token, params: uid, json: names }), names);
    check("PUT /api/v1/users/{id}", await call(user.PUT, { method: "PUT", token: admin.token, params: uid, json: { email: "not an e-mail" } }), { email: "not an e-mail" });
    check("DELETE /api/v1/users/{id}", await call(user.DELETE, { method: "DELETE", token: admin.token, params: uid }));

    const passwords = { current_password: changing.password, new_password: "another-long-password" };
    check("POST /api/v1/users/me/password", await call(mePassword.POST, { token: changing.token, json: passwords }), passwords);
    const confirm = { password: leaving.password };
    check("POST /api/v1/users/me/delete", await call(meDelete.POST, { token: leaving.token, json: confirm }), confirm);
  });

  it("locations, devices, measurements, schedules", async () => {
    const [owner, admin] = await Promise.all([makeUser(), makeUser({ admin: true })]);
    const t = owner.token;
    const home = { name: "Home", country: "FR", lat: 48.8566, lon: "2.3522" };
    const loc = check("POST /api/v1/locations", await call(locations.POST, { token: t, json: home }), home);
    check("POST /api/v1/locations", await call(locations.POST, { token: t, json: { ...home, lat: "north" } }), { ...home, lat: "north" });
    const lid = { id: String(loc.body.id) };

    const info = { device_id: "shellyem-C45BBE6B2D42", device_type: "spoony", phase_m: "single", location_id: loc.body.id };
    const dev = check("POST /api/v1/device_info", await call(deviceInfos.POST, { token: t, json: info }), info);
    const did = { id: String(dev.body.id) };
    const m = { device_id: dev.body.id, name: "m1", display_name: "Phase 1", measure_type: "total_home", classification: "consumption", quantities: [{ unit: "W", databaseMeasurementPrefix: "power" }] };
    const made = check("POST /api/v1/device_measurement_metadata", await call(measurements.POST, { token: t, json: m }), m);
    const mid = { id: String(made.body.id) };
    check("GET /api/v1/device_measurement_metadata/{id}", await call(measurement.GET, { token: t, params: mid }));
    const mChange = { display_name: "Kitchen", programmable: true, smart_appliance_category: "hvac" };
    check("PUT /api/v1/device_measurement_metadata/{id}", await call(measurement.PUT, { method: "PUT", token: t, params: mid, json: mChange }), mChange);

    check("GET /api/v1/device_info", await call(deviceInfos.GET, { token: t, path: "/api/v1/device_info/" }));
    check("GET /api/v1/device_info/{id}", await call(deviceInfo.GET, { token: t, params: did }));
    check("GET /api/v1/device_info/{id}", await call(deviceInfo.GET, { token: t, params: { id: "999999" } }));
    const infoChange = { id: dev.body.id, phase_m: "three" };
    check("PUT /api/v1/device_info/{id}", await call(deviceInfo.PUT, { method: "PUT", token: t, params: did, json: infoChange }), infoChange);

    const card = {
      device_id: "card-1", device_type: "shelly", location_id: loc.body.id, phase_m: "single",
      data: { source: "mqtt", mqtt: { host: "broker.local" }, channels: [{ name: "c1", classification: "production", prefix: "p", metadata: { "is.programmable": false, smartApplianceCategory: null, measurements: [{ unit: "W", databaseMeasurementPrefix: "pv" }] } }] },
    };
    const ud = check("POST /api/v1/user_devices", await call(userDevices.POST, { token: t, json: card }), card);
    const uid = { id: String(ud.body.id) };
    check("GET /api/v1/user_devices", await call(userDevices.GET, { token: t }));
    check("GET /api/v1/user_devices/{id}", await call(userDevice.GET, { token: t, params: uid }));
    const cardChange = { ...card, data: { ...card.data, channels: [...card.data.channels, { name: "c2", classification: "consumption" }] } };
    check("PUT /api/v1/user_devices/{id}", await call(userDevice.PUT, { method: "PUT", token: t, params: uid, json: cardChange }), cardChange);

    check("GET /api/v1/devices", await call(adminDevices.GET, { token: admin.token }));
    check("GET /api/v1/devices", await call(adminDevices.GET, { token: t }));
    check("GET /api/v1/devices/{id}", await call(adminDevice.GET, { token: admin.token, params: uid }));
    const adminChange = { name: "card-1-renamed", measurement_type: "single" };
    check("PUT /api/v1/devices/{id}", await call(adminDevice.PUT, { method: "PUT", token: admin.token, params: uid, json: adminChange }), adminChange);

    check("GET /api/v1/locations", await call(locations.GET, { token: t }));
    check("GET /api/v1/locations/my", await call(myLocations.GET, { token: admin.token }));
    check("GET /api/v1/locations1", await call(locations1.GET, { token: t }));
    check("GET /api/v1/locations/{id}", await call(location.GET, { token: t, params: lid }));
    check("GET /api/v1/locations1/{id}", await call(location1.GET, { token: t, params: lid }));
    const moved = { ...home, name: "Flat", lat: "45.764043" };
    check("PUT /api/v1/locations/{id}", await call(location.PUT, { method: "PUT", token: t, params: lid, json: moved }), moved);

    const plan = { der_name: "Battery", average_power: 1500, months: [1, 2, 3], days: [0, 1], hours: [8, 9], start_date: "2026-01-05T00:00:00Z", schedules: [{ months: [1], days: [0], hours: [8], average_power: 1500 }, { months: [2, 3], days: [1], hours: [9], average_power: 1501 }] };
    const s = check("POST /api/v1/schedules/manual_weekahead", await call(scheduleNew.POST, { token: t, json: plan }), plan);
    const overlapping = { ...plan, schedules: [plan.schedules[0], { ...plan.schedules[1], months: [1] }] };
    check("POST /api/v1/schedules/manual_weekahead", await call(scheduleNew.POST, { token: t, json: overlapping }), overlapping);
    const sid = { id: String(s.body.id) };
    check("GET /api/v1/schedules", await call(schedules.GET, { token: t }));
    check("GET /api/v1/schedules/{id}", await call(schedule.GET, { token: t, params: sid }));
    const record = { ...s.body, data: { ...s.body.data, der_name: "Battery (evenings)", schedules: undefined } };
    check("PUT /api/v1/schedules/{id}", await call(schedule.PUT, { method: "PUT", token: t, params: sid, json: record }), JSON.parse(JSON.stringify(record)));
    const bare = { der_name: "Heat pump", average_power: 2000, months: [11, 12], days: [5, 6], hours: [6] };
    check("PUT /api/v1/schedules/{id}", await call(schedule.PUT, { method: "PUT", token: t, params: sid, json: bare }), bare);

    check("DELETE /api/v1/schedules/{id}", await call(schedule.DELETE, { method: "DELETE", token: t, params: sid }));
    check("DELETE /api/v1/device_measurement_metadata/{id}", await call(measurement.DELETE, { method: "DELETE", token: t, params: mid }));
    check("DELETE /api/v1/user_devices/{id}", await call(userDevice.DELETE, { method: "DELETE", token: t, params: uid }));
    check("DELETE /api/v1/device_info/{id}", await call(deviceInfo.DELETE, { method: "DELETE", token: t, params: did }));
    const other = await call(deviceInfos.POST, { token: t, json: { device_id: "for-admin" } });
    check("DELETE /api/v1/devices/{id}", await call(adminDevice.DELETE, { method: "DELETE", token: admin.token, params: { id: String(other.body.id) } }));
    check("DELETE /api/v1/locations/{id}", await call(location.DELETE, { method: "DELETE", token: t, params: lid }));
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

    check("GET /api/integrations", await call(integrations.GET, { token: owner.token }));
    check("GET /api/legrand/my-integrations", await call(myIntegrations.GET, { token: owner.token }));
    const meterParams = { meter: SANDBOX_PRODUCER };
    check("GET /api/integrations/linky/my/{meter}/consumption", await call(consumption.GET, { token: owner.token, params: meterParams, path: `/api/integrations/linky/my/${SANDBOX_PRODUCER}/consumption` }));
    check("GET /api/integrations/linky/my/{meter}/production", await call(production.GET, { token: owner.token, params: meterParams, path: `/api/integrations/linky/my/${SANDBOX_PRODUCER}/production?start=2026-11-01&end=2026-11-03` }));
    check("GET /api/integrations/linky/my/{meter}/consumption", await call(consumption.GET, { token: owner.token, params: { meter: "00000000000000" } }));
    check("GET /api/integrations/netatmo/my/homesdata", await call(homes.GET, { token: owner.token }));
    check("GET /api/legrand/get_plants/hc", await call(plants.GET, { token: owner.token }));
    vendorSide.failing = true;
    try {
      check("GET /api/legrand/get_plants/hc", await call(plants.GET, { token: owner.token }));
    } finally {
      vendorSide.failing = false;
    }

    const netatmo = await db.integration.findFirstOrThrow({ where: { userId: owner.id, name: "netatmo" } });
    check("DELETE /api/integrations/{id}", await call(integration.DELETE, { method: "DELETE", token: owner.token, params: { id: String(netatmo.id) }, path: `/api/integrations/${netatmo.id}?delete_data=false` }));
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

    check("GET /api/v1/meters", await call(meters.GET, { token: t }));
    check("GET /api/v1/meters/{id}", await call(meter.GET, { token: t, params: p }));
    const settings = { tariff: "hphc", subscribed_kva: 6, offpeak: { ranges: [{ from: "22:00", to: "06:00" }] } };
    check("PATCH /api/v1/meters/{id}", await call(meter.PATCH, { method: "PATCH", token: t, params: p, json: settings }), settings);
    check("PATCH /api/v1/meters/{id}", await call(meter.PATCH, { method: "PATCH", token: t, params: p, json: { tariff: "cheap" } }), undefined);
    check("POST /api/v1/meters/{id}/sync", await call(meterSync.POST, { method: "POST", token: t, params: p }));
    check("POST /api/v1/meters/{id}/sync", await call(meterSync.POST, { method: "POST", token: t, params: { id: String(bare) } }));

    const energyAt = (q: string) => call(meterEnergy.GET, { token: t, params: p, path: `/api/v1/meters/${id}/energy?${q}` });
    check("GET /api/v1/meters/{id}/energy", await energyAt(`from=${addDays(today, -7)}&to=${today}&compare=previous`));
    check("GET /api/v1/meters/{id}/energy", await energyAt(`from=${addDays(today, -1)}&to=${today}&bucket=30min`));
    check("GET /api/v1/meters/{id}/energy", await energyAt(`from=${today}&to=${addDays(today, -1)}`));
    check("GET /api/v1/meters/{id}/tariff-comparison", await call(meterComparison.GET, { token: t, params: p }));
    check("GET /api/v1/meters/{id}/tariff-comparison", await call(meterComparison.GET, { token: t, params: { id: String(bare) } }));
    check("GET /api/v1/energy/summary", await call(summary.GET, { token: t }));
    check("GET /api/v1/meters/{id}/export", await call(meterExport.GET, { token: t, params: p, path: `/api/v1/meters/${id}/export?format=csv&dialect=en` }));
    check("GET /api/v1/meters/{id}/export", await call(meterExport.GET, { token: t, params: p, path: `/api/v1/meters/${id}/export?format=xml` }));

    const csv = fs.readFileSync(path.resolve("tests/fixtures/enedis/customer-area-dst-2026.csv"), "utf8");
    const csvHeaders = { "content-type": "text/csv" };
    check("POST /api/v1/meters/import/preview", await call(importPreview.POST, { token: t, path: "/api/v1/meters/import/preview", body: csv, headers: csvHeaders }));
    check("POST /api/v1/meters/import", await call(importRun.POST, { token: t, path: "/api/v1/meters/import", body: csv, headers: csvHeaders }));
    check("POST /api/v1/meters/import", await call(importRun.POST, { token: t, path: "/api/v1/meters/import", body: "{}", headers: { "content-type": "application/json" } }));
  });

  it("tariffs (admin) and dashboards", async () => {
    const [owner, admin] = await Promise.all([makeUser(), makeUser({ admin: true })]);
    const row = { supplier: "EDF Tarif Bleu", option: "base", subscribed_kva: 6, subscription_eur_per_year: 190.32, price_base: 0.2016, valid_from: "2027-02-01", valid_to: null, source: "https://example.test/grid" };
    check("POST /api/v1/tariffs", await call(tariffs.POST, { token: owner.token, json: row }), row);
    const made = check("POST /api/v1/tariffs", await call(tariffs.POST, { token: admin.token, json: row }), row);
    const tid = { id: String(made.body.id) };
    check("GET /api/v1/tariffs", await call(tariffs.GET, { token: admin.token, path: "/api/v1/tariffs?option=base&in_force=false" }));
    check("GET /api/v1/tariffs/{id}", await call(tariff.GET, { token: admin.token, params: tid }));
    const change = { price_base: 0.2068 };
    check("PUT /api/v1/tariffs/{id}", await call(tariff.PUT, { method: "PUT", token: admin.token, params: tid, json: change }), change);
    check("DELETE /api/v1/tariffs/{id}", await call(tariff.DELETE, { method: "DELETE", token: admin.token, params: tid }));

    delete process.env.DASHBOARD_URL;
    check("GET /api/v1/dashboards", await call(dashboards.GET, { token: owner.token }));
    grafana.items = [grafanaDashboard(1, "Energy", ["production"], { id: 7, uid: "f1", title: "Households" }), grafanaDashboard(2, "Draft", ["draft"])];
    Object.assign(process.env, { DASHBOARD_URL: grafana.origin, DASHBOARD_TOKEN: grafana.token });
    const listed = check("GET /api/v1/dashboards", await call(dashboards.GET, { token: owner.token }));
    expect(listed.body).toHaveLength(1);
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
