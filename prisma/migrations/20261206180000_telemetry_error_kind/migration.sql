-- What kind of refusal a device's last error is (docs/telemetry.md, "Refused and counted"): one of
-- TELEMETRY_ERROR_KINDS (lib/telemetry/formats/types.ts), the headline the device page translates;
-- "last_error" keeps the detail, in English. NULL for the errors stored before this column (the
-- page shows their detail alone). No CHECK: the set is the code's, and a kind it no longer knows
-- is answered as null.
ALTER TABLE "device_mqtt" ADD COLUMN "last_error_kind" TEXT;
