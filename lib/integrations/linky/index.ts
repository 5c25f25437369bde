// Enedis Data Connect (Linky): the 2026 data client the energy history uses, its errors, limits
// and time conversions; the consent client and v5 load curve live in ./client.
export { applicationToken, forgetApplicationToken, resetApplicationTokens } from "./app-token";
export { LinkyClient, type CurveKind, type MeterReading } from "./client";
export {
  LINKY_API_OF,
  LINKY_PATHS,
  LinkyDataClient,
  linkyData,
  tariffOptionOf,
  type Contract,
  type Curve,
  type CurvePoint,
  type DailyMax,
  type DailyValue,
  type LinkyData,
  type LinkyDataOptions,
  type Quality,
} from "./data";
export { classifyLinkyAnswer, LinkyError, type LinkyErrorKind } from "./errors";
export { historyStart, LINKY_LIMITS } from "./limits";
export { meterReadingOf } from "./meter-reading";
export * as linkyTime from "./time";
