// The embedded broker's message bus (mqemitter, what aedes uses), with its stack kept short.
// Past its concurrency (messages in flight), mqemitter queues messages and starts the next one from
// inside the completion of the one before; deliveries that complete at once (to no subscriber, or
// the dropped ones) then nest one call deeper per queued message, and a burst of thousands ended
// the process with "Maximum call stack size exceeded" (bench:telemetry with 10,000 devices; known
// upstream: mcollina/mqemitter pull request 204, moscajs/aedes issue 193). Here a delivery nested
// MAX_DEPTH deep starts on a fresh stack instead (setImmediate), keeping its place: it counts as
// in flight until then, so the messages after it queue behind it, in order.
// Its queue is also a plain array emptied with shift(), which copies what is left: once a stall
// had queued some 100,000 messages (bench:telemetry, 10,000 devices), each delivery cost more than
// the next message's arrival and the broker never caught up (130 messages a second delivered and
// 2 GB of heap four minutes later). Here the queue is a FIFO that takes from its head in O(1).
import mqemitter from "mqemitter";

const MAX_DEPTH = 200;

type Internals = { _do(message: mqemitter.Message, cb: unknown): unknown; current: number; _doing: boolean; _messageQueue: unknown; _messageCallbacks: unknown };

/** A queue with Array's push, shift and length (what mqemitter uses of it), shift in O(1). */
export class Fifo<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  get length() {
    return this.items.length - this.head;
  }

  push(x: T): number {
    this.items.push(x);
    return this.length;
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const x = this.items[this.head];
    this.items[this.head++] = undefined;
    // what was taken is dropped once it is most of the array
    if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return x;
  }
}

export function shallowEmitter(concurrency: number): mqemitter.MQEmitter {
  const mq = mqemitter({ concurrency });
  const inner = mq as unknown as Internals;
  inner._messageQueue = new Fifo();
  inner._messageCallbacks = new Fifo();
  const deliver = inner._do.bind(mq);
  let depth = 0;
  inner._do = (message, cb) => {
    if (depth >= MAX_DEPTH) {
      inner.current++;
      inner._doing = true;
      setImmediate(() => {
        inner.current--;
        deliver(message, cb);
      });
      return mq;
    }
    depth++;
    try {
      return deliver(message, cb);
    } finally {
      depth--;
    }
  };
  return mq;
}
