// Deleting an account (issue 12, "Delete"): the dry-run summary, the deletion itself checked
// against every table of every schema (found from the catalog, not listed here), vendor tokens
// revoked at Enedis (its fake) over HTTP, the queue's jobs, sessions ending, the last admin; the
// admin's route going the same way; unlinking an integration with or without its data; changing
// one's e-mail.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call } from "../helpers/api";
import { makeUser, type TestUser } from "../factories/users";
import { makeDevice } from "../factories/devices";
import { makeLocation } from "../factories/locations";
import { vendorFakesForFile } from "../fakes/vendor";
import { withEnv } from "../helpers/env";
import { OAuthBrowser } from "../helpers/oauth-browser";
import { sessionCookie } from "../helpers/session";
import { db } from "@/lib/db";
import { decryptSecret } from "@/lib/crypto";
import { jobs, QUEUES } from "@/lib/jobs/queue";
import { queueSync } from "@/lib/services/meters/meters";
import { upsertCurve, upsertMaxPower } from "@/lib/services/readings/store";
import * as me from "@/app/api/v1/users/me/route";
import * as summaryRoute from "@/app/api/v1/users/me/deletion/route";
import * as deleteRoute from "@/app/api/v1/users/me/delete/route";
import * as emailRoute from "@/app/api/v1/users/me/email/route";
import * as userRoute from "@/app/api/v1/users/[id]/route";
import * as integrationRoute from "@/app/api/integrations/[id]/route";

const fakes = vendorFakesForFile();

let browser: OAuthBrowser;
beforeEach(() => {
  for (const f of Object.values(fakes)) f.reset();
  browser = new OAuthBrowser();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Links a vendor account through the vendor's consent, as the browser would. */
async function link(who: TestUser, name: "linky" | "netatmo") {
  const r = await browser.link(name, who.token);
  expect(r.status).toBe(200);
  const consent = new URL(r.body.link);
  consent.searchParams.set("approve", "1");
  const res = await fetch(consent, { redirect: "manual" });
  const back = await browser.back(name, new URL(res.headers.get("location")!).search);
  expect(back.status).toBe(302);
  expect(back.headers.get("location")).toMatch(/created=true/);
  return db.integration.findUniqueOrThrow({ where: { userId_name: { userId: who.id, name } } });
}

/** Half-hour points of whole Paris days in January 2026 (no clock change): 48 a day. */
function points(day: string, n = 48) {
  const start = Date.parse(`${day}T00:00:00+01:00`);
  return Array.from({ length: n }, (_, i) => ({ start: new Date(start + i * 1_800_000), stepMin: 30, wh: 100 + i, quality: "BRUT" as const }));
}

/**
 * A household: a location, a device with two measurements there, a schedule, Linky (two meters,
 * readings on 2 + 1 days, max power, per-day bookkeeping, off-peak slots, jobs queued for both
 * meters) and Netatmo linked, a consent in flight and a password-reset token.
 */
async function household(who: TestUser) {
  const location = await makeLocation(who.id);
  await makeDevice(who.id, { locationId: location.id, measurements: [{}, {}] });
  await db.schedule.create({
    data: { userId: who.id, derName: "Battery", data: { der_name: "Battery", average_power: 2000, months: [1], days: [0], hours: [10], start_date: "2026-01-01T00:00:00.000Z" } },
  });
  const linky = await link(who, "linky");
  const netatmo = await link(who, "netatmo");
  const meters = await db.meter.findMany({ where: { userId: who.id }, orderBy: { id: "asc" } });
  expect(meters).toHaveLength(2);
  const [a, b] = meters.map((m) => m.id);
  await upsertCurve(a, "consumption", [...points("2026-01-10"), ...points("2026-01-11")], "sandbox");
  await upsertCurve(b, "consumption", points("2026-01-10"), "sandbox");
  await upsertMaxPower(a, [{ day: "2026-01-10", va: 4200, at: new Date("2026-01-10T18:00:00Z") }]);
  await db.meterDay.create({ data: { meterId: a, series: "consumption", day: new Date("2026-01-10"), points: 48, expected: 48, status: "complete" } });
  await db.meterOffpeakSlot.create({ data: { meterId: a, validFrom: new Date("2026-01-01"), ranges: [{ from: "22:00", to: "06:00" }] } });
  await queueSync([a, b]);
  const boss = await jobs();
  await boss.send(QUEUES.chunk, { meterId: b, what: "curve-consumption", from: "2026-01-01", to: "2026-01-08" }, { singletonKey: `${b}:curve-consumption:2026-01-01` });
  // a consent in flight (never completed) and a reset link
  expect((await browser.link("linky", who.token)).status).toBe(200);
  await db.passwordResetToken.create({ data: { userId: who.id, tokenHash: `hash-${who.id}`, expiresAt: new Date(Date.now() + 3_600_000) } });
  // a "Download my data" archive with its bytes
  const archive = await db.dataArchive.create({ data: { userId: who.id, status: "ready", sizeBytes: BigInt(4) } });
  await db.dataArchivePart.create({ data: { archiveId: archive.id, seq: 0, bytes: Buffer.from("PK..") } });
  return { linky, netatmo, meterIds: [a, b] };
}

type Fk = { child: string; col: string; parent: string; pcol: string };
type Footprint = Map<string, Map<string, Set<string>>>;

/** Every foreign key of every schema, one row per column pair. */
const foreignKeys = () =>
  db.$queryRaw<Fk[]>`
    SELECT c.conrelid::regclass::text AS child, a.attname AS col, c.confrelid::regclass::text AS parent, af.attname AS pcol
    FROM pg_constraint c
    CROSS JOIN LATERAL unnest(c.conkey, c.confkey) AS k(child_att, parent_att)
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.child_att
    JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = k.parent_att
    WHERE c.contype = 'f'`;

/** Quotes a `schema.table` or `table` as regclass::text gives it. */
const qualified = (t: string) => t.split(".").map((p) => `"${p.replace(/^"|"$/g, "")}"`).join(".");

/**
 * The rows of the user and of everything reachable from it by foreign keys, in any schema, as
 * table → column → values: for each row found, the values of every column some key points at
 * (so that the rows below it can be found, and found again later).
 */
async function footprint(userId: number): Promise<Footprint> {
  const fks = await foreignKeys();
  const referenced = new Map<string, Set<string>>();
  for (const f of fks) referenced.set(f.parent, (referenced.get(f.parent) ?? new Set()).add(f.pcol));
  const out: Footprint = new Map();
  const add = async (table: string, where: string, values: string[]) => {
    const cols = [...(referenced.get(table) ?? [])];
    const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT ${cols.length ? cols.map((c) => `"${c}"::text AS "${c}"`).join(", ") : "1 AS one"} FROM ${qualified(table)} WHERE "${where}"::text = ANY($1::text[])`,
      values,
    );
    if (!rows.length) return false;
    const byCol = out.get(table) ?? new Map<string, Set<string>>();
    let grew = false;
    // the column searched on counts as found, so that the check afterwards can search it again
    const keyCols = new Set([...cols, `@${where}`]);
    for (const c of keyCols) {
      const set = byCol.get(c) ?? new Set<string>();
      const vals = c.startsWith("@") ? values : rows.map((r) => r[c] as string | null).filter((v): v is string => v !== null);
      for (const v of vals) {
        if (set.has(v)) continue;
        set.add(v);
        grew = true;
      }
      byCol.set(c, set);
    }
    out.set(table, byCol);
    return grew;
  };
  await add("users", "id", [String(userId)]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const f of fks) {
      const values = out.get(f.parent)?.get(f.pcol);
      if (values?.size && (await add(f.child, f.col, [...values]))) changed = true;
    }
  }
  return out;
}

/** Rows still present of a footprint taken earlier: table → count (only tables with rows left). */
async function leftOf(fp: Footprint): Promise<Record<string, number>> {
  const left: Record<string, number> = {};
  for (const [table, cols] of fp) {
    for (const [c, values] of cols) {
      if (!c.startsWith("@") || !values.size) continue;
      const [{ n }] = await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM ${qualified(table)} WHERE "${c.slice(1)}"::text = ANY($1::text[])`, [...values]);
      if (n > BigInt(0)) left[table] = (left[table] ?? 0) + Number(n);
    }
  }
  return left;
}

/**
 * Rows naming the user outside the foreign keys: any column called user_id or owner_id equal to
 * the id, or meter_id one of the meters, in any table of any schema (pgboss's jobs hold the meter
 * in `data`, checked too); any text column of `public` holding the e-mail (rate-limit keys).
 */
async function namedElsewhere(userId: number, meterIds: number[], email: string): Promise<Record<string, number>> {
  const cols = await db.$queryRaw<{ schema: string; table: string; column: string; type: string }[]>`
    SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column, c.data_type AS type
    FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')`;
  const found: Record<string, number> = {};
  const count = async (label: string, sql: string, params: unknown[]) => {
    const [{ n }] = await db.$queryRawUnsafe<{ n: bigint }[]>(sql, ...params);
    if (n > BigInt(0)) found[label] = Number(n);
  };
  for (const c of cols) {
    const t = `"${c.schema}"."${c.table}"`;
    if (c.column === "user_id" || c.column === "owner_id") await count(`${c.schema}.${c.table}.${c.column}`, `SELECT count(*) AS n FROM ${t} WHERE "${c.column}"::text = $1`, [String(userId)]);
    if (c.column === "meter_id") await count(`${c.schema}.${c.table}.meter_id`, `SELECT count(*) AS n FROM ${t} WHERE "${c.column}"::text = ANY($1::text[])`, [meterIds.map(String)]);
    if (c.schema === "pgboss" && c.column === "data") await count(`${c.schema}.${c.table}.data`, `SELECT count(*) AS n FROM ${t} WHERE data->>'meterId' = ANY($1::text[])`, [meterIds.map(String)]);
    if (c.schema === "public" && ["text", "character varying"].includes(c.type)) await count(`${c.schema}.${c.table}.${c.column}`, `SELECT count(*) AS n FROM ${t} WHERE lower("${c.column}") = $1`, [email]);
  }
  return found;
}

const summary = (who: TestUser) => call(summaryRoute.GET, { token: who.token });
const deleteMe = (who: TestUser, json: unknown, headers?: Record<string, string>) => call(deleteRoute.POST, { token: who.token, json, headers });
const jobsOf = async (meterIds: number[]) =>
  Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE data->>'meterId' = ANY(${meterIds.map(String)}::text[])`)[0].n);

describe("GET /api/v1/users/me/deletion", () => {
  it("counts what deleting the account removes, and changes nothing", async () => {
    const who = await makeUser();
    const { linky, netatmo } = await household(who);
    const r = await summary(who);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      meters: 2,
      reading_days: 3,
      readings: 48 * 3,
      devices: 1,
      measurements: 2,
      locations: 1,
      schedules: 1,
      integrations: 2,
      vendor_tokens: [
        { integration_id: linky.id, name: "linky", revoked_at_vendor: true },
        { integration_id: netatmo.id, name: "netatmo", revoked_at_vendor: false },
      ],
      last_admin: false,
    });
    expect(await db.user.count({ where: { id: who.id } })).toBe(1);
    expect(fakes.linky.requests("/revoke")).toHaveLength(0);
  });

  it("is the caller's own (401 without credentials), empty for a new account, and says when the caller is the last admin", async () => {
    expect((await call(summaryRoute.GET, {})).status).toBe(401);
    const admin = await makeUser({ admin: true });
    expect((await summary(admin)).body).toMatchObject({ meters: 0, reading_days: 0, readings: 0, integrations: 0, vendor_tokens: [], last_admin: true });
    await makeUser({ admin: true });
    expect((await summary(admin)).body.last_admin).toBe(false);
  });
});

describe("POST /api/v1/users/me/delete", () => {
  it("leaves no row of the user in any table, revokes Linky's tokens at Enedis, ends tokens and sessions, logs one line without personal data", async () => {
    const who = await makeUser({ email: "kim.deletes@example.com" });
    const other = await makeUser();
    const { linky, meterIds } = await household(who);
    const mine = await household(other);
    const cookie = await sessionCookie(who.id);
    const fp = await footprint(who.id);
    // the footprint is not vacuous: every kind of row of the household is in it
    expect([...fp.keys()].sort()).toEqual(
      expect.arrayContaining(["users", "locations", "devices", "measurements", "schedules", "integrations", "oauth_states", "password_reset_tokens", "meters", "meter_days", "meter_offpeak_slots", "data_archives", "data_archive_parts", "energy.readings", "energy.daily_max_power"]),
    );
    expect(await jobsOf(meterIds)).toBeGreaterThanOrEqual(3);
    // and the checks below see the rows while they are there
    expect(Object.keys(await leftOf(fp)).length).toBe(fp.size);
    expect(Object.keys(await namedElsewhere(who.id, meterIds, who.email))).toEqual(
      expect.arrayContaining(["public.users.email", "public.locations.owner_id", "public.meters.user_id", "energy.readings.meter_id", "energy.daily_max_power.meter_id", "pgboss.job.data"]),
    );
    const otherBefore = await footprint(other.id);
    const tokens = { access: decryptSecret(linky.accessTokenEnc!), refresh: decryptSecret(linky.refreshTokenEnc!) };
    const info = vi.spyOn(console, "info");

    const r = await deleteMe(who, { password: who.password });
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
    // the browser's session cookie is dropped
    expect(r.headers.getSetCookie().join("\n")).toMatch(/next-auth\.session-token=; Path=\/; Max-Age=0/);

    expect(await leftOf(fp)).toEqual({});
    expect(await namedElsewhere(who.id, meterIds, who.email)).toEqual({});

    // Enedis was asked to revoke both tokens (RFC 7009, client credentials in the form); Netatmo documents no revocation
    const revokes = fakes.linky.requests("/oauth2/v3/revoke");
    expect(revokes.map((q) => [q.method, q.form.get("token_type_hint"), q.form.get("token")])).toEqual([
      ["POST", "refresh_token", tokens.refresh],
      ["POST", "access_token", tokens.access],
    ]);
    expect(revokes[0].form.get("client_id")).toBe(fakes.linky.client.id);
    expect(fakes.netatmo.seen.filter((q) => /revoke/.test(q.path))).toHaveLength(0);
    // and Enedis no longer takes the refresh token
    const refresh = await fetch(`${fakes.linky.origin}/oauth2/v3/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh, client_id: fakes.linky.client.id, client_secret: fakes.linky.client.secret }),
    });
    expect(refresh.status).toBe(400);

    // the bearer token and the session cookie of the deleted user: 401
    const byToken = await call(me.GET, { token: who.token });
    expect(byToken.status).toBe(401);
    expect(byToken.body).toEqual({ detail: "Could not validate credentials", code: "not_authenticated" });
    expect((await call(me.GET, { headers: { cookie } })).status).toBe(401);

    // one line: ids and counts, no e-mail
    const lines = info.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('"account_deleted"'));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({ event: "account_deleted", user: who.id, by: "self", meters: 2, readings: 144, integrations: 2, devices: 1, locations: 1, schedules: 1, revoked: 1, forgotten: 1, revoke_failed: 0 });
    expect(lines[0]).not.toMatch(/kim|example\.com|@/i);

    // the other household is untouched
    expect(await footprint(other.id)).toEqual(otherBefore);
    expect(await jobsOf(mine.meterIds)).toBeGreaterThanOrEqual(3);
    expect((await call(me.GET, { token: other.token })).status).toBe(200);
  });

  it("works from the browser's session cookie too (same origin)", async () => {
    const who = await makeUser();
    const cookie = await sessionCookie(who.id);
    const r = await call(deleteRoute.POST, { json: { password: who.password }, headers: { cookie, origin: "http://foyer.test" } });
    expect(r.status).toBe(204);
    expect(await db.user.count({ where: { id: who.id } })).toBe(0);
  });

  it("a wrong password is 400 and deletes nothing; a missing one 422", async () => {
    const who = await makeUser();
    const { meterIds } = await household(who);
    const fp = await footprint(who.id);
    const before = await leftOf(fp);
    const wrong = await deleteMe(who, { password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: "Incorrect password", code: "incorrect_password" });
    const missing = await deleteMe(who, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toEqual({ path: "password", message: "Password was not provided" });
    expect(await leftOf(fp)).toEqual(before);
    expect(await jobsOf(meterIds)).toBeGreaterThanOrEqual(3);
    expect(fakes.linky.requests("/revoke")).toHaveLength(0);
  });

  it("the last active admin cannot delete themself (403); once another admin exists, they can", async () => {
    const admin = await makeUser({ admin: true });
    await makeUser({ admin: true, active: false });
    const r = await deleteMe(admin, { password: admin.password });
    expect(r.status).toBe(403);
    expect(r.body.detail).toMatch(/last administrator/);
    expect(await db.user.count({ where: { id: admin.id } })).toBe(1);
    await makeUser({ admin: true });
    expect((await deleteMe(admin, { password: admin.password })).status).toBe(204);
  });

  it("two last admins deleting themselves at once: one goes, the other is refused", async () => {
    const [a, b] = await Promise.all([makeUser({ admin: true }), makeUser({ admin: true })]);
    const statuses = (await Promise.all([deleteMe(a, { password: a.password }), deleteMe(b, { password: b.password })])).map((r) => r.status).sort();
    expect(statuses).toEqual([204, 403]);
    expect(await db.user.count({ where: { isSuperuser: true } })).toBe(1);
  });

  it("a vendor that cannot be reached does not block the deletion: logged without any token", async () => {
    const who = await makeUser();
    const { linky } = await household(who);
    const token = decryptSecret(linky.refreshTokenEnc!);
    const warn = vi.spyOn(console, "warn");
    const r = await withEnv({ LINKY_REVOKE_URL: "http://127.0.0.1:9/oauth2/v3/revoke" }, () => deleteMe(who, { password: who.password }));
    expect(r.status).toBe(204);
    expect(await db.user.count({ where: { id: who.id } })).toBe(0);
    const lines = warn.mock.calls.map((c) => String(c[0])).filter((l) => l.includes("vendor_revoke_failed"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ event: "vendor_revoke_failed", vendor: "linky", integration: linky.id, error: "unreachable" });
    expect(lines[0]).not.toContain(token.slice(0, 20));
  });
});

describe("DELETE /api/v1/users/{id} goes the same way", () => {
  it("removes readings, jobs and every row, revokes the tokens, logs by admin; an admin's own id stays 403", async () => {
    const admin = await makeUser({ admin: true });
    const who = await makeUser();
    const { meterIds } = await household(who);
    const fp = await footprint(who.id);
    const info = vi.spyOn(console, "info");
    const r = await call(userRoute.DELETE, { method: "DELETE", token: admin.token, params: { id: String(who.id) } });
    expect(r.status).toBe(204);
    expect(await leftOf(fp)).toEqual({});
    expect(await namedElsewhere(who.id, meterIds, who.email)).toEqual({});
    expect(fakes.linky.requests("/oauth2/v3/revoke")).toHaveLength(2);
    const line = info.mock.calls.map((c) => String(c[0])).find((l) => l.includes('"account_deleted"'));
    expect(JSON.parse(line!)).toMatchObject({ user: who.id, by: "admin", meters: 2 });
    expect((await call(me.GET, { token: who.token })).status).toBe(401);
    expect((await call(userRoute.DELETE, { method: "DELETE", token: admin.token, params: { id: String(admin.id) } })).status).toBe(403);
    expect((await call(userRoute.DELETE, { method: "DELETE", token: admin.token, params: { id: String(who.id) } })).status).toBe(404);
  });
});

describe("DELETE /api/integrations/{id}: keep or delete its data", () => {
  it("keeps the history by default: meters stopped with their readings, tokens revoked, queued work gone", async () => {
    const who = await makeUser();
    const { linky, meterIds } = await household(who);
    const r = await call(integrationRoute.DELETE, { method: "DELETE", token: who.token, params: { id: String(linky.id) }, path: `/api/integrations/${linky.id}` });
    expect(r.status).toBe(204);
    expect(await db.integration.count({ where: { id: linky.id } })).toBe(0);
    const meters = await db.meter.findMany({ where: { id: { in: meterIds } } });
    expect(meters.map((m) => [m.integrationId, m.syncState])).toEqual([[null, "stopped"], [null, "stopped"]]);
    expect(Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM energy.readings WHERE meter_id = ANY(${meterIds}::int[])`)[0].n)).toBe(144);
    expect(fakes.linky.requests("/oauth2/v3/revoke").map((q) => q.form.get("token_type_hint"))).toEqual(["refresh_token", "access_token"]);
    expect(Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE data->>'meterId' = ANY(${meterIds.map(String)}::text[]) AND state IN ('created', 'retry')`)[0].n)).toBe(0);
  });

  it("?delete_data=true also deletes its meters, their readings and jobs; the rest of the household stays", async () => {
    const who = await makeUser();
    const { linky, netatmo, meterIds } = await household(who);
    const r = await call(integrationRoute.DELETE, { method: "DELETE", token: who.token, params: { id: String(linky.id) }, path: `/api/integrations/${linky.id}?delete_data=true` });
    expect(r.status).toBe(204);
    expect(await db.meter.count({ where: { id: { in: meterIds } } })).toBe(0);
    expect(await namedElsewhere(-1, meterIds, "-")).toEqual({});
    expect(fakes.linky.requests("/oauth2/v3/revoke")).toHaveLength(2);
    expect(await db.integration.count({ where: { id: netatmo.id } })).toBe(1);
    expect((await summary(who)).body).toMatchObject({ meters: 0, readings: 0, devices: 1, locations: 1, schedules: 1, integrations: 1 });
  });

  it("delete_data must be true or false (422); someone else's integration is 404 and keeps its data", async () => {
    const who = await makeUser();
    const other = await makeUser();
    const { linky, meterIds } = await household(who);
    const bad = await call(integrationRoute.DELETE, { method: "DELETE", token: who.token, params: { id: String(linky.id) }, path: `/api/integrations/${linky.id}?delete_data=yes` });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toEqual({ path: "delete_data", message: "delete_data must be true or false" });
    const theirs = await call(integrationRoute.DELETE, { method: "DELETE", token: other.token, params: { id: String(linky.id) }, path: `/api/integrations/${linky.id}?delete_data=true` });
    expect(theirs.status).toBe(404);
    expect(await db.meter.count({ where: { id: { in: meterIds } } })).toBe(2);
    expect(fakes.linky.requests("/oauth2/v3/revoke")).toHaveLength(0);
  });
});

describe("POST /api/v1/users/me/email", () => {
  const change = (who: TestUser, json: unknown) => call(emailRoute.POST, { token: who.token, json });

  it("changes the e-mail, normalised as at signup, and answers the User; reset links to the old address stop working", async () => {
    const who = await makeUser();
    await db.passwordResetToken.create({ data: { userId: who.id, tokenHash: "pending", expiresAt: new Date(Date.now() + 3_600_000) } });
    const r = await change(who, { password: who.password, new_email: "  New.Address@Example.COM " });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: who.id, email: "new.address@example.com" });
    expect(Object.keys(r.body).sort()).toEqual(["accepted_tos", "created_at", "email", "first_name", "id", "is_active", "is_superuser", "last_name"]);
    expect(await db.passwordResetToken.count({ where: { userId: who.id } })).toBe(0);
    // the token in hand keeps working and reads the new address
    expect((await call(me.GET, { token: who.token })).body.email).toBe("new.address@example.com");
  });

  it("a wrong password is 400; an address another account holds 409 (either case); an invalid one 422; nothing changes", async () => {
    const who = await makeUser();
    const other = await makeUser({ email: "taken@example.com" });
    const wrong = await change(who, { password: "nope-nope", new_email: "fresh@example.com" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: "Incorrect password", code: "incorrect_password" });
    const taken = await change(who, { password: who.password, new_email: "Taken@Example.com" });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ detail: "A user with this email already exists", code: "user_exists" });
    const invalid = await change(who, { password: who.password, new_email: "not-an-address" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[0].path).toBe("new_email");
    expect((await db.user.findUniqueOrThrow({ where: { id: who.id } })).email).toBe(who.email);
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).email).toBe("taken@example.com");
    expect((await call(emailRoute.POST, { json: { password: "x", new_email: "a@b.co" } })).status).toBe(401);
  });
});

// last in the file: a refusal is remembered in memory for 2 s per key, and ids restart with every test
describe("password attempts are limited like logins", () => {
  it("ten failures within the window: then even the right password waits (429), for deletion and e-mail change alike", async () => {
    const who = await makeUser();
    for (let i = 0; i < 10; i++) expect((await deleteMe(who, { password: `wrong-${i}` })).status).toBe(400);
    const limited = await deleteMe(who, { password: who.password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(emailRoute.POST, { token: who.token, json: { password: who.password, new_email: "else@example.com" } })).status).toBe(429);
    expect(await db.user.count({ where: { id: who.id } })).toBe(1);
  });
});
