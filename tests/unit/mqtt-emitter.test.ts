import { describe, expect, it } from "vitest";
import { Fifo, shallowEmitter } from "@/lib/mqtt/emitter";

describe("the embedded broker's message bus", () => {
  it("delivers 50,000 queued messages that each complete at once, in order, without running out of stack", async () => {
    const mq = shallowEmitter(1);
    const seen: number[] = [];
    let hold: (() => void) | undefined;
    mq.on("devices/#", (m, done) => {
      seen.push(m.n as number);
      // the first delivery waits: everything after it queues, then each completes at once
      if (m.n === 0) hold = done;
      else done();
    });
    const N = 50_000;
    let acked = 0;
    const all = new Promise<void>((resolve) => {
      for (let n = 0; n < N; n++) mq.emit({ topic: `devices/${n % 7}/state`, n }, () => ++acked === N && resolve());
    });
    expect(seen).toEqual([0]);
    hold!();
    await all;
    expect(seen).toHaveLength(N);
    expect(seen.every((n, i) => n === i)).toBe(true);
  });
});

describe("the message bus's queue", () => {
  it("takes in the order given, through growing, emptying and compacting", () => {
    const q = new Fifo<number>();
    expect(q.shift()).toBeUndefined();
    let next = 0;
    let taken = 0;
    // pushes and shifts interleaved, past the compaction threshold many times
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 3000; i++) q.push(next++);
      for (let i = 0; i < 2500; i++) expect(q.shift()).toBe(taken++);
      expect(q.length).toBe(next - taken);
    }
    while (q.length) expect(q.shift()).toBe(taken++);
    expect(taken).toBe(next);
    expect(q.shift()).toBeUndefined();
  });
});
