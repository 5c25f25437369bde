// The community's answers (docs/community.md): the services' figures as the API writes them
// (snake_case, Wh rounded to the watt-hour, € to the cent, rates to four decimals).
import type { AccImport, CommunityMember, CommunitySettings, HouseholdProfile } from "@/lib/generated/prisma/client";
import type { communitySummary, flexByHour } from "@/lib/services/community/view";
import type { MemberRow } from "@/lib/services/community/members";
import type { simulatePeriod } from "@/lib/services/community/simulation";
import type { monthShares } from "@/lib/services/community/operation";
import type { reconcileImport } from "@/lib/services/community/acc";
import type { homesLikeMine, householdProfile, myCommunity } from "@/lib/services/community/household";

const wh = (x: number) => Math.round(x);
const eur = (x: number) => Math.round(x * 100) / 100;
const rate = (x: number | null) => (x === null ? null : Math.round(x * 10_000) / 10_000);
const kw = (x: number) => Math.round(x * 1000) / 1000;
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export function toSummaryView(s: Awaited<ReturnType<typeof communitySummary>>) {
  const base = { from: s.from, to: s.to, by: s.by, members: s.members, min_group: s.minGroup, withheld: s.withheld };
  if (s.withheld) return { ...base, totals: null, series: [], heatmap: [] };
  return {
    ...base,
    totals: {
      consumption_wh: wh(s.totals.consumptionWh), production_wh: wh(s.totals.productionWh), self_consumed_wh: wh(s.totals.selfConsumedWh), surplus_wh: wh(s.totals.surplusWh),
      self_consumption: rate(s.totals.selfConsumption), self_sufficiency: rate(s.totals.selfSufficiency),
    },
    series: s.series.map((r) => ({ start: r.start, consumption_wh: wh(r.consumptionWh), production_wh: wh(r.productionWh), self_consumed_wh: wh(r.selfConsumedWh), surplus_wh: wh(r.surplusWh) })),
    heatmap: s.heatmap.map((h) => ({ month: h.month, surplus_wh: h.surplusWh.map(wh) })),
  };
}
export type SummaryView = ReturnType<typeof toSummaryView>;

export function toFlexByHourView(f: Awaited<ReturnType<typeof flexByHour>>) {
  const base = { households: f.households, min_group: f.minGroup, withheld: f.withheld };
  if (f.withheld) return { ...base, days: null, hours: [] };
  return {
    ...base,
    days: f.days,
    hours: f.hours.map((h) => ({ hour: h.hour, down_offered_kw: kw(h.downOfferedKw), up_offered_kw: kw(h.upOfferedKw), down_accepted_kw: kw(h.downAcceptedKw), up_accepted_kw: kw(h.upAcceptedKw), delivered_kw: kw(h.deliveredKw) })),
  };
}
export type FlexByHourView = ReturnType<typeof toFlexByHourView>;

export const toMemberView = (m: MemberRow) => ({
  id: m.id, user_id: m.userId, email: m.email, name: m.name, usage_point_id: m.usagePointId, role: m.role, joined_on: m.joinedOn, left_on: m.leftOn,
  consumption_wh: wh(m.consumptionWh), production_wh: wh(m.productionWh), allocated_wh: wh(m.allocatedWh), savings_eur: eur(m.savingsEur), coverage: rate(m.coverage),
});
export type MemberView = ReturnType<typeof toMemberView>;

export const toMembershipView = (m: CommunityMember) => ({ id: m.id, user_id: m.userId, role: m.role, joined_on: day(m.joinedOn)!, left_on: day(m.leftOn) });
export type MembershipView = ReturnType<typeof toMembershipView>;

export function toSimulationView(from: string, to: string, s: Awaited<ReturnType<typeof simulatePeriod>>) {
  return {
    from, to, operation_key: s.operationKey,
    members: s.members.map((m) => ({ user_id: m.userId, consumption_wh: wh(m.consumptionWh), production_wh: wh(m.productionWh) })),
    keys: s.keys.map((k) => ({
      key: k.key, production_wh: wh(k.productionWh), consumption_wh: wh(k.consumptionWh), allocated_wh: wh(k.allocatedWh), surplus_wh: wh(k.surplusWh), savings_eur: eur(k.savingsEur),
      self_consumption: rate(k.selfConsumption), self_sufficiency: rate(k.selfSufficiency),
      members: k.members.map((m) => ({ user_id: m.userId, allocated_wh: wh(m.allocatedWh), savings_eur: eur(m.savingsEur) })),
    })),
  };
}
export type SimulationView = ReturnType<typeof toSimulationView>;

export const toSettingsView = (s: CommunitySettings) => ({ name: s.name, allocation_key: s.allocationKey, local_price_eur_per_kwh: s.localPriceEurPerKwh, updated_at: s.updatedAt.toISOString() });
export type SettingsView = ReturnType<typeof toSettingsView>;

export function toSharesView(s: Awaited<ReturnType<typeof monthShares>>) {
  return {
    month: s.month.slice(0, 7), set_for: s.setFor?.slice(0, 7) ?? null, total_percent: Math.round(s.total * 10_000) / 10_000,
    members: s.members.map((m) => ({ user_id: m.userId, email: m.email, usage_point_id: m.usagePointId, percent: m.percent })),
  };
}
export type SharesView = ReturnType<typeof toSharesView>;

export const toImportView = (i: AccImport & { importedBy?: { email: string } | null }) => ({
  id: i.id, file_name: i.fileName, from: day(i.fromDay)!, to: day(i.toDay)!, rows: i.rows, meters: i.meters, imported_by: i.importedBy?.email ?? null, imported_at: i.importedAt.toISOString(),
});
export type ImportView = ReturnType<typeof toImportView>;

export function toReconciliationView(r: Awaited<ReturnType<typeof reconcileImport>>) {
  const n = (x: number | null) => (x === null ? null : wh(x));
  return {
    import: toImportView(r.import),
    meters: r.meters.map((m) => ({
      usage_point_id: m.usagePointId, user_id: m.userId, email: m.email,
      enedis: { cons_wh: n(m.enedis.cons), autocons_wh: n(m.enedis.autocons), complement_wh: n(m.enedis.complement), prod_wh: n(m.enedis.prod), autoprod_wh: n(m.enedis.autoprod), surplus_wh: n(m.enedis.surplus), days: m.enedis.days },
      foyer: m.foyer ? { cons_wh: wh(m.foyer.cons), autocons_wh: wh(m.foyer.autocons), prod_wh: wh(m.foyer.prod) } : null,
      missing_days: m.missingDays,
    })),
    findings: r.findings.map((f) => ({ code: f.code, usage_point_id: f.usagePointId, email: f.email, params: f.params, text: f.text })),
  };
}
export type ReconciliationView = ReturnType<typeof toReconciliationView>;

export const toProfileView = (p: Awaited<ReturnType<typeof householdProfile>> | HouseholdProfile) => ({
  housing_type: p.housingType, floor_area_m2: p.floorAreaM2, occupants: p.occupants, heating: p.heating, hot_water: p.hotWater, updated_at: p.updatedAt?.toISOString() ?? null,
});
export type ProfileView = ReturnType<typeof toProfileView>;

type Span = Awaited<ReturnType<typeof homesLikeMine>> extends infer R ? (R extends { monthly: infer S } ? S : never) : never;
function spanView(s: Span) {
  const own = "own" in s && s.own ? { kwh: s.own.kwh, kwh_per_m2: s.own.kwhPerM2, kwh_per_occupant: s.own.kwhPerOccupant, eur: s.own.eur } : null;
  const national = "national" in s && s.national ? { kwh: s.national.kwh, source: s.national.source } : null;
  if (s.status === "no_data") return { status: s.status, months: s.months, months_held: s.held, level: null, homes: null, own: null, similar: null, national: null };
  if (s.status === "too_few") return { status: s.status, months: null, months_held: null, level: null, homes: s.similar, own, similar: null, national };
  return {
    status: s.status, months: null, months_held: null, level: s.level, homes: s.homes, own,
    similar: {
      median_kwh_per_m2: s.similar.medianKwhPerM2, efficient_kwh_per_m2: s.similar.efficientKwhPerM2,
      median_kwh_per_occupant: s.similar.medianKwhPerOccupant, efficient_kwh_per_occupant: s.similar.efficientKwhPerOccupant,
      median_eur: s.similar.medianEur, efficient_eur: s.similar.efficientEur,
    },
    national,
  };
}

export function toComparisonView(c: Awaited<ReturnType<typeof homesLikeMine>>) {
  if (c.status === "no_profile") return { status: c.status, missing: c.missing.map(snake), month: c.month.slice(0, 7), year_from: null, min_group: 10, monthly: null, yearly: null };
  return { status: c.status, missing: [], month: c.month.slice(0, 7), year_from: c.yearFrom.slice(0, 7), min_group: c.minGroup, monthly: spanView(c.monthly), yearly: spanView(c.yearly) };
}
export type ComparisonView = ReturnType<typeof toComparisonView>;
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function toMyCommunityView(c: Awaited<ReturnType<typeof myCommunity>>) {
  return {
    member: c.member,
    spans: c.spans.map((s) => ({ role: s.role, joined_on: s.joinedOn, left_on: s.leftOn })),
    from: c.from.slice(0, 7),
    months: c.months.map((m) => ({ month: m.month.slice(0, 7), consumption_wh: wh(m.consumptionWh), allocated_wh: wh(m.allocatedWh), savings_eur: eur(m.savingsEur) })),
    total: { consumption_wh: wh(c.total.consumptionWh), allocated_wh: wh(c.total.allocatedWh), savings_eur: eur(c.total.savingsEur), share: rate(c.total.share) },
    community: c.community ? { members: c.community.members, self_consumption: rate(c.community.selfConsumption), self_sufficiency: rate(c.community.selfSufficiency) } : null,
  };
}
export type MyCommunityView = ReturnType<typeof toMyCommunityView>;
