// Enedis Data Connect sandbox: two usage points; the Data Connect 2026 measure and contract APIs
// with Enedis' documented limits; and the v5 load curves the contract's
// /api/integrations/linky/my/{meter}/... endpoints still read. Every value is a function of the
// usage point and the instant, so the same question always gets the same answer.
import crypto from "node:crypto";
import { SANDBOX_CLIENT } from "../config";
import { historyStart, LINKY_LIMITS } from "../linky/limits";
import { addDays, daysBetween, isDay, parisDayOf, parisDayStart, parisLocalString, parisWall, weekdayOf } from "@/lib/time/paris";
import { sandboxHandler, SlidingWindow, type LinkySandboxOptions, type SandboxOptions, type VendorSandbox } from "./common";

/** The usage points every sandbox consent grants; the first one also produces (solar panels). */
export const SANDBOX_USAGE_POINTS = ["24880057139941", "25946599093143"] as const;
export const SANDBOX_PRODUCER = SANDBOX_USAGE_POINTS[0];

/** What situation_contrat_auto and comptage_auto say of each sandbox usage point. */
const SANDBOX_CONTRACTS: Record<string, { kva: number; tariff: string; offpeak: string | null; since: string }> = {
  [SANDBOX_USAGE_POINTS[0]]: { kva: 9, tariff: "Tarif BT<=36kVA Moyenne Utilisation heures pleines heures creuses", offpeak: "HC (22H00-6H00)", since: "2019-04-17T00:00:00+0200" },
  [SANDBOX_USAGE_POINTS[1]]: { kva: 6, tariff: "Tarif BT<=36kVA Courte Utilisation sans différenciation temporelle", offpeak: null, since: "2021-09-01T00:00:00+0200" },
};

/** Values of the last days are raw (BRUT); older ones have been corrected (BEST). */
const SANDBOX_RAW_DAYS = 10;

const MINUTE = 60_000;
const STEP = 30;

/** Four numbers in [0, 1) fixed by their inputs: the same meter and instant always give the same values. */
function units(...parts: (string | number)[]): [number, number, number, number] {
  const h = crypto.createHash("sha256").update(parts.join("|")).digest();
  return [0, 4, 8, 12].map((at) => h.readUInt32BE(at) / 2 ** 32) as [number, number, number, number];
}
const unit = (...parts: (string | number)[]) => units(...parts)[0];

// what holds for a whole day (how busy, how cold, how cloudy) is drawn once per meter and day
const dayDraws = new Map<string, [number, number, number, number]>();
function dayUnits(prm: string, day: string) {
  const key = `${prm}|${day}`;
  let u = dayDraws.get(key);
  if (!u) {
    if (dayDraws.size > 20_000) dayDraws.clear();
    u = units(prm, "day", day);
    dayDraws.set(key, u);
  }
  return u;
}

/** Day of the year (1-366) of a calendar day. */
const dayOfYear = (day: string) => daysBetween(`${day.slice(0, 4)}-01-01`, day) + 1;

/**
 * The average power (W, an integer) over the half hour ending at instant `end` (as Enedis dates
 * its readings). Consumption: a night base of 150-260 W, morning and evening peaks that move at
 * weekends, electric heating in winter, the water heater in the off-peak hours of the HC/HP
 * meter. Production (the producing meter only): a solar bell from sunrise to sunset, higher and
 * longer in summer, with cloudy days.
 */
export const sandboxPower = (kind: "consumption" | "production", usagePointId: string, end: number) => power(kind, usagePointId, end, units(usagePointId, kind, end));

function power(kind: "consumption" | "production", usagePointId: string, end: number, draws: [number, number, number, number]): number {
  const mid = end - (STEP / 2) * MINUTE;
  const w = parisWall(mid);
  const day = parisDayOf(mid);
  const doy = dayOfYear(day);
  const [busyU, heatU, skyU, peakU] = dayUnits(usagePointId, day);
  const [noise, jitter] = draws;
  if (kind === "production") {
    if (usagePointId !== SANDBOX_PRODUCER) return 0;
    const summer = (1 + Math.cos((2 * Math.PI * (doy - 172)) / 365.25)) / 2;
    const length = 8.5 + 7.5 * summer; // hours of daylight
    const noonUtc = 11.85; // solar noon near Paris, in UTC hours
    const hUtc = new Date(mid).getUTCHours() + new Date(mid).getUTCMinutes() / 60;
    const x = (hUtc - (noonUtc - length / 2)) / length;
    if (x <= 0 || x >= 1) return 0;
    const clouds = 0.3 + 0.7 * skyU;
    return Math.round(3000 * (0.25 + 0.75 * summer) * Math.sin(Math.PI * x) ** 1.5 * clouds * (0.85 + 0.15 * jitter));
  }
  const h = w.h + w.mi / 60;
  const weekend = [0, 6].includes(weekdayOf(day));
  const winter = (1 + Math.cos((2 * Math.PI * (doy - 20)) / 365.25)) / 2;
  const busy = 0.75 + 0.5 * busyU;
  let watts = 150 + 110 * baseOf(usagePointId) + 40 * noise;
  watts += winter ** 1.5 * (h >= 6 && h < 23 ? 900 : 150) * (0.7 + 0.6 * heatU);
  if (!weekend && h >= 6.5 && h < 8.5) watts += 900 * busy;
  if (weekend && h >= 8.5 && h < 11) watts += 650 * busy;
  if (weekend && h >= 9 && h < 18) watts += 200;
  if (h >= 12 && h < 13.5) watts += (weekend ? 1100 : 250) * busy;
  if (h >= 18 && h < 22.5) watts += (h < 20 ? 1500 : 900) * busy + 300 * winter;
  // the HC/HP meter's water heater runs in the off-peak hours from 22:30, longer on busier days
  const heaterHours = 1 + 2 * busy + 0.5 * peakU;
  if (SANDBOX_CONTRACTS[usagePointId]?.offpeak && (h >= 22.5 || h < heaterHours - 1.5)) watts += 2000;
  return Math.round(watts * (0.92 + 0.16 * jitter));
}

const bases = new Map<string, number>();
function baseOf(prm: string) {
  if (!bases.has(prm)) bases.set(prm, unit(prm, "base"));
  return bases.get(prm)!;
}

/** A raw (BRUT) reading: a few in a hundred are off until Enedis corrects them (BEST). */
function reading(kind: "consumption" | "production", prm: string, end: number, raw: boolean): number {
  const draws = units(prm, kind, end);
  const w = power(kind, prm, end, draws);
  return raw && draws[2] < 0.03 ? Math.round(w * 0.9) : w;
}

/** The interval ends (UTC) of a local day's load curve: 48, or 46 and 50 on the DST days. */
function endsOf(day: string): number[] {
  const out: number[] = [];
  const stop = parisDayStart(addDays(day, 1));
  for (let t = parisDayStart(day) + STEP * MINUTE; t <= stop; t += STEP * MINUTE) out.push(t);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Data Connect 2026: mesure_synchrone_auto/v2, situation_contrat_auto/v1, comptage_auto/v1

/** Answers in the 2026 APIs' error shape. */
const fail = (status: number, message: string, code = String(status)) => Response.json({ code, message }, { status });
const NOT_HOLDER = () => fail(403, "Le client n'est pas titulaire du point demandé");
const NO_DATA = () => fail(404, "Pas de mesure trouvée pour ce point");

/** One window per process: the app's /api/sandbox route makes a handler per request. */
const processWindow = new SlidingWindow();

type Period = { prm: string; from: string; to: string; raw: (day: string) => boolean; days: string[]; quality: "BRUT" | "BEST" };

/**
 * The checks every measure call goes through, in Enedis' words where it has any: the PRM
 * consented to, dates in order, the per-call span, the history depth, nothing after yesterday.
 */
function period(q: URLSearchParams, o: LinkySandboxOptions, now: number, maxDays: number, depth: "curve" | "daily"): Period | Response {
  const prm = q.get("pointId") ?? "";
  const from = q.get("dateDebut") ?? "";
  const to = q.get("dateFin") ?? "";
  if (!prm) return fail(400, "Le paramètre pointId est obligatoire");
  if (!/^\d{14}$/.test(prm)) return fail(400, "Le paramètre pointId doit comporter 14 chiffres");
  if (!isDay(from) || !isDay(to)) return fail(400, "Les paramètres dateDebut et dateFin sont obligatoires, au format YYYY-MM-DD");
  if (to <= from) return Response.json({ error: "ADAM-ERR0002", error_description: "La date de fin doit être supérieure à la date de début." }, { status: 400 });
  if (!(SANDBOX_USAGE_POINTS as readonly string[]).includes(prm) || o.revoked?.has(prm)) return NOT_HOLDER();
  if (daysBetween(from, to) > maxDays) return fail(400, `La période demandée ne peut excéder ${maxDays} jours`);
  const today = parisDayOf(now);
  const earliest = historyStart(depth, today);
  if (from < earliest) return fail(400, `La date de début ne peut être antérieure au ${earliest} (${depth === "curve" ? "24" : "36"} mois et 15 jours avant la date d'appel)`);
  const commissioned = o.commissioned?.[prm];
  if (commissioned && from < commissioned) {
    return Response.json({ error: "ADAM-ERR0123", error_description: "The requested period cannot be anterior to the meter's last activation date" }, { status: 400 });
  }
  // yesterday's data is served from publishHour (Paris) today
  const published = parisWall(now).h >= (o.publishHour ?? 0) ? today : addDays(today, -1);
  const end = to < published ? to : published;
  const days: string[] = [];
  for (let d = from; d < end; d = addDays(d, 1)) if (!o.holes?.has(d)) days.push(d);
  const raw = (day: string) => daysBetween(day, today) <= SANDBOX_RAW_DAYS;
  return { prm, from, to, raw, days, quality: days.some(raw) ? "BRUT" : "BEST" };
}

const measureBody = (p: Period, extra: Record<string, unknown>, grandeur: Record<string, unknown>, points: unknown[]) => ({
  idPrm: p.prm,
  etapeMetier: p.quality,
  periode: { dateDebut: p.from, dateFin: p.to },
  ...extra,
  grandeur: [{ ...grandeur, points, calendrier: [] }],
  contexte: [],
});

function curve(kind: "consumption" | "production", p: Period): Response {
  const points = p.days.flatMap((day) =>
    endsOf(day).map((end) => ({ v: String(reading(kind, p.prm, end, p.raw(day))), d: parisLocalString(end), p: "PT30M", n: "B", iv: "0", ec: "0" })),
  );
  if (!points.length) return NO_DATA();
  return Response.json(measureBody(p, { modeCalcul: "MESURE" }, { grandeurMetier: kind === "consumption" ? "CONS" : "PROD", grandeurPhysique: "PA", unite: "W" }, points));
}

/** A day's energy (Wh): the sum of its load curve. */
const dayEnergy = (kind: "consumption" | "production", prm: string, day: string, raw: boolean) =>
  Math.round(endsOf(day).reduce((sum, end) => sum + (reading(kind, prm, end, raw) * STEP) / 60, 0));

function daily(kind: "consumption" | "production", p: Period): Response {
  const points = p.days.map((day) => ({ v: String(dayEnergy(kind, p.prm, day, p.raw(day))), d: day }));
  if (!points.length) return NO_DATA();
  return Response.json(
    measureBody(p, { typeValeur: "GLOBALE", modeCalcul: "INTEG.COURBE", pas: "P1D" }, { grandeurMetier: kind === "consumption" ? "CONS" : "PROD", grandeurPhysique: "EA", unite: "Wh" }, points),
  );
}

/** A day's maximum apparent power (VA) and when it was reached: above the busiest half hour's average. */
function dayMax(prm: string, day: string): { va: number; at: number } {
  let best = { w: -1, end: 0 };
  for (const end of endsOf(day)) {
    const w = sandboxPower("consumption", prm, end);
    if (w > best.w) best = { w, end };
  }
  const within = Math.floor(unit(prm, "peak-at", day) * STEP * 60) * 1000;
  return { va: Math.round(best.w * (1.25 + 0.35 * unit(prm, "peak", day))), at: best.end - STEP * MINUTE + within };
}

function maxPower(q: URLSearchParams, p: Period): Response {
  const step = q.get("mesuresPas");
  const physique = q.get("grandeurPhysique");
  if (step !== "P1D" && step !== "P1M") return fail(400, "Le paramètre mesuresPas est obligatoire (P1D ou P1M)");
  if (physique !== "PMA" && physique !== "TOUT") return fail(400, "Le paramètre grandeurPhysique est obligatoire (PMA ou TOUT)");
  let maxima = p.days.map((day) => ({ day, ...dayMax(p.prm, day) }));
  if (step === "P1M") {
    const byMonth = new Map<string, (typeof maxima)[number]>();
    for (const m of maxima) if ((byMonth.get(m.day.slice(0, 7))?.va ?? -1) < m.va) byMonth.set(m.day.slice(0, 7), m);
    maxima = [...byMonth.values()];
  }
  if (!maxima.length) return NO_DATA();
  // a single-phase meter: TOUT has nothing more than PMA
  const points = maxima.map((m) => ({ v: String(m.va), d: parisLocalString(m.at) }));
  return Response.json(measureBody(p, { modeCalcul: "MESURE", pas: step }, { grandeurMetier: "CONS", grandeurPhysique: "PMA", unite: "VA" }, points));
}

function situation(prm: string): Response {
  const c = SANDBOX_CONTRACTS[prm];
  const holder = { customer: { customer: { adress: { line1: "M. Sandbox", line4: "1 rue de la Démo", line6: "69001 LYON", line7: "FRANCE" } } }, person: { title: "M.", lastname: "Sandbox", firstname: "Foyer" } };
  const contracts: unknown[] = [
    { usage_point_id: prm, contract_start: c.since, contract_type: "Contrat GRD-F", contractor: "Fournisseur Sandbox", distribution_tariff: c.tariff, subscribed_power: { unit: "kVA", value: String(c.kva) }, segment: "C5", ...holder },
  ];
  // the producing meter also has its injection contract (segment P4, no subscribed power)
  if (prm === SANDBOX_PRODUCER) contracts.push({ usage_point_id: prm, contract_start: "2023-05-02T00:00:00+0200", contract_type: "Contrat GRD-A", segment: "P4", ...holder });
  return Response.json(contracts);
}

function metering(prm: string): Response {
  const c = SANDBOX_CONTRACTS[prm];
  return Response.json({
    dispositifComptage: { typeComptage: { code: "AMM", libelle: "Compteur Linky" } },
    compteurs: [{ numeroSerie: `0${prm.slice(-11)}`, regimePropriete: { code: "LOUE", libelle: "Loué" } }],
    ...(c.offpeak ? { relais: { plageHeuresCreuses: c.offpeak } } : { relais: {} }),
  });
}

const DATA_2026: Record<string, { api: string; serve: (q: URLSearchParams, o: LinkySandboxOptions, now: number) => Response }> = {};
const measure = (name: string, maxDays: number, depth: "curve" | "daily", serve: (q: URLSearchParams, p: Period) => Response) => {
  DATA_2026[`/mesure_synchrone_auto/v2/${name}`] = {
    api: "mesure_synchrone_auto",
    serve: (q, o, now) => {
      const p = period(q, o, now, maxDays, depth);
      return p instanceof Response ? p : serve(q, p);
    },
  };
};
const { curveDays, dailyDays } = LINKY_LIMITS;
measure("courbe_de_charge_consommation", curveDays, "curve", (_, p) => curve("consumption", p));
measure("courbe_de_charge_production", curveDays, "curve", (_, p) => (p.prm === SANDBOX_PRODUCER ? curve("production", p) : NO_DATA()));
measure("consommation_quotidienne", dailyDays, "daily", (_, p) => daily("consumption", p));
measure("production_quotidienne", dailyDays, "daily", (_, p) => (p.prm === SANDBOX_PRODUCER ? daily("production", p) : NO_DATA()));
measure("puissance_conso_max_quotidienne", dailyDays, "daily", maxPower);

/** situation_contrat_auto/v1/{prm} and comptage_auto/v1/{prm}: the PRM in the path. */
function contractApi(path: string, o: LinkySandboxOptions): { api: string; answer: () => Response } | null {
  const m = /^\/(situation_contrat_auto|comptage_auto)\/v1\/([^/]+)$/.exec(path);
  if (!m) return null;
  const [, api, prm] = m;
  return {
    api,
    answer: () => {
      if (!/^\d{14}$/.test(prm)) return fail(400, "Le paramètre usage_point_id doit comporter 14 chiffres");
      if (!SANDBOX_CONTRACTS[prm] || o.revoked?.has(prm)) return fail(403, "Le client n'est pas autorisé pour le point demandé");
      return api === "comptage_auto" ? metering(prm) : situation(prm);
    },
  };
}

function data2026(req: Request, path: string, o: LinkySandboxOptions, now: number): Response | null {
  const measureApi = DATA_2026[path];
  const contract = measureApi ? null : contractApi(path, o);
  if (!measureApi && !contract) return null;
  if (req.method !== "GET") return fail(405, "Méthode non autorisée");
  // Enedis counts calls per application and API: one sandbox client, one window per API
  const limit = o.maxPerSecond ?? LINKY_LIMITS.perSecond;
  const api = measureApi?.api ?? contract!.api;
  if (limit > 0 && !(o.window ?? processWindow).take(`${SANDBOX_CLIENT.clientId}|${api}`, now, limit)) return fail(429, "SLA dépassé");
  return measureApi ? measureApi.serve(new URL(req.url).searchParams, o, now) : contract!.answer();
}

// ---------------------------------------------------------------------------------------------
// v5 (metering_data_clc / metering_data_plc): the load curve the contract's endpoints return

const v5Error = (status: number, error: string, description: string) => Response.json({ error, error_description: description }, { status });

function loadCurveV5(kind: "consumption" | "production", url: URL, now: number): Response {
  const id = url.searchParams.get("usage_point_id") ?? "";
  const start = url.searchParams.get("start") ?? "";
  const end = url.searchParams.get("end") ?? "";
  if (!/^\d{14}$/.test(id)) return v5Error(400, "ADAM-ERR0069", "The usage_point_id parameter must be 14 digits");
  if (!isDay(start) || !isDay(end)) return v5Error(400, "ADAM-ERR0015", "The start and end parameters must be dates as YYYY-MM-DD");
  if (end <= start) return v5Error(400, "ADAM-ERR0123", "The end date must be after the start date");
  if (daysBetween(start, end) > 7) return v5Error(400, "ADAM-ERR0125", "The requested period cannot exceed 7 days for a load curve");
  if (kind === "production" && id !== SANDBOX_PRODUCER) return v5Error(404, "no_data_found", "No production data found for this usage point");
  const today = parisDayOf(now);
  const interval_reading = [];
  for (let day = start; day < end; day = addDays(day, 1)) {
    const raw = daysBetween(day, today) <= SANDBOX_RAW_DAYS;
    for (const t of endsOf(day)) interval_reading.push({ value: String(reading(kind, id, t, raw)), date: parisLocalString(t), interval_length: "PT30M", measure_type: "B" });
  }
  return Response.json({
    meter_reading: { usage_point_id: id, start, end, quality: "BRUT", reading_type: { measurement_kind: "power", unit: "W", aggregate: "average" }, interval_reading },
  });
}

const makeLinky = (opts: SandboxOptions): VendorSandbox => ({
  vendor: "linky",
  title: "Enedis: share your Linky data",
  expiresIn: 12_600,
  scope: "fr_be_cons_detail_load_curve fr_be_prod_detail_load_curve",
  clientCredentials: true,
  // Enedis' token revocation (RFC 7009), beside its token endpoint
  revokePath: "/oauth2/v3/revoke",
  redirectExtras: () => ({ usage_point_id: SANDBOX_USAGE_POINTS.join(",") }),
  tokenExtras: () => ({ usage_points_id: SANDBOX_USAGE_POINTS.join(",") }),
  data(req, path, { bearer, now }) {
    const v5 = path === "/metering_data_clc/v5/consumption_load_curve" ? "consumption" : path === "/metering_data_plc/v5/production_load_curve" ? "production" : null;
    const is2026 = !v5 && (path in DATA_2026 || /^\/(situation_contrat_auto|comptage_auto)\/v1\//.test(path));
    if ((!v5 && !is2026) || (v5 && req.method !== "GET")) return v5Error(404, "not_found", "No such resource");
    if (!bearer) {
      // the API gateway's answer to a missing, expired or forged token
      return v5
        ? v5Error(401, "invalid_token", "The access token is invalid or expired")
        : Response.json({ code: "900901", message: "Invalid Credentials", description: "Invalid Credentials. Make sure you have provided the correct security credentials" }, { status: 401 });
    }
    if (v5) return loadCurveV5(v5, new URL(req.url), now);
    return data2026(req, path, opts.linky ?? {}, now) ?? v5Error(404, "not_found", "No such resource");
  },
});

export const linkySandbox = (opts: SandboxOptions) => sandboxHandler(makeLinky(opts), opts);
