// Properties of the forms' round trips between what is stored and what is sent back: opening a
// form on a stored object and saving it unchanged sends that object (the schedule editor's draft,
// components/schedules/schedule-draft.ts; My Devices' form values, components/devices/
// user-device-values.ts; the location and device-info forms' text fields, read by the shared
// schemas through asTextForm). For any object the schemas accept, not only the examples of
// schedule-draft.test.ts and user-device-values.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { draftFrom, draftInput, parsePower, sameDraft, splitDraft, unsplitDraft, validateDraft } from "@/components/schedules/schedule-draft";
import { emptyUnit, toPayload, toValues } from "@/components/devices/user-device-values";
import { MAX_INT } from "@/lib/validation/common";
import { CLASSIFICATIONS, DATA_SOURCES, DEVICE_TYPES, PHASES, SMART_APPLIANCE_CATEGORIES, deviceInfoCreateSchema, userDeviceSchema } from "@/lib/validation/device";
import { VENDOR_SOURCES } from "@/lib/devices/rules";
import { COUNTRIES, locationSchema } from "@/lib/validation/location";
import { scheduleDataSchema, type ScheduleDataInput } from "@/lib/validation/schedule";
import type { UserDevice } from "@/lib/swr/use-devices";

/** Text as the schemas store it: trimmed, not blank, at most `max` characters. */
const storedText = (max: number) =>
  fc.string({ minLength: 1, maxLength: Math.min(max, 40) }).map((s) => s.trim()).filter((s) => s.length > 0 && s.length <= max);
const id = fc.integer({ min: 1, max: MAX_INT });
const orNull = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const someOf = (lo: number, hi: number) => fc.uniqueArray(fc.integer({ min: lo, max: hi }), { minLength: 1, maxLength: hi - lo + 1 });

describe("the schedule editor: stored data → draft → data", () => {
  /** A schedule the schema accepts: any power from 1 to 10000 W, unsplit or in two parts without a shared month. */
  const schedule: fc.Arbitrary<ScheduleDataInput> = fc
    .record({
      der_name: storedText(100),
      average_power: fc.oneof(fc.integer({ min: 1, max: 10000 }), fc.double({ min: 1, max: 10000, noNaN: true })),
      months: someOf(1, 12),
      days: someOf(0, 6),
      hours: someOf(0, 23),
      start_date: fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString()),
      split: fc.option(
        fc.tuple(fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 2, maxLength: 12 }), fc.integer({ min: 1, max: 11 }), someOf(0, 6), someOf(0, 23), someOf(0, 6), someOf(0, 23), fc.integer({ min: 1, max: 9999 })),
        { nil: undefined },
      ),
    })
    .map(({ split, ...d }) => {
      if (!split) return d;
      const [months, cut, days1, hours1, days2, hours2, power] = split;
      const at = Math.min(cut, months.length - 1);
      return {
        ...d,
        schedules: [
          { months: months.slice(0, at), days: days1, hours: hours1, average_power: power },
          { months: months.slice(at), days: days2, hours: hours2, average_power: power + 1 },
        ],
      };
    });

  it("a valid schedule opened in the editor validates to the same data the server stores", () => {
    fc.assert(
      fc.property(schedule, (d) => {
        const stored = scheduleDataSchema.parse(d);
        expect(validateDraft(draftFrom(d))).toEqual({ data: stored, errors: null });
      }),
    );
  });

  it("a stored schedule saved unchanged is the same schedule, and the editor sees no change", () => {
    fc.assert(
      fc.property(schedule, (d) => {
        const stored = scheduleDataSchema.parse(d);
        const saved = validateDraft(draftFrom(stored)).data!;
        expect(saved).toEqual(stored);
        expect(sameDraft(draftFrom(stored), draftFrom(saved))).toBe(true);
      }),
    );
  });

  it("the power's text gives back the power exactly", () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 10000, noNaN: true }), (p) => {
        expect(parsePower(draftFrom({ der_name: "x", average_power: p, months: [1], days: [0], hours: [0] }).average_power)).toBe(p);
      }),
    );
  });

  it("splitting then unsplitting gives back the draft; splitting a split draft changes nothing", () => {
    fc.assert(
      fc.property(schedule, (d) => {
        const draft = draftFrom(d);
        if (draft.schedules) expect(splitDraft(draft)).toBe(draft);
        else {
          const split = splitDraft(draft);
          expect(split.schedules).toHaveLength(2);
          expect(unsplitDraft(split)).toEqual(draft);
          expect(draftInput(unsplitDraft(split))).toEqual(draftInput(draft));
        }
      }),
    );
  });
});

describe("My Devices' form: stored device → form values → body", () => {
  const channel = fc.record({
    name: storedText(100),
    classification: fc.constantFrom(...CLASSIFICATIONS),
    prefix: orNull(storedText(100)),
    suffix: orNull(storedText(100)),
    metadata: fc.record({
      // (a channel stored with is.programmable unset shows an unticked box and is saved as false)
      "is.programmable": fc.boolean(),
      smartApplianceCategory: orNull(fc.constantFrom(...SMART_APPLIANCE_CATEGORIES)),
      // a unit row with nothing typed is left out by the form: a stored one has one field at least
      measurements: fc.array(
        fc.record({ unit: orNull(storedText(20)), databaseMeasurementPrefix: orNull(storedText(100)) }).filter((q) => q.unit !== null || q.databaseMeasurementPrefix !== null),
        { maxLength: 3 },
      ),
    }),
  });
  /** A device as GET /api/v1/user_devices/{id} shows it, one that the schema accepts. */
  const device = fc
    .record({
      id,
      device_id: storedText(100),
      device_type: fc.constantFrom(...DEVICE_TYPES),
      location_id: id,
      integration_id: orNull(id),
      phase_m: orNull(fc.constantFrom(...PHASES)),
      data: fc.record({
        source: fc.constantFrom(...DATA_SOURCES),
        mqtt: fc.record({ host: orNull(storedText(255)) }),
        channels: fc.uniqueArray(channel, { maxLength: 4, selector: (c) => c.name }),
      }),
    })
    .map((d) => ((VENDOR_SOURCES as readonly string[]).includes(d.data.source) && d.integration_id === null ? { ...d, integration_id: 1 } : d));

  /** What the server keeps of a body (a field left out is null), to compare a body with the device it came from. */
  const kept = (b: Record<string, any>) => ({
    device_id: b.device_id,
    device_type: b.device_type,
    location_id: b.location_id,
    integration_id: b.integration_id ?? null,
    phase_m: b.phase_m ?? null,
    source: b.data.source,
    mqtt_host: b.data.mqtt?.host ?? null,
    channels: (b.data.channels ?? []).map((c: Record<string, any>) => ({
      name: c.name,
      classification: c.classification,
      prefix: c.prefix ?? null,
      suffix: c.suffix ?? null,
      programmable: c.metadata?.["is.programmable"] ?? null,
      smartApplianceCategory: c.metadata?.smartApplianceCategory ?? null,
      measurements: (c.metadata?.measurements ?? []).map((q: Record<string, any>) => ({ unit: q.unit ?? null, databaseMeasurementPrefix: q.databaseMeasurementPrefix ?? null })),
    })),
  });

  it("a stored device saved unchanged sends that device back", () => {
    fc.assert(
      fc.property(device, (d) => {
        const body = userDeviceSchema.safeParse(toPayload(toValues(d as unknown as UserDevice)));
        expect(body.error?.issues).toBeUndefined();
        expect(kept(body.data!)).toEqual(kept(d));
      }),
    );
  });

  it("the body holds no empty text and no undefined, at any depth; unit rows left blank change nothing", () => {
    const walk = (v: unknown): void => {
      expect(v).not.toBe("");
      expect(v).not.toBeUndefined();
      if (v && typeof v === "object") Object.values(v).forEach(walk);
    };
    fc.assert(
      fc.property(device, fc.array(fc.constantFrom("", " ", "  "), { maxLength: 3 }), (d, blanks) => {
        const values = toValues(d as unknown as UserDevice);
        const payload = toPayload(values);
        walk(payload);
        const withBlankRows = {
          ...values,
          channels: values.channels.map((c) => ({ ...c, measurements: [...c.measurements, ...blanks.map((b) => ({ ...emptyUnit(), unit: b, databaseMeasurementPrefix: b }))] })),
        };
        expect(toPayload(withBlankRows)).toEqual(payload);
      }),
    );
  });
});

describe("the text-field forms read by the shared schemas", () => {
  /** A coordinate with 0 to 8 decimals, as the database gives it back (a double). */
  const coordinate = (limit: number) => fc.integer({ min: 0, max: 8 }).chain((k) => fc.integer({ min: -limit * 10 ** k, max: limit * 10 ** k }).map((n) => n / 10 ** k));

  it("a stored location in the location form (coordinates as String of the number) is sent back unchanged", () => {
    fc.assert(
      fc.property(storedText(100), fc.constantFrom(...COUNTRIES), coordinate(90), coordinate(180), (name, country, lat, lon) => {
        // as LocationForm fills its fields
        const values = { name, country, lat: String(lat), lon: String(lon) };
        const r = locationSchema.safeParse(values);
        expect(r.error?.issues).toBeUndefined();
        expect(r.data).toEqual({ name, country, lat: lat + 0, lon: lon + 0 });
      }),
    );
  });

  it("a stored device in the device-info form (ids as text, no value as empty text) is sent back unchanged", () => {
    fc.assert(
      fc.property(storedText(100), orNull(fc.constantFrom(...DEVICE_TYPES)), orNull(fc.constantFrom(...PHASES)), id, orNull(id), (device_id, device_type, phase_m, owner_id, location_id) => {
        // as DeviceInfoForm fills its fields
        const values = { device_id, device_type: device_type ?? "", phase_m: phase_m ?? "", owner_id: String(owner_id), location_id: location_id ? String(location_id) : "" };
        const r = deviceInfoCreateSchema.safeParse(values);
        expect(r.error?.issues).toBeUndefined();
        expect({ ...r.data, device_type: r.data!.device_type ?? null, phase_m: r.data!.phase_m ?? null, location_id: r.data!.location_id ?? null }).toEqual({ device_id, device_type, phase_m, owner_id, location_id });
      }),
    );
  });
});
