// PATCH /api/v1/meters/{id} (docs/my-energy.md): the household's tariff settings of a meter, which
// My Energy's costs use.
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/caller";
import { getMeterOrThrow, type MeterWithProgress } from "@/lib/services/meters/meters";
import { heldRange } from "@/lib/services/readings/store";
import { parisDayOf } from "@/lib/time/paris";
import type { TariffOption } from "@/lib/energy/tariff";
import type { MeterTariffInput } from "@/lib/validation/energy";
import { parisToday } from "./reading";

/**
 * The household's tariff settings: option and power (null goes back to the contract's), and a
 * dated set of off-peak ranges (from `valid_from`, by default the meter's first held day; the same
 * day again replaces that set).
 */
export async function updateMeterTariff(caller: Caller, meterId: number, input: MeterTariffInput): Promise<MeterWithProgress> {
  const meter = await getMeterOrThrow(caller, meterId);
  let validFrom: string | undefined;
  if (input.offpeak) {
    validFrom = input.offpeak.valid_from;
    if (!validFrom) {
      const held = await heldRange(meter.id, "consumption");
      validFrom = held ? parisDayOf(held.first.getTime()) : parisToday();
    }
  }
  await db.$transaction(async (tx) => {
    const data: { tariff?: TariffOption | null; tariffKva?: number | null } = {};
    if (input.tariff !== undefined) data.tariff = input.tariff;
    if (input.subscribed_kva !== undefined) data.tariffKva = input.subscribed_kva;
    if (Object.keys(data).length) await tx.meter.update({ where: { id: meter.id }, data });
    if (input.offpeak && validFrom) {
      const day = new Date(`${validFrom}T00:00:00Z`);
      const ranges = input.offpeak.ranges.map((r) => ({ from: r.from === "24:00" ? "00:00" : r.from, to: r.to === "24:00" ? "00:00" : r.to }));
      await tx.meterOffpeakSlot.upsert({
        where: { meterId_validFrom: { meterId: meter.id, validFrom: day } },
        create: { meterId: meter.id, validFrom: day, ranges },
        update: { ranges },
      });
    }
  });
  return getMeterOrThrow(caller, meterId);
}
