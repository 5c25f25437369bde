// A meter's readings as XML modelled on IEC 62746-4: the public
// `ReferenceEnergyCurveHistoricalData_MarketDocument` of Digital4Grids/Bridge_energy_schemas (MIT;
// the XSD and its code lists are kept in tests/fixtures/iec62746 and every test document is
// validated against them). Not a certified implementation of the standard, whose own XSDs are not
// public: label it "modelled on IEC 62746-4".
//
// Mapping (docs/data-rights.md): one outer Series per meter and kind; its one inner Series holds
// one Period per Paris local day (timeInterval in UTC, e.g. 2026-03-28T23:00Z → 2026-03-29T22:00Z),
// resolution PT30M, Points by position (1 = the day's first half hour; 46, 48 or 50 of them on a
// complete day), quantities in kWh. A half hour without a reading has no Point (never a zero).
// Streamed: the document head first, then a Period at a time.
import { addDays, parisDayOf, parisDayStart } from "@/lib/time/paris";
import { decimal, durationOf, isoUtc, isoUtcMinute } from "./format";
import type { ExportBatches, ExportKind, ExportQuality } from "./types";

const IEC62746_NAMESPACE = "http://IEC/62746";
const IEC62746_ROOT = "ReferenceEnergyCurveHistoricalData_MarketDocument";

/** A market participant: `mRID` (≤ 16 characters) in a coding scheme of ENTSO-E's code list, and its role. */
type Party = { mrid: string; codingScheme: string; role: string };

/**
 * Foyer as sender. Foyer has no EIC or GS1 code: its name in France's national scheme (`NFR`),
 * role A39 "Data provider". Replace once a registered identifier exists.
 */
const FOYER_PARTY: Party = { mrid: "FOYER", codingScheme: "NFR", role: "A39" };

export type Iec62746Options = {
  /** the usage point (PRM, 14 digits): the receiver (role A20, party connected to grid) and each Series' resource */
  usagePointId: string;
  /** the document's `mRID` (≤ 60 characters), unique per export */
  documentMrid: string;
  createdAt: Date;
  sender?: Party;
  /** the document's Period (whole local days), when known beforehand: [start, end) in UTC ms */
  period?: { start: number; end: number };
};

/** ENTSO-E codes per kind: businessType, flow direction (A01 up: into the grid; A02 down: out of it), schedule type. */
const KIND_CODES: Record<ExportKind, { businessType: string; direction: string; scheduleType: string }> = {
  consumption: { businessType: "A04", direction: "A02", scheduleType: "load" },
  production: { businessType: "A01", direction: "A01", scheduleType: "generation" },
};

/** Quality code list: A04 "As provided" (Enedis BRUT), A01 "Adjusted" (BEST); none for anything else. */
const QUALITY: Record<ExportQuality, string> = { raw: "<quality>A04</quality>", corrected: "<quality>A01</quality>", other: "" };

const CHUNK = 65_536;

export const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : "&apos;"));

function checkLength(what: string, value: string, max: number) {
  if (!value || value.length > max) throw new RangeError(`${what} must be 1 to ${max} characters (got ${JSON.stringify(value)})`);
}

/** The `mRID` of a meter's Series of `kind`: `24880057139941-consumption`. */
const seriesMrid = (usagePointId: string, kind: ExportKind) => `${usagePointId}-${kind}`;

const party = (tag: string, p: Party) =>
  `  <${tag}>\n    <mRID codingScheme="${xmlEscape(p.codingScheme)}">${xmlEscape(p.mrid)}</mRID>\n    <MarketRole><type>${xmlEscape(p.role)}</type></MarketRole>\n  </${tag}>\n`;

const interval = (start: number, end: number) => `<timeInterval><start>${isoUtcMinute(start)}</start><end>${isoUtcMinute(end)}</end></timeInterval>`;

/**
 * The XML text of `rows` (ordered by kind, then start) in chunks of about 64 KiB. Throws when no
 * reading comes at all (the schema wants at least one Series with one Point: check before
 * streaming), when a reading does not fall on its day's step grid, or when steps change within a day.
 */
export async function* iec62746Chunks(rows: ExportBatches, opts: Iec62746Options): AsyncGenerator<string, void, undefined> {
  const sender = opts.sender ?? FOYER_PARTY;
  const receiver: Party = { mrid: opts.usagePointId, codingScheme: "NFR", role: "A20" };
  checkLength("the document mRID", opts.documentMrid, 60);
  checkLength("the sender's mRID", sender.mrid, 16);
  checkLength("the usage point id (receiver mRID)", receiver.mrid, 16);
  checkLength("a Series mRID", seriesMrid(opts.usagePointId, "consumption"), 60);
  const created = opts.createdAt.getTime();
  if (!Number.isFinite(created)) throw new RangeError("createdAt is not a valid date");

  let buf =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<!-- Modelled on IEC 62746-4 (ReferenceEnergyCurveHistoricalData_MarketDocument, Digital4Grids/Bridge_energy_schemas); not a certified implementation. Quantities in kWh per 30-minute interval; Periods are Europe/Paris local days, times in UTC. -->\n` +
    `<${IEC62746_ROOT} xmlns="${IEC62746_NAMESPACE}">\n` +
    `  <mRID>${xmlEscape(opts.documentMrid)}</mRID>\n` +
    `  <revisionNumber>1</revisionNumber>\n` +
    // A45: Measurement Value Document
    `  <type>A45</type>\n` +
    `  <createdDateTime>${isoUtc(Math.floor(created / 1000) * 1000)}</createdDateTime>\n` +
    party("Sender_MarketParticipant", sender) +
    party("Receiver_MarketParticipant", receiver) +
    // A16: Realised (measured, not forecast)
    `  <Process><processType>A16</processType></Process>\n` +
    (opts.period ? `  <Period>${interval(opts.period.start, opts.period.end)}</Period>\n` : "");

  const resource = xmlEscape(opts.usagePointId);
  let kind: ExportKind | null = null;
  const seen = new Set<ExportKind>();
  let dayStart = 0, dayEnd = 0, step = 0, stepMs = 0;
  let periodOpen = false;
  const closePeriod = () => (periodOpen ? ((periodOpen = false), "      </Period>\n") : "");
  const closeSeries = () => closePeriod() + "    </Series>\n  </Series>\n";

  for await (const batch of rows) {
    for (const r of batch) {
      if (r.kind !== kind) {
        if (seen.has(r.kind)) throw new RangeError("readings must come ordered by kind, then time");
        if (kind !== null) buf += closeSeries();
        kind = r.kind;
        seen.add(kind);
        const k = KIND_CODES[kind];
        buf +=
          `  <Series>\n` +
          `    <mRID>${xmlEscape(seriesMrid(opts.usagePointId, kind))}</mRID>\n` +
          `    <businessType>${k.businessType}</businessType>\n` +
          // A01: sequential fixed size blocks of the Period's resolution
          `    <curveType>A01</curveType>\n` +
          `    <RegisteredResource><mRID codingScheme="NFR">${resource}</mRID></RegisteredResource>\n` +
          `    <FlowDirection><direction>${k.direction}</direction></FlowDirection>\n` +
          `    <ResourceTimeSeries><value1ScheduleType>${k.scheduleType}</value1ScheduleType></ResourceTimeSeries>\n` +
          `    <Series>\n` +
          `      <Measurement_Unit><name>KWH</name></Measurement_Unit>\n`;
        dayStart = dayEnd = 0;
      }
      if (r.t >= dayEnd || r.t < dayStart) {
        if (r.t < dayStart) throw new RangeError("readings must come ordered by kind, then time");
        buf += closePeriod();
        const day = parisDayOf(r.t);
        dayStart = parisDayStart(day);
        dayEnd = parisDayStart(addDays(day, 1));
        step = r.stepMin;
        stepMs = step * 60_000;
        buf += `      <Period>\n        <resolution>${durationOf(step)}</resolution>\n        ${interval(dayStart, dayEnd)}\n`;
        periodOpen = true;
      } else if (r.stepMin !== step) {
        throw new RangeError(`${parisDayOf(r.t)}: readings of ${step} and ${r.stepMin} minutes on one day cannot share a Period`);
      }
      const offset = r.t - dayStart;
      if (offset % stepMs !== 0) throw new RangeError(`${isoUtc(r.t)}: not on the ${step}-minute grid of its local day`);
      buf += `        <Point><position>${offset / stepMs + 1}</position><Historical_Quantity><quantity>${decimal(r.wh / 1000, 6)}</quantity>${QUALITY[r.quality]}</Historical_Quantity></Point>\n`;
      if (buf.length >= CHUNK) {
        yield buf;
        buf = "";
      }
    }
  }
  if (kind === null) throw new RangeError("no readings to export: the document needs at least one Series");
  yield buf + closeSeries() + `</${IEC62746_ROOT}>\n`;
}

/** One Series of a whole document: a resource's energy of `kind` on Periods of its own (not local days). */
type Iec62746Series = {
  mrid: string;
  resource: string;
  kind: ExportKind;
  periods: { start: number; end: number; stepMin: number; points: { position: number; wh: number }[] }[];
};

/**
 * A whole document (not streamed: a few Series of a few Periods) of several resources, for a
 * receiver other than a usage point: the grid partner's read of an event's readings
 * (lib/services/sharing/partner-api.ts). Same head, Series and Points as iec62746Chunks; each
 * Period is the window the readings cover. Throws without a Series or with a Period without a Point
 * (the schema wants one of each).
 */
export function iec62746Document(opts: { documentMrid: string; createdAt: Date; receiver: Party; period: { start: number; end: number }; series: Iec62746Series[] }): string {
  checkLength("the document mRID", opts.documentMrid, 60);
  checkLength("the receiver's mRID", opts.receiver.mrid, 16);
  if (!opts.series.length) throw new RangeError("no Series: the document needs at least one");
  let out =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<!-- Modelled on IEC 62746-4 (ReferenceEnergyCurveHistoricalData_MarketDocument, Digital4Grids/Bridge_energy_schemas); not a certified implementation. Quantities in kWh per interval; times in UTC. -->\n` +
    `<${IEC62746_ROOT} xmlns="${IEC62746_NAMESPACE}">\n` +
    `  <mRID>${xmlEscape(opts.documentMrid)}</mRID>\n` +
    `  <revisionNumber>1</revisionNumber>\n` +
    `  <type>A45</type>\n` +
    `  <createdDateTime>${isoUtc(Math.floor(opts.createdAt.getTime() / 1000) * 1000)}</createdDateTime>\n` +
    party("Sender_MarketParticipant", FOYER_PARTY) +
    party("Receiver_MarketParticipant", opts.receiver) +
    `  <Process><processType>A16</processType></Process>\n` +
    `  <Period>${interval(opts.period.start, opts.period.end)}</Period>\n`;
  for (const s of opts.series) {
    checkLength("a Series mRID", s.mrid, 60);
    checkLength("a resource's mRID", s.resource, 16);
    const k = KIND_CODES[s.kind];
    out +=
      `  <Series>\n` +
      `    <mRID>${xmlEscape(s.mrid)}</mRID>\n` +
      `    <businessType>${k.businessType}</businessType>\n` +
      `    <curveType>A01</curveType>\n` +
      `    <RegisteredResource><mRID codingScheme="NFR">${xmlEscape(s.resource)}</mRID></RegisteredResource>\n` +
      `    <FlowDirection><direction>${k.direction}</direction></FlowDirection>\n` +
      `    <ResourceTimeSeries><value1ScheduleType>${k.scheduleType}</value1ScheduleType></ResourceTimeSeries>\n` +
      `    <Series>\n` +
      `      <Measurement_Unit><name>KWH</name></Measurement_Unit>\n`;
    for (const p of s.periods) {
      if (!p.points.length) throw new RangeError(`${s.mrid}: a Period without a Point`);
      out += `      <Period>\n        <resolution>${durationOf(p.stepMin)}</resolution>\n        ${interval(p.start, p.end)}\n`;
      for (const pt of p.points) out += `        <Point><position>${pt.position}</position><Historical_Quantity><quantity>${decimal(pt.wh / 1000, 6)}</quantity></Historical_Quantity></Point>\n`;
      out += `      </Period>\n`;
    }
    out += `    </Series>\n  </Series>\n`;
  }
  return out + `</${IEC62746_ROOT}>\n`;
}
