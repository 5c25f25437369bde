// Enedis' ACC data for the operation as Foyer reads it (docs/community.md, "Importing Enedis' ACC
// data"): one value per line, semicolon-separated, with the header
//   prm;type;horodate;pas;valeur_wh
// prm: the meter's 14-digit usage point; type: CONS, AUTOCONS, COMPLEMENT (a consumer's withdrawal,
// its allocated local production, the rest from its supplier) or PROD, AUTOPROD, SURPLUS (a
// producer's injection, the part allocated to the operation, the rest); horodate: the interval's
// start, ISO 8601 with its offset; pas: PT30M, PT15M or P1D (a day's total, dated at local
// midnight); valeur_wh: Wh, not negative. Values are summed per meter and Paris day.
import { isDay, parisDayOf } from "@/lib/time/paris";

const ACC_TYPES = ["CONS", "AUTOCONS", "COMPLEMENT", "PROD", "AUTOPROD", "SURPLUS"] as const;
export type AccType = (typeof ACC_TYPES)[number];
export const ACC_HEADER = "prm;type;horodate;pas;valeur_wh";
const STEPS = new Set(["PT30M", "PT15M", "P1D"]);
/** Lines one file may hold (a month of 200 meters with three types each at 30 minutes: about 900,000). */
const ACC_MAX_LINES = 1_000_000;

type AccDay = { usagePointId: string; day: string } & Partial<Record<AccType, number>>;
export type AccParse = { days: AccDay[]; lines: number; errors: { line: number; message: string }[] };

const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Parses a file; the first 20 errors are kept (an import with any error stores nothing). */
export function parseAcc(text: string): AccParse {
  const errors: { line: number; message: string }[] = [];
  const fail = (line: number, message: string) => {
    if (errors.length < 20) errors.push({ line, message });
  };
  const rows = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = (rows[0] ?? "").trim().toLowerCase().replace(/,/g, ";");
  if (header !== ACC_HEADER) {
    fail(1, `The first line must be the header "${ACC_HEADER}"`);
    return { days: [], lines: 0, errors };
  }
  const sep = rows[0].includes(";") ? ";" : ",";
  const byKey = new Map<string, AccDay>();
  let lines = 0;
  for (let i = 1; i < rows.length; i++) {
    const raw = rows[i].trim();
    if (!raw) continue;
    lines++;
    if (lines > ACC_MAX_LINES) {
      fail(i + 1, `A file may hold at most ${ACC_MAX_LINES} lines`);
      break;
    }
    const cells = raw.split(sep).map((c) => c.trim());
    if (cells.length !== 5) {
      fail(i + 1, `5 fields expected, ${cells.length} found`);
      continue;
    }
    const [prm, type, stamp, step, value] = cells;
    if (!/^\d{14}$/.test(prm)) fail(i + 1, `"${prm.slice(0, 20)}" is not a 14-digit usage point`);
    else if (!(ACC_TYPES as readonly string[]).includes(type)) fail(i + 1, `type "${type.slice(0, 20)}" is not one of ${ACC_TYPES.join(", ")}`);
    else if (!STAMP.test(stamp) || !isDay(stamp.slice(0, 10)) || Number.isNaN(Date.parse(stamp))) fail(i + 1, `"${stamp.slice(0, 40)}" is not a date and time with its offset (ISO 8601)`);
    else if (!STEPS.has(step)) fail(i + 1, `step "${step.slice(0, 10)}" is not PT30M, PT15M or P1D`);
    else {
      const wh = Number(value.replace(",", "."));
      if (!/^\d+([.,]\d+)?$/.test(value) || !Number.isFinite(wh) || wh < 0 || wh > 1e9) fail(i + 1, `"${value.slice(0, 20)}" is not an energy in Wh (a number, not negative)`);
      else {
        const day = parisDayOf(Date.parse(stamp));
        const key = `${prm}|${day}`;
        let d = byKey.get(key);
        if (!d) byKey.set(key, (d = { usagePointId: prm, day }));
        d[type as AccType] = (d[type as AccType] ?? 0) + wh;
      }
    }
  }
  if (!lines && !errors.length) fail(2, "The file holds no values");
  return { days: [...byKey.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.usagePointId < b.usagePointId ? -1 : 1)), lines, errors };
}

/** One line of a file (the sample's writer). */
export const accLine = (prm: string, type: AccType, start: string, step: "PT30M" | "P1D", wh: number) => `${prm};${type};${start};${step};${Math.round(wh)}`;
