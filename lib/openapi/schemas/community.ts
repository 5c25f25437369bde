// The community's answers (lib/serializers/community.ts, docs/community.md): the operator's view of
// the operation (its energy over a period, the flexible power by hour, the members, the settings
// and shares, the allocation keys side by side, Enedis' ACC imports and their reconciliation) and
// the household's (its short profile, homes like mine, its part in the operation). Wh are rounded
// to the watt-hour, € to the cent, rates to four decimals.
import { z } from "zod";
import type {
  ComparisonView,
  FlexByHourView,
  ImportView,
  MembershipView,
  MemberView,
  MyCommunityView,
  ProfileView,
  ReconciliationView,
  SettingsView,
  SharesView,
  SimulationView,
  SummaryView,
} from "@/lib/serializers/community";
import { AllocationKey, CommunityRole, HeatingEnergy, HotWaterEnergy, HousingType } from "@/lib/generated/prisma/enums";
import { LEVELS } from "@/lib/community/compare";
import type { Assert, Same } from "../same-type";

const id = z.number().int();
const timestamp = z.iso.datetime();
const day = z.string().meta({ description: "a Paris day, YYYY-MM-DD" });
const month = z.string().meta({ description: "a Paris month, YYYY-MM" });
const wh = (what: string) => z.number().int().meta({ description: `${what}, Wh` });
const eur = (what: string) => z.number().meta({ description: `${what}, € (to the cent)` });
const rate = (what: string) => z.number().nullable().meta({ description: `${what}, 0 to 1 (null: nothing to divide by)` });
const selfConsumption = rate("self-consumption: the local production used inside the operation / its production");
const selfSufficiency = rate("self-sufficiency: the local production used inside the operation / its consumption");
const minGroup = z.number().int().meta({ description: "the fewest households an aggregate may cover (10): below it, nothing is shown" });
const role = z.enum(CommunityRole).meta({ description: "consumer, producer or both" });
const allocationKey = z.enum(AllocationKey).meta({ description: "static (fixed shares), dynamic_default (pro rata of consumption) or dynamic_simple (the operator's shares, what one does not use given again to the others)" });

// ---------------------------------------------------------------------------------------------
// The operator's view

const summaryFields = {
  from: day.meta({ description: "the period's first day" }),
  to: day.meta({ description: "the day after the period's last" }),
  by: z.enum(["day", "month"]),
  members: z.number().int().meta({ description: "the households taking part at some point of the period" }),
  min_group: minGroup,
  withheld: z.boolean().meta({ description: "fewer than min_group households took part: no figure (totals null, series and heatmap empty)" }),
};
const energyFields = {
  consumption_wh: wh("withdrawn by the members"),
  production_wh: wh("injected by the members"),
  self_consumed_wh: wh("local production used inside the operation (per half hour, the lesser of the two)"),
  surplus_wh: wh("local production beyond the operation's consumption"),
};
/** Either withheld (under min_group households) or the period's figures. */
export const communitySummaryViewSchema = z.union([
  z.object({ ...summaryFields, totals: z.null(), series: z.array(z.never()), heatmap: z.array(z.never()) }),
  z.object({
    ...summaryFields,
    totals: z.object({ ...energyFields, self_consumption: selfConsumption, self_sufficiency: selfSufficiency }),
    series: z.array(z.object({ start: day.meta({ description: "the day's, or the month's first day" }), ...energyFields })),
    heatmap: z.array(z.object({ month, surplus_wh: z.array(z.number().int()).meta({ description: "the surplus by hour of day (Paris), 24 values, Wh" }) })).meta({ description: "one row per month of the period" }),
  }),
]);
type _SummaryView = Assert<Same<z.output<typeof communitySummaryViewSchema>, SummaryView>>;

const flexFields = {
  households: z.number().int().meta({ description: "the households whose offers for the period's days were sent" }),
  min_group: minGroup,
  withheld: z.boolean().meta({ description: "fewer than min_group households: no figure (days null, hours empty)" }),
};
const kw = (what: string) => z.number().meta({ description: `${what}, kW (mean over the period's days)` });
/** Either withheld (under min_group households) or 24 hours of day. */
export const flexByHourViewSchema = z.union([
  z.object({ ...flexFields, days: z.null(), hours: z.array(z.never()) }),
  z.object({
    ...flexFields,
    days: z.number().int().meta({ description: "the period's days, the means' divisor" }),
    hours: z.array(
      z.object({
        hour: z.number().int().meta({ description: "the hour of day, Paris time, 0 to 23" }),
        down_offered_kw: kw("use less, offered (accepted included)"),
        up_offered_kw: kw("use more, offered (accepted included)"),
        down_accepted_kw: kw("use less, accepted"),
        up_accepted_kw: kw("use more, accepted"),
        delivered_kw: kw("delivered, as settled"),
      }),
    ),
  }),
]);
type _FlexByHourView = Assert<Same<z.output<typeof flexByHourViewSchema>, FlexByHourView>>;

const membershipFields = {
  id: id.meta({ description: "the membership's id (a household has one per span)" }),
  user_id: id,
  role,
  joined_on: day.meta({ description: "its first day" }),
  left_on: day.nullable().meta({ description: "the day after its last (null: it takes part)" }),
};
export const membershipViewSchema = z.object(membershipFields);
type _MembershipView = Assert<Same<z.output<typeof membershipViewSchema>, MembershipView>>;

export const memberViewSchema = z.object({
  ...membershipFields,
  email: z.string(),
  name: z.string().nullable(),
  usage_point_id: z.string().nullable().meta({ description: "its first Linky meter's (null: none linked)" }),
  consumption_wh: wh("withdrawn over the period while it took part"),
  production_wh: wh("injected over the period while it took part"),
  allocated_wh: wh("local production allocated to it under the operation's key"),
  savings_eur: eur("what the allocation saved it against its supplier's price"),
  coverage: rate("allocated / consumption"),
});
type _MemberView = Assert<Same<z.output<typeof memberViewSchema>, MemberView>>;

export const communitySettingsViewSchema = z.object({
  name: z.string(),
  allocation_key: allocationKey,
  local_price_eur_per_kwh: z.number().meta({ description: "what members pay for local energy, € per kWh (their savings: their supplier's price less this)" }),
  updated_at: timestamp,
});
type _SettingsView = Assert<Same<z.output<typeof communitySettingsViewSchema>, SettingsView>>;

export const sharesViewSchema = z.object({
  month,
  set_for: month.nullable().meta({ description: "the month of the set in force (null: none set, equal shares)" }),
  total_percent: z.number().meta({ description: "the shares' sum, %" }),
  members: z
    .array(z.object({ user_id: id, email: z.string(), usage_point_id: z.string().nullable(), percent: z.number().nullable().meta({ description: "% (null: no set in force)" }) }))
    .meta({ description: "the month's consumers" }),
});
type _SharesView = Assert<Same<z.output<typeof sharesViewSchema>, SharesView>>;

export const simulationViewSchema = z.object({
  from: day.meta({ description: "the period's first day" }),
  to: day.meta({ description: "the day after the period's last" }),
  operation_key: allocationKey.meta({ description: "the operation's key over the period (its last month's)" }),
  members: z.array(z.object({ user_id: id, consumption_wh: wh("withdrawn while it took part"), production_wh: wh("injected while it took part") })),
  keys: z
    .array(
      z.object({
        key: allocationKey,
        production_wh: wh("local production"),
        consumption_wh: wh("the consumers' withdrawal"),
        allocated_wh: wh("local production allocated"),
        surplus_wh: wh("local production not allocated"),
        savings_eur: eur("the members' savings"),
        self_consumption: selfConsumption,
        self_sufficiency: selfSufficiency,
        members: z.array(z.object({ user_id: id, allocated_wh: wh("allocated to it"), savings_eur: eur("its savings") })),
      }),
    )
    .meta({ description: "the period under each key asked, in that order" }),
});
type _SimulationView = Assert<Same<z.output<typeof simulationViewSchema>, SimulationView>>;

export const importViewSchema = z.object({
  id,
  file_name: z.string(),
  from: day.meta({ description: "the file's first day" }),
  to: day.meta({ description: "the file's last day" }),
  rows: z.number().int().meta({ description: "the file's lines of values" }),
  meters: z.number().int().meta({ description: "the usage points in the file" }),
  imported_by: z.string().nullable().meta({ description: "the admin's e-mail (null: that account was deleted)" }),
  imported_at: timestamp,
});
type _ImportView = Assert<Same<z.output<typeof importViewSchema>, ImportView>>;

const enedisWh = (type: string) => z.number().int().nullable().meta({ description: `${type} over the file's days, Wh (null: not in the file)` });
export const reconciliationViewSchema = z.object({
  import: importViewSchema,
  meters: z.array(
    z.object({
      usage_point_id: z.string(),
      user_id: id.nullable().meta({ description: "the household with that meter (null: none in Foyer)" }),
      email: z.string().nullable(),
      enedis: z.object({
        cons_wh: enedisWh("CONS"),
        autocons_wh: enedisWh("AUTOCONS"),
        complement_wh: enedisWh("COMPLEMENT"),
        prod_wh: enedisWh("PROD"),
        autoprod_wh: enedisWh("AUTOPROD"),
        surplus_wh: enedisWh("SURPLUS"),
        days: z.number().int().meta({ description: "the days of the file with values for this meter" }),
      }),
      foyer: z
        .object({ cons_wh: wh("withdrawn"), autocons_wh: wh("allocated under the operation's key"), prod_wh: wh("injected") })
        .nullable()
        .meta({ description: "Foyer's figures over the same days (null: the household did not take part then, or no household has the meter)" }),
      missing_days: z.array(day).meta({ description: "the file's days Foyer holds no complete curve of" }),
    }),
  ),
  findings: z
    .array(
      z.object({
        code: z.string().meta({ description: "unknown_meter, not_member, foyer_missing_days, consumption_gap, allocation_gap, production_gap or missing_in_file" }),
        usage_point_id: z.string(),
        email: z.string().nullable(),
        params: z.record(z.string(), z.union([z.number(), z.string()])).meta({ description: "the figures the text names (enedis_kwh, foyer_kwh, difference_pct; days, first, last)" }),
        text: z.string().meta({ description: "the gap in words (English)" }),
      }),
    )
    .meta({ description: "every gap between Enedis' figures and Foyer's (over 2 % and 1 kWh), and every meter in one and not the other" }),
});
type _ReconciliationView = Assert<Same<z.output<typeof reconciliationViewSchema>, ReconciliationView>>;

// ---------------------------------------------------------------------------------------------
// The household's view

export const profileViewSchema = z.object({
  housing_type: z.enum(HousingType).nullable(),
  floor_area_m2: z.number().int().nullable(),
  occupants: z.number().int().nullable(),
  heating: z.enum(HeatingEnergy).nullable(),
  hot_water: z.enum(HotWaterEnergy).nullable(),
  updated_at: timestamp.nullable().meta({ description: "null: never given" }),
});
type _ProfileView = Assert<Same<z.output<typeof profileViewSchema>, ProfileView>>;

const own = z
  .object({ kwh: z.number(), kwh_per_m2: z.number(), kwh_per_occupant: z.number(), eur: z.number().nullable().meta({ description: "on its own tariff (null: unpriced)" }) })
  .nullable()
  .meta({ description: "the household's own figures" });
const national = z.object({ kwh: z.number().meta({ description: "the French average household's over the same days" }), source: z.string() }).nullable();
/** A span's comparison (the month, or the 12 months): no data of the household's, too few similar homes, or the comparison. */
const spanSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("no_data"),
    months: z.number().int().meta({ description: "the complete months needed" }),
    months_held: z.number().int().meta({ description: "the household's complete months" }),
    level: z.null(), homes: z.null(), own: z.null(), similar: z.null(), national: z.null(),
  }),
  z.object({
    status: z.literal("too_few"),
    months: z.null(), months_held: z.null(), level: z.null(),
    homes: z.number().int().meta({ description: "the similar homes found, fewer than min_group" }),
    own, similar: z.null(), national,
  }),
  z.object({
    status: z.literal("ok"),
    months: z.null(), months_held: z.null(),
    level: z.enum(LEVELS).meta({ description: "how similar: same type, heating and size; same type and heating; same heating" }),
    homes: z.number().int().meta({ description: "the similar homes (the household not counted)" }),
    own,
    similar: z
      .object({
        median_kwh_per_m2: z.number(),
        efficient_kwh_per_m2: z.number(),
        median_kwh_per_occupant: z.number(),
        efficient_kwh_per_occupant: z.number(),
        median_eur: z.number().nullable(),
        efficient_eur: z.number().nullable(),
      })
      .meta({ description: "the typical (median) and efficient (best 20 %) similar homes, to two significant digits; € for the household's floor area on its tariff" }),
    national,
  }),
]);
export const comparisonViewSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("no_profile"),
    missing: z.array(z.string()).meta({ description: "the profile's fields to give first (housing_type, floor_area_m2, occupants, heating)" }),
    month,
    year_from: z.null(),
    min_group: minGroup,
    monthly: z.null(),
    yearly: z.null(),
  }),
  z.object({
    status: z.literal("ok"),
    missing: z.array(z.never()),
    month: month.meta({ description: "the last complete month" }),
    year_from: month.meta({ description: "the 12 months' first" }),
    min_group: minGroup,
    monthly: spanSchema,
    yearly: spanSchema,
  }),
]);
type _ComparisonView = Assert<Same<z.output<typeof comparisonViewSchema>, ComparisonView>>;

export const myCommunityViewSchema = z.object({
  member: z.boolean().meta({ description: "the household has taken part at some time" }),
  spans: z.array(z.object({ role, joined_on: day, left_on: day.nullable() })),
  from: month.meta({ description: "the first of the 12 months" }),
  months: z.array(
    z.object({
      month,
      consumption_wh: wh("withdrawn"),
      allocated_wh: wh("local production allocated to it"),
      savings_eur: eur("its savings"),
    }),
  ),
  total: z.object({
    consumption_wh: wh("withdrawn over the 12 months"),
    allocated_wh: wh("allocated over the 12 months"),
    savings_eur: eur("saved over the 12 months"),
    share: rate("allocated / consumption"),
  }),
  community: z
    .object({ members: z.number().int(), self_consumption: selfConsumption, self_sufficiency: selfSufficiency })
    .nullable()
    .meta({ description: "the operation's own rates over the 12 months (null: under min_group households)" }),
});
type _MyCommunityView = Assert<Same<z.output<typeof myCommunityViewSchema>, MyCommunityView>>;
