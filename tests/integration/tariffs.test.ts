// Tariff rows and Tempo days in PostgreSQL: the seed's loaders are idempotent, the database refuses
// rows that break the rules on its own (CHECKs written by hand in the migration), and the RTE
// fetcher talks to a local fake over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { TARIFF_ROWS } from "@/lib/energy/tariff-data";
import { listTariffs, upsertTariffs } from "@/lib/services/tariffs/tariffs";
import { refreshTempo, seedTempoSample, storeTempoColours, tempoColours } from "@/lib/services/tariffs/tempo";
import { RteTempoSource, TempoSourceError } from "@/lib/energy/tempo";
import { TempoRteFake } from "../fakes/tempo-rte";
import { refusal } from "../helpers/db";


const COLS = "supplier, option, subscribed_kva, subscription_eur_per_year, price_base, price_hp, price_hc, price_blue_hc, price_blue_hp, price_white_hc, price_white_hp, price_red_hc, price_red_hp, valid_from, valid_to, source, updated_at";
/** An INSERT of a Base row at 6 kVA with `over` replacing some of its SQL values. */
function insert(over: Partial<Record<string, string>> = {}) {
  const v: Record<string, string> = {
    supplier: "'X'", option: "'base'", kva: "6", sub: "100", base: "0.2", hp: "NULL", hc: "NULL", bhc: "NULL", bhp: "NULL", whc: "NULL", whp: "NULL", rhc: "NULL", rhp: "NULL",
    from: "'2026-01-01'", to: "NULL", source: "'https://example.test/x'", ...over,
  };
  return `INSERT INTO tariffs (${COLS}) VALUES (${[v.supplier, v.option, v.kva, v.sub, v.base, v.hp, v.hc, v.bhc, v.bhp, v.whc, v.whp, v.rhc, v.rhp, v.from, v.to, v.source].join(", ")}, now())`;
}

describe("the seed's tariff rows", () => {
  it("loads the bundled grid once, however often it runs, and reads it back as written", async () => {
    expect(await upsertTariffs(db)).toBe(TARIFF_ROWS.length);
    const first = await listTariffs(db);
    expect(await upsertTariffs(db)).toBe(TARIFF_ROWS.length);
    expect(await db.tariff.count()).toBe(TARIFF_ROWS.length);
    const again = await listTariffs(db);
    expect(again).toEqual(first);
    const key = (r: (typeof first)[number]) => `${r.option}|${r.kva}|${r.validFrom}`;
    expect(new Map(again.map((r) => [key(r), r]))).toEqual(new Map(TARIFF_ROWS.map((r) => [key(r), r])));
  });

  it("an unchanged grid rewrites no row", async () => {
    await upsertTariffs(db);
    const stamps = async () => new Map((await db.tariff.findMany({ select: { id: true, updatedAt: true } })).map((r) => [r.id, r.updatedAt.getTime()]));
    const before = await stamps();
    await new Promise((r) => setTimeout(r, 5));
    await upsertTariffs(db);
    expect(await stamps()).toEqual(before);
  });

  it("a corrected figure replaces the stored one (same key), without a second row", async () => {
    await upsertTariffs(db);
    const fixed = TARIFF_ROWS.map((r) => (r.option === "base" && r.kva === 6 && r.validFrom === "2026-08-01" ? { ...r, subscriptionEurPerYear: 199.99 } : r));
    const before = await db.tariff.findMany({ select: { id: true, updatedAt: true, subscribedKva: true, option: true, validFrom: true } });
    await upsertTariffs(db, fixed);
    expect(await db.tariff.count()).toBe(TARIFF_ROWS.length);
    const row = (await listTariffs(db)).find((r) => r.option === "base" && r.kva === 6 && r.validFrom === "2026-08-01");
    expect(row?.subscriptionEurPerYear).toBe(199.99);
    // that row only
    const after = new Map((await db.tariff.findMany({ select: { id: true, updatedAt: true } })).map((r) => [r.id, r.updatedAt.getTime()]));
    const changed = before.filter((r) => after.get(r.id) !== r.updatedAt.getTime());
    expect(changed.map((r) => `${r.option} ${r.subscribedKva} ${r.validFrom.toISOString().slice(0, 10)}`)).toEqual(["base 6 2026-08-01"]);
  });
});

describe("tariffs CHECKs", () => {
  it("accepts a well-formed row of each option", async () => {
    expect(await refusal(insert())).toBeNull();
    expect(await refusal(insert({ option: "'hphc'", base: "NULL", hp: "0.2", hc: "0.15" }))).toBeNull();
    expect(await refusal(insert({ option: "'tempo'", base: "NULL", sub: "NULL", bhc: "0.1", bhp: "0.12", whc: "0.14", whp: "0.16", rhc: "0.15", rhp: "0.7" }))).toBeNull();
  });

  it.each([
    ["an empty supplier", { supplier: "'  '" }, "tariffs_supplier_check"],
    ["a power that is not a step", { kva: "7" }, "tariffs_kva_check"],
    ["a negative subscription", { sub: "-1" }, "tariffs_subscription_check"],
    ["a zero price", { base: "0" }, "tariffs_prices_check"],
    ["an absurd price", { base: "12" }, "tariffs_prices_check"],
    ["Base without its price", { base: "NULL" }, "tariffs_option_prices_check"],
    ["Base with an HP price", { hp: "0.2" }, "tariffs_option_prices_check"],
    ["HP/HC without HC", { option: "'hphc'", base: "NULL", hp: "0.2" }, "tariffs_option_prices_check"],
    ["Tempo with five prices", { option: "'tempo'", base: "NULL", bhc: "0.1", bhp: "0.12", whc: "0.14", whp: "0.16", rhc: "0.15" }, "tariffs_option_prices_check"],
    ["an end before the start", { to: "'2025-12-31'" }, "tariffs_valid_check"],
    ["an end equal to the start", { to: "'2026-01-01'" }, "tariffs_valid_check"],
    ["a source that is not a URL", { source: "'EDF'" }, "tariffs_source_check"],
  ])("refuses %s", async (_what, over, constraint) => {
    expect(await refusal(insert(over))).toContain(constraint);
  });

  it("refuses a second row with the same supplier, option, power and start", async () => {
    expect(await refusal(insert())).toBeNull();
    expect(await refusal(insert({ base: "0.3" }))).toContain("tariffs_supplier_option_subscribed_kva_valid_from_key");
  });
});

describe("tempo_days", () => {
  it.each([
    ["red in April", "'2026-04-14'", "'red'", "tempo_days_red_check"],
    ["red on a Saturday", "'2026-01-17'", "'red'", "tempo_days_red_check"],
    ["white on a Sunday", "'2026-01-18'", "'white'", "tempo_days_white_check"],
    ["an empty source", "'2026-01-15'", "'blue'", "tempo_days_source_check"],
  ])("refuses %s", async (_what, day, colour, constraint) => {
    const source = constraint === "tempo_days_source_check" ? "''" : "'test'";
    expect(await refusal(`INSERT INTO tempo_days (day, colour, source) VALUES (${day}, ${colour}, ${source})`)).toContain(constraint);
  });

  it("the bundled colours load idempotently: 3 whole seasons of 22 red and 43 white, and 2026-2027 through its last known day", async () => {
    await seedTempoSample(db);
    await seedTempoSample(db);
    expect(await db.tempoDay.count()).toBe(366 + 365 + 365 + 33);
    expect((await tempoColours(db, "2026-10-03", "2026-10-05")).size).toBe(1); // 4 October is not known
    const season = await tempoColours(db, "2025-09-01", "2026-09-01");
    const count = (c: string) => [...season.values()].filter((x) => x === c).length;
    expect([count("blue"), count("white"), count("red")]).toEqual([300, 43, 22]);
  });

  it("a colour from RTE is never overwritten by the sample", async () => {
    await storeTempoColours(db, [{ day: "2026-01-15", colour: "red" }], "rte");
    await seedTempoSample(db);
    expect(await db.tempoDay.findUnique({ where: { day: new Date("2026-01-15T00:00:00Z") } })).toMatchObject({ colour: "red", source: "rte" });
  });
});

describe("RTE's Tempo calendar (local fake)", () => {
  const rte = new TempoRteFake();
  beforeAll(() => rte.start());
  afterAll(() => rte.stop());

  it("reads each season the period touches and stores the days asked for", async () => {
    rte.colours = new Map([["2025-08-31", "BLUE"], ["2025-09-01", "WHITE"], ["2026-01-15", "RED"], ["2026-01-16", "PURPLE"]]);
    rte.seen.length = 0;
    const source = new RteTempoSource(rte.origin);
    expect(await source.colours("2025-08-31", "2026-01-17")).toEqual([
      { day: "2025-08-31", colour: "blue" },
      { day: "2025-09-01", colour: "white" },
      { day: "2026-01-15", colour: "red" },
    ]);
    expect(rte.seen).toEqual(["/cms/open_data/v1/tempo?season=2024-2025", "/cms/open_data/v1/tempo?season=2025-2026"]);
    expect(await refreshTempo(db, source, "2026-01-01", "2026-02-01")).toBe(1);
    expect(await tempoColours(db, "2026-01-01", "2026-02-01")).toEqual(new Map([["2026-01-15", "red"]]));
  });

  it("an error page or an unreachable host is a TempoSourceError, not an empty calendar", async () => {
    rte.failWith = { status: 503, body: "<html>maintenance</html>" };
    await expect(new RteTempoSource(rte.origin).colours("2026-01-01", "2026-01-02")).rejects.toThrow(TempoSourceError);
    rte.failWith = { status: 200, body: "<html>not json</html>" };
    await expect(new RteTempoSource(rte.origin).colours("2026-01-01", "2026-01-02")).rejects.toThrow(/not JSON/);
    rte.failWith = null;
    await expect(new RteTempoSource("http://127.0.0.1:9", fetch, 2000).colours("2026-01-01", "2026-01-02")).rejects.toThrow(/unreachable/);
  });
});
