// Building a "Download my data" ZIP (the data-archive job). The ZIP is streamed (yazl) straight
// into 1 MiB parts in `data_archive_parts`: nothing is held whole in memory, a meter's ten years
// of readings included. What goes in is what the API shows the user, through the same
// serializers (never a password hash or a vendor token):
//   README.txt            what each file is
//   account.json          the profile and the privacy notice's acceptance
//   consents.json         the privacy notice and each vendor access granted, with dates
//   locations.json, devices.json (with their measurement channels), schedules.json
//   integrations.json     the linked vendor accounts, without tokens
//   meters.json           meters, contract data, tariff settings, sync state
//   flexibility.json      the community events taken part in: each choice and result; the offers and their history
//   partner-access.json   what the grid partner read, and when (docs/sharing.md)
//   community.json        the home's profile, the spans in the community's operation, each month's allocation (docs/community.md)
//   readings/<usage point>.csv   30-minute readings (CSV with `,` and decimal points)
//   readings/<usage point>.xml   the same, XML modelled on IEC 62746-4
//   telemetry/<id>-<device>.csv  a live device's 15-minute energy and power (lib/services/telemetry/export.ts)
import { toOfferView } from "@/lib/serializers/flex-offers";
import { toMyCommunityView, toProfileView } from "@/lib/serializers/community";
import { householdProfile, myCommunity } from "@/lib/services/community/household";
import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import { db } from "@/lib/db";
import { logError, logInfo } from "@/lib/log";
import { PRIVACY_NOTICE } from "@/lib/privacy/notice";
import { toUserDeviceView } from "@/lib/serializers/device";
import { toIntegrationView } from "@/lib/serializers/integration";
import { toLocationView } from "@/lib/serializers/location";
import { toResultView } from "@/lib/serializers/flex";
import { toAccessLogView } from "@/lib/serializers/sharing";
import { toMeterView } from "@/lib/serializers/meter";
import { toScheduleView } from "@/lib/serializers/schedule";
import { toUserView } from "@/lib/serializers/user";
import { withMeasurements } from "@/lib/services/devices/devices";
import { withDevices } from "@/lib/services/locations/locations";
import { userViewSelect } from "@/lib/services/users/accounts";
import { env } from "@/lib/env";
import { deviceQuartersCsv, devicesWithQuarters } from "@/lib/services/telemetry/export";
import type { Caller } from "@/lib/auth/caller";
import { exportOf } from "@/lib/services/exports/meter-history";
import { listIntegrations } from "@/lib/services/integrations/vendor-accounts";
import { listMeters } from "@/lib/services/meters/meters";
import { KIND_CODE } from "@/lib/services/readings/store";

/** The load curves' kinds in energy.readings (what the readings files hold). */
const CURVE_CODES = [KIND_CODE.consumption, KIND_CODE.production];

/** Bytes per stored part: one statement each way, small enough to stream. */
export const ARCHIVE_PART_BYTES = 1 << 20;

type Entry = { name: string; step: string; content: () => Promise<Buffer | AsyncGenerator<string, void, undefined>> };

const json = (v: unknown) => Buffer.from(JSON.stringify(v, null, 2) + "\n", "utf8");

/** Thrown when the archive disappeared under the build (deleted, or the account was). */
class ArchiveGone extends Error {}

/** Writes a stream's bytes as parts 0, 1, 2... of the archive; returns the total size. */
async function storeParts(archiveId: string, stream: AsyncIterable<Buffer>): Promise<number> {
  let seq = 0, size = 0, pending: Buffer[] = [], pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const bytes = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    // the parent row's lock makes a concurrent deletion wait or this insert fail: either way no orphan
    const written = await db.$executeRaw`
      INSERT INTO data_archive_parts (archive_id, seq, bytes)
      SELECT id, ${seq}, ${bytes} FROM data_archives WHERE id = ${archiveId}::uuid`;
    if (!written) throw new ArchiveGone();
    seq++;
    size += bytes.length;
  };
  for await (const chunk of stream) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= ARCHIVE_PART_BYTES) await flush();
  }
  await flush();
  return size;
}

function readme(email: string, now: Date, meters: { usagePointId: string; readings: boolean }[], liveDevices: number): string {
  const lines = [
    "Your data in Foyer",
    "==================",
    "",
    `Account: ${email}`,
    `Prepared: ${now.toISOString()} (UTC)`,
    "",
    "account.json       your profile, and which version of the privacy notice you accepted",
    "consents.json      the privacy notice and each vendor access you granted, with dates",
    "locations.json     your locations, with the devices at each",
    "devices.json       your devices and their measurement channels",
    "schedules.json     your flexibility schedules",
    "integrations.json  your linked vendor accounts (Enedis Linky, Legrand, Netatmo); access tokens are never exported",
    "meters.json        your meters: contract data, tariff settings, off-peak hours, sync state",
    "flexibility.json   the community events you answered: each choice, and what you delivered; your offers and their history",
    "partner-access.json  what the grid partner read of your data with your consent, and when",
    "community.json     your home's profile, when you took part in the community's collective self-consumption, and each month's share of local production and savings",
    "readings/          per meter, the 30-minute readings Foyer holds:",
    "                   <meter>.csv  one row per interval: meter, kind, start (Paris time and UTC), duration,",
    "                                energy in Wh, average power in W, quality, source (UTF-8, ',' separator)",
    "                   <meter>.xml  the same, in XML modelled on IEC 62746-4",
    "                                (ReferenceEnergyCurveHistoricalData_MarketDocument, one Period per local day at PT30M)",
    "telemetry/         per live device, what it measured, every 15 minutes (UTC), as CSV: device, measurement,",
    "                   start_utc, import_wh and export_wh (energy in the quarter hour), power_w_avg/min/max",
    `                   (${liveDevices ? `${liveDevices} device${liveDevices > 1 ? "s" : ""}` : "none of your devices has sent readings"})`,
    "",
    ...(meters.length
      ? meters.map((m) => `Meter ${m.usagePointId}: ${m.readings ? "readings included" : "no readings held"}`)
      : ["You have no meter."]),
    "",
    "The JSON files have the shapes of Foyer's API (/api/v1); dates are ISO 8601 in UTC.",
    "",
  ];
  return lines.join("\r\n");
}

/** The archive's files, in order, each produced when the ZIP reaches it. */
async function entriesOf(userId: number, now: Date): Promise<Entry[]> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { ...userViewSelect, tokenVersion: true, tosAcceptedAt: true } });
  if (!user) throw new ArchiveGone();
  // the user as a household: an admin's archive holds their own data, never anyone else's
  const caller: Caller = {
    id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName,
    isSuperuser: false, acceptedTos: user.acceptedTos, tokenVersion: user.tokenVersion, via: "cookie",
  };
  const [meters, integrations] = await Promise.all([listMeters(caller), listIntegrations(caller)]);
  const held = await Promise.all(
    meters.map(async (m) => ({
      meter: m,
      readings: (await db.$queryRaw<{ held: boolean }[]>`SELECT EXISTS (SELECT 1 FROM energy.readings WHERE meter_id = ${m.id} AND kind = ANY(${CURVE_CODES}::int[])) AS held`)[0].held,
    })),
  );
  const live = await db.device.findMany({
    where: { ownerId: userId, mqtt: { isNot: null } },
    select: { id: true, deviceId: true, measurements: { select: { id: true, name: true }, orderBy: { id: "asc" } } },
    orderBy: { id: "asc" },
  });
  const measured = await devicesWithQuarters(new Map(live.map((d) => [d.id, d.measurements.map((m) => m.id)])));
  const liveDevices = live.filter((d) => measured.has(d.id));
  const entries: Entry[] = [
    { name: "README.txt", step: "Your profile", content: async () => Buffer.from(readme(user.email, now, held.map((h) => ({ usagePointId: h.meter.usagePointId, readings: h.readings })), liveDevices.length), "utf8") },
    {
      name: "account.json",
      step: "Your profile",
      content: async () => json({ ...toUserView(user), privacy_notice: { accepted_version: user.tosVersion, accepted_at: user.tosAcceptedAt?.toISOString() ?? null, current_version: PRIVACY_NOTICE.version, current_date: PRIVACY_NOTICE.date }, exported_at: now.toISOString() }),
    },
    {
      name: "consents.json",
      step: "Your consents",
      content: async () =>
        json([
          { consent: "privacy_notice", version: user.tosVersion, accepted: user.tosVersion != null && user.acceptedTos, accepted_at: user.tosAcceptedAt?.toISOString() ?? null },
          ...integrations.map((i) => ({
            consent: `${i.name}_data_access`,
            integration_id: i.id,
            granted_at: i.createdAt.toISOString(),
            renewed_at: i.updatedAt.toISOString(),
            needs_relink: i.needsRelink,
            usage_points: i.name === "linky" ? (i.resource?.split(",").filter(Boolean) ?? []) : undefined,
          })),
          // real-time sharing with the grid partner: every answer, dated, with the text's version
          ...(await db.sharingConsent.findMany({ where: { userId }, orderBy: { id: "asc" } })).map((c) => ({ consent: "real_time_sharing", given: c.given, version: c.version, at: c.createdAt.toISOString() })),
        ]),
    },
    {
      name: "locations.json",
      step: "Your locations",
      content: async () => json((await db.location.findMany({ where: { ownerId: userId }, include: withDevices, orderBy: { id: "asc" } })).map(toLocationView)),
    },
    {
      name: "devices.json",
      step: "Your devices",
      content: async () => json((await db.device.findMany({ where: { ownerId: userId }, include: withMeasurements, orderBy: { id: "asc" } })).map(toUserDeviceView)),
    },
    {
      name: "schedules.json",
      step: "Your schedules",
      content: async () => json((await db.schedule.findMany({ where: { userId }, orderBy: { id: "asc" } })).map(toScheduleView)),
    },
    { name: "integrations.json", step: "Your linked accounts", content: async () => json(integrations.map(toIntegrationView)) },
    { name: "meters.json", step: "Your meters", content: async () => json(meters.map(toMeterView)) },
    {
      name: "flexibility.json",
      step: "Your community events",
      content: async () => {
        const [choices, results, offers] = await Promise.all([
          db.flexParticipation.findMany({ where: { userId }, orderBy: { id: "asc" }, include: { event: { select: { title: true, startsAt: true, endsAt: true } } } }),
          db.flexResult.findMany({ where: { userId }, orderBy: { id: "asc" } }),
          db.flexOffer.findMany({ where: { userId }, orderBy: { id: "asc" }, include: { changes: { orderBy: { id: "asc" }, select: { status: true, at: true } } } }),
        ]);
        return json({
          choices: choices.map((c) => ({ event_id: c.eventId, event: c.event.title, starts_at: c.event.startsAt.toISOString(), ends_at: c.event.endsAt.toISOString(), opted_in: c.optedIn, auto: c.auto, at: c.createdAt.toISOString() })),
          results: results.map((r) => ({ event_id: r.eventId, ...toResultView(r) })),
          // every offer prepared from its schedules, with each change of its status
          offers: offers.map((o) => toOfferView(o, o.changes)),
        });
      },
    },
    {
      name: "partner-access.json",
      step: "What the grid partner read",
      content: async () => json((await db.partnerAccess.findMany({ where: { userId }, orderBy: { id: "asc" }, select: { what: true, at: true, partner: { select: { name: true } } } })).map(toAccessLogView)),
    },
    {
      name: "community.json",
      step: "Your community",
      content: async () => {
        const [profile, mine] = await Promise.all([householdProfile(caller), myCommunity(caller, now.getTime())]);
        return json({ home: toProfileView(profile), ...toMyCommunityView(mine) });
      },
    },
  ];
  for (const { meter, readings } of held) {
    if (!readings) continue;
    const m = { id: meter.id, usagePointId: meter.usagePointId };
    entries.push(
      { name: `readings/${m.usagePointId}.csv`, step: `Readings of meter ${m.usagePointId} (CSV)`, content: async () => (await exportOf(m, { format: "csv", dialect: "en" }, now)).chunks },
      { name: `readings/${m.usagePointId}.xml`, step: `Readings of meter ${m.usagePointId} (XML)`, content: async () => (await exportOf(m, { format: "xml" }, now)).chunks },
    );
  }
  for (const d of liveDevices) {
    entries.push({ name: `telemetry/${d.id}-${d.deviceId.replace(/[^A-Za-z0-9._-]/g, "_")}.csv`, step: `Readings of device ${d.deviceId}`, content: async () => deviceQuartersCsv(d) });
  }
  return entries;
}

/** Calls `onStart` when the ZIP starts reading the entry, then passes its bytes through. */
async function* started(entry: Entry, onStart: () => Promise<void>): AsyncGenerator<Buffer, void, undefined> {
  await onStart();
  const content = await entry.content();
  if (Buffer.isBuffer(content)) yield content;
  else for await (const text of content) yield Buffer.from(text, "utf8");
}

/**
 * The data-archive job: builds the archive from scratch (a retry after a crash starts over),
 * updating its progress file by file, and marks it ready with its size and expiry. An archive
 * deleted meanwhile (or whose account was) ends the job quietly; any other failure marks it failed
 * (the household may ask again) and is logged.
 */
export async function buildArchive(archiveId: string, now = new Date()): Promise<"ready" | "gone" | "failed" | "skipped"> {
  const claimed = await db.dataArchive.updateMany({ where: { id: archiveId, status: { in: ["queued", "running"] } }, data: { status: "running", progress: 0, step: "Starting" } });
  if (!claimed.count) return (await db.dataArchive.count({ where: { id: archiveId } })) ? "skipped" : "gone";
  await db.dataArchivePart.deleteMany({ where: { archiveId } });
  const archive = await db.dataArchive.findUnique({ where: { id: archiveId }, select: { userId: true } });
  if (!archive) return "gone";
  try {
    const entries = await entriesOf(archive.userId, now);
    const zip = new ZipFile();
    // an entry's failure (a query, the archive gone) ends the output with that error
    zip.on("error", (err: Error) => (zip.outputStream as Readable).destroy(err));
    const mtime = now;
    entries.forEach((entry, i) => {
      const progress = Math.floor((i / entries.length) * 100);
      const stream = Readable.from(started(entry, async () => {
        const r = await db.dataArchive.updateMany({ where: { id: archiveId }, data: { progress, step: entry.step } });
        if (!r.count) throw new ArchiveGone();
      }));
      zip.addReadStream(stream, entry.name, { mtime });
    });
    zip.end();
    const size = await storeParts(archiveId, zip.outputStream as AsyncIterable<Buffer>);
    const readyAt = new Date();
    const done = await db.dataArchive.updateMany({
      where: { id: archiveId },
      data: { status: "ready", progress: 100, step: null, sizeBytes: BigInt(size), readyAt, expiresAt: new Date(readyAt.getTime() + env().DATA_ARCHIVE_HOURS * 3_600_000) },
    });
    if (!done.count) return "gone";
    logInfo({ event: "data_archive_ready", user: archive.userId, files: entries.length, bytes: size });
    return "ready";
  } catch (err) {
    if (err instanceof ArchiveGone || !(await db.dataArchive.count({ where: { id: archiveId } }).catch(() => 1))) {
      await db.dataArchivePart.deleteMany({ where: { archiveId } }).catch(() => undefined);
      return "gone";
    }
    logError("data archive failed", err, {}, "warn");
    await db.$transaction([
      db.dataArchivePart.deleteMany({ where: { archiveId } }),
      db.dataArchive.updateMany({ where: { id: archiveId }, data: { status: "failed", step: "Something went wrong while preparing your data" } }),
    ]);
    return "failed";
  }
}
