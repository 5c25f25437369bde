// The operation's members (docs/community.md, "Members"): dated entries and exits (never deleted),
// and each member's consumption, production, allocated share and savings over a period under the
// operation's key. The PMO is given each ACC member's allocations by law: these per-member totals
// are for the operator only.
import type { Caller } from "@/lib/auth/caller";
import { db, inPgTransaction } from "@/lib/db";
import { conflict, forbidden, invalid, notFound } from "@/lib/errors";
import type { CommunityRole } from "@/lib/generated/prisma/enums";
import { parisDayOf } from "@/lib/time/paris";
import { markCommunityStale, queueRollup } from "./rollup";
import { simulatePeriod } from "./simulation";
import type { Period } from "./view";

const dayText = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const dayDate = (d: string) => new Date(`${d}T00:00:00Z`);

export type MemberRow = {
  id: number;
  userId: number;
  email: string;
  name: string | null;
  usagePointId: string | null;
  role: CommunityRole;
  joinedOn: string;
  leftOn: string | null;
  consumptionWh: number;
  productionWh: number;
  allocatedWh: number;
  savingsEur: number;
  /** allocated / consumption over the period */
  coverage: number | null;
};

/** The membership rows overlapping [from, to), each with its figures under the operation's key. */
export async function listMembers(caller: Caller, p: Period): Promise<MemberRow[]> {
  if (!caller.isSuperuser) throw forbidden();
  const rows = await db.communityMember.findMany({
    where: { joinedOn: { lt: dayDate(p.to) }, OR: [{ leftOn: null }, { leftOn: { gt: dayDate(p.from) } }] },
    include: { user: { select: { email: true, firstName: true, lastName: true, meters: { select: { usagePointId: true }, orderBy: { id: "asc" }, take: 1 } } } },
    orderBy: [{ joinedOn: "asc" }, { id: "asc" }],
  });
  const run = await simulatePeriod(p, [await operationKey()]);
  const figures = new Map(run.members.map((m) => [m.userId, m]));
  const alloc = new Map(run.keys[0].members.map((m) => [m.userId, m]));
  return rows.map((r) => {
    const f = figures.get(r.userId);
    const a = alloc.get(r.userId);
    const consumptionWh = f?.consumptionWh ?? 0;
    return {
      id: r.id,
      userId: r.userId,
      email: r.user.email,
      name: [r.user.firstName, r.user.lastName].filter(Boolean).join(" ") || null,
      usagePointId: r.user.meters[0]?.usagePointId ?? null,
      role: r.role,
      joinedOn: dayText(r.joinedOn)!,
      leftOn: dayText(r.leftOn),
      consumptionWh,
      productionWh: f?.productionWh ?? 0,
      allocatedWh: a?.allocatedWh ?? 0,
      savingsEur: a?.savingsEur ?? 0,
      coverage: consumptionWh > 0 ? (a?.allocatedWh ?? 0) / consumptionWh : null,
    };
  });
}

/** The operation's allocation key (dynamic by default until the operator chooses). */
export async function operationKey() {
  const s = await db.communitySettings.findUnique({ where: { id: 1 }, select: { allocationKey: true } });
  return s?.allocationKey ?? "dynamic_default";
}

/** A household's entry from `joinedOn`: not while another of its spans is open, nor inside an earlier one. */
export async function addMember(caller: Caller, input: { userId: number; role: CommunityRole; joinedOn: string }, now = Date.now()) {
  if (!caller.isSuperuser) throw forbidden();
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { id: true } });
  if (!user) throw invalid([{ path: "user_id", message: "No such user" }]);
  if (input.joinedOn > parisDayOf(now)) throw invalid([{ path: "joined_on", message: "An entry cannot be dated after today" }]);
  const row = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(5101, ${input.userId})`;
    const spans = await tx.communityMember.findMany({ where: { userId: input.userId }, orderBy: { joinedOn: "asc" } });
    if (spans.some((s) => s.leftOn === null)) throw conflict("This household already takes part: date its exit first", "member_open");
    const last = spans.at(-1);
    if (last?.leftOn && dayText(last.leftOn)! > input.joinedOn) throw conflict(`This household took part until ${dayText(last.leftOn)}: an entry must be dated from then on`, "member_overlap");
    return tx.communityMember.create({ data: { userId: input.userId, role: input.role, joinedOn: dayDate(input.joinedOn) } });
  });
  await inPgTransaction((c) => markCommunityStale(c, input.joinedOn, parisDayOf(now), input.userId));
  await queueRollup();
  return row;
}

/** A member's exit from `leftOn` (exclusive: its last day is the day before); the row stays. */
export async function exitMember(caller: Caller, id: number, leftOn: string, now = Date.now()) {
  if (!caller.isSuperuser) throw forbidden();
  const row = await db.communityMember.findUnique({ where: { id } });
  if (!row) throw notFound("Member");
  if (row.leftOn) throw conflict(`This membership already ended on ${dayText(row.leftOn)}`, "member_closed");
  if (leftOn <= dayText(row.joinedOn)!) throw invalid([{ path: "left_on", message: "An exit must be dated after the entry" }]);
  const updated = await db.communityMember.update({ where: { id, leftOn: null }, data: { leftOn: dayDate(leftOn) } });
  const today = parisDayOf(now);
  await inPgTransaction((c) => markCommunityStale(c, leftOn < today ? leftOn : today, leftOn < today ? today : leftOn));
  await queueRollup();
  return updated;
}
