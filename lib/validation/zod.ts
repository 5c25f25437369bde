// The zod every shared schema is built with. In the browser it runs without its JIT: zod probes
// for `new Function` when it builds an object schema, and the pages' CSP (no 'unsafe-eval')
// refuses the probe and reports it as a violation. The setting is read when a schema is built, so
// it is made here, before any schema module's own code runs; the server keeps the JIT.
import { config, z } from "zod";

if (typeof window !== "undefined") config({ jitless: true });

export { z };
