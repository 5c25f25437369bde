import { vendorConfig, type Vendor } from "./config";
import { LegrandClient } from "./legrand/client";
import { LinkyClient } from "./linky/client";
import { NetatmoClient } from "./netatmo/client";

export const linkyClient = () => new LinkyClient(vendorConfig("linky"));
export const netatmoClient = () => new NetatmoClient(vendorConfig("netatmo"));
export const legrandClient = () => new LegrandClient(vendorConfig("legrand"));

export function oauthClient(vendor: Vendor) {
  return vendor === "linky" ? linkyClient() : vendor === "netatmo" ? netatmoClient() : legrandClient();
}
