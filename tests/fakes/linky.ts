// Enedis Data Connect as the linky integration talks to it, over real HTTP on 127.0.0.1, from
// Enedis' published descriptions and public captures (tests/fixtures/enedis, each file's source
// in its README), never from our sandbox (lib/integrations/sandbox):
// - the consent (dataconnect/v1/oauth2/authorize, back with code, state and usage_point_id), the
//   token endpoint (oauth2/v3/token: authorization_code, refresh_token, client_credentials) and
//   RFC 7009 revocation (oauth2/v3/revoke);
// - the v5 load curves the contract's endpoints read with the household's token
//   (metering_data_clc/v5/consumption_load_curve, metering_data_plc/v5/production_load_curve);
// - the Data Connect 2026 measure and contract APIs, with the application's token, Enedis' limits
//   (5 calls a second per API, 7 or 365 days a call, 24 or 36 months and 15 days back, data
//   until yesterday) and error bodies.
// Any period is answered in the fixtures' shapes: their envelope, points stamped here (interval
// ends in Paris time, from Intl, independent of lib/time/paris.ts) with the
// fixtures' values in turn. A day's energy is its curve's; a day's max power above its busiest
// half hour.
import type { VendorConfig } from "@/lib/integrations/config";
import { fixtureOf, HttpFake, type FakeAnswer, type SeenRequest } from "./http-fake";
import { AuthorizationServer } from "./oauth-server";

const enedis = <T = unknown>(name: string) => fixtureOf<T>("enedis", name);
const fail = (status: number, file: string, headers?: Record<string, string>): FakeAnswer => ({ status, body: enedis(file), headers });

type Contract = { usage_point_id: string; subscribed_power?: { value: string } };
/** The consuming meter of the fixtures (12 kVA, HC/HP) and the self-consuming one (6 kVA Base, and an injection contract). */
export const ENEDIS_CONSUMER = enedis<Contract[]>("situation-contrat-consumer.json")[0].usage_point_id;
export const ENEDIS_PRODUCER = enedis<Contract[]>("situation-contrat-self-consumption.json")[0].usage_point_id;
const SITUATION: Record<string, string> = { [ENEDIS_CONSUMER]: "situation-contrat-consumer.json", [ENEDIS_PRODUCER]: "situation-contrat-self-consumption.json" };

// ---- Paris time, for the fake's own time stamps --------------------------------------------

const PARIS = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
/** `YYYY-MM-DD HH:mm:ss`, Paris wall-clock time, as Enedis stamps its measures. */
function parisStamp(ms: number): string {
  const p = Object.fromEntries(PARIS.formatToParts(ms).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
const DAY = 86_400_000;
const HALF_HOUR = 1_800_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && addDays(s, 0) === s;
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY);

/** The ends (UTC instants) of a local day's half hours: after its midnight, up to the next one included. */
function endsOf(day: string): number[] {
  const from = `${day} 00:00:00`;
  const to = `${addDays(day, 1)} 00:00:00`;
  const out: number[] = [];
  for (let t = Date.parse(`${day}T00:00:00Z`) - 2 * 3_600_000; t <= Date.parse(`${day}T00:00:00Z`) + DAY; t += HALF_HOUR) {
    const s = parisStamp(t);
    if (s > from && s <= to) out.push(t);
  }
  return out;
}

/** The oldest day a call on local day `today` may ask: `months` months and `days` days back. */
function depthFrom(today: string, months: number, days: number): string {
  const [y, m, d] = today.split("-").map(Number);
  const back = new Date(Date.UTC(y, m - 1 - months, d)).toISOString().slice(0, 10);
  return addDays(back, -days);
}

// ---- the fixtures' values --------------------------------------------------------------------

type Measure = { idPrm: string; periode: { dateDebut: string; dateFin: string }; grandeur: { points: { v: string; d: string }[] }[] } & Record<string, unknown>;
const CONSUMPTION = enedis<Measure>("curve-consumption-2026-09-29.json").grandeur[0].points.map((p) => Number(p.v));
const PRODUCTION = enedis<Measure>("curve-production-2026-04-01.json").grandeur[0].points.map((p) => Number(p.v));

type Kind = "consumption" | "production";
/** A day's half-hour points: [interval end, average W]. Production follows the fixture's day by time of day. */
function dayCurve(kind: Kind, day: string): [number, number][] {
  const n = Date.parse(day) / DAY;
  return endsOf(day).map((end, k) => [end, kind === "production" ? PRODUCTION[k % PRODUCTION.length] : CONSUMPTION[(n * 48 + k) % CONSUMPTION.length]]);
}
const dayEnergy = (kind: Kind, day: string) => Math.round(dayCurve(kind, day).reduce((wh, [, w]) => wh + w / 2, 0));
function dayMax(day: string): { va: number; at: number } {
  const [end, w] = dayCurve("consumption", day).reduce((a, b) => (b[1] > a[1] ? b : a));
  return { va: Math.round(w * 1.25), at: end - 13 * 60_000 };
}

// ---- the fake --------------------------------------------------------------------------------

const M = "/mesure_synchrone_auto/v2/";
const CURVES: Record<string, Kind> = { courbe_de_charge_consommation: "consumption", courbe_de_charge_production: "production" };
const DAILY: Record<string, Kind> = { consommation_quotidienne: "consumption", production_quotidienne: "production" };
const V5: Record<string, Kind> = { "/metering_data_clc/v5/consumption_load_curve": "consumption", "/metering_data_plc/v5/production_load_curve": "production" };

export class LinkyFake extends HttpFake {
  readonly client = { id: "dataconnect-client-id", secret: "dataconnect-client-secret" };
  /** the meters a household's consent grants (its redirect's usage_point_id) */
  usagePoints = [ENEDIS_PRODUCER, ENEDIS_CONSUMER];
  /** the meters whose data the application may read (a consent given, not withdrawn) */
  consented = new Set([ENEDIS_PRODUCER, ENEDIS_CONSUMER]);
  /** meters that produce: the others answer "no data" for production */
  producers = new Set([ENEDIS_PRODUCER]);
  /** meters whose holder withdrew the consent: 403 "pas titulaire" (2026), ADAM-DC-0008 (v5) */
  revoked = new Set<string>();
  /** calls per second per API (Enedis: 5); 0 turns the quota off */
  maxPerSecond = 5;
  /** the Paris hour from which yesterday's data is served (Enedis: about 8); 0 serves it at once */
  publishHour = 0;
  /** meter → day it was commissioned: periods from before answer ADAM-ERR0123 */
  commissioned: Record<string, string> = {};
  /** local days the meters sent nothing for: left out of every answer (404 when nothing remains) */
  holes = new Set<string>();
  now: () => number = Date.now;
  readonly oauth: AuthorizationServer;
  private readonly calls = new Map<string, number[]>();

  /** @param appUrl the app under test: its Linky callback is the redirect URI registered at Enedis */
  constructor(readonly appUrl = process.env.APP_URL ?? "http://foyer.test") {
    super();
    const token = enedis<Record<string, unknown>>("token-authorization-code.json");
    const appToken = enedis<Record<string, unknown>>("token.json");
    this.oauth = new AuthorizationServer({
      vendor: "Enedis",
      client: this.client,
      redirectUris: [`${appUrl.replace(/\/$/, "")}/api/integrations/linky/callback`],
      codeLifetimeS: 180,
      accessLifetimeS: Number(token.expires_in),
      pkce: false,
      usagePoints: () => [...this.usagePoints],
      redirectExtras: (g) => ({ usage_point_id: g.usagePoints.join(",") }),
      clientCredentials: true,
      tokenAnswer: ({ accessToken, refreshToken, grant }) =>
        grant.kind === "application"
          ? { ...appToken, access_token: accessToken }
          : { ...token, access_token: accessToken, refresh_token: refreshToken, usage_points_id: grant.usagePoints.join(",") },
      errors: { invalidGrant: enedis("oauth-error-invalid-grant.json"), invalidClient: enedis("oauth-error-invalid-client.json") },
      now: () => this.now(),
    });
  }

  protected isOAuth(path: string) {
    return path.startsWith("/oauth2/") || path.startsWith("/dataconnect/");
  }

  /** Every switch back to Enedis' defaults (codes and tokens issued stay good). */
  override reset() {
    super.reset();
    this.oauth.refuseRefresh = this.oauth.singleUseRefresh = false;
    this.usagePoints = [ENEDIS_PRODUCER, ENEDIS_CONSUMER];
    this.consented = new Set([ENEDIS_PRODUCER, ENEDIS_CONSUMER]);
    this.producers = new Set([ENEDIS_PRODUCER]);
    this.revoked = new Set();
    this.maxPerSecond = 5;
    this.publishHour = 0;
    this.commissioned = {};
    this.holes = new Set();
    this.now = Date.now;
    this.calls.clear();
  }

  /** The app's environment for an application registered at this Enedis. */
  env() {
    return {
      LINKY_CLIENT_ID: this.client.id,
      LINKY_CLIENT_SECRET: this.client.secret,
      LINKY_AUTHORIZE_URL: `${this.origin}/dataconnect/v1/oauth2/authorize`,
      LINKY_TOKEN_URL: `${this.origin}/oauth2/v3/token`,
      LINKY_REVOKE_URL: `${this.origin}/oauth2/v3/revoke`,
      LINKY_API_URL: this.origin,
    };
  }

  /** The same, as a client configuration (for a client built by the test itself). */
  config(): VendorConfig {
    const e = this.env();
    return { sandbox: false, clientId: e.LINKY_CLIENT_ID, clientSecret: e.LINKY_CLIENT_SECRET, authorizeUrl: e.LINKY_AUTHORIZE_URL, tokenUrl: e.LINKY_TOKEN_URL, revokeUrl: e.LINKY_REVOKE_URL, apiUrl: e.LINKY_API_URL, consentDuration: "P1Y", fetch };
  }

  protected answer(req: SeenRequest): FakeAnswer {
    const p = req.path;
    if (p === "/dataconnect/v1/oauth2/authorize" && req.method === "GET") return this.oauth.authorize(req.query);
    if (p === "/oauth2/v3/token" && req.method === "POST") return this.oauth.token(req);
    if (p === "/oauth2/v3/revoke" && req.method === "POST") return this.oauth.revoke(req);
    if (req.method !== "GET") return fail(500, "error-500.json");
    const grant = this.oauth.bearer(req);
    // the gateway refuses a missing, unknown or expired token before anything else
    if (!grant) return fail(401, "error-401-invalid-credentials.json");
    if (p in V5) return grant.kind === "user" ? this.quota(p.split("/")[1], req) ?? this.v5(req, V5[p], grant.usagePoints) : fail(401, "error-401-invalid-credentials.json");
    if (grant.kind !== "application") return fail(401, "error-401-invalid-credentials.json");
    const contract = /^\/(situation_contrat_auto|comptage_auto)\/v1\/([^/]+)$/.exec(p);
    if (contract) return this.quota(contract[1], req) ?? this.contract(contract[1], contract[2]);
    if (p.startsWith(M)) {
      const name = p.slice(M.length);
      if (!(name in CURVES || name in DAILY || name === "puissance_conso_max_quotidienne")) return fail(500, "error-500.json");
      return this.quota("mesure_synchrone_auto", req) ?? this.measure(name, req.query);
    }
    // "any request outside the Swagger answers 500"
    return fail(500, "error-500.json");
  }

  protected clock() {
    return this.now();
  }

  /**
   * Enedis' 5 calls a second per application and API: 429 "SLA dépassé" past them. A call counts
   * when it arrived (a test may hold it in flight before it is answered).
   */
  private quota(api: string, req: SeenRequest): FakeAnswer | null {
    if (this.maxPerSecond <= 0) return null;
    const now = req.receivedAt;
    const recent = (this.calls.get(api) ?? []).filter((t) => t > now - 1000 && t <= now);
    if (recent.length >= this.maxPerSecond) {
      this.calls.set(api, recent);
      return fail(429, "error-429.json");
    }
    this.calls.set(api, [...recent, now]);
    return null;
  }

  private get today() {
    return parisStamp(this.now()).slice(0, 10);
  }

  /** The days of [from, to) that have data: published (until yesterday, from publishHour), not in a hole. */
  private daysWithData(from: string, to: string): string[] {
    const stamp = parisStamp(this.now());
    const published = Number(stamp.slice(11, 13)) >= this.publishHour ? this.today : addDays(this.today, -1);
    const end = to < published ? to : published;
    const out: string[] = [];
    for (let d = from; d < end; d = addDays(d, 1)) if (!this.holes.has(d)) out.push(d);
    return out;
  }

  private measure(name: string, q: URLSearchParams): FakeAnswer {
    const prm = q.get("pointId") ?? "";
    const from = q.get("dateDebut") ?? "";
    const to = q.get("dateFin") ?? "";
    if (!/^\d{14}$/.test(prm) || !isDay(from) || !isDay(to)) return fail(400, "error-400.json");
    if (to <= from) return fail(400, "error-adam-err0002.json");
    const curve = name in CURVES;
    if (daysBetween(from, to) > (curve ? 7 : 365)) return fail(400, "error-400-period.json");
    if (from < (curve ? depthFrom(this.today, 24, 15) : depthFrom(this.today, 36, 15))) return fail(400, "error-400-period.json");
    if (!this.consented.has(prm) || this.revoked.has(prm)) return fail(403, "error-403-not-holder.json");
    if (this.commissioned[prm] && from < this.commissioned[prm]) return fail(400, "error-adam-err0123.json");
    const kind = CURVES[name] ?? DAILY[name] ?? "consumption";
    if (name === "puissance_conso_max_quotidienne" && (!["P1D", "P1M"].includes(q.get("mesuresPas") ?? "") || !["PMA", "TOUT"].includes(q.get("grandeurPhysique") ?? ""))) {
      return fail(400, "error-400.json");
    }
    const days = kind === "production" && !this.producers.has(prm) ? [] : this.daysWithData(from, to);
    if (!days.length) return fail(404, "error-404-no-data.json");
    const fill = (file: string, points: object[]) => {
      const m = enedis<Measure>(file);
      m.idPrm = prm;
      m.periode = { ...m.periode, dateDebut: from, dateFin: to };
      (m.grandeur[0] as { points: object[] }).points = points;
      return { status: 200, body: m };
    };
    if (curve) {
      const template = enedis<Measure>(kind === "production" ? "curve-production-2026-04-01.json" : "curve-consumption-2026-09-29.json").grandeur[0].points[0];
      return fill(kind === "production" ? "curve-production-2026-04-01.json" : "curve-consumption-2026-09-29.json",
        days.flatMap((d) => dayCurve(kind, d).map(([end, w]) => ({ ...template, v: String(w), d: parisStamp(end) }))));
    }
    if (name in DAILY) return fill(kind === "production" ? "daily-production.json" : "daily-consumption.json", days.map((d) => ({ v: String(dayEnergy(kind, d)), d })));
    let maxima = days.map((d) => ({ day: d, ...dayMax(d) }));
    if (q.get("mesuresPas") === "P1M") {
      const byMonth = new Map<string, (typeof maxima)[number]>();
      for (const m of maxima) if ((byMonth.get(m.day.slice(0, 7))?.va ?? -1) < m.va) byMonth.set(m.day.slice(0, 7), m);
      maxima = [...byMonth.values()];
    }
    const answer = fill("max-power.json", maxima.map((m) => ({ v: String(m.va), d: parisStamp(m.at) })));
    (answer.body as Record<string, unknown>).pas = q.get("mesuresPas");
    return answer;
  }

  private contract(api: string, prm: string): FakeAnswer {
    if (!/^\d{14}$/.test(prm)) return fail(400, "error-400.json");
    if (!this.consented.has(prm) || this.revoked.has(prm) || !SITUATION[prm]) return fail(403, "error-403-not-holder.json");
    return { status: 200, body: enedis(api === "comptage_auto" ? "comptage.json" : SITUATION[prm]) };
  }

  /** The v5 load curve (metering_data_clc / _plc) with the household's token: `start` included, `end` excluded. */
  private v5(req: SeenRequest, kind: Kind, granted: string[]): FakeAnswer {
    const q = req.query;
    const prm = q.get("usage_point_id") ?? "";
    const start = q.get("start") ?? "";
    const end = q.get("end") ?? "";
    if (!/^\d{14}$/.test(prm) || !isDay(start) || !isDay(end) || end <= start || daysBetween(start, end) > 7) return fail(500, "error-500.json");
    if (!granted.includes(prm) || this.revoked.has(prm)) return fail(403, "v5-error-403-no-consent.json");
    const days = kind === "production" && !this.producers.has(prm) ? [] : this.daysWithData(start, end);
    if (!days.length) return fail(404, "v5-error-404-no-data.json");
    const file = kind === "production" ? "v5-production-load-curve.json" : "v5-consumption-load-curve.json";
    const body = enedis<{ meter_reading: Record<string, unknown> & { interval_reading: Record<string, string>[] } }>(file);
    const template = body.meter_reading.interval_reading[0];
    body.meter_reading = {
      ...body.meter_reading,
      usage_point_id: prm,
      start,
      end,
      interval_reading: days.flatMap((d) => dayCurve(kind, d).map(([t, w]) => ({ ...template, value: String(w), date: parisStamp(t) }))),
    };
    return { status: 200, body };
  }
}
