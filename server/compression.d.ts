// The part of the `compression` package (1.8, which ships no types) that server/compress.ts uses.
declare module "compression" {
  import type http from "node:http";
  type Filter = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: (err?: unknown) => void) => void;
  function compression(options?: { filter?: Filter; threshold?: number | string; brotli?: { params?: Record<number, number> } }): Middleware;
  namespace compression {
    /** The package's own test: a compressible Content-Type. */
    const filter: Filter;
  }
  export default compression;
}
