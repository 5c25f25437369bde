// Adapters from an async generator of string chunks to what a caller streams: a web ReadableStream
// (a Next route handler's Response body) or a Node Readable (a file, a ZIP entry, a job). Both pull:
// a chunk is produced only when the reader asks for one, so a slow client never makes the server
// read ahead of it, and a cancelled download stops the generator (and its queries).
import { Readable } from "node:stream";

/** A byte stream of `chunks` (strings as UTF-8, bytes as they are) for `new Response(body)`. */
export function toWebStream(chunks: AsyncGenerator<string | Uint8Array, void, undefined>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await chunks.next();
          if (done) controller.close();
          else controller.enqueue(typeof value === "string" ? encoder.encode(value) : value);
        } catch (err) {
          controller.error(err);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    // one chunk (about 64 KiB of text) ahead at most
    { highWaterMark: 1 },
  );
}

/** A Node Readable of `chunks` (strings), ended when the generator is, destroyed on its error. */
export function toNodeReadable(chunks: AsyncGenerator<string, void, undefined>): Readable {
  return Readable.from(chunks, { objectMode: false, highWaterMark: 65_536, encoding: "utf8" });
}
