// Enedis Data Connect 2026: the measure API (mesure_synchrone_auto/v2) and the contract APIs
// (situation_contrat_auto/v1, comptage_auto/v1), called with the application's token, answers
// validated, errors classified (errors.ts) and time stamps turned into UTC interval starts
// (time.ts). The interface is the one docs/energy-history.md sets for the sync.
import { vendorConfig, type VendorConfig } from "../config";
import { applicationToken, forgetApplicationToken } from "./app-token";
import { classifyLinkyAnswer, LinkyError, malformed, unreachable } from "./errors";
import { LINKY_LIMITS } from "./limits";
import { contractSituationsSchema, measureResponseSchema, meteringSituationSchema, type MeasureResponse } from "./shapes";
import { daysBetween, isDay, parisToUtc, startsFromEnds } from "@/lib/time/paris";

export type Curve = "consumption" | "production";
type Quality = "BRUT" | "BEST" | (string & {});
export type CurvePoint = { /** interval start, UTC */ start: Date; stepMin: number; wh: number; quality: Quality };
export type DailyValue = { /** YYYY-MM-DD, local */ day: string; wh: number; quality: string };
export type DailyMax = { day: string; va: number; at: Date | null };
export type Contract = { subscribedKva: number | null; tariffOption: string | null; offpeakHours: string | null; raw: unknown };

export interface LinkyData {
  /** load curve, `from` inclusive, `to` exclusive (local dates), at most 7 days */
  curve(prm: string, curve: Curve, from: string, to: string): Promise<CurvePoint[]>;
  /** daily energy, at most 365 days a call */
  daily(prm: string, curve: Curve, from: string, to: string): Promise<DailyValue[]>;
  /** daily max power (consumption only) */
  maxPower(prm: string, from: string, to: string): Promise<DailyMax[]>;
  contract(prm: string): Promise<Contract>;
}

/** The 2026 paths, relative to the gateway (LINKY_API_URL). */
const LINKY_PATHS = {
  curve: { consumption: "mesure_synchrone_auto/v2/courbe_de_charge_consommation", production: "mesure_synchrone_auto/v2/courbe_de_charge_production" },
  daily: { consumption: "mesure_synchrone_auto/v2/consommation_quotidienne", production: "mesure_synchrone_auto/v2/production_quotidienne" },
  maxPower: "mesure_synchrone_auto/v2/puissance_conso_max_quotidienne",
  contract: "situation_contrat_auto/v1",
  metering: "comptage_auto/v1",
} as const;

export type LinkyDataOptions = {
  /** per call, token request included (default 15 s) */
  timeoutMs?: number;
  now?: () => number;
};

const PRM = /^\d{14}$/;

function checkRange(prm: string, from: string, to: string, maxDays: number) {
  if (!PRM.test(prm)) throw new LinkyError("bad_request", 0, "invalid_prm", "A usage point id (PRM) is 14 digits");
  if (!isDay(from) || !isDay(to)) throw new LinkyError("bad_request", 0, "invalid_date", "Dates are YYYY-MM-DD");
  const days = daysBetween(from, to);
  if (days < 1) throw new LinkyError("bad_request", 0, "invalid_range", "The end date must be after the start date");
  if (days > maxDays) throw new LinkyError("bad_request", 0, "invalid_range", `At most ${maxDays} days per call`);
}

/** A value as a finite number, `null` for an absent one (a missing point), else malformed. */
function numberOf(v: string | number | null | undefined, status: number): number | null {
  if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
  const n = typeof v === "number" ? v : Number(v.replace(",", "."));
  if (!Number.isFinite(n)) throw malformed(status, `the value ${JSON.stringify(v).slice(0, 20)} is not a number`);
  return n;
}

/** Multiplier from the answer's unit to W, Wh or VA (Enedis sends W, Wh, VA; k-prefixed tolerated). */
function scaleOf(unit: string | null | undefined, base: "W" | "Wh" | "VA", status: number): number {
  if (!unit) return 1;
  const u = unit.trim();
  if (u.toLowerCase() === base.toLowerCase()) return 1;
  if (u.toLowerCase() === `k${base}`.toLowerCase()) return 1000;
  throw malformed(status, `unit ${u} where ${base} was expected`);
}

/** The series of an answer: the one of the asked direction and quantity when several come. */
function seriesOf(m: MeasureResponse, metier: "CONS" | "PROD", physique?: string) {
  const fits = (g: MeasureResponse["grandeur"][number]) => (!g.grandeurMetier || g.grandeurMetier === metier) && (!physique || !g.grandeurPhysique || g.grandeurPhysique === physique);
  return m.grandeur.find(fits) ?? (m.grandeur.length === 1 ? m.grandeur[0] : undefined);
}

const METIER = { consumption: "CONS", production: "PROD" } as const;

/** `tariffOption` from the distribution tariff's free text (e.g. "... heures pleines heures creuses ..."). */
export function tariffOptionOf(distributionTariff: string | null | undefined, offpeak: string | null): string | null {
  const t = distributionTariff?.trim();
  if (t && /heures?\s+creuses|\bHC\b|\bHP\b/i.test(t)) return "HC/HP";
  if (t && /sans\s+diff[ée]renciation|\bbase\b/i.test(t)) return "Base";
  if (t) return t;
  return offpeak ? "HC/HP" : null;
}

/** kVA of `subscribed_power` (`{unit: "kVA", value: "12"}`, or "12 kVA", or 12). */
function kvaOf(p: unknown): number | null {
  if (p === null || p === undefined) return null;
  const [value, unit] = typeof p === "object" ? [(p as { value?: unknown }).value, (p as { unit?: unknown }).unit] : [p, String(p).replace(/^[\d.,\s]+/, "")];
  const n = Number.parseFloat(String(value ?? "").replace(",", "."));
  if (!Number.isFinite(n) || n <= 0) return null;
  const u = String(unit ?? "").trim().toLowerCase();
  return u === "va" || u === "w" ? n / 1000 : n;
}

export class LinkyDataClient implements LinkyData {
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    private readonly config: VendorConfig,
    opts: LinkyDataOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.now = opts.now ?? Date.now;
  }

  get sandbox() {
    return this.config.sandbox;
  }

  async curve(prm: string, curve: Curve, from: string, to: string): Promise<CurvePoint[]> {
    checkRange(prm, from, to, LINKY_LIMITS.curveDays);
    const { body, status } = await this.get(LINKY_PATHS.curve[curve], { pointId: prm, dateDebut: from, dateFin: to });
    const m = this.measure(body, status);
    const series = seriesOf(m, METIER[curve], "PA");
    if (!series) return [];
    const scale = scaleOf(series.unite, "W", status);
    const quality = m.etapeMetier ?? "BRUT";
    const starts = startsFromEnds(series.points, m.pas);
    const byStart = new Map<number, CurvePoint>();
    series.points.forEach((p, i) => {
      const at = starts[i];
      if (!at) throw malformed(status, `the time stamp ${JSON.stringify(p.d).slice(0, 30)}`);
      const w = numberOf(p.v, status);
      if (w === null) return;
      byStart.set(at.start, { start: new Date(at.start), stepMin: at.stepMin, wh: (w * scale * at.stepMin) / 60, quality });
    });
    return [...byStart.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
  }

  async daily(prm: string, curve: Curve, from: string, to: string): Promise<DailyValue[]> {
    checkRange(prm, from, to, LINKY_LIMITS.dailyDays);
    const { body, status } = await this.get(LINKY_PATHS.daily[curve], { pointId: prm, dateDebut: from, dateFin: to });
    const m = this.measure(body, status);
    const series = seriesOf(m, METIER[curve], "EA");
    if (!series) return [];
    const scale = scaleOf(series.unite, "Wh", status);
    const quality = m.etapeMetier ?? "BRUT";
    const out: DailyValue[] = [];
    for (const p of series.points) {
      const day = p.d.trim().slice(0, 10);
      if (!isDay(day)) throw malformed(status, `the day ${JSON.stringify(p.d).slice(0, 30)}`);
      const wh = numberOf(p.v, status);
      if (wh !== null) out.push({ day, wh: wh * scale, quality });
    }
    return out;
  }

  async maxPower(prm: string, from: string, to: string): Promise<DailyMax[]> {
    checkRange(prm, from, to, LINKY_LIMITS.dailyDays);
    const { body, status } = await this.get(LINKY_PATHS.maxPower, { pointId: prm, dateDebut: from, dateFin: to, mesuresPas: "P1D", grandeurPhysique: "PMA" });
    const m = this.measure(body, status);
    const series = seriesOf(m, "CONS", "PMA");
    if (!series) return [];
    const scale = scaleOf(series.unite, "VA", status);
    const out: DailyMax[] = [];
    for (const p of series.points) {
      const d = p.d.trim();
      const day = d.slice(0, 10);
      if (!isDay(day)) throw malformed(status, `the day ${JSON.stringify(p.d).slice(0, 30)}`);
      const va = numberOf(p.v, status);
      if (va === null) continue;
      // the moment the maximum was reached, in Paris time; a bare day has none
      const at = d.length > 10 ? parisToUtc(d) : null;
      if (d.length > 10 && at === null) throw malformed(status, `the time stamp ${JSON.stringify(p.d).slice(0, 30)}`);
      out.push({ day, va: va * scale, at: at === null ? null : new Date(at) });
    }
    return out;
  }

  /**
   * Subscribed power and tariff from situation_contrat_auto (the withdrawal contract when a PRM
   * also injects), off-peak slots from comptage_auto. comptage_auto not subscribed for the
   * application (403 900908) or absent (404) leaves `offpeakHours` null rather than failing.
   */
  async contract(prm: string): Promise<Contract> {
    if (!PRM.test(prm)) throw new LinkyError("bad_request", 0, "invalid_prm", "A usage point id (PRM) is 14 digits");
    const situation = await this.get(`${LINKY_PATHS.contract}/${prm}`, null);
    const parsed = contractSituationsSchema.safeParse(situation.body);
    if (!parsed.success) throw malformed(situation.status, "situation_contrat_auto is not a list of contracts");
    const contracts = parsed.data;
    const withdrawal =
      contracts.find((c) => /GRD-F/i.test(c.contract_type ?? "")) ?? contracts.find((c) => c.subscribed_power != null) ?? contracts.find((c) => !/^P/i.test(c.segment ?? "")) ?? contracts[0];

    let metering: unknown = null;
    let offpeakHours: string | null = null;
    try {
      metering = (await this.get(`${LINKY_PATHS.metering}/${prm}`, null)).body;
      const m = meteringSituationSchema.safeParse(metering);
      const slots = m.success ? m.data.relais?.plageHeuresCreuses : undefined;
      offpeakHours = typeof slots === "string" && slots.trim() ? slots.trim() : null;
    } catch (err) {
      if (!(err instanceof LinkyError) || (err.kind !== "not_subscribed" && err.kind !== "no_data")) throw err;
    }
    return {
      subscribedKva: kvaOf(withdrawal?.subscribed_power),
      tariffOption: tariffOptionOf(withdrawal?.distribution_tariff, offpeakHours),
      offpeakHours,
      raw: { situation: situation.body, metering },
    };
  }

  private measure(body: unknown, status: number): MeasureResponse {
    const r = measureResponseSchema.safeParse(body);
    if (!r.success) throw malformed(status, "not a measure answer");
    return r.data;
  }

  /** One GET with the application's token; a refused token is renewed once. */
  private async get(path: string, query: Record<string, string> | null, retried = false): Promise<{ body: unknown; status: number }> {
    const token = await applicationToken(this.config, { now: this.now, timeoutMs: this.timeoutMs });
    const url = new URL(`${this.config.apiUrl.replace(/\/$/, "")}/${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    let res: Response;
    let text: string;
    try {
      res = await this.config.fetch(url.toString(), {
        headers: { authorization: `Bearer ${token}`, accept: "application/json" },
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw unreachable(err, this.timeoutMs);
    }
    if (res.status === 401 && !retried) {
      forgetApplicationToken(this.config, token);
      return this.get(path, query, true);
    }
    const failure = classifyLinkyAnswer(res.status, text, res.headers.get("content-type"), res.headers.get("retry-after"), this.now());
    if (failure) throw failure;
    try {
      return { body: JSON.parse(text), status: res.status };
    } catch {
      throw malformed(res.status, "not JSON");
    }
  }
}

/** The Linky data client of this deployment: Enedis with credentials, else the bundled sandbox. */
export const linkyData = (opts?: LinkyDataOptions) => new LinkyDataClient(vendorConfig("linky"), opts);
