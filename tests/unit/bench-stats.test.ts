// The median every benchmark script summarises its rounds with (bench/lib/stats.mjs).
import { describe, expect, it } from "vitest";
import { median } from "../../bench/lib/stats.mjs";

describe("median", () => {
  it("takes the middle value of an odd count, the mean of the two middle ones of an even count", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it("sorts numerically, leaves its input as it was, and is NaN for no values", () => {
    const xs = [10, 9, 100];
    expect(median(xs)).toBe(10);
    expect(xs).toEqual([10, 9, 100]);
    expect(median([])).toBeNaN();
  });
});
