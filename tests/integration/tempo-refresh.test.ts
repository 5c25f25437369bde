// The tempo-refresh job against RTE's calendar faked on 127.0.0.1 (tests/fakes/tempo-rte.ts):
// the window it asks for, the rows it writes, the sample's placeholders replaced by RTE's colours
// and never the other way round; off without TEMPO_URL; scheduled once on the shared queue.
import { afterAll, describe, expect, it } from "vitest";
import { TempoRteFake } from "../fakes/tempo-rte";

// TEMPO_URL must be in the environment before lib/env.ts first reads it
const rte = new TempoRteFake();
await rte.start();
process.env.TEMPO_URL = rte.origin;
afterAll(() => rte.stop());

const { db } = await import("@/lib/db");
const { env } = await import("@/lib/env");
const { RteTempoSource, TempoSourceError } = await import("@/lib/energy/tempo");
const { seedTempoSample, tempoColours, configuredTempoSource, tempoRefreshWindow } = await import("@/lib/services/tariffs/tempo");
const { handleTempoRefresh, TEMPO_CRON } = await import("@/lib/jobs/workers");

/** 2026-01-14 12:00 Paris: RTE has published the 15th's colour. */
const NOW = Date.parse("2026-01-14T11:00:00Z");
const at = (day: string) => db.tempoDay.findUnique({ where: { day: new Date(`${day}T00:00:00Z`) } });

describe("the refresh window and source", () => {
  it("asks from the start of the previous season to tomorrow included, in Paris days", () => {
    expect(tempoRefreshWindow(NOW)).toEqual({ from: "2024-09-01", to: "2026-01-16" });
    // 23:30 UTC on 31 August is already 1 September in Paris: a new season
    expect(tempoRefreshWindow(Date.parse("2026-08-31T23:30:00Z"))).toEqual({ from: "2025-09-01", to: "2026-09-03" });
  });

  it("is RTE at TEMPO_URL, and none without it", () => {
    expect(env().TEMPO_URL).toBe(rte.origin);
    expect(configuredTempoSource()).toBeInstanceOf(RteTempoSource);
    expect(configuredTempoSource("")).toBeNull();
  });
});

describe("the job's handler", () => {
  it("stores RTE's colours over the sample's placeholders; days RTE has not given keep the sample's", async () => {
    await seedTempoSample(db);
    const sampleOf = async (day: string) => (await at(day))!.colour;
    // RTE's colours differ from the sample's on the days below
    const jan13 = (await sampleOf("2026-01-13")) === "red" ? "WHITE" : "RED";
    rte.colours = new Map([["2024-12-02", "RED"], ["2025-09-01", "WHITE"], ["2026-01-13", jan13], ["2026-01-15", "BLUE"], ["2026-01-16", "RED"]]);
    rte.seen.length = 0;

    const result = await handleTempoRefresh(configuredTempoSource(), NOW);
    expect(result).toEqual({ off: false, from: "2024-09-01", to: "2026-01-16", written: 4 });
    // one call per season
    expect(rte.seen).toEqual(["/cms/open_data/v1/tempo?season=2024-2025", "/cms/open_data/v1/tempo?season=2025-2026"]);
    expect(await at("2024-12-02")).toMatchObject({ colour: "red", source: "rte" });
    expect(await at("2025-09-01")).toMatchObject({ colour: "white", source: "rte" });
    expect(await at("2026-01-13")).toMatchObject({ colour: jan13.toLowerCase(), source: "rte" });
    expect(await at("2026-01-15")).toMatchObject({ colour: "blue", source: "rte" });
    // past tomorrow: not asked for, the sample stays
    expect(await at("2026-01-16")).toMatchObject({ source: "sample" });
    expect(await at("2026-01-14")).toMatchObject({ source: "sample" });

    // the seed's sample, loaded again, replaces none of RTE's colours
    await seedTempoSample(db);
    expect(await at("2026-01-13")).toMatchObject({ colour: jan13.toLowerCase(), source: "rte" });
    expect(await db.tempoDay.count({ where: { source: "rte" } })).toBe(4);

    // a later run takes RTE's correction and tomorrow's new colour
    rte.colours.set("2026-01-15", "WHITE");
    expect(await handleTempoRefresh(configuredTempoSource(), NOW + 86_400_000)).toMatchObject({ written: 5 });
    expect(await tempoColours(db, "2026-01-15", "2026-01-17")).toEqual(new Map([["2026-01-15", "white"], ["2026-01-16", "red"]]));
  });

  it("an RTE outage fails the run (the queue retries it) and changes nothing", async () => {
    await seedTempoSample(db);
    rte.failWith = { status: 503, body: "<html>maintenance</html>" };
    try {
      await expect(handleTempoRefresh(configuredTempoSource(), NOW)).rejects.toThrow(TempoSourceError);
    } finally {
      rte.failWith = null;
    }
    expect(await db.tempoDay.count({ where: { source: "rte" } })).toBe(0);
  });

  it("without TEMPO_URL it fetches nothing and says it is off", async () => {
    rte.seen.length = 0;
    const lines: string[] = [];
    const info = console.info;
    console.info = (...a: unknown[]) => void lines.push(a.map(String).join(" "));
    try {
      expect(await handleTempoRefresh(null, NOW)).toEqual({ off: true });
    } finally {
      console.info = info;
    }
    expect(rte.seen).toEqual([]);
    expect(await db.tempoDay.count()).toBe(0);
    expect(lines.join("\n")).toMatch(/tempo refresh off.*TEMPO_URL is not set/);
  });
});

describe("on the shared queue", () => {
  it("workers schedule it once (11:30 and 17:30 Paris) and run one refresh at start, whatever the number of sends", async () => {
    rte.colours = new Map([["2025-11-03", "WHITE"]]);
    const { startWorkers } = await import("@/lib/jobs/workers");
    const { jobs, QUEUES } = await import("@/lib/jobs/queue");
    await startWorkers();
    const until = Date.now() + 20_000;
    while (!(await at("2025-11-03")) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(await at("2025-11-03")).toMatchObject({ colour: "white", source: "rte" });

    const schedules = await db.$queryRaw<{ name: string; cron: string; timezone: string }[]>`SELECT name, cron, timezone FROM pgboss.schedule WHERE name = ${QUEUES.tempo}`;
    expect(schedules).toEqual([{ name: "tempo-refresh", cron: TEMPO_CRON, timezone: "Europe/Paris" }]);
    expect(TEMPO_CRON).toBe("30 11,17 * * *");

    // another process starting within the hour sends no second start-up refresh
    const boss = await jobs();
    expect(await boss.send(QUEUES.tempo, {}, { singletonKey: "start", singletonSeconds: 3600 })).toBeNull();
    const runs = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${QUEUES.tempo}`;
    expect(Number(runs[0].n)).toBe(1);
  }, 30_000);
});
