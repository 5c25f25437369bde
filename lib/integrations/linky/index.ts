// Enedis Data Connect (Linky): the 2026 data client the energy history uses, its errors, limits
// and time conversions; the consent client and v5 load curve live in ./client.
export { LinkyDataClient, linkyData, type LinkyData } from "./data";
export { LinkyError } from "./errors";
export { historyStart, LINKY_LIMITS } from "./limits";
