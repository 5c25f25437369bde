// Tariff rows as the back-office edits them (/api/v1/tariffs, superusers only). A body is the flat
// snake_case view (lib/serializers/tariff.ts), checked by lib/validation/tariff.ts (the one rule of
// what a row is, tariffRowSchema, with errors named by their wire field).
//
// Rows of one key (supplier, option, kVA) form a timeline:
// - a new start while an older row of the key is open (valid_to null) closes that row at the new
//   row's valid_from, in the same transaction (prices change on 1 February and 1 August: the admin
//   adds the new grid, the old one ends the day before);
// - a row whose span overlaps another row of the key is refused (409, naming it), and so is a
//   second row starting the same day (409: edit that one);
// - deleting an open row re-opens the row that ended on its valid_from (undoing the close above).
// The key's rows are serialised by a transaction-scoped advisory lock, so two admins adding rows
// at once cannot both close the same row.
import type { Prisma, Tariff } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { PRICE_COLUMNS, PRICE_KEYS, type TariffRow } from "@/lib/energy/tariff";
import { parisDayOf } from "@/lib/time/paris";
import { orderByWithId, type ListParams } from "@/lib/http/list";
import type { TariffListFilters } from "@/lib/validation/list-filters";
import { conflict, invalid, notFound } from "@/lib/errors";
import { isUniqueViolation } from "@/lib/db/constraints";
import { toTariffView } from "@/lib/serializers/tariff";
import { checkTariffBody, PRICE_FIELDS } from "@/lib/validation/tariff";

export const TARIFF_SORTABLE = ["id", "supplier", "option", "subscribed_kva", "subscription_eur_per_year", "valid_from", "valid_to", "source", "created_at", "updated_at"] as const;
/** `kva` is a short alias of `subscribed_kva`; `in_force=true` keeps the rows that apply today (Paris). */

const SORT_COLUMNS: Record<(typeof TARIFF_SORTABLE)[number], keyof Prisma.TariffOrderByWithRelationInput> = {
  id: "id", supplier: "supplier", option: "option", subscribed_kva: "subscribedKva", subscription_eur_per_year: "subscriptionEurPerYear",
  valid_from: "validFrom", valid_to: "validTo", source: "source", created_at: "createdAt", updated_at: "updatedAt",
};

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const asDay = (d: Date) => d.toISOString().slice(0, 10);

/** A body as a valid TariffRow, or a 422 naming the wire fields (lib/validation/tariff.ts). */
function parseTariffBody(body: unknown): TariffRow {
  const r = checkTariffBody(body);
  if (r.errors) throw invalid(r.errors);
  return r.row;
}

function columns(row: TariffRow) {
  const prices = Object.fromEntries(Object.values(PRICE_COLUMNS).map((c) => [c, null as number | null]));
  for (const k of PRICE_KEYS[row.option]) prices[PRICE_COLUMNS[k]] = row.prices[k] ?? null;
  return {
    supplier: row.supplier,
    option: row.option,
    subscribedKva: row.kva,
    subscriptionEurPerYear: row.subscriptionEurPerYear,
    validFrom: asDate(row.validFrom),
    validTo: row.validTo === null ? null : asDate(row.validTo),
    source: row.source,
    ...prices,
  };
}

type Key = { supplier: string; option: TariffRow["option"]; subscribedKva: number };
const keyOf = (t: { supplier: string; option: TariffRow["option"]; subscribedKva: number }): Key => ({ supplier: t.supplier, option: t.option, subscribedKva: t.subscribedKva });
const keyText = (k: Key) => `${k.supplier}|${k.option}|${k.subscribedKva}`;
const span = (t: Tariff) => `${asDay(t.validFrom)} to ${t.validTo ? asDay(t.validTo) : "(open)"}`;

/** Serialises writes to the keys' timelines until the transaction ends (sorted: no deadlock). */
async function lockKeys(tx: Prisma.TransactionClient, keys: Key[]) {
  for (const k of [...new Set(keys.map(keyText))].sort()) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`tariff:${k}`}))`;
}

/** Closes the open older row of the key, refuses a same-day start or an overlap; `selfId` is the row being edited. */
async function fitTimeline(tx: Prisma.TransactionClient, row: TariffRow, selfId?: number) {
  const key: Key = { supplier: row.supplier, option: row.option, subscribedKva: row.kva };
  const others = await tx.tariff.findMany({ where: { ...key, id: selfId === undefined ? undefined : { not: selfId } }, orderBy: { validFrom: "asc" } });
  const from = asDate(row.validFrom);
  const to = row.validTo === null ? null : asDate(row.validTo);
  const what = `${row.option} row of ${row.supplier} at ${row.kva} kVA`;
  const same = others.find((o) => o.validFrom.getTime() === from.getTime());
  if (same) throw conflict(`A ${what} already starts on ${row.validFrom} (id ${same.id}): edit that row instead`);
  // the latest open row that started before this one ends where this one starts
  const closing = others.filter((o) => o.validTo === null && o.validFrom < from).pop();
  for (const o of others) {
    if (o === closing) continue;
    const overlaps = (to === null || o.validFrom < to) && (o.validTo === null || o.validTo > from);
    if (overlaps) {
      const hint = o.validFrom > from ? `; set valid_to to ${asDay(o.validFrom)} at the latest` : "";
      throw conflict(`This ${what} overlaps the one from ${span(o)} (id ${o.id})${hint}`);
    }
  }
  if (closing) await tx.tariff.update({ where: { id: closing.id }, data: { validTo: from } });
}

/** Runs `fn` in a transaction; a unique violation that slipped past the checks is a 409. */
async function writing<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  try {
    return await db.$transaction(fn);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("A row of this supplier, option and power already starts on that day");
    throw e;
  }
}

export async function createTariff(body: unknown): Promise<Tariff> {
  const row = parseTariffBody(body);
  return writing(async (tx) => {
    await lockKeys(tx, [{ supplier: row.supplier, option: row.option, subscribedKva: row.kva }]);
    await fitTimeline(tx, row);
    return tx.tariff.create({ data: columns(row) });
  });
}

export async function getTariffOrThrow(id: number): Promise<Tariff> {
  const t = await db.tariff.findUnique({ where: { id } });
  if (!t) throw notFound("Tariff");
  return t;
}

/** PUT: the fields sent replace the stored ones (a field left out keeps its value); the whole row is then checked. */
export async function updateTariff(id: number, body: unknown): Promise<Tariff> {
  const stored = await getTariffOrThrow(id);
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw invalid([{ path: "", message: "The request body must be a JSON object" }]);
  const sent = body as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...toTariffView(stored), ...sent };
  // a new option drops the prices of the old one that were not sent again
  if (sent.option !== undefined && sent.option !== stored.option) {
    for (const k of PRICE_KEYS[stored.option]) if (!(PRICE_FIELDS[k] in sent)) merged[PRICE_FIELDS[k]] = null;
  }
  const row = parseTariffBody(merged);
  return writing(async (tx) => {
    await lockKeys(tx, [keyOf(stored), { supplier: row.supplier, option: row.option, subscribedKva: row.kva }]);
    if (!(await tx.tariff.findUnique({ where: { id }, select: { id: true } }))) throw notFound("Tariff");
    await fitTimeline(tx, row, id);
    return tx.tariff.update({ where: { id }, data: columns(row) });
  });
}

/** Deletes a row; an open one gives the row it had closed back its open end. */
export async function deleteTariff(id: number): Promise<void> {
  const stored = await getTariffOrThrow(id);
  await writing(async (tx) => {
    await lockKeys(tx, [keyOf(stored)]);
    const t = await tx.tariff.findUnique({ where: { id } });
    if (!t) throw notFound("Tariff");
    await tx.tariff.delete({ where: { id } });
    if (t.validTo === null) await tx.tariff.updateMany({ where: { ...keyOf(t), validTo: t.validFrom }, data: { validTo: null } });
  });
}

/** The back-office list: filters by the view's names, sorted, paged. */
export async function listTariffRows(p: ListParams<string, TariffListFilters>, now = Date.now()): Promise<{ items: Tariff[]; total: number }> {
  const f = p.filters;
  const where: Prisma.TariffWhereInput = {};
  if (p.ids) where.id = { in: p.ids };
  const option = f.option;
  if (option === null) return { items: [], total: 0 };
  if (option !== undefined) where.option = option;
  const kva = f.subscribed_kva ?? f.kva;
  if (kva !== undefined) where.subscribedKva = kva;
  const and: Prisma.TariffWhereInput[] = [];
  if (f.supplier !== undefined) and.push({ supplier: f.supplier });
  if (p.q) and.push({ supplier: { contains: p.q, mode: "insensitive" } });
  const inForce = f.in_force;
  if (inForce !== undefined) {
    const today = asDate(parisDayOf(now));
    const applies: Prisma.TariffWhereInput = { validFrom: { lte: today }, OR: [{ validTo: null }, { validTo: { gt: today } }] };
    and.push(inForce ? applies : { NOT: applies });
  }
  if (and.length) where.AND = and;
  const orderBy = orderByWithId<Prisma.TariffOrderByWithRelationInput>(SORT_COLUMNS[p.sort.field as keyof typeof SORT_COLUMNS] ?? "id", p.sort.order);
  const [items, total] = await Promise.all([db.tariff.findMany({ where, orderBy, skip: p.skip, take: p.take }), db.tariff.count({ where })]);
  return { items, total };
}
