// A request body as a stream of chunks, for the routes that parse as it arrives (the CSV import):
// never buffered whole, and cut at `limit` bytes (413), whether or not the client declared its
// length. The limits themselves: lib/shared/body-limits.mjs.
import { badRequest } from "@/lib/errors";
import { ApiError } from "./errors";

const sizeOf = (n: number) => (n % (1024 * 1024) === 0 ? `${n / 1024 / 1024} MB` : `${n} bytes`);
const payloadTooLarge = (limit: number) => new ApiError(413, `The request body is too large (at most ${sizeOf(limit)})`);

/** 413 for a declared Content-Length over `limit`, at once (a route checks it before counting the request). */
export function refuseDeclaredOver(req: Request, limit: number): void {
  const declared = req.headers.get("content-length")?.trim();
  if (declared && /^\d+$/.test(declared) && Number(declared) > limit) throw payloadTooLarge(limit);
}

/**
 * The body's chunks, at most `limit` bytes in all: a declared Content-Length over the limit is
 * refused before anything is read (413); past it while reading, the stream is cancelled (413).
 * Stopping early (a `break`, a thrown error downstream) cancels the request's stream too.
 */
export async function* bodyChunks(req: Request, limit: number): AsyncGenerator<Uint8Array> {
  refuseDeclaredOver(req, limit);
  if (!req.body) return;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = req.body.getReader();
  } catch {
    throw badRequest("The request body could not be read");
  }
  let size = 0;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        throw badRequest("The request body could not be read");
      }
      if (chunk.done) return;
      size += chunk.value.byteLength;
      if (size > limit) throw payloadTooLarge(limit);
      yield chunk.value;
    }
  } finally {
    // done, failed or abandoned by the reader: release the stream (a no-op once it has ended)
    await reader.cancel().catch(() => undefined);
  }
}
