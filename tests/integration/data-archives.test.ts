// "Download my data" against a real PostgreSQL: asking (202, then the same one while it is
// prepared), the job building the ZIP into parts, its content (every file, no password hash, no
// vendor token, readings as CSV and XML valid against the public XSD, an admin's archive holding
// only their own data), the download (cookie or bearer, another user's is 404), the daily limit,
// expiry and the sweep, deletion, and an archive deleted while it is built.
import { beforeEach, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { db } from "@/lib/db";
import { encryptSecret as encrypt } from "@/lib/crypto";
import { env } from "@/lib/env";
import { parisDayOf } from "@/lib/time/paris";
import { buildArchive } from "@/lib/services/archives/build";
import { sweepArchives } from "@/lib/services/archives/requests";
import { ARCHIVE_PART_BYTES } from "@/lib/services/archives/build";
import { upsertCurve } from "@/lib/services/readings/store";
import type { CurvePoint } from "@/lib/services/readings/types";
import { removeUser } from "@/lib/services/users/deletion";
import { GET as list, POST as ask } from "@/app/api/v1/users/me/archives/route";
import { GET as one, DELETE as remove } from "@/app/api/v1/users/me/archives/[id]/route";
import { GET as download } from "@/app/api/v1/users/me/archives/[id]/download/route";
import { call } from "../helpers/api";
import { sessionCookie } from "../helpers/session";
import { makeUser, type TestUser } from "../factories/users";
import { makeDevice } from "../factories/devices";
import { makeLocation } from "../factories/locations";
import { keepPartitions } from "@/lib/services/telemetry/partitions";
import { ensureDeviceMqtt } from "@/lib/services/telemetry/connection";
import { validateIec62746 } from "../fixtures/iec62746/validate";

const PRM = "24880057139941";
const HALF_HOUR = 1_800_000;

function curveDays(from: string, to: string, wh: number | ((t: number) => number) = 250.5): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`) - 3 * 3_600_000; t < Date.parse(`${to}T00:00:00Z`); t += HALF_HOUR) {
    const day = parisDayOf(t);
    if (day >= from && day < to) points.push({ start: new Date(t), stepMin: 30, wh: typeof wh === "number" ? wh : wh(t), quality: "BRUT" });
  }
  return points;
}

/** The ZIP's entries, name → text. */
function unzip(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, string>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on("data", (c: Buffer) => parts.push(c));
          stream.on("end", () => {
            out.set(entry.fileName, Buffer.concat(parts).toString("utf8"));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(out));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

async function fetchZip(id: string, auth: { token?: string; cookie?: string }) {
  const headers = new Headers();
  if (auth.token) headers.set("authorization", `Bearer ${auth.token}`);
  if (auth.cookie) headers.set("cookie", auth.cookie);
  const res = await download(new Request(`http://foyer.test/api/v1/users/me/archives/${id}/download`, { headers }), { params: Promise.resolve({ id }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

let owner: TestUser, other: TestUser;
let meterId: number;

beforeEach(async () => {
  [owner, other] = await Promise.all([makeUser({ firstName: "Camille", acceptedTos: true }), makeUser()]);
  const location = await makeLocation(owner.id);
  await makeDevice(owner.id, { locationId: location.id, measurements: [{}, {}] });
  await db.schedule.create({
    data: { userId: owner.id, derName: "Battery", data: { der_name: "Battery", average_power: 2000, months: [1], days: [0], hours: [10], start_date: "2026-01-01T00:00:00.000Z" } },
  });
  const integration = await db.integration.create({
    data: { userId: owner.id, name: "linky", resource: PRM, sandbox: true, accessTokenEnc: encrypt("secret-access-token-xyz"), refreshTokenEnc: encrypt("secret-refresh-token-xyz") },
  });
  meterId = (await db.meter.create({ data: { userId: owner.id, integrationId: integration.id, usagePointId: PRM, sandbox: true } })).id;
  await db.meter.create({ data: { userId: owner.id, usagePointId: "25946599093143", sandbox: true } });
  // 29 March 2026 is the 23-hour day
  await upsertCurve(meterId, "consumption", curveDays("2026-03-28", "2026-03-31"), "sandbox");
  await upsertCurve(meterId, "production", curveDays("2026-03-29", "2026-03-30", 10), "sandbox");
  // someone else's things never show up in the owner's archive
  const theirs = await makeLocation(other.id);
  await makeDevice(other.id, { locationId: theirs.id });
});

async function askAndBuild(who: TestUser) {
  const res = await call(ask, { method: "POST", token: who.token });
  expect(res.status).toBe(202);
  expect(await buildArchive(res.body.id)).toBe("ready");
  return res.body.id as string;
}

describe("Download my data", () => {
  it("queues an archive, shows its progress, builds it and serves the ZIP with every file", async () => {
    // an offer the household sent, with its two dated changes
    const offer = await db.flexOffer.create({
      data: {
        userId: owner.id, resource: "Battery", direction: "down", week: new Date("2026-11-30T00:00:00Z"), day: new Date("2026-11-30T00:00:00Z"),
        startsAt: new Date("2026-11-30T09:00:00Z"), endsAt: new Date("2026-11-30T10:00:00Z"), stepMin: 30, ratedW: 2000, powerW: [500, 500], baselineW: [500, 500], baselineDays: [],
        expiresAt: new Date("2026-11-29T11:00:00Z"), status: "offered", changes: { create: [{ status: "draft" }, { status: "offered", byId: owner.id }] },
      },
    });
    const asked = await call(ask, { method: "POST", token: owner.token });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: "queued", progress: 0, download_url: null, size_bytes: null, expires_at: null });
    // asking again while it waits gives the same one (and does not count)
    const again = await call(ask, { method: "POST", token: owner.token });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(asked.body.id);
    expect((await call(list, { token: owner.token })).body).toMatchObject({ per_day: env().DATA_ARCHIVES_MAX_PER_DAY, left_today: env().DATA_ARCHIVES_MAX_PER_DAY - 1 });
    // the job was queued for the workers
    const [job] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'data-archive' AND data->>'archiveId' = ${asked.body.id}`;
    expect(job.n).toBe(1);

    expect(await buildArchive(asked.body.id)).toBe("ready");
    const ready = await call(one, { token: owner.token, params: { id: asked.body.id } });
    expect(ready.body).toMatchObject({ status: "ready", progress: 100, step: null, download_url: `/api/v1/users/me/archives/${asked.body.id}/download` });
    const hours = (Date.parse(ready.body.expires_at) - Date.parse(ready.body.ready_at)) / 3_600_000;
    expect(hours).toBe(env().DATA_ARCHIVE_HOURS);

    const zip = await fetchZip(asked.body.id, { cookie: await sessionCookie(owner.id) });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("cache-control")).toBe("no-store");
    expect(zip.headers.get("content-disposition")).toMatch(/^attachment; filename="foyer-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(Number(zip.headers.get("content-length"))).toBe(zip.bytes.length);
    expect(ready.body.size_bytes).toBe(zip.bytes.length);

    const files = await unzip(zip.bytes);
    expect([...files.keys()]).toEqual([
      "README.txt", "account.json", "consents.json", "locations.json", "devices.json", "schedules.json", "integrations.json", "meters.json", "flexibility.json", "partner-access.json", "community.json",
      `readings/${PRM}.csv`, `readings/${PRM}.xml`,
    ]);
    const account = JSON.parse(files.get("account.json")!);
    expect(account).toMatchObject({ id: owner.id, email: owner.email, first_name: "Camille", accepted_tos: true, privacy_notice: { accepted_version: 2, current_version: 2 } });
    const consents = JSON.parse(files.get("consents.json")!);
    expect(consents.map((c: { consent: string }) => c.consent)).toEqual(["privacy_notice", "linky_data_access"]);
    expect(consents[1]).toMatchObject({ usage_points: [PRM] });
    expect(consents[1].granted_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(JSON.parse(files.get("locations.json")!)).toHaveLength(1);
    const devices = JSON.parse(files.get("devices.json")!);
    expect(devices).toHaveLength(1);
    expect(devices[0].data.channels).toHaveLength(2);
    expect(JSON.parse(files.get("schedules.json")!)[0]).toMatchObject({ der_name: "Battery" });
    const flex = JSON.parse(files.get("flexibility.json")!);
    expect(flex.offers).toEqual([expect.objectContaining({ id: offer.id, resource: "Battery", status: "offered", power_w: [500, 500], history: [expect.objectContaining({ status: "draft" }), expect.objectContaining({ status: "offered" })] })]);
    expect(JSON.parse(files.get("integrations.json")!)).toEqual([expect.objectContaining({ name: "linky", resource: PRM })]);
    // not a member of the community's operation, no profile given
    expect(JSON.parse(files.get("community.json")!)).toMatchObject({ home: { housing_type: null, floor_area_m2: null }, member: false, spans: [] });
    expect(JSON.parse(files.get("meters.json")!).map((m: { usage_point_id: string }) => m.usage_point_id)).toEqual([PRM, "25946599093143"]);
    expect(files.get("README.txt")).toContain("Meter 25946599093143: no readings held");

    // readings: 48 + 46 + 48 consumption, 46 production; the XML is valid against the public XSD
    const csv = files.get(`readings/${PRM}.csv`)!.split("\r\n").filter(Boolean);
    expect(csv[0]).toBe("meter,kind,start_local,start_utc,duration,energy_wh,average_power_w,quality,source");
    expect(csv).toHaveLength(1 + 142 + 46);
    const xml = files.get(`readings/${PRM}.xml`)!;
    expect(xml.match(/<Point>/g)).toHaveLength(142 + 46);
    expect(await validateIec62746(xml)).toEqual({ valid: true, errors: [] });

    // nothing secret, nothing of the other user
    const everything = [...files.values()].join("\n");
    const user = await db.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(everything).not.toContain(user.hashedPassword);
    expect(everything).not.toMatch(/hashed_password|hashedPassword|secret-(access|refresh)-token|token_enc|tokenEnc/);
    const integ = await db.integration.findFirstOrThrow({ where: { userId: owner.id } });
    expect(everything).not.toContain(integ.accessTokenEnc!);
    expect(everything).not.toContain(other.email);
  });

  it("stores the ZIP in parts of 1 MiB and streams them back in order", async () => {
    // 4 years of half hours of varied values make a ZIP larger than one part
    await upsertCurve(meterId, "consumption", curveDays("2022-01-01", "2026-01-01", (t) => ((t / HALF_HOUR) * 7919) % 4001), "sandbox");
    const id = await askAndBuild(owner);
    const parts = await db.dataArchivePart.findMany({ where: { archiveId: id }, select: { seq: true }, orderBy: { seq: "asc" } });
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((p) => p.seq)).toEqual(parts.map((_, i) => i));
    const sizes = await db.$queryRaw<{ seq: number; n: number }[]>`SELECT seq, length(bytes) AS n FROM data_archive_parts WHERE archive_id = ${id}::uuid ORDER BY seq`;
    expect(sizes.slice(0, -1).every((s) => s.n >= ARCHIVE_PART_BYTES)).toBe(true);
    const zip = await fetchZip(id, { token: owner.token });
    const files = await unzip(zip.bytes);
    // 4 years (1,461 days, 4 DST pairs) plus the March 2026 days
    expect(files.get(`readings/${PRM}.csv`)!.split("\r\n").filter(Boolean)).toHaveLength(1 + 1461 * 48 + 142 + 46);
  });

  it("holds each live device's 15-minute energy as CSV, page after page, and no one else's", async () => {
    await keepPartitions();
    const shelly = await makeDevice(owner.id, { deviceId: "shelly/pro,3em", deviceType: "shelly", measurements: [{ name: "grid" }, { name: "=solar" }] });
    const silent = await makeDevice(owner.id, { deviceId: "spoony-1", deviceType: "spoony", measurements: [{ name: "heat pump" }] });
    const theirs = await makeDevice(other.id, { deviceId: "shelly-theirs", deviceType: "shelly", measurements: [{ name: "grid" }] });
    await ensureDeviceMqtt([shelly.id, silent.id, theirs.id]);
    // 10,005 quarters of the grid (over a page), 3 of the solar, and the other household's
    const t0 = new Date(Date.now() - 120 * 86_400_000);
    await db.$executeRaw`INSERT INTO telemetry.quarters (measurement_id, start, import_wh, export_wh, power_avg, power_min, power_max)
      SELECT ${shelly.measurements[0]!.id}, ${t0}::timestamptz + i * interval '15 minutes', 100.25, 0, 401, 380.5, 420 FROM generate_series(0, 10004) i`;
    await db.$executeRaw`INSERT INTO telemetry.quarters (measurement_id, start, import_wh, export_wh)
      SELECT ${shelly.measurements[1]!.id}, ${t0}::timestamptz + i * interval '15 minutes', 0, 250 FROM generate_series(0, 2) i`;
    await db.$executeRaw`INSERT INTO telemetry.quarters (measurement_id, start, import_wh, export_wh) VALUES (${theirs.measurements[0]!.id}, ${t0}, 1, 0)`;
    const files = await unzip((await fetchZip(await askAndBuild(owner), { token: owner.token })).bytes);
    const names = [...files.keys()].filter((k) => k.startsWith("telemetry/"));
    expect(names).toEqual([`telemetry/${shelly.id}-shelly_pro_3em.csv`]);
    const rows = files.get(names[0]!)!.split("\r\n").filter(Boolean);
    expect(rows[0]).toBe("device,measurement,start_utc,import_wh,export_wh,power_w_avg,power_w_min,power_w_max");
    expect(rows).toHaveLength(1 + 10_005 + 3);
    expect(rows[1]).toBe(`"shelly/pro,3em",grid,${t0.toISOString()},100.25,0,401,380.5,420`);
    // in time order, none twice across the pages (the quoted device name holds a comma: the start is the fourth field)
    const grid = rows.slice(1, 10_006).map((r) => r.split(",")[3]);
    expect(new Set(grid).size).toBe(10_005);
    expect([...grid].sort()).toEqual(grid);
    // a name that starts like a formula is written so no spreadsheet evaluates it
    expect(rows[10_006]).toBe(`"shelly/pro,3em",'=solar,${t0.toISOString()},0,250,,,`);
    expect(files.get("README.txt")).toContain("(1 device)");
  });

  it("an admin's archive holds their own data only", async () => {
    const admin = await makeUser({ admin: true });
    const id = await askAndBuild(admin);
    const files = await unzip((await fetchZip(id, { token: admin.token })).bytes);
    expect(JSON.parse(files.get("locations.json")!)).toEqual([]);
    expect(JSON.parse(files.get("devices.json")!)).toEqual([]);
    expect(JSON.parse(files.get("meters.json")!)).toEqual([]);
    expect([...files.keys()].some((k) => k.startsWith("readings/"))).toBe(false);
  });

  it("another user cannot see, download or delete it (404); anonymous is 401; a malformed id is 404", async () => {
    const id = await askAndBuild(owner);
    expect((await call(one, { token: other.token, params: { id } })).status).toBe(404);
    expect((await fetchZip(id, { token: other.token })).status).toBe(404);
    expect((await call(remove, { method: "DELETE", token: other.token, params: { id } })).status).toBe(404);
    expect((await call(list, { token: other.token })).body.items).toEqual([]);
    expect((await call(one, { params: { id } })).status).toBe(401);
    expect((await fetchZip(id, {})).status).toBe(401);
    for (const bad of ["1", "not-a-uuid", "00000000-0000-0000-0000-00000000000g", "'; DROP TABLE users; --"]) {
      const res = await call(one, { token: owner.token, params: { id: bad } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Archive not found", code: "not_found" });
    }
    expect((await fetchZip(id, { token: owner.token })).status).toBe(200);
  });

  it("answers 409 while it is prepared and when it failed", async () => {
    const asked = await call(ask, { method: "POST", token: owner.token });
    const early = await fetchZip(asked.body.id, { token: owner.token });
    expect(early.status).toBe(409);
    expect(JSON.parse(early.bytes.toString())).toEqual({ detail: "Your data is still being prepared", code: "archive_not_ready" });
    await db.dataArchive.update({ where: { id: asked.body.id }, data: { status: "failed" } });
    expect(JSON.parse((await fetchZip(asked.body.id, { token: owner.token })).bytes.toString()).detail).toMatch(/could not be prepared/);
  });

  it("allows DATA_ARCHIVES_MAX_PER_DAY a day, then 429 with Retry-After; a refused request creates nothing", async () => {
    const max = env().DATA_ARCHIVES_MAX_PER_DAY;
    for (let i = 0; i < max; i++) await askAndBuild(owner);
    const refused = await call(ask, { method: "POST", token: owner.token });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(`You can download your data ${max} times a day: please try again later`);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.dataArchive.count({ where: { userId: owner.id } })).toBe(max);
    expect((await call(list, { token: owner.token })).body.left_today).toBe(0);
    // deleting archives does not give the allowance back
    for (const a of await db.dataArchive.findMany({ where: { userId: owner.id } })) {
      expect((await call(remove, { method: "DELETE", token: owner.token, params: { id: a.id } })).status).toBe(204);
    }
    expect((await call(ask, { method: "POST", token: owner.token })).status).toBe(429);
    // the other user has their own allowance
    expect((await call(ask, { method: "POST", token: other.token })).status).toBe(202);
    // the limiter remembers a refusal in memory for 2 s; the next test's owner has the same id
    await new Promise((r) => setTimeout(r, 2100));
  });

  it("an expired archive is gone for the user at once and swept with its parts", async () => {
    const id = await askAndBuild(owner);
    const stale = await call(ask, { method: "POST", token: owner.token });
    await db.dataArchive.update({ where: { id: stale.body.id }, data: { createdAt: new Date(Date.now() - 7 * 3_600_000) } });
    await db.dataArchive.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await fetchZip(id, { token: owner.token })).status).toBe(404);
    expect((await call(list, { token: owner.token })).body.items.map((a: { id: string }) => a.id)).toEqual([stale.body.id]);
    expect(await sweepArchives()).toBe(2);
    expect(await db.dataArchive.count({ where: { userId: owner.id } })).toBe(0);
    expect(await db.dataArchivePart.count({ where: { archiveId: id } })).toBe(0);
  });

  it("an archive deleted, or an account deleted, while the job waits ends the job quietly", async () => {
    const asked = await call(ask, { method: "POST", token: owner.token });
    expect((await call(remove, { method: "DELETE", token: owner.token, params: { id: asked.body.id } })).status).toBe(204);
    expect(await buildArchive(asked.body.id)).toBe("gone");
    expect(await db.dataArchivePart.count({ where: { archiveId: asked.body.id } })).toBe(0);
    // the account deleted while its archive waits
    const orphan = await call(ask, { method: "POST", token: owner.token });
    expect(orphan.status).toBe(202);
    await removeUser(owner.id, "self");
    expect(await buildArchive(orphan.body.id)).toBe("gone");
    expect(await db.dataArchive.count()).toBe(0);
    // a built archive is not built twice
    const id = await askAndBuild(other);
    expect(await buildArchive(id)).toBe("skipped");
  });

  it("a retry after a crash starts over: the parts of the first attempt are replaced", async () => {
    const asked = await call(ask, { method: "POST", token: owner.token });
    await db.dataArchive.update({ where: { id: asked.body.id }, data: { status: "running", progress: 40 } });
    await db.dataArchivePart.create({ data: { archiveId: asked.body.id, seq: 0, bytes: Buffer.from("half a zip") } });
    expect(await buildArchive(asked.body.id)).toBe("ready");
    const files = await unzip((await fetchZip(asked.body.id, { token: owner.token })).bytes);
    expect(files.has("account.json")).toBe(true);
  });
});
