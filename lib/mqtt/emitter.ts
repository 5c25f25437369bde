// The embedded broker's message bus (mqemitter, what aedes uses), with its stack kept short.
// Past its concurrency (messages in flight), mqemitter queues messages and starts the next one from
// inside the completion of the one before; deliveries that complete at once (to no subscriber, or
// the dropped ones) then nest one call deeper per queued message, and a burst of thousands ended
// the process with "Maximum call stack size exceeded" (bench:telemetry with 10,000 devices; known
// upstream: mcollina/mqemitter pull request 204, moscajs/aedes issue 193). Here a delivery nested
// MAX_DEPTH deep starts on a fresh stack instead (setImmediate), keeping its place: it counts as
// in flight until then, so the messages after it queue behind it, in order.
import mqemitter from "mqemitter";

const MAX_DEPTH = 200;

type Internals = { _do(message: mqemitter.Message, cb: unknown): unknown; current: number; _doing: boolean };

export function shallowEmitter(concurrency: number): mqemitter.MQEmitter {
  const mq = mqemitter({ concurrency });
  const inner = mq as unknown as Internals;
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
