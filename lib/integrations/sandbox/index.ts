import type { Vendor } from "../config";
import type { SandboxOptions } from "./common";
import { legrandSandbox } from "./legrand";
import { linkySandbox } from "./linky";
import { netatmoSandbox } from "./netatmo";

export type { SandboxOptions } from "./common";

/** The sandbox of one vendor as a fetch-style handler. */
export function createSandbox(vendor: Vendor, opts: SandboxOptions): (req: Request) => Promise<Response> {
  const make = { linky: linkySandbox, netatmo: netatmoSandbox, legrand: legrandSandbox }[vendor];
  const handle = make(opts);
  return async (req) => handle(req);
}
