// The ACC allocation keys (lib/community/keys.ts) and the month replay built on them
// (lib/community/simulate.ts). The keys against hand-worked examples of Enedis' definitions
// (static: a fixed share of P capped at the consumption, the rest surplus; dynamic default: pro rata
// of consumption; dynamic simple: the shares, with what a consumer leaves unused given again to the
// others pro rata of their shares, round after round), the arithmetic in the comments; then
// properties over a few hundred cases drawn by a seeded PRNG (mulberry32, written below) that
// characterise each key completely. simulateMonth on four half hours worked by hand: membership
// windows, roles, shares and prices (NaN skipped). curveOf against bytes written big-endian.
import { describe, expect, it } from "vitest";
import { ALLOCATION_KEYS, allocate, ratesOf, sharesOf, type AllocationKey } from "@/lib/community/keys";
import { curveOf, emptyResult, simulateMonth, type MemberMonth } from "@/lib/community/simulate";

/** Runs one key on plain numbers: each consumer's allocation and the total returned. */
function run(key: AllocationKey, p: number, c: number[], shares: number[] = c.map(() => 0)) {
  const out = new Float64Array(c.length);
  const total = allocate(key, p, c, shares, out);
  return { out: [...out], total };
}

/** mulberry32: a tiny seeded PRNG, floats in [0, 1). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("allocate: dynamic default (pro rata of consumption)", () => {
  it("shares a production smaller than the consumption pro rata: C = [100, 200, 300], P = 300 gives [50, 100, 150]", () => {
    // ΣC = 600 > P = 300: each gets C[i] × 300 / 600 = C[i] / 2
    const r = run("dynamic_default", 300, [100, 200, 300]);
    expect(r.out).toEqual([50, 100, 150]);
    expect(r.total).toBe(300);
  });

  it("covers all the consumption when the production exceeds it: P = 1000 gives C (600), 400 surplus", () => {
    const r = run("dynamic_default", 1000, [100, 200, 300]);
    expect(r.out).toEqual([100, 200, 300]);
    expect(r.total).toBe(600);
    expect(1000 - r.total).toBe(400);
  });

  it("ignores the shares, and gives nothing to a consumer consuming nothing", () => {
    // ΣC = 400, P = 200: half of each consumption, whatever the shares say
    const r = run("dynamic_default", 200, [0, 100, 300], [0.9, 0.1, 0]);
    expect(r.out).toEqual([0, 50, 150]);
    expect(r.total).toBe(200);
  });
});

describe("allocate: static (a fixed share of P, capped at the consumption)", () => {
  it("caps each share at the consumption and leaves the rest as surplus: shares [0.5, 0.25, 0.25], P = 400", () => {
    // shares of P: 200, 100, 100; C = [100, 200, 300]:
    // [min(200, 100), min(100, 200), min(100, 300)] = [100, 100, 100] = 300, 100 surplus
    const r = run("static", 400, [100, 200, 300], [0.5, 0.25, 0.25]);
    expect(r.out).toEqual([100, 100, 100]);
    expect(r.total).toBe(300);
  });

  it("does not give a zero-consumption consumer's share to the others", () => {
    // C = [0, 200, 300], shares of P = 400: 200 (unused), 100, 100: 200 allocated, 200 surplus
    const r = run("static", 400, [0, 200, 300], [0.5, 0.25, 0.25]);
    expect(r.out).toEqual([0, 100, 100]);
    expect(r.total).toBe(200);
  });

  it("leaves the production beyond the shares' sum as surplus: shares adding up to 0.6 allocate 60 % of P", () => {
    // P = 500, shares [0.3, 0.2, 0.1]: 150, 100, 50 (consumptions of 1000 do not cap): 300 = 60 %
    const r = run("static", 500, [1000, 1000, 1000], [0.3, 0.2, 0.1]);
    expect(r.out[0]).toBeCloseTo(150, 9);
    expect(r.out[1]).toBeCloseTo(100, 9);
    expect(r.out[2]).toBeCloseTo(50, 9);
    expect(r.total).toBeCloseTo(300, 9);
  });
});

describe("allocate: dynamic simple (shares, what is unused given again)", () => {
  it("gives what a capped consumer leaves to the others pro rata of their shares: [100, 150, 150] = 400", () => {
    // C = [100, 200, 300], shares [0.5, 0.25, 0.25], P = 400
    // round 1: 200, 100, 100 → consumer 1 capped at 100 (100 left over); 2 and 3 take 100 each
    // round 2: 100 between 2 and 3 pro rata 0.25 / 0.25: 50 each → [100, 150, 150], all of P
    const r = run("dynamic_simple", 400, [100, 200, 300], [0.5, 0.25, 0.25]);
    expect(r.out).toEqual([100, 150, 150]);
    expect(r.total).toBe(400);
  });

  it("redistributes over as many rounds as it takes: C = [50, 200, 400], shares [0.5, 0.3, 0.2], P = 500", () => {
    // round 1: 250, 150, 100 → consumer 1 capped at 50; 2 takes 150; 3 takes 100: 300 used, 200 left
    // round 2: 200 between 2 and 3 (shares 0.3 + 0.2 = 0.5): 120 and 80; 2 has room for 50 only
    //          (capped at 200), 3 takes 80 (180): 130 used, 70 left
    // round 3: 70 to consumer 3 alone: 250. Total 50 + 200 + 250 = 500 = P
    const r = run("dynamic_simple", 500, [50, 200, 400], [0.5, 0.3, 0.2]);
    expect(r.out[0]).toBe(50);
    expect(r.out[1]).toBe(200);
    expect(r.out[2]).toBeCloseTo(250, 9);
    expect(r.total).toBeCloseTo(500, 9);
    // the static key stops after round 1: [50, 150, 100] = 300
    expect(run("static", 500, [50, 200, 400], [0.5, 0.3, 0.2]).out).toEqual([50, 150, 100]);
  });

  it("gives a zero-consumption consumer's share to the others (the static key does not)", () => {
    // C = [0, 200, 300], shares [0.5, 0.25, 0.25], P = 400: the consumers using something share
    // 0.25 + 0.25: 200 each; consumer 2 capped at 200, consumer 3 takes 200: all 400 allocated
    const r = run("dynamic_simple", 400, [0, 200, 300], [0.5, 0.25, 0.25]);
    expect(r.out).toEqual([0, 200, 200]);
    expect(r.total).toBe(400);
    expect(run("static", 400, [0, 200, 300], [0.5, 0.25, 0.25]).total).toBe(200);
  });

  it("leaves the production beyond the shares' sum as surplus, even to a consumer with room: shares adding up to 0.6", () => {
    // P = 500, shares [0.3, 0.3]: 0.6 × 500 = 300 to give. C = [50, 1000]:
    // round 1: 150, 150 → consumer 1 capped at 50; round 2: the 100 left to consumer 2: 250
    // 300 allocated = 60 % of P; 200 surplus although consumer 2 could take 750 more
    const r = run("dynamic_simple", 500, [50, 1000], [0.3, 0.3]);
    expect(r.out[0]).toBe(50);
    expect(r.out[1]).toBeCloseTo(250, 9);
    expect(r.total).toBeCloseTo(300, 9);
    // shares [0.3, 0.2, 0.1] and no consumer capped: as the static key, 150 + 100 + 50 = 300
    const u = run("dynamic_simple", 500, [1000, 1000, 1000], [0.3, 0.2, 0.1]);
    expect(u.out[0]).toBeCloseTo(150, 9);
    expect(u.out[1]).toBeCloseTo(100, 9);
    expect(u.out[2]).toBeCloseTo(50, 9);
    expect(u.total).toBeCloseTo(300, 9);
  });

  it("gives nothing to a consumer without a share, even when production is left over", () => {
    // shares [1, 0], C = [100, 100], P = 400: consumer 1 capped at 100; 300 surplus, none to consumer 2
    const r = run("dynamic_simple", 400, [100, 100], [1, 0]);
    expect(r.out).toEqual([100, 0]);
    expect(r.total).toBe(100);
  });
});

describe("allocate: edge cases common to the keys", () => {
  it("allocates nothing without production, and clears what `out` held before", () => {
    for (const key of ALLOCATION_KEYS) {
      for (const p of [0, -5, Number.NaN]) {
        const out = new Float64Array([7, 7, 7]);
        expect(allocate(key, p, [100, 200, 300], [0.5, 0.25, 0.25], out)).toBe(0);
        expect([...out]).toEqual([0, 0, 0]);
      }
      // with production, stale values are overwritten too: consumer 1 consumes nothing
      const out = new Float64Array([7, 7, 7]);
      allocate(key, 300, [0, 200, 300], [0.5, 0.25, 0.25], out);
      expect(out[0]).toBe(0);
    }
  });

  it("allocates nothing without consumption, and gives nothing to a negative consumption", () => {
    for (const key of ALLOCATION_KEYS) {
      expect(run(key, 500, [0, 0], [0.5, 0.5]).total).toBe(0);
      const r = run(key, 500, [-100, 100], [0.5, 0.5]);
      expect(r.out[0]).toBe(0);
      expect(r.out[1]).toBeGreaterThan(0);
    }
  });

  it("gives the same result with or without a scratch array, whatever the scratch held", () => {
    const c = new Float64Array([50, 200, 400, 0, 10]);
    const shares = new Float64Array([0.3, 0.2, 0.2, 0.2, 0.1]);
    const plain = new Float64Array(5);
    const withScratch = new Float64Array(5);
    const t1 = allocate("dynamic_simple", 600, c, shares, plain);
    const t2 = allocate("dynamic_simple", 600, c, shares, withScratch, new Int32Array([4, 4, 4, 4, 4]));
    expect(t2).toBe(t1);
    expect([...withScratch]).toEqual([...plain]);
  });
});

describe("allocate: properties over seeded random cases", () => {
  /** A random period: 1 to 8 consumers (some consuming nothing), shares adding up to at most 1 (some 0), any production. */
  function randomCase(rand: () => number) {
    const n = 1 + Math.floor(rand() * 8);
    const c = Array.from({ length: n }, () => (rand() < 0.2 ? 0 : rand() < 0.5 ? Math.round(rand() * 1000) : rand() * 1000));
    const weights = Array.from({ length: n }, () => (rand() < 0.2 ? 0 : rand()));
    const w = weights.reduce((s, x) => s + x, 0);
    const sum = rand() < 0.5 ? 1 : rand(); // shares adding up to 1, or to less
    const shares = weights.map((x) => (w > 0 ? (x / w) * sum : 0));
    const p = rand() < 0.1 ? 0 : rand() * 3000;
    return { n, c, shares, p };
  }
  const CASES = 500;
  const close = (a: number, b: number, scale: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, scale);

  it("never allocates more than a consumer consumes, nor in total more than the production; the total returned is the allocations' sum", () => {
    const rand = prng(20260101);
    for (let k = 0; k < CASES; k++) {
      const { n, c, shares, p } = randomCase(rand);
      for (const key of ALLOCATION_KEYS) {
        const out = new Float64Array(n);
        const total = allocate(key, p, c, shares, out);
        const scale = p + c.reduce((s, x) => s + x, 0);
        let sum = 0;
        for (let i = 0; i < n; i++) {
          expect(out[i]).toBeGreaterThanOrEqual(0);
          expect(out[i] <= c[i] || close(out[i], c[i], scale), `${key} case ${k}: consumer ${i} gets ${out[i]} > ${c[i]}`).toBe(true);
          sum += out[i];
        }
        expect(close(total, sum, scale), `${key} case ${k}: returned ${total}, allocated ${sum}`).toBe(true);
        expect(total <= p || close(total, p, scale), `${key} case ${k}: ${total} allocated > P = ${p}`).toBe(true);
      }
    }
  });

  it("dynamic default: each consumer gets C[i] × min(1, P / ΣC)", () => {
    const rand = prng(7);
    for (let k = 0; k < CASES; k++) {
      const { c, p } = randomCase(rand);
      const sumC = c.reduce((s, x) => s + x, 0);
      const r = run("dynamic_default", p, c);
      const f = sumC > 0 ? Math.min(1, p / sumC) : 0;
      r.out.forEach((a, i) => expect(close(a, c[i] * f, sumC)).toBe(true));
      expect(close(r.total, Math.min(p, sumC), sumC)).toBe(true);
    }
  });

  it("static: each consumer gets min(s[i] × P, C[i]), never more than its share", () => {
    const rand = prng(11);
    for (let k = 0; k < CASES; k++) {
      const { c, shares, p } = randomCase(rand);
      const r = run("static", p, c, shares);
      r.out.forEach((a, i) => expect(a).toBe(p > 0 && c[i] > 0 && shares[i] > 0 ? Math.min(shares[i] * p, c[i]) : 0));
    }
  });

  it("dynamic simple: a water-filling — some level K with a[i] = min(C[i], s[i] × K), total min(P × Σs, ΣC of those with a share), never less than static", () => {
    const rand = prng(42);
    let capped = 0;
    let uncapped = 0;
    for (let k = 0; k < CASES; k++) {
      const { n, c, shares, p } = randomCase(rand);
      const r = run("dynamic_simple", p, c, shares);
      const st = run("static", p, c, shares);
      const shareSum = shares.reduce((s, x) => s + x, 0);
      const served = c.reduce((s, x, i) => s + (shares[i] > 0 ? x : 0), 0);
      const scale = p + served;
      expect(close(r.total, p > 0 ? Math.min(p * Math.min(1, shareSum), served) : 0, scale), `case ${k}: total ${r.total}`).toBe(true);
      for (let i = 0; i < n; i++) {
        expect(r.out[i] >= st.out[i] || close(r.out[i], st.out[i], scale), `case ${k}: consumer ${i} under static`).toBe(true);
        if (!(shares[i] > 0)) expect(r.out[i]).toBe(0);
      }
      // the level: the one of any consumer left below its consumption (all others at theirs then)
      const open = r.out.findIndex((a, i) => shares[i] > 0 && c[i] > 0 && !close(a, c[i], scale));
      if (open < 0) {
        capped++;
        continue;
      }
      uncapped++;
      const K = r.out[open] / shares[open];
      for (let i = 0; i < n; i++) if (shares[i] > 0) expect(close(r.out[i], Math.min(Math.max(c[i], 0), shares[i] * K), scale), `case ${k}: consumer ${i}`).toBe(true);
    }
    // the cases drew both situations: every consumer satisfied, and production running out
    expect(capped).toBeGreaterThan(20);
    expect(uncapped).toBeGreaterThan(20);
  });
});

describe("ratesOf and sharesOf", () => {
  it("gives self-consumption over production and self-sufficiency over consumption, null without a denominator", () => {
    // 800 Wh allocated of 1000 produced and 4000 consumed: 0.8 and 0.2
    expect(ratesOf(1000, 4000, 800)).toEqual({ selfConsumption: 0.8, selfSufficiency: 0.2 });
    expect(ratesOf(0, 4000, 0)).toEqual({ selfConsumption: null, selfSufficiency: 0 });
    expect(ratesOf(1000, 0, 0)).toEqual({ selfConsumption: 0, selfSufficiency: null });
  });

  it("makes percents fractions, an unset share 0 when some are set, equal shares when none is", () => {
    expect([...sharesOf([50, 25, null])]).toEqual([0.5, 0.25, 0]);
    expect([...sharesOf([undefined, 40])]).toEqual([0, 0.4]);
    expect([...sharesOf([null, null, null, null])]).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect([...sharesOf([])]).toEqual([]);
  });
});

describe("simulateMonth", () => {
  // Four half hours, local price 0.10 €/kWh:
  // A: consumer only, share 0.4, consuming 100, 200, 300, 400; its injection (1000 each) is not the
  //    operation's; prices 0.25, NaN (unpriced), 0.25, 0.25
  // B: producer only, share 0.2 (not read: it does not receive), injecting 200 each; its
  //    withdrawal (999 each) is neither consumption of the operation nor allocated anything
  // C: both, share 0.4, a member only from half hour 2: consuming 100 and injecting 400 each half
  //    hour, but only half hours 2 and 3 count; price 0.125
  // Per half hour (consumption of A, of C; production):
  //   t0: 100, 0; 200   t1: 200, 0; 200   t2: 300, 100; 600   t3: 400, 100; 600
  // production 1600, consumption 1200 (not 2400 and 1400 with C's first half hours)
  const f32 = (...xs: number[]) => new Float32Array(xs);
  const members = (): MemberMonth[] => [
    { cons: f32(100, 200, 300, 400), prod: f32(1000, 1000, 1000, 1000), from: 0, to: 4, consumer: true, producer: false, share: 0.4, prices: f32(0.25, Number.NaN, 0.25, 0.25) },
    { cons: f32(999, 999, 999, 999), prod: f32(200, 200, 200, 200), from: 0, to: 4, consumer: false, producer: true, share: 0.2, prices: null },
    { cons: f32(100, 100, 100, 100), prod: f32(400, 400, 400, 400), from: 2, to: 4, consumer: true, producer: true, share: 0.4, prices: f32(0.125, 0.125, 0.125, 0.125) },
  ];
  const simulate = (months = 1) => {
    const results = ALLOCATION_KEYS.map((k) => emptyResult(k, 3));
    for (let i = 0; i < months; i++) simulateMonth(4, members(), 0.1, results);
    return Object.fromEntries(results.map((r) => [r.key, r]));
  };

  it("starts from an empty result per key", () => {
    const r = emptyResult("static", 2);
    expect(r).toMatchObject({ key: "static", productionWh: 0, consumptionWh: 0, allocatedWh: 0, savingsEur: 0 });
    expect([...r.memberAllocatedWh]).toEqual([0, 0]);
    expect([...r.memberSavingsEur]).toEqual([0, 0]);
  });

  it("counts production and consumption only of the members counting then, in their role", () => {
    for (const r of Object.values(simulate())) {
      expect(r.productionWh).toBe(1600);
      expect(r.consumptionWh).toBe(1200);
      // B, producer only, receives nothing
      expect(r.memberAllocatedWh[1]).toBe(0);
      expect(r.memberSavingsEur[1]).toBe(0);
    }
  });

  it("dynamic default: A gets 100 + 200 + 300 + 400, C 100 + 100; savings at price − 0.10, A's unpriced half hour skipped", () => {
    // t0: ΣC 100 ≤ 200; t1: 200 ≤ 200; t2: 400 ≤ 600; t3: 500 ≤ 600: every consumption covered
    // A: 0.1 kWh × 0.15 + (t1 unpriced) + 0.3 × 0.15 + 0.4 × 0.15 = 0.015 + 0.045 + 0.06 = 0.12 €
    // C: (0.1 + 0.1) kWh × (0.125 − 0.10) = 0.005 €; total 0.125 €
    const r = simulate().dynamic_default;
    expect(r.allocatedWh).toBe(1200);
    expect([...r.memberAllocatedWh]).toEqual([1000, 0, 200]);
    expect(r.memberSavingsEur[0]).toBeCloseTo(0.12, 10);
    expect(r.memberSavingsEur[2]).toBeCloseTo(0.005, 10);
    expect(r.savingsEur).toBeCloseTo(0.125, 10);
  });

  it("static: 0.4 of the production, capped; C's share while it is not a member is surplus", () => {
    // A: t0 min(0.4 × 200, 100) = 80; t1 min(80, 200) = 80; t2 min(240, 300) = 240; t3 min(240, 400) = 240 → 640
    // C: t2 min(240, 100) = 100; t3 100 → 200; total 840
    // A's savings: (0.08 + 0.24 + 0.24) kWh × 0.15 = 0.084 € (t1's 80 Wh unpriced); C 0.005; 0.089 €
    const r = simulate().static;
    expect(r.allocatedWh).toBeCloseTo(840, 9);
    expect(r.memberAllocatedWh[0]).toBeCloseTo(640, 9);
    expect(r.memberAllocatedWh[2]).toBeCloseTo(200, 9);
    expect(r.memberSavingsEur[0]).toBeCloseTo(0.084, 10);
    expect(r.savingsEur).toBeCloseTo(0.089, 10);
  });

  it("dynamic simple: the consumers' shares (0.8, B's not counted) given out, C's share to A while C is not a member", () => {
    // 0.8 of P to give: t0 160, t1 160, t2 480, t3 480
    // t0: A alone (C not a member): 160 → capped at 100
    // t1: A alone: 160 (of 200)
    // t2: 240 each → C capped at 100; the 140 left to A: 240 + 140 = 380 → capped at 300 (400 in all)
    // t3: 240 each → C capped at 100; the 140 left to A: 380 (of 400) (480 in all)
    // A: 100 + 160 + 300 + 380 = 940; C: 200; total 1140 (B's share counted would give 200 at t1)
    // A's savings: (0.1 + 0.3 + 0.38) kWh × 0.15 = 0.117 €; C 0.005; 0.122 €
    const r = simulate().dynamic_simple;
    expect(r.allocatedWh).toBeCloseTo(1140, 9);
    expect(r.memberAllocatedWh[0]).toBeCloseTo(940, 9);
    expect(r.memberAllocatedWh[2]).toBeCloseTo(200, 9);
    expect(r.memberSavingsEur[0]).toBeCloseTo(0.117, 10);
    expect(r.savingsEur).toBeCloseTo(0.122, 10);
  });

  it("adds each month to the results it is given", () => {
    const r = simulate(2).dynamic_default;
    expect(r.productionWh).toBe(3200);
    expect(r.consumptionWh).toBe(2400);
    expect(r.allocatedWh).toBe(2400);
    expect(r.savingsEur).toBeCloseTo(0.25, 10);
  });

  it("counts a member without curves or prices for nothing, and a period without production or consumption allocates nothing", () => {
    // D: consumer with share 1 but no curve held; E: producer without a curve: nothing at all
    const ms: MemberMonth[] = [
      { cons: null, prod: null, from: 0, to: 2, consumer: true, producer: false, share: 1, prices: null },
      { cons: null, prod: null, from: 0, to: 2, consumer: false, producer: true, share: 0, prices: null },
      // F: both, no prices: 100 consumed and 50 produced at t0, 0 produced at t1
      { cons: f32(100, 100), prod: f32(50, 0), from: 0, to: 2, consumer: true, producer: true, share: 0, prices: null },
    ];
    const results = ALLOCATION_KEYS.map((k) => emptyResult(k, 3));
    simulateMonth(2, ms, 0.1, results);
    for (const r of results) {
      expect(r.productionWh).toBe(50);
      expect(r.consumptionWh).toBe(200);
      expect(r.memberAllocatedWh[0]).toBe(0);
      expect(r.savingsEur).toBe(0);
    }
    // F has no share: only the dynamic default key gives it its own 50 Wh
    expect(results.map((r) => r.allocatedWh)).toEqual([0, 50, 0]);
  });
});

describe("curveOf", () => {
  /** Float32 big-endian bytes, as PostgreSQL's float4send writes them. */
  function bytesOf(values: number[], pad = 0): Uint8Array {
    const buf = new Uint8Array(pad + values.length * 4);
    const view = new DataView(buf.buffer);
    values.forEach((v, i) => view.setFloat32(pad + i * 4, v, false));
    return buf.subarray(pad);
  }

  it("reads back values written big-endian, also from a view into a larger buffer", () => {
    const values = [0, 1.5, -2.25, 1234.5, 0.125, 2 ** 100]; // all exact in float32
    expect([...curveOf(bytesOf(values))!]).toEqual(values);
    // a subarray starting 3 bytes into its buffer (not aligned for a Float32Array)
    expect([...curveOf(bytesOf(values, 3))!]).toEqual(values);
    // big-endian: 1.5 is 3f c0 00 00
    expect([...curveOf(new Uint8Array([0x3f, 0xc0, 0, 0]))!]).toEqual([1.5]);
  });

  it("gives null for no bytes", () => {
    expect(curveOf(null)).toBeNull();
    expect(curveOf(new Uint8Array(0))).toBeNull();
  });
});
