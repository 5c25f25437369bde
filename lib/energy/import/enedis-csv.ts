// The load-curve CSV the Enedis customer area gives ("Mes mesures" → télécharger), read as it
// arrives: chunks of bytes in, the file's header (meter, curve, step) and its points out, with the
// lines that could not be read and why. Pure: no database, no clock but `now`.
//
// Two layouts are read (sources in docs/data-rights.md, "Import"):
//
// 1. a header block, then the values (the classic export):
//      Identifiant PRM;Type de donnees;Date de debut;Date de fin;Grandeur physique;Grandeur metier;Etape metier;Unite;Pas en minutes
//      00000000000000;Courbe de charge;01/09/2018;21/08/2020;Energie active;Consommation;Comptage Brut;W;30
//      (blank line)
//      Horodate;Valeur
//      2026-01-05T00:30:00+01:00;1200
// 2. one row per value carrying its metadata (the newer "Mes mesures" export):
//      Identifiant PRM;Date de début;Date de fin;Grandeur physique;Grandeur métier;Etape métier;Unité;Horodate;Valeur;Nature;Pas;...
//      19125759625988;2023-03-13 00:00:00;2025-03-13 00:00:00;PA;CONS;BRUT;W;2023-03-13 00:30:00;692;B;PT30M;0;0
//
// Values are average power in W over the interval that ENDS at the stamp; a point's energy is
// W × 30 / 60 Wh, stored at the interval's start. Only 30-minute curves are read (Linky's default
// and what the API, the day bookkeeping and the exports use); a 10-, 15- or 60-minute file is
// refused as a whole with a message saying so.
import { parisOffsetMinutes, parisToUtc } from "@/lib/time/paris";
import type { CurvePoint } from "@/lib/integrations/linky/data";

const IMPORT_STEP_MIN = 30;
const STEP_MS = IMPORT_STEP_MIN * 60_000;
/** A line longer than this is not a line of this export (a binary or a minified file). */
const MAX_LINE_BYTES = 4096;
/** Far above any household connection (C5 ≤ 36 kVA) and below what breaks arithmetic. */
const MAX_WATTS = 10_000_000;

type ImportCurve = "consumption" | "production";
export type BadLine = { line: number; text: string; reason: string };

export type EnedisCurveFile = {
  format: "block" | "rows";
  usagePointId: string;
  kind: ImportCurve;
  stepMinutes: number;
  /** what "Etape metier" says: BRUT (raw), BEST (corrected), other */
  quality: "BRUT" | "BEST" | "other";
  /** the header's own dates, as written (informative) */
  declared: { from: string | null; to: string | null };
  /** interval starts (UTC), ordered, one per interval */
  points: CurvePoint[];
  /** start of the first interval, end of the last */
  first: Date | null;
  last: Date | null;
  /** Paris local days with at least one point */
  days: number;
  /** data lines read (blank lines aside) */
  lines: number;
  /** lines without a value (Enedis writes them for intervals it has no data for) */
  emptyValues: number;
  /** lines repeating an interval with the same value (counted once) */
  duplicates: number;
  /** the first `maxBadLines` lines that could not be used, and how many there were */
  badLines: BadLine[];
  badCount: number;
};

/** A problem with the whole file (not one line): nothing of it can be imported. */
export class EnedisCsvError extends Error {
  constructor(readonly reason: string, readonly line: number | null = null) {
    super(line ? `Line ${line}: ${reason}` : reason);
    this.name = "EnedisCsvError";
  }
}

export type ParseOptions = { now?: number; maxBadLines?: number };

const utf8 = new TextDecoder("utf-8", { fatal: true });
const cp1252 = new TextDecoder("windows-1252");

/** Lowercase, accents and surrounding quotes gone, spaces collapsed: for names and labels. */
function norm(s: string): string {
  return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/^"|"$/g, "").replace(/\s+/g, " ").trim().toLowerCase();
}

const cellsOf = (line: string) => line.split(";").map((c) => c.trim().replace(/^"(.*)"$/, "$1").trim());

/**
 * Lines of a byte stream, numbered from 1: split on LF (a CR before it dropped), the UTF-8 BOM of
 * the first line dropped, each line decoded as UTF-8, or as Windows-1252 when it is not UTF-8
 * (Excel re-saves these files so). Never holds more than one line and one chunk.
 */
export async function* linesOf(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<{ n: number; text: string }> {
  const enc = new TextEncoder();
  let pending: Uint8Array = new Uint8Array(0);
  let n = 0;
  const decode = (bytes: Uint8Array) => {
    n++;
    let b = bytes;
    if (b.length && b[b.length - 1] === 0x0d) b = b.subarray(0, b.length - 1);
    if (n === 1 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) b = b.subarray(3);
    if (b.includes(0)) throw new EnedisCsvError("the file holds binary data, not text (CSV)", n);
    let text: string;
    try {
      text = utf8.decode(b);
    } catch {
      text = cp1252.decode(b);
    }
    return { n, text };
  };
  for await (const chunk of source) {
    const bytes = typeof chunk === "string" ? enc.encode(chunk) : chunk;
    let buf: Uint8Array;
    if (pending.length) {
      buf = new Uint8Array(pending.length + bytes.length);
      buf.set(pending);
      buf.set(bytes, pending.length);
    } else buf = bytes;
    let from = 0;
    for (let i = buf.indexOf(0x0a, from); i !== -1; i = buf.indexOf(0x0a, from)) {
      if (i - from > MAX_LINE_BYTES) throw new EnedisCsvError(`the line is longer than ${MAX_LINE_BYTES} bytes: not an Enedis export`, n + 1);
      yield decode(buf.subarray(from, i));
      from = i + 1;
    }
    pending = buf.slice(from);
    if (pending.length > MAX_LINE_BYTES) throw new EnedisCsvError(`the line is longer than ${MAX_LINE_BYTES} bytes: not an Enedis export`, n + 1);
  }
  if (pending.length) yield decode(pending);
}

const STAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?$/;
const NUMBER = /^-?\d{1,12}(?:[.,]\d{1,6})?$/;

function stepMessage(minutes: number | string): string {
  return `the file's step is ${minutes} minutes: Foyer imports 30-minute load curves only (Linky's default step, the one the Enedis API gives)`;
}

function curveOf(metier: string): ImportCurve | null {
  const m = norm(metier);
  if (m.startsWith("consommation") || m === "cons" || m === "soutirage") return "consumption";
  if (m.startsWith("production") || m === "prod" || m.startsWith("injection")) return "production";
  return null;
}

function qualityOf(etape: string | undefined): "BRUT" | "BEST" | "other" {
  const e = norm(etape ?? "");
  if (/\bbrut\b/.test(e)) return "BRUT";
  if (/\bbest\b|corrig/.test(e)) return "BEST";
  return "other";
}

/** "30", "PT30M", "PT1H", "" → minutes, or null when nothing is said. */
function stepOf(s: string | undefined): number | null {
  const v = (s ?? "").trim().toUpperCase();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v);
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(v);
  return m && (m[1] || m[2]) ? Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0) : NaN;
}

type Columns = { stamp: number; value: number };

/**
 * Reads an Enedis customer-area load-curve CSV. Throws EnedisCsvError for what makes the whole
 * file unusable (not this export, another kind of data, another step, a second meter or series,
 * no reading at all); lines that cannot be used are listed in `badLines` (the first
 * `maxBadLines`, 50 by default) and counted in `badCount`.
 */
export async function parseEnedisCsv(source: AsyncIterable<Uint8Array | string>, opts: ParseOptions = {}): Promise<EnedisCurveFile> {
  const maxBad = opts.maxBadLines ?? 50;
  const now = opts.now ?? Date.now();
  let phase: "start" | "meta" | "data" = "start";
  let metaNames: string[] = [];
  let format: "block" | "rows" = "block";
  let cols: Columns | null = null;
  let prm: string | null = null;
  let prmLine = 0;
  let kind: ImportCurve | null = null;
  let quality: "BRUT" | "BEST" | "other" = "other";
  let declaredStep: number | null = null;
  const declared = { from: null as string | null, to: null as string | null };
  let sawAnyLine = false;

  const byEnd = new Map<number, { w: number; line: number }>();
  const badLines: BadLine[] = [];
  let badCount = 0;
  let dataLines = 0, emptyValues = 0, duplicates = 0;
  let previousEnd: number | undefined;
  let previousValuedEnd: number | undefined;
  let gaps30 = 0, gaps60 = 0;

  const bad = (line: number, text: string, reason: string) => {
    badCount++;
    if (badLines.length < maxBad) badLines.push({ line, text: text.length > 120 ? `${text.slice(0, 119)}…` : text, reason });
  };

  /** The file's meter and series, from the header block's values or a row's columns. */
  const setMeta = (line: number, get: (name: string) => string | undefined, needType: boolean) => {
    const id = (get("identifiant prm") ?? get("prm") ?? "").replace(/\s/g, "");
    if (!/^\d{14}$/.test(id)) throw new EnedisCsvError(`"Identifiant PRM" must be the meter's 14 digits (got "${id.slice(0, 40)}")`, line);
    const type = get("type de donnees");
    if (needType && !(type !== undefined && norm(type).startsWith("courbe de charge"))) {
      throw new EnedisCsvError(`this file holds "${(type ?? "").slice(0, 60)}", not a load curve ("Courbe de charge"): download the load curve (consumption by half hour) from the Enedis customer area`, line);
    }
    const physique = norm(get("grandeur physique") ?? "");
    if (physique.includes("maximale") || physique === "pma") {
      throw new EnedisCsvError(`this file holds "${get("grandeur physique")}", not a load curve (average power, W)`, line);
    }
    const metier = get("grandeur metier") ?? "";
    const k = curveOf(metier);
    if (!k) throw new EnedisCsvError(`"Grandeur metier" must say consumption or production (got "${metier.slice(0, 40)}")`, line);
    const unit = (get("unite") ?? "").trim();
    if (unit !== "W") throw new EnedisCsvError(`values must be average power in W, as in the load curve (the file says "${unit.slice(0, 20)}")`, line);
    const step = stepOf(get("pas en minutes") ?? get("pas"));
    if (step !== null && step !== IMPORT_STEP_MIN) throw new EnedisCsvError(stepMessage(Number.isNaN(step) ? `"${get("pas en minutes") ?? get("pas")}"` : step), line);
    if (prm === null) {
      prm = id;
      prmLine = line;
      kind = k;
      quality = qualityOf(get("etape metier"));
      declaredStep = step;
      declared.from = get("date de debut")?.trim() || null;
      declared.to = get("date de fin")?.trim() || null;
    } else if (id !== prm) {
      throw new EnedisCsvError(`this line is for meter ${id}, line ${prmLine} for meter ${prm}: a file must hold one meter`, line);
    } else if (k !== kind) {
      throw new EnedisCsvError(`this line is ${k}, line ${prmLine} ${kind}: import consumption and production as two files`, line);
    }
  };

  for await (const { n, text } of linesOf(source)) {
    if (!text.trim()) continue;
    sawAnyLine = true;
    const cells = cellsOf(text);
    const names = cells.map(norm);
    const isHeader = names[0] === "identifiant prm" || names[0] === "prm";

    if (phase === "data") {
      if (isHeader) throw new EnedisCsvError("a second header block: the file holds more than one series; import one load curve per file", n);
      if (names[0] === "horodate") continue; // the column names again
      dataLines++;
      const c = cols!;
      if (format === "rows") {
        const get = (name: string) => {
          const i = metaNames.indexOf(name);
          return i >= 0 ? cells[i] ?? "" : undefined;
        };
        if (cells[c.stamp] === undefined || cells[c.value] === undefined) {
          bad(n, text, `expected ${metaNames.length} fields separated by ";", found ${cells.length}`);
          continue;
        }
        setMeta(n, get, false);
      } else if (cells.length > 3 || (cells.length === 3 && cells[2] !== "")) {
        bad(n, text, `expected "Horodate;Valeur", found ${cells.length} fields`);
        continue;
      }
      const stamp = cells[c.stamp] ?? "";
      const value = (cells[c.value] ?? "").replace(/\s/g, "");
      const end = STAMP.test(stamp) ? parisToUtc(stamp, previousEnd) : null;
      if (end === null) {
        bad(n, text, `"${stamp.slice(0, 40)}" is not a date and time (expected 2026-01-05T00:30:00+01:00)`);
        continue;
      }
      const previous = previousEnd;
      previousEnd = end;
      // a finer curve (10, 15 minutes) shows at its second line: two ends closer than 30 minutes
      if (previous !== undefined && end > previous && end - previous < STEP_MS) throw new EnedisCsvError(stepMessage((end - previous) / 60_000), n);
      if (end % STEP_MS !== 0) {
        bad(n, text, `${stamp} is not the end of a half hour`);
        continue;
      }
      if (end > now) {
        bad(n, text, `${stamp} is in the future`);
        continue;
      }
      if (value === "") {
        emptyValues++;
        continue;
      }
      if (!NUMBER.test(value)) {
        bad(n, text, `"${value.slice(0, 40)}" is not a number of watts`);
        continue;
      }
      const w = Number(value.replace(",", "."));
      if (w < 0) {
        bad(n, text, `a negative power (${value} W): the load curve has none`);
        continue;
      }
      if (w > MAX_WATTS) {
        bad(n, text, `${value} W is not a household's power`);
        continue;
      }
      const seen = byEnd.get(end);
      if (seen) {
        if (seen.w === w) duplicates++;
        else bad(n, text, `the same interval as line ${seen.line} with another value (${seen.w} W there)`);
        continue;
      }
      if (previousValuedEnd !== undefined) {
        const gap = end - previousValuedEnd;
        if (gap === STEP_MS) gaps30++;
        else if (gap === 2 * STEP_MS) gaps60++;
      }
      previousValuedEnd = end;
      byEnd.set(end, { w, line: n });
      continue;
    }

    if (isHeader) {
      if (names.includes("horodate") && names.some((x) => x.startsWith("valeur"))) {
        // one row per value, its metadata in columns
        format = "rows";
        metaNames = names;
        cols = { stamp: names.indexOf("horodate"), value: names.findIndex((x) => x.startsWith("valeur")) };
        if (!names.includes("grandeur metier") || !names.includes("unite")) throw new EnedisCsvError(`the columns must name "Grandeur metier" and "Unite"`, n);
        phase = "data";
      } else {
        metaNames = names;
        phase = "meta";
      }
      continue;
    }
    if (phase === "meta") {
      setMeta(n, (name) => {
        const i = metaNames.indexOf(name);
        return i >= 0 ? cells[i] ?? "" : undefined;
      }, true);
      phase = "start";
      continue;
    }
    if (names[0] === "horodate" && names[1]?.startsWith("valeur")) {
      if (prm === null) throw new EnedisCsvError(`"Horodate;Valeur" without the header block before it ("Identifiant PRM;Type de donnees;…"): not an Enedis customer-area export`, n);
      cols = { stamp: 0, value: 1 };
      phase = "data";
      continue;
    }
    throw new EnedisCsvError(
      prm === null
        ? `not an Enedis customer-area export: it must start with its header block ("Identifiant PRM;Type de donnees;Date de debut;…")`
        : `expected "Horodate;Valeur" after the header block`,
      n,
    );
  }

  if (!sawAnyLine) throw new EnedisCsvError("the file is empty");
  if (phase !== "data") throw new EnedisCsvError(prm === null ? "not an Enedis customer-area export: no header block" : `the file ends before "Horodate;Valeur": it holds no reading`);
  if (declaredStep === null && gaps30 === 0 && gaps60 > 0) throw new EnedisCsvError(stepMessage(60));
  if (!byEnd.size && !badCount) throw new EnedisCsvError(dataLines ? "the file holds no reading: every value is empty" : "the file holds no reading (only its header)");

  const ends = [...byEnd.keys()].sort((a, b) => a - b);
  const points: CurvePoint[] = new Array(ends.length);
  let days = 0;
  let lastDay = NaN;
  for (let i = 0; i < ends.length; i++) {
    const start = ends[i] - STEP_MS;
    points[i] = { start: new Date(start), stepMin: IMPORT_STEP_MIN, wh: byEnd.get(ends[i])!.w / 2, quality };
    // the Paris day number (offsets cached per hour): cheaper than a formatted date per point
    const day = Math.floor((start + parisOffsetMinutes(start) * 60_000) / 86_400_000);
    if (day !== lastDay) {
      days++;
      lastDay = day;
    }
  }
  return {
    format,
    usagePointId: prm!,
    kind: kind!,
    stepMinutes: IMPORT_STEP_MIN,
    quality,
    declared,
    points,
    first: ends.length ? new Date(ends[0] - STEP_MS) : null,
    last: ends.length ? new Date(ends[ends.length - 1]) : null,
    days,
    lines: dataLines,
    emptyValues,
    duplicates,
    badLines,
    badCount,
  };
}
