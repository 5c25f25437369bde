import { describe, expect, it } from "vitest";
import { parseRecords } from "@/lib/telemetry/formats/shelly-records";
import { TelemetryInputError } from "@/lib/telemetry/formats/types";

const bytes = (x: unknown) => new TextEncoder().encode(typeof x === "string" ? x : JSON.stringify(x));

describe("a Shelly's own records (gap repair)", () => {
  it("reads a Pro 3EM's EMData.GetData page: each phase and their total, per minute, and the next page", () => {
    const answer = {
      id: 3,
      src: "shellypro3em-1234567890ab",
      dst: "shellypro3em-1234567890ab/foyer/repair/EMData/0/1700000600",
      result: {
        keys: ["a_total_act_energy", "a_fund_act_energy", "a_total_act_ret_energy", "b_total_act_energy", "b_total_act_ret_energy", "c_total_act_energy", "c_total_act_ret_energy"],
        data: [{ ts: 1700000000, period: 60, values: [[1.5, 1.4, 0, 2, 0.25, 3, 0], [0.5, 0.4, 0, 1, 0, 1, 0.5]] }],
        next_record_ts: 1700000120,
      },
    };
    const r = parseRecords("EMData", 0, bytes(answer));
    expect(r.requestId).toBe(3);
    expect(r.next).toBe(1700000120_000);
    expect(r.minutes.filter((m) => m.start === 1700000000_000)).toEqual([
      { key: "em:0/a", start: 1700000000_000, import_wh: 1.5, export_wh: 0 },
      { key: "em:0/b", start: 1700000000_000, import_wh: 2, export_wh: 0.25 },
      { key: "em:0/c", start: 1700000000_000, import_wh: 3, export_wh: 0 },
      { key: "em:0/total", start: 1700000000_000, import_wh: 6.5, export_wh: 0.25 },
    ]);
    expect(r.minutes.find((m) => m.key === "em:0/total" && m.start === 1700000060_000)).toEqual({ key: "em:0/total", start: 1700000060_000, import_wh: 2.5, export_wh: 0.5 });
  });

  it("reads an EM1Data page as its one channel, and skips records that are not 1-minute or not numbers", () => {
    const r = parseRecords("EM1Data", 1, bytes({ id: 1, result: { keys: ["total_act_energy", "total_act_ret_energy"], data: [{ ts: 1700000000, period: 60, values: [[4, 0], [null, 0], [-1, 0]] }, { ts: 1700003600, period: 300, values: [[9, 0]] }] } }));
    expect(r.minutes).toEqual([{ key: "em1:1", start: 1700000000_000, import_wh: 4, export_wh: 0 }]);
    expect(r.next).toBeNull();
  });

  it("refuses what is not an answer with records, with the reason in words (of the kind records)", () => {
    expect(() => parseRecords("EMData", 0, bytes("{oops"))).toThrow(TelemetryInputError);
    for (const payload of [bytes("{oops"), bytes(null), bytes({ id: 1, error: { message: "busy" } }), bytes({ id: 1, result: {} })]) {
      expect(() => parseRecords("EMData", 0, payload)).toThrow(expect.objectContaining({ kind: "records" }));
    }
    expect(() => parseRecords("EMData", 0, bytes({ id: 1, error: { code: -105, message: "Argument 'ts' out of range" } }))).toThrow("The device could not send its records: Argument 'ts' out of range");
    expect(() => parseRecords("EMData", 0, bytes({ id: 1, result: {} }))).toThrow("The device's answer has no records (keys and data)");
  });
});
