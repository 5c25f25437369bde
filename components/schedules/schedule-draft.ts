// The schedule editor's state and its round trip through the shared rules (lib/validation/schedule).
import { scheduleDataSchema, type ScheduleData, type ScheduleDataInput } from "@/lib/validation/schedule";
import { overlappingMonths, splitSchedule } from "@/lib/schedules/rules";

/** One set of months, days and hours at one power; the power is kept as typed in its field. */
export type PartDraft = { months: number[]; days: number[]; hours: number[]; average_power: string };
/** What the editor holds: the main schedule and, once split, its parts. */
export type ScheduleDraft = PartDraft & { der_name: string; start_date?: string; schedules?: PartDraft[] };
/** "main" or the index of a split part. */
export type DraftTarget = "main" | number;
/**
 * Field messages by key: `der_name`, `average_power`, `months`, `days`, `hours` for the main
 * schedule, `schedules.{i}.{field}` for a part, `schedules` for the month overlap.
 */
export type DraftErrors = Partial<Record<string, string>>;

const powerText = (p: number | undefined) => (p === undefined ? "" : String(p));

/** A draft from stored data or from newScheduleDefaults(). */
export function draftFrom(data: ScheduleDataInput): ScheduleDraft {
  const part = (p: { months: number[]; days: number[]; hours: number[]; average_power: number }): PartDraft => ({
    months: [...p.months],
    days: [...p.days],
    hours: [...p.hours],
    average_power: powerText(p.average_power),
  });
  const draft: ScheduleDraft = { der_name: data.der_name, ...part(data) };
  if (data.start_date) draft.start_date = data.start_date;
  if (data.schedules?.length) draft.schedules = data.schedules.map(part);
  return draft;
}

/** The typed power as a number: undefined when empty (required), NaN when it is not a number. */
export function parsePower(text: string): number | undefined {
  const t = text.trim();
  return t === "" ? undefined : Number(t);
}

/** The body the schema checks: powers as numbers, no `schedules` key unless split. */
export function draftInput(d: ScheduleDraft): Record<string, unknown> {
  const part = (p: PartDraft) => ({ months: p.months, days: p.days, hours: p.hours, average_power: parsePower(p.average_power) });
  const input: Record<string, unknown> = { der_name: d.der_name, ...part(d) };
  if (d.start_date) input.start_date = d.start_date;
  if (d.schedules?.length) input.schedules = d.schedules.map(part);
  return input;
}

function errorKey(path: PropertyKey[]): string {
  if (path[0] === "schedules" && path.length >= 3) return `schedules.${String(path[1])}.${String(path[2])}`;
  return path.length ? String(path[0]) : "";
}

/** The editor's own words for what the schema refuses in a field the editor shows (messages' schedules.errors). */
export type DraftMessage = "nameRequired" | "nameTooLong" | "powerRequired" | "powerNumber" | "powerRange" | "chooseMonth" | "chooseDay" | "chooseHour";

const CHOOSE = { months: "chooseMonth", days: "chooseDay", hours: "chooseHour" } as const;

/**
 * Which of the schedule forms' messages (the editor's, the back-office's) says what a schema issue
 * (its `code`) says about `field`, or null (a refusal these fields cannot cause: the schema's
 * English message then). `missing`: the field was left empty (a power is required, not wrong).
 */
export function fieldMessage(field: string, code: string, missing: boolean): DraftMessage | null {
  if (field === "der_name") return code === "too_big" ? "nameTooLong" : code === "too_small" || code === "invalid_type" ? "nameRequired" : null;
  if (field === "average_power") {
    if (code === "too_small" || code === "too_big") return "powerRange";
    return code === "invalid_type" ? (missing ? "powerRequired" : "powerNumber") : null;
  }
  if (field === "months" || field === "days" || field === "hours") return code === "too_small" ? CHOOSE[field] : null;
  return null;
}

/** fieldMessage for the field at `key` of the draft `d` (the field itself, not one of its values: months.0). */
function draftMessage(d: ScheduleDraft, key: string, issue: { code: string; path: PropertyKey[] }): DraftMessage | null {
  const parts = key.split(".");
  if (issue.path.length !== parts.length) return null;
  const power = parts.length === 1 ? d.average_power : d.schedules?.[Number(parts[1])]?.average_power;
  return fieldMessage(parts[parts.length - 1], issue.code, parsePower(power ?? "") === undefined);
}

/**
 * Runs scheduleDataSchema on the draft: the data to send, or the first message of each field:
 * the schema's (English), or `words`' for the refusals the editor words itself (draftMessage).
 */
export function validateDraft(d: ScheduleDraft, words?: (message: DraftMessage) => string): { data: ScheduleData; errors: null } | { data: null; errors: DraftErrors } {
  const r = scheduleDataSchema.safeParse(draftInput(d));
  if (r.success) return { data: r.data, errors: null };
  const errors: DraftErrors = {};
  for (const issue of r.error.issues) {
    const key = errorKey(issue.path);
    if (key in errors) continue;
    const own = words && draftMessage(d, key, issue);
    errors[key] = words && own ? words(own) : issue.message;
  }
  return { data: null, errors };
}

/** The error key of a field of the main schedule or of a part. */
export const fieldKey = (target: DraftTarget, field: keyof PartDraft) => (target === "main" ? field : `schedules.${target}.${field}`);

/** Whether two drafts say the same thing (what Save's "something changed" compares). */
export function sameDraft(a: ScheduleDraft, b: ScheduleDraft): boolean {
  return JSON.stringify(draftInput(a)) === JSON.stringify(draftInput(b));
}

export function partOf(d: ScheduleDraft, target: DraftTarget): PartDraft {
  if (target === "main") return d;
  const part = d.schedules?.[target];
  if (!part) throw new Error(`No part ${target} in this schedule`);
  return part;
}

/** The draft with `patch` applied to the main schedule or to one part. */
export function withPart(d: ScheduleDraft, target: DraftTarget, patch: Partial<PartDraft>): ScheduleDraft {
  if (target === "main") return { ...d, ...patch };
  return { ...d, schedules: (d.schedules ?? []).map((p, i) => (i === target ? { ...p, ...patch } : p)) };
}

/** Splits the main schedule into its two parts (splitSchedule); a draft already split stays as it is. */
export function splitDraft(d: ScheduleDraft): ScheduleDraft {
  if (d.schedules?.length) return d;
  const power = parsePower(d.average_power);
  const parts = splitSchedule({ months: d.months, days: d.days, hours: d.hours, average_power: Number.isFinite(power) ? (power as number) : 0 });
  return { ...d, schedules: parts.map((p) => ({ months: p.months, days: p.days, hours: p.hours, average_power: powerText(p.average_power) })) };
}

/** Drops the parts: the main schedule, untouched while it was split, is the whole schedule again. */
export function unsplitDraft(d: ScheduleDraft): ScheduleDraft {
  const main = { ...d };
  delete main.schedules;
  return main;
}

/** The months that two parts share (none when not split). */
export const draftOverlap = (d: ScheduleDraft) => overlappingMonths(d.schedules ?? []);
