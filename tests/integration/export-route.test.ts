// GET /api/v1/meters/{id}/export against a real PostgreSQL: the file as an attachment in both CSV
// dialects and as XML, with a bearer token or the session cookie; who may read it (anon 401,
// another household 404, admin 200); bad parameters 422; the range; the per-user hourly limit.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { parisDayOf } from "@/lib/time/paris";
import { upsertCurve } from "@/lib/services/readings/store";
import type { CurvePoint } from "@/lib/services/readings/types";
import { GET as exportRoute } from "@/app/api/v1/meters/[id]/export/route";
import { sessionCookie } from "../helpers/session";
import { makeUser, type TestUser } from "../factories/users";

const HALF_HOUR = 1_800_000;
const PRM = "24880057139941";

function curveDays(from: string, to: string, wh = 250.5): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`) - 3 * 3_600_000; t < Date.parse(`${to}T00:00:00Z`); t += HALF_HOUR) {
    const day = parisDayOf(t);
    if (day >= from && day < to) points.push({ start: new Date(t), stepMin: 30, wh, quality: "BRUT" });
  }
  return points;
}

/** The raw bytes too: Response.text() would drop the BOM the French dialect must start with. */
async function get(meterId: number | string, query: string, auth: { token?: string; cookie?: string } = {}) {
  const headers = new Headers();
  if (auth.token) headers.set("authorization", `Bearer ${auth.token}`);
  if (auth.cookie) headers.set("cookie", auth.cookie);
  const res = await exportRoute(new Request(`http://foyer.test/api/v1/meters/${meterId}/export${query}`, { headers }), { params: Promise.resolve({ id: String(meterId) }) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { status: res.status, headers: res.headers, bytes, text, json: () => JSON.parse(text) };
}

let owner: TestUser, other: TestUser, admin: TestUser;
let meterId: number, emptyMeterId: number;

beforeEach(async () => {
  [owner, other, admin] = await Promise.all([makeUser(), makeUser(), makeUser({ admin: true })]);
  meterId = (await db.meter.create({ data: { userId: owner.id, usagePointId: PRM, sandbox: true } })).id;
  emptyMeterId = (await db.meter.create({ data: { userId: owner.id, usagePointId: "25946599093143", sandbox: true } })).id;
  await upsertCurve(meterId, "consumption", curveDays("2026-03-28", "2026-03-31"), "sandbox");
  await upsertCurve(meterId, "production", curveDays("2026-03-29", "2026-03-30", 10), "sandbox");
});

describe("GET /api/v1/meters/{id}/export", () => {
  it("streams the French CSV as an attachment by default: BOM, `;`, decimal comma, no-store", async () => {
    const res = await get(meterId, "", { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="foyer-${PRM}-readings.csv"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.text.slice(1).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("meter;kind;start_local;start_utc;duration;energy_wh;average_power_w;quality;source");
    // 28-30 March 2026 (48 + 46 + 48) and production on the 29th (46)
    expect(lines).toHaveLength(1 + 142 + 46);
    expect(lines[1]).toBe(`${PRM};consumption;2026-03-28T00:00:00+01:00;2026-03-27T23:00:00Z;PT30M;250,5;501;raw;sandbox`);
    expect(lines.at(-1)).toMatch(new RegExp(`^${PRM};production;2026-03-29T23:30:00\\+02:00;`));
  });

  it("streams the international CSV with the session cookie", async () => {
    const res = await get(meterId, "?format=csv&dialect=en", { cookie: await sessionCookie(owner.id) });
    expect(res.status).toBe(200);
    expect(res.bytes[0]).toBe("m".charCodeAt(0));
    const lines = res.text.split("\r\n");
    expect(lines[0]).toBe("meter,kind,start_local,start_utc,duration,energy_wh,average_power_w,quality,source");
    expect(lines[1]).toBe(`${PRM},consumption,2026-03-28T00:00:00+01:00,2026-03-27T23:00:00Z,PT30M,250.5,501,raw,sandbox`);
  });

  it("streams the XML modelled on IEC 62746-4; dialect is ignored for it", async () => {
    const res = await get(meterId, "?format=xml&dialect=en", { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="foyer-${PRM}-readings.xml"`);
    expect(res.text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    expect(res.text).toContain('<ReferenceEnergyCurveHistoricalData_MarketDocument xmlns="http://IEC/62746">');
    expect(res.text.match(/<Point>/g)).toHaveLength(142 + 46);
  });

  it("limits to a range of Paris days (to exclusive) and to kinds, named in the file", async () => {
    const res = await get(meterId, "?format=csv&dialect=en&kinds=consumption&from=2026-03-29&to=2026-03-30", { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="foyer-${PRM}-consumption-readings-2026-03-29_2026-03-29.csv"`);
    const rows = res.text.split("\r\n").filter(Boolean).slice(1);
    expect(rows).toHaveLength(46);
    expect(rows.every((r) => r.includes(",consumption,2026-03-29T"))).toBe(true);
  });

  it("answers 401 without credentials, 404 for another household's meter or a non-id, 200 for an admin", async () => {
    expect((await get(meterId, "")).status).toBe(401);
    const otherAsks = await get(meterId, "", { token: other.token });
    expect(otherAsks.status).toBe(404);
    expect(otherAsks.json()).toEqual({ detail: "Meter not found", code: "not_found" });
    expect((await get(999_999_999, "", { token: owner.token })).status).toBe(404);
    expect((await get("abc", "", { token: owner.token })).status).toBe(404);
    expect((await get(meterId, "?format=xml", { token: admin.token })).status).toBe(200);
  });

  it.each([
    ["?format=pdf", "format"],
    ["?dialect=de", "dialect"],
    ["?kinds=consumption,gas", "kinds"],
    ["?from=2026-02-30", "from"],
    ["?from=26-01-01", "from"],
    ["?from=2026-03-30&to=2026-03-30", "to"],
    ["?from=1999-12-31", "from"],
  ])("answers 422 for %s", async (query, path) => {
    const res = await get(meterId, query, { token: owner.token });
    expect(res.status).toBe(422);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("gives an empty meter's CSV as its header only, and refuses its XML (422: an empty document is not valid)", async () => {
    const csv = await get(emptyMeterId, "?dialect=en", { token: owner.token });
    expect(csv.status).toBe(200);
    expect(csv.text).toBe("meter,kind,start_local,start_utc,duration,energy_wh,average_power_w,quality,source\r\n");
    const xml = await get(emptyMeterId, "?format=xml", { token: owner.token });
    expect(xml.status).toBe(422);
    expect(xml.json().detail).toBe("No readings to export");
  });

  it("limits the exports a user starts per hour (429 with Retry-After), per user", async () => {
    const max = env().EXPORTS_MAX_PER_HOUR;
    for (let i = 0; i < max; i++) expect((await get(emptyMeterId, "", { token: owner.token })).status).toBe(200);
    const refused = await get(meterId, "", { token: owner.token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // a bad query is refused before it counts; another household is not affected
    expect((await get(meterId, "?format=pdf", { token: owner.token })).status).toBe(422);
    expect((await get(meterId, "", { token: admin.token })).status).toBe(200);
  });
});
