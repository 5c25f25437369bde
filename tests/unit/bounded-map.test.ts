// BoundedMap (lib/server/bounded-map.ts): what a process keeps in memory stays within its bound,
// the oldest entry dropped first; a key set again takes no one's place.
import { expect, it } from "vitest";
import { BoundedMap } from "@/lib/server/bounded-map";

it("holds at most its bound, dropping the oldest entry first", () => {
  const m = new BoundedMap<string, number>(3);
  for (const [i, k] of ["a", "b", "c", "d"].entries()) m.set(k, i);
  expect([...m.keys()]).toEqual(["b", "c", "d"]);
  m.set("c", 9); // already held: nothing dropped
  expect([...m.entries()]).toEqual([["b", 1], ["c", 9], ["d", 3]]);
  m.set("e", 4);
  expect([...m.keys()]).toEqual(["c", "d", "e"]);
  expect(m.get("b")).toBeUndefined();
});
