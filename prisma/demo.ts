import { db, type Prisma } from "@/lib/db";

/**
 * A household to look at: a home, four metered devices with their channels, a battery schedule
 * split by season (valid by the app's own rules: the parts share no month), the privacy notice
 * accepted (the notice is for real households; the demo shows the app behind it).
 */
export async function seedDemoHousehold(userId: number) {
  const liveDevices: number[] = [];
  await db.$transaction(async (tx) => {
    const home = await tx.location.create({ data: { ownerId: userId, name: "Home", country: "FR", lat: 45.18756, lon: 5.73578 } });
    // a Shelly EM Gen3 at the meter: channel 0 clamps the grid cable, channel 1 the solar inverter's
    const shelly = await tx.device.create({
      data: {
        ownerId: userId, locationId: home.id, deviceId: "shellyemg3-C45BBE6B2D42", deviceType: "shelly", phaseM: "single", dataSource: "mqtt", mqttHost: "mqtt.foyer.local",
        measurements: {
          create: [
            { name: "emeter_0", displayName: "Grid", measureType: "total_home", classification: "consumption", prefix: "em1:0", quantities: [{ unit: "W", databaseMeasurementPrefix: "power" }] },
            { name: "emeter_1", displayName: "Solar panels", measureType: "pv", classification: "production", prefix: "em1:1", quantities: [{ unit: "W", databaseMeasurementPrefix: "power" }] },
          ],
        },
      },
    });
    // a three-phase spoony clamp on the garage's board: the EV charger (one measurement, as a
    // three-phase device may have: lib/devices/rules.ts)
    const spoony = await tx.device.create({
      data: {
        ownerId: userId, locationId: home.id, deviceId: "spoony-3P-0042", deviceType: "spoony", phaseM: "three", dataSource: "mqtt",
        measurements: {
          create: [{ name: "ev", displayName: "EV charger", measureType: "ev", classification: "consumption", quantities: [{ unit: "W", databaseMeasurementPrefix: "power" }] }],
        },
      },
    });
    liveDevices.push(shelly.id, spoony.id);
    await tx.device.create({
      data: {
        ownerId: userId, locationId: home.id, deviceId: "linky-09123456789012", deviceType: "linky", dataSource: "linky_api",
        measurements: { create: [{ name: "ABC", displayName: "Linky meter", measureType: "total_home", classification: "consumption", quantities: [{ unit: "Wh", databaseMeasurementPrefix: "energy" }] }] },
      },
    });
    // the same Linky read live through its TIC port by a teleinfo2mqtt box (its 12-digit serial is
    // the topic): counters and VA every few seconds, beside the Enedis curve of the day after
    const tic = await tx.device.create({
      data: {
        ownerId: userId, locationId: home.id, deviceId: "linky-tic-021861348497", deviceType: "linky", dataSource: "mqtt",
        measurements: { create: [{ name: "tic", displayName: "Linky live (TIC)", measureType: "total_home", classification: "consumption", quantities: [{ unit: "Wh", databaseMeasurementPrefix: "energy" }] }] },
      },
    });
    liveDevices.push(tic.id);
    const every = { days: [0, 1, 2, 3, 4, 5, 6], hours: [10, 11, 12, 13, 14, 15] };
    await tx.schedule.create({
      data: {
        userId, derName: "Home battery",
        data: {
          der_name: "Home battery", average_power: 2000, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], ...every, start_date: new Date().toISOString(),
          // more sun to store from April to September
          schedules: [
            { months: [1, 2, 3, 10, 11, 12], ...every, average_power: 2000 },
            { months: [4, 5, 6, 7, 8, 9], ...every, hours: [9, 10, 11, 12, 13, 14, 15, 16], average_power: 3000 },
          ],
        },
      },
    });
    await tx.schedule.create({
      data: {
        userId, derName: "Water heater",
        data: { der_name: "Water heater", average_power: 1500, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], days: [0, 1, 2, 3, 4, 5, 6], hours: [1, 2, 3, 4, 5], start_date: new Date().toISOString() },
      },
    });
    const { PRIVACY_NOTICE } = await import("@/lib/privacy/notice");
    await tx.user.update({ where: { id: userId }, data: { acceptedTos: true, tosVersion: PRIVACY_NOTICE.version, flexAutoSendOffers: true } });
  });
  // their MQTT access (the device simulator keys them in: lib/integrations/sandbox/device-simulator.ts)
  const { ensureDeviceMqtt } = await import("@/lib/services/telemetry/connection");
  await ensureDeviceMqtt(liveDevices);
}

/**
 * The demo household's Linky, linked through the bundled sandbox (when no Enedis account is
 * configured): the producing meter, whose history the workers then sync at the vendor's pace, so
 * that the printed demo login shows energy within a minute, with its tariff settings (HP/HC,
 * 6 kVA, 22:00-06:00) so that it shows costs. Idempotent: an existing Linky link is left as it is
 * (its meters only get the tariff settings they lack).
 */
export async function ensureDemoLinky(userId: number) {
  const { vendorConfig } = await import("@/lib/integrations/config");
  if (!vendorConfig("linky").sandbox) return;
  if (await db.integration.findUnique({ where: { userId_name: { userId, name: "linky" } }, select: { id: true } })) {
    // a demo linked before My Energy: its meters get the settings they lack
    const ids = (await db.meter.findMany({ where: { userId, tariff: null }, select: { id: true } })).map((m) => m.id);
    await db.$transaction((tx) => demoTariffSettings(tx, ids));
    return;
  }
  const { sign } = await import("@/lib/integrations/sandbox/common");
  const { encryptSecret, purposeKey } = await import("@/lib/crypto");
  const { attachMeters, queueSync } = await import("@/lib/services/meters/meters");
  const { stopJobs } = await import("@/lib/jobs/queue");
  // tokens the sandbox itself would have issued (it signs them with the app's derived key)
  const secret = purposeKey("sandbox-linky");
  const expiresAt = new Date(Date.now() + 3600_000);
  const access = sign({ t: "access", v: "linky", exp: expiresAt.getTime() }, secret);
  const refresh = sign({ t: "refresh", v: "linky", exp: Date.now() + 365 * 86_400_000 }, secret);
  const prm = "24880057139941";
  const meterIds = await db.$transaction(async (tx) => {
    const integration = await tx.integration.create({
      data: { userId, name: "linky", resource: prm, sandbox: true, accessTokenEnc: encryptSecret(access), refreshTokenEnc: encryptSecret(refresh), tokenExpiresAt: expiresAt },
    });
    // the demo's Linky device reads this integration
    await tx.device.updateMany({ where: { ownerId: userId, deviceType: "linky", integrationId: null }, data: { integrationId: integration.id } });
    const ids = await attachMeters(tx, userId, integration.id, [prm], true);
    await demoTariffSettings(tx, ids);
    return ids;
  });
  // the server's workers start it a few seconds after it listens (the sandbox is served by the app)
  await queueSync(meterIds, 5);
  await stopJobs();
}

/**
 * The household's tariff settings of the demo meters, so that My Energy shows costs: HP/HC at
 * 6 kVA, off-peak 22:00-06:00 over the whole history the sandbox serves.
 */
async function demoTariffSettings(tx: Prisma.TransactionClient, meterIds: number[]) {
  if (!meterIds.length) return;
  await tx.meter.updateMany({ where: { id: { in: meterIds } }, data: { tariff: "hphc", tariffKva: 6 } });
  await tx.meterOffpeakSlot.createMany({
    data: meterIds.map((meterId) => ({ meterId, validFrom: new Date("2020-01-01T00:00:00Z"), ranges: [{ from: "22:00", to: "06:00" }] })),
    skipDuplicates: true,
  });
}

/**
 * The demo household's Netatmo and Legrand accounts, linked through the bundled sandboxes (when
 * the vendor has no real account configured), each with the device that reads it: the homes and
 * plants then show on Your Integrations. Idempotent: an existing link is left as it is.
 */
export async function ensureDemoVendors(userId: number) {
  const { vendorConfig } = await import("@/lib/integrations/config");
  const { sign } = await import("@/lib/integrations/sandbox/common");
  const { encryptSecret, purposeKey } = await import("@/lib/crypto");
  const vendors = [
    { name: "netatmo", deviceId: "netatmo-relay-70ee50", deviceType: "netatmo", dataSource: "netatmo_api", channel: "Heating" },
    { name: "legrand", deviceId: "legrand-plant-meter", deviceType: "legrand", dataSource: "legrand_api", channel: "Heat pump" },
  ] as const;
  for (const v of vendors) {
    if (!vendorConfig(v.name).sandbox) continue;
    if (await db.integration.findUnique({ where: { userId_name: { userId, name: v.name } }, select: { id: true } })) continue;
    // tokens the sandbox itself would have issued (it signs them with the app's derived key)
    const secret = purposeKey(`sandbox-${v.name}`);
    const expiresAt = new Date(Date.now() + 3600_000);
    const access = sign({ t: "access", v: v.name, exp: expiresAt.getTime() }, secret);
    const refresh = sign({ t: "refresh", v: v.name, exp: Date.now() + 365 * 86_400_000 }, secret);
    await db.$transaction(async (tx) => {
      const integration = await tx.integration.create({
        data: { userId, name: v.name, sandbox: true, accessTokenEnc: encryptSecret(access), refreshTokenEnc: encryptSecret(refresh), tokenExpiresAt: expiresAt },
      });
      const home = await tx.location.findFirst({ where: { ownerId: userId }, orderBy: { id: "asc" }, select: { id: true } });
      if (await tx.device.findFirst({ where: { ownerId: userId, deviceType: v.deviceType }, select: { id: true } })) return;
      await tx.device.create({
        data: {
          ownerId: userId, locationId: home?.id ?? null, integrationId: integration.id, deviceId: v.deviceId, deviceType: v.deviceType, dataSource: v.dataSource,
          measurements: { create: [{ name: "ABC", displayName: v.channel, measureType: "other", classification: "consumption", quantities: [{ unit: "W", databaseMeasurementPrefix: "power" }] }] },
        },
      });
    });
  }
}

/**
 * The community's demo events (docs/flexibility.md), once: a past evening event the demo household
 * took part in, settled by the app once its Linky history is in (the flex-settle round after the
 * sync), and one to come that it has not answered yet. The past one is the most recent working
 * evening of the last three weeks on which the sandbox meter (whose curve the sync brings) used
 * less than its baseline: a real settlement of that curve, not a figure written here.
 */
export async function ensureDemoEvents(userId: number, adminId: number | null, now = Date.now()) {
  const { vendorConfig } = await import("@/lib/integrations/config");
  if (!vendorConfig("linky").sandbox || (await db.flexEvent.count()) > 0) return;
  const { sandboxPower, SANDBOX_PRODUCER } = await import("@/lib/integrations/sandbox/linky");
  const { baseline } = await import("@/lib/flex/baseline");
  const { settlement, eventWindow } = await import("@/lib/flex/events");
  const { dayType } = await import("@/lib/flex/calendar");
  const { addDays, parisDayOf, parisDayStart, parisToUtc, pointsPerDay } = await import("@/lib/time/paris");
  const HALF = 30 * 60_000;
  const at = (day: string, hhmm: string) => new Date(parisToUtc(`${day} ${hhmm}:00`)!);
  const today = parisDayOf(now);
  // the sandbox meter's half hours (Wh) of a day, as the sync stores them
  const curve = new Map<string, number[]>();
  const dayOf = (day: string) => {
    let row = curve.get(day);
    if (!row) curve.set(day, (row = Array.from({ length: pointsPerDay(day, 30) }, (_, i) => sandboxPower("consumption", SANDBOX_PRODUCER, parisDayStart(day) + (i + 1) * HALF) / 2)));
    return row;
  };
  let past: { day: string; delivered: number } | null = null;
  for (let back = 2; back <= 21 && !past; back++) {
    const day = addDays(today, -back);
    if (dayType(day) !== "working") continue;
    const w = eventWindow(at(day, "18:00").getTime(), at(day, "20:00").getTime());
    const byDay = new Map(Array.from({ length: 61 }, (_, i) => addDays(day, -i)).map((d) => [d, dayOf(d)] as const));
    const b = baseline({ stepMin: 30, byDay }, day, { window: [w.from, w.to] });
    if (b.status !== "ok") continue;
    const s = settlement("down", b.values.slice(w.from, w.to), dayOf(day).slice(w.from, w.to), 0.3);
    if (s.deliveredWh > 100) past = { day, delivered: s.deliveredWh };
  }
  let next = addDays(today, 1);
  while (dayType(next) !== "working") next = addDays(next, 1);
  await db.$transaction(async (tx) => {
    if (past) {
      const e = await tx.flexEvent.create({
        data: {
          createdById: adminId, title: "Evening peak", direction: "down", rewardPerKwh: 0.3, startsAt: at(past.day, "18:00"), endsAt: at(past.day, "20:00"),
          message: "A cold evening: the grid asked the community to ease off between 18:00 and 20:00. Delay the washing machine, the dishwasher and the EV's charge.",
          createdAt: new Date(parisDayStart(addDays(past.day, -2))), invitedAt: new Date(parisDayStart(addDays(past.day, -2))),
        },
      });
      await tx.flexParticipation.create({ data: { eventId: e.id, userId, optedIn: true, createdAt: new Date(parisDayStart(addDays(past.day, -1))) } });
    }
    await tx.flexEvent.create({
      data: {
        createdById: adminId, title: "Evening peak", direction: "down", rewardPerKwh: 0.3, startsAt: at(next, "18:00"), endsAt: at(next, "20:00"),
        message: "The grid expects a tight evening: use less between 18:00 and 20:00 and the community is paid for every kWh you save.",
        invitedAt: new Date(now),
      },
    });
  });
}
