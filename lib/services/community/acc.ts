// Enedis' ACC data imported and reconciled with Foyer's own figures (docs/community.md, "Importing
// Enedis' ACC data"): a file in the layout of lib/community/acc-csv.ts is stored per meter and
// day; its reconciliation compares, over the file's days, each meter's CONS, AUTOCONS and PROD
// with what Foyer holds (its Linky curve, its allocation under the operation's key) and says each
// gap in words. The sample is the same layout written from Foyer's figures of a month.
import type { Caller } from "@/lib/auth/caller";
import { db, pgQuery } from "@/lib/db";
import { forbidden, invalid, notFound } from "@/lib/errors";
import { addDays, parisDayStart, parisLocalString } from "@/lib/time/paris";
import { ACC_HEADER, accLine, parseAcc, type AccType } from "@/lib/community/acc-csv";
import { emptyResult, simulateMonth } from "@/lib/community/simulate";
import { loadMonth } from "./month";
import { simulatePeriod } from "./simulation";
import { operationKey } from "./members";

const dayText = (d: Date) => d.toISOString().slice(0, 10);
/** A gap is said when Foyer's figure and Enedis' differ by more than this share and by more than 1 kWh. */
const GAP_SHARE = 0.02;
const GAP_WH = 1000;

export async function importAcc(caller: Caller, fileName: string, text: string) {
  if (!caller.isSuperuser) throw forbidden();
  const parsed = parseAcc(text);
  if (parsed.errors.length) {
    throw invalid(parsed.errors.map((e) => ({ path: `line ${e.line}`, message: e.message })), `The file was not imported: line ${parsed.errors[0].line}: ${parsed.errors[0].message}`);
  }
  const days = parsed.days;
  const from = days.reduce((m, d) => (d.day < m ? d.day : m), days[0].day);
  const to = days.reduce((m, d) => (d.day > m ? d.day : m), days[0].day);
  const meters = new Set(days.map((d) => d.usagePointId)).size;
  return db.$transaction(async (tx) => {
    const imp = await tx.accImport.create({
      data: { fileName: fileName.slice(0, 200) || "acc.csv", fromDay: new Date(`${from}T00:00:00Z`), toDay: new Date(`${to}T00:00:00Z`), rows: parsed.lines, meters, importedById: caller.id },
    });
    const v = (x: number | undefined) => (x === undefined ? null : x);
    for (let i = 0; i < days.length; i += 5000) {
      await tx.accImportDay.createMany({
        data: days.slice(i, i + 5000).map((d) => ({
          importId: imp.id, usagePointId: d.usagePointId, day: new Date(`${d.day}T00:00:00Z`),
          consWh: v(d.CONS), autoconsWh: v(d.AUTOCONS), complementWh: v(d.COMPLEMENT), prodWh: v(d.PROD), autoprodWh: v(d.AUTOPROD), surplusWh: v(d.SURPLUS),
        })),
      });
    }
    return imp;
  }, { timeout: 60_000 });
}

export async function listImports(caller: Caller) {
  if (!caller.isSuperuser) throw forbidden();
  return db.accImport.findMany({ orderBy: { id: "desc" }, include: { importedBy: { select: { email: true } } } });
}

type Finding = { code: string; usagePointId: string; email: string | null; params: Record<string, number | string>; text: string };

const kwh = (wh: number) => Math.round(wh / 100) / 10;
const pct = (a: number, b: number) => Math.round(((a - b) / b) * 1000) / 10;

/** An import's reconciliation: Enedis' totals and Foyer's per meter over the file's days, and every gap in words. */
export async function reconcileImport(caller: Caller, id: number) {
  if (!caller.isSuperuser) throw forbidden();
  const imp = await db.accImport.findUnique({ where: { id } });
  if (!imp) throw notFound("Import");
  const from = dayText(imp.fromDay);
  const to = addDays(dayText(imp.toDay), 1);
  const { rows: enedis } = await pgQuery<{ prm: string; cons: number | null; autocons: number | null; complement: number | null; prod: number | null; autoprod: number | null; surplus: number | null; days: number }>(
    `SELECT usage_point_id AS prm, sum(cons_wh) AS cons, sum(autocons_wh) AS autocons, sum(complement_wh) AS complement, sum(prod_wh) AS prod,
            sum(autoprod_wh) AS autoprod, sum(surplus_wh) AS surplus, count(*)::int AS days
     FROM acc_import_days WHERE import_id = $1 GROUP BY 1 ORDER BY 1`,
    [id],
  );
  const meters = await db.meter.findMany({ select: { id: true, userId: true, usagePointId: true, user: { select: { email: true } } } });
  const byPrm = new Map(meters.map((m) => [m.usagePointId, m]));
  const sim = await simulatePeriod({ from, to }, [await operationKey()]);
  const figures = new Map(sim.members.map((m) => [m.userId, m]));
  const alloc = new Map(sim.keys[0].members.map((m) => [m.userId, m]));
  // the days of the file Foyer holds no complete curve for, per meter: its consumption curve, or
  // its production curve for a producer alone
  const producers = new Set((await db.communityMember.findMany({ where: { role: "producer" }, select: { userId: true } })).map((m) => m.userId));
  const { rows: held } = await pgQuery<{ meter_id: number; kind: number; d: string; n: number }>(
    `SELECT meter_id, kind, (ts AT TIME ZONE 'Europe/Paris')::date::text AS d, count(*)::int AS n FROM energy.readings
     WHERE kind IN (1, 2) AND meter_id = ANY($1::int[]) AND ts >= $2 AND ts < $3 GROUP BY 1, 2, 3`,
    [meters.map((m) => m.id), new Date(parisDayStart(from)), new Date(parisDayStart(to))],
  );
  const curveKind = new Map(meters.map((m) => [m.id, producers.has(m.userId) ? 2 : 1]));
  const full = new Map<number, Set<string>>();
  for (const h of held) if (h.n >= 46 && curveKind.get(h.meter_id) === h.kind) (full.get(h.meter_id) ?? full.set(h.meter_id, new Set()).get(h.meter_id)!).add(h.d);
  const allDays: string[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) allDays.push(d);
  const findings: Finding[] = [];
  const say = (code: string, prm: string, email: string | null, params: Record<string, number | string>, text: string) => findings.push({ code, usagePointId: prm, email, params, text });
  const rows = enedis.map((e) => {
    const m = byPrm.get(e.prm);
    const email = m?.user.email ?? null;
    if (!m) {
      say("unknown_meter", e.prm, null, {}, `Meter ${e.prm} is in Enedis' file but no household of Foyer has it`);
      return { usagePointId: e.prm, userId: null, email, enedis: e, foyer: null, missingDays: [] as string[] };
    }
    const f = figures.get(m.userId);
    const a = alloc.get(m.userId);
    if (!f) say("not_member", e.prm, email, {}, `Meter ${e.prm} (${email}) is in Enedis' file but its household did not take part in the operation then in Foyer`);
    const missingDays = allDays.filter((d) => !full.get(m.id)?.has(d));
    if (f && missingDays.length) say("foyer_missing_days", e.prm, email, { days: missingDays.length, first: missingDays[0], last: missingDays.at(-1)! }, `Foyer lacks ${missingDays.length} day(s) of meter ${e.prm}'s curve (${missingDays[0]} to ${missingDays.at(-1)}): its figures are short by those days`);
    const compare = (code: string, what: string, theirs: number | null, ours: number) => {
      if (theirs === null || !f) return;
      if (Math.abs(theirs - ours) > GAP_WH && (theirs === 0 || Math.abs(theirs - ours) / theirs > GAP_SHARE)) {
        say(code, e.prm, email, { enedis_kwh: kwh(theirs), foyer_kwh: kwh(ours), difference_pct: theirs ? pct(ours, theirs) : 0 }, `Meter ${e.prm} (${email}): Enedis counts ${kwh(theirs)} kWh ${what}, Foyer ${kwh(ours)} kWh${theirs ? ` (${pct(ours, theirs)} %)` : ""}`);
      }
    };
    compare("consumption_gap", "withdrawn (CONS)", e.cons, f?.consumptionWh ?? 0);
    compare("allocation_gap", "of local production allocated (AUTOCONS)", e.autocons, a?.allocatedWh ?? 0);
    compare("production_gap", "injected (PROD)", e.prod, f?.productionWh ?? 0);
    return {
      usagePointId: e.prm, userId: m.userId, email, enedis: e,
      foyer: f ? { cons: f.consumptionWh, autocons: a?.allocatedWh ?? 0, prod: f.productionWh } : null,
      missingDays,
    };
  });
  // members Foyer counts that Enedis' file lacks
  const inFile = new Set(enedis.map((e) => e.prm));
  for (const f of sim.members) {
    const m = meters.find((x) => x.userId === f.userId);
    if (m && !inFile.has(m.usagePointId) && f.consumptionWh + f.productionWh > 0) {
      say("missing_in_file", m.usagePointId, m.user.email, {}, `Meter ${m.usagePointId} (${m.user.email}) took part in Foyer's operation but is not in Enedis' file`);
    }
  }
  return { import: imp, from, to: dayText(imp.toDay), meters: rows, findings };
}

/**
 * A month of the operation in Enedis' layout, written from Foyer's figures (one value per meter,
 * type and day): what an import of Enedis' file would hold if it agreed with Foyer everywhere.
 */
export async function accSample(caller: Caller, month: string): Promise<string> {
  if (!caller.isSuperuser) throw forbidden();
  const data = await loadMonth({ query: pgQuery } as never, month, { prices: false });
  const prms = new Map((await db.meter.findMany({ where: { userId: { in: data.userIds } }, orderBy: { id: "asc" }, select: { userId: true, usagePointId: true } })).reverse().map((m) => [m.userId, m.usagePointId]));
  const t0 = parisDayStart(month);
  const sums = new Map<string, Partial<Record<AccType, number>>>();
  const add = (i: number, day: string, type: AccType, wh: number) => {
    const k = `${i}|${day}`;
    const x = sums.get(k) ?? {};
    x[type] = (x[type] ?? 0) + wh;
    sums.set(k, x);
  };
  // the month replayed under the operation's key, each half hour's quantities added to its day's
  simulateMonth(data.slots, data.members, 0, [emptyResult(data.key, data.members.length)], (t, p, c, out, given) => {
    const day = parisLocalString(t0 + t * 1_800_000).slice(0, 10);
    data.members.forEach((m, i) => {
      if (t < m.from || t >= m.to) return;
      if (m.consumer) {
        add(i, day, "CONS", c[i]);
        add(i, day, "AUTOCONS", out[i]);
        add(i, day, "COMPLEMENT", c[i] - out[i]);
      }
      if (m.producer && m.prod) {
        const own = m.prod[t];
        add(i, day, "PROD", own);
        add(i, day, "AUTOPROD", p > 0 ? (own * given) / p : 0);
        add(i, day, "SURPLUS", p > 0 ? own - (own * given) / p : own);
      }
    });
  });
  const lines = [ACC_HEADER];
  for (const [k, x] of sums) {
    const [i, day] = k.split("|");
    const prm = prms.get(data.userIds[Number(i)]);
    if (!prm) continue;
    const stamp = parisLocalString(parisDayStart(day)).slice(0, 10) + "T00:00:00" + offsetOf(parisDayStart(day));
    for (const [type, wh] of Object.entries(x)) lines.push(accLine(prm, type as AccType, stamp, "P1D", wh));
  }
  return lines.join("\r\n") + "\r\n";
}

/** The Paris offset of an instant, `+01:00` or `+02:00`. */
function offsetOf(t: number): string {
  const local = Date.parse(parisLocalString(t).replace(" ", "T") + "Z");
  const min = Math.round((local - t) / 60_000);
  return `${min >= 0 ? "+" : "-"}${String(Math.floor(Math.abs(min) / 60)).padStart(2, "0")}:${String(Math.abs(min) % 60).padStart(2, "0")}`;
}
