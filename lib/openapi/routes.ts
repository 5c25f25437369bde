// The /api contract as a route list: every route+method under app/api is here or in UNDOCUMENTED
// (tests/integration/openapi.test.ts checks both ways). Request schemas are the ones the handlers
// parse with (lib/validation); answers are the schemas of lib/openapi/schemas.
import { z } from "zod";
import { accountDeleteSchema, emailChangeSchema, loginSchema, passwordChangeSchema, recoveryParamsSchema, resetPasswordSchema, signupSchema } from "@/lib/validation/auth";
import { userCreateSchema, userUpdateSchema } from "@/lib/validation/user";
import { locationSchema } from "@/lib/validation/location";
import { adminDeviceUpdateSchema, deviceInfoCreateSchema, deviceInfoUpdateSchema, measurementCreateSchema, measurementUpdateSchema, userDeviceSchema } from "@/lib/validation/device";
import { scheduleDataSchema } from "@/lib/validation/schedule";
import { energyQuerySchema, meterTariffSchema } from "@/lib/validation/energy";
import { exportQuerySchema } from "@/lib/validation/export";
import { integrationNameSchema, linkyCurveQuerySchema, unlinkQuerySchema } from "@/lib/validation/integration";
import { dashboardSchema } from "@/lib/validation/dashboard";
import { adminDeviceListFilters, deviceInfoListFilters, locationListFilters, scheduleListFilters, tariffListFilters, userListFilters } from "@/lib/validation/list-filters";
import { USER_SORTABLE } from "@/lib/services/users";
import { ADMIN_DEVICE_SORTABLE, DEVICE_SORTABLE } from "@/lib/services/devices";
import { LOCATION_SORTABLE } from "@/lib/services/locations";
import { SCHEDULE_SORTABLE } from "@/lib/services/schedules";
import { TARIFF_SORTABLE } from "@/lib/services/tariffs/admin";
import type { CallbackQuery } from "@/lib/services/integrations";
import { healthDownSchema, healthSchema, messageSchema, tokenSchema } from "./schemas/common";
import { archiveListSchema, archiveViewSchema, deletionSummarySchema, userViewSchema } from "./schemas/users";
import { adminDeviceViewSchema, deviceInfoViewSchema, locationViewSchema, measurementViewSchema, userDeviceViewSchema } from "./schemas/devices";
import { scheduleViewSchema } from "./schemas/schedules";
import { consentLinkSchema, integrationListSchema, integrationViewSchema, legrandPlantsSchema, linkyCurveSchema, netatmoHomesSchema, vendorErrorSchema } from "./schemas/integrations";
import { energyAnswerSchema, energySummarySchema, importPreviewSchema, importResultSchema, meterViewSchema, tariffComparisonSchema } from "./schemas/meters";
import { tariffViewSchema } from "./schemas/tariffs";
import type { Answer, Operation, Param } from "./operations";

/** What pathId (lib/http/route.ts) takes: up to 9 digits; anything else is a 404. */
const pathIdSchema = z.int().min(0).max(999_999_999);
const idParam = (what: string): Record<string, Param> => ({ id: { schema: pathIdSchema, description: `the ${what}'s id` } });

const ok = (json: z.ZodType, description = "OK"): Answer => ({ json, description });
const created = (json: z.ZodType): Answer => ({ json, description: "Created" });
const list = (json: z.ZodType, description = "The page, as a JSON array"): Answer => ({
  json,
  list: true,
  description,
  headers: { "X-Total-Count": "the number of items before slicing (_start, _end)" },
});
const noContent: Answer = { description: "Done: no body" };

/** PUT /api/v1/schedules/{id}: the data object, or a whole Schedule record whose `data` holds it (react-admin). */
const scheduleUpdateBody = z.union([scheduleDataSchema, z.looseObject({ data: scheduleDataSchema })]);

/**
 * The tariff row as POST and PUT take it. The handler checks it with checkTariffBody
 * (lib/validation/tariff.ts), which maps the view's fields onto the row rule rather than parsing
 * with a zod schema of its own: these are the view's writable fields.
 */
const tariffPrices = {
  price_base: true, price_hp: true, price_hc: true, price_blue_hc: true, price_blue_hp: true,
  price_white_hc: true, price_white_hp: true, price_red_hc: true, price_red_hp: true,
} as const;
const tariffCreateBody = tariffViewSchema
  .pick({ supplier: true, option: true, subscribed_kva: true, source: true, subscription_eur_per_year: true, valid_to: true, ...tariffPrices })
  .partial({ subscription_eur_per_year: true, valid_to: true, ...tariffPrices })
  .extend({ valid_from: z.string().meta({ description: "YYYY-MM-DD" }) });
const tariffUpdateBody = tariffCreateBody.partial();

/** The callback's query as readCallbackQuery reads it (no zod schema: every parameter is optional text). */
const callbackQuery: Record<keyof CallbackQuery, Param> = {
  code: { schema: z.string(), description: "the authorization code" },
  state: { schema: z.string(), description: "the state the link carried" },
  error: { schema: z.string(), description: "the vendor's refusal (e.g. access_denied)" },
  usage_point_id: { schema: z.string(), description: "linky: the usage point ids the consent covers" },
};

const csv = { "text/csv": { schema: { type: "string" } } };

export const OPERATIONS: Operation[] = [
  // --- auth ---------------------------------------------------------------------------------
  {
    method: "POST", path: "/api/token", tag: "Auth", access: "public",
    summary: "Log in (OAuth2 password flow): an access token",
    description: "Same status, body and timing for an unknown e-mail and a wrong password. 429 after too many failures for one e-mail or from one address.",
    body: { json: loginSchema, form: true },
    responses: { 200: ok(tokenSchema) },
    errors: { 401: "Incorrect username or password", 403: "Inactive user (only after a correct password)", 429: "Too many attempts (Retry-After)" },
  },
  {
    method: "POST", path: "/api/signup", tag: "Auth", access: "public",
    summary: "Create an account: its first access token",
    body: { json: signupSchema, form: true },
    responses: { 200: ok(tokenSchema) },
    errors: { 409: "A user with this email already exists", 429: "Too many sign-ups from this address" },
  },
  {
    method: "POST", path: "/api/token/refresh", tag: "Auth", access: "user",
    summary: "A fresh token with the caller's current claims",
    responses: { 200: ok(tokenSchema) },
  },
  {
    method: "POST", path: "/api/password-recovery/{email}", tag: "Auth", access: "public",
    summary: "E-mail a password reset link",
    description: "The same answer whether or not the account exists.",
    pathParams: { email: { schema: recoveryParamsSchema.shape.email } },
    responses: { 200: ok(messageSchema) },
    errors: { 429: "Too many recoveries from this address" },
  },
  {
    method: "POST", path: "/api/reset-password", tag: "Auth", access: "public",
    summary: "Set a new password with the token of the recovery e-mail",
    description: "Also served at /api/reset-password/ (the contract's spelling).",
    body: { json: resetPasswordSchema },
    responses: { 200: ok(messageSchema) },
    errors: { 400: "Invalid or expired token" },
  },
  {
    method: "GET", path: "/api/health", tag: "Meta", access: "public",
    summary: "Liveness and database reachability",
    responses: { 200: ok(healthSchema), 503: { json: healthDownSchema, description: "The database is unreachable (Retry-After)" } },
  },
  {
    method: "GET", path: "/api/openapi.json", tag: "Meta", access: "public",
    summary: "This document (OpenAPI 3.1)",
    responses: { 200: { description: "The OpenAPI document", content: { "application/json": { schema: { type: "object" } } } } },
  },
  {
    method: "GET", path: "/api/docs", tag: "Meta", access: "public",
    summary: "This document as a browsable page (Swagger UI, served by the app itself)",
    responses: { 200: { description: "An HTML page", content: { "text/html": { schema: { type: "string" } } } } },
  },

  // --- users ---------------------------------------------------------------------------------
  { method: "GET", path: "/api/v1/users/me", tag: "Users", access: "user", summary: "The caller's profile", responses: { 200: ok(userViewSchema) } },
  {
    method: "POST", path: "/api/v1/users/me/accept_tos", tag: "Users", access: "user",
    summary: "Accept the privacy notice", responses: { 200: ok(userViewSchema) },
  },
  {
    method: "POST", path: "/api/v1/users/me/password", tag: "Users", access: "user",
    summary: "Change one's password (every earlier token stops working)",
    body: { json: passwordChangeSchema },
    responses: { 200: ok(messageSchema) },
    errors: { 400: "Incorrect password" },
  },
  {
    method: "POST", path: "/api/v1/users/me/email", tag: "Users", access: "user",
    summary: "Change one's e-mail, confirmed by the password",
    body: { json: emailChangeSchema },
    responses: { 200: ok(userViewSchema) },
    errors: { 400: "Incorrect password", 409: "A user with this email already exists", 429: "Too many password attempts" },
  },
  {
    method: "GET", path: "/api/v1/users/me/deletion", tag: "My Account", access: "user",
    summary: "What deleting the caller's account would remove (a dry run)",
    responses: { 200: ok(deletionSummarySchema) },
  },
  {
    method: "POST", path: "/api/v1/users/me/delete", tag: "My Account", access: "user",
    summary: "Delete one's own account, confirmed by the password",
    description: "Answers 204 and clears the session cookies. The last active admin cannot delete itself (403).",
    body: { json: accountDeleteSchema },
    responses: { 204: { description: "Deleted; the session cookies are cleared", headers: { "Set-Cookie": "the session cookies, expired" } } },
    errors: { 400: "Incorrect password", 403: "You are the last administrator", 429: "Too many password attempts" },
  },
  {
    method: "GET", path: "/api/v1/users/me/archives", tag: "My Account", access: "user",
    summary: "The caller's 'Download my data' archives and the day's allowance",
    responses: { 200: ok(archiveListSchema) },
  },
  {
    method: "POST", path: "/api/v1/users/me/archives", tag: "My Account", access: "user",
    summary: "Prepare a new archive (202), or the one being prepared (200)",
    responses: { 200: ok(archiveViewSchema, "An archive is being prepared already: that one"), 202: { json: archiveViewSchema, description: "Accepted: the archive is prepared in the background" } },
    errors: { 429: "The day's allowance is spent (Retry-After)" },
  },
  {
    method: "GET", path: "/api/v1/users/me/archives/{id}", tag: "My Account", access: "user",
    summary: "One archive and its progress",
    pathParams: { id: { schema: z.uuid(), description: "the archive's id" } },
    responses: { 200: ok(archiveViewSchema) },
    errors: { 404: "Archive not found" },
  },
  {
    method: "DELETE", path: "/api/v1/users/me/archives/{id}", tag: "My Account", access: "user",
    summary: "Delete an archive and its file",
    pathParams: { id: { schema: z.uuid(), description: "the archive's id" } },
    responses: { 204: noContent },
    errors: { 404: "Archive not found" },
  },
  {
    method: "GET", path: "/api/v1/users/me/archives/{id}/download", tag: "My Account", access: "user",
    summary: "The archive's ZIP, streamed",
    pathParams: { id: { schema: z.uuid(), description: "the archive's id" } },
    responses: { 200: { description: "The ZIP", content: { "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } } }, headers: { "Content-Disposition": "attachment; filename=..." } } },
    errors: { 404: "Archive not found (or expired)", 409: "Still being prepared, or failed" },
  },
  {
    method: "GET", path: "/api/v1/users", tag: "Users", access: "user",
    summary: "Users: every user for an admin, a list holding only the caller otherwise",
    query: { sortable: USER_SORTABLE, filters: userListFilters },
    responses: { 200: list(userViewSchema) },
  },
  {
    method: "POST", path: "/api/v1/users", tag: "Users", access: "admin",
    summary: "Create a user", body: { json: userCreateSchema },
    responses: { 201: created(userViewSchema) },
    errors: { 409: "A user with this email already exists" },
  },
  {
    method: "GET", path: "/api/v1/users/{id}", tag: "Users", access: "user",
    summary: "A user: oneself, or anyone for an admin", pathParams: idParam("user"),
    responses: { 200: ok(userViewSchema) },
  },
  {
    method: "PUT", path: "/api/v1/users/{id}", tag: "Users", access: "user",
    summary: "Change a user: names only for oneself, everything for an admin",
    pathParams: idParam("user"), body: { json: userUpdateSchema },
    responses: { 200: ok(userViewSchema) },
    errors: { 403: "You may change only your first and last name", 409: "A user with this email already exists" },
  },
  {
    method: "DELETE", path: "/api/v1/users/{id}", tag: "Users", access: "admin",
    summary: "Remove a user and everything they own", pathParams: idParam("user"),
    responses: { 204: noContent },
    errors: { 403: "You cannot delete your own account" },
  },

  // --- schedules -------------------------------------------------------------------------------
  {
    method: "GET", path: "/api/v1/schedules", tag: "Schedules", access: "user",
    summary: "Own schedules (admin: all, filter user_id)",
    query: { sortable: SCHEDULE_SORTABLE, filters: scheduleListFilters },
    responses: { 200: list(scheduleViewSchema) },
  },
  {
    method: "POST", path: "/api/v1/schedules/manual_weekahead", tag: "Schedules", access: "user",
    summary: "A new schedule from its data object",
    description: "A month in two parts is refused with detail 'Months are not allowed to overlap between schedules'.",
    body: { json: scheduleDataSchema },
    responses: { 201: created(scheduleViewSchema) },
  },
  {
    method: "GET", path: "/api/v1/schedules/{id}", tag: "Schedules", access: "user",
    summary: "A schedule", pathParams: idParam("schedule"), responses: { 200: ok(scheduleViewSchema) },
  },
  {
    method: "PUT", path: "/api/v1/schedules/{id}", tag: "Schedules", access: "user",
    summary: "Change a schedule: the data object, or a whole record whose data holds it",
    pathParams: idParam("schedule"), body: { json: scheduleUpdateBody },
    responses: { 200: ok(scheduleViewSchema) },
  },
  {
    method: "DELETE", path: "/api/v1/schedules/{id}", tag: "Schedules", access: "user",
    summary: "Delete a schedule", pathParams: idParam("schedule"), responses: { 204: noContent },
  },

  // --- devices -------------------------------------------------------------------------------
  {
    method: "GET", path: "/api/v1/device_info", tag: "Devices", access: "user",
    summary: "Own devices with their measurements (admin: all)",
    description: "Also served at /api/v1/device_info/.",
    query: { sortable: DEVICE_SORTABLE, filters: deviceInfoListFilters },
    responses: { 200: list(deviceInfoViewSchema) },
  },
  {
    method: "POST", path: "/api/v1/device_info", tag: "Devices", access: "user",
    summary: "Register a device",
    body: { json: deviceInfoCreateSchema },
    responses: { 201: created(deviceInfoViewSchema) },
    errors: { 403: "A non-admin named another owner", 409: "This device id exists already for this owner" },
  },
  {
    method: "GET", path: "/api/v1/device_info/{id}", tag: "Devices", access: "user",
    summary: "A device with its measurements", pathParams: idParam("device"), responses: { 200: ok(deviceInfoViewSchema) },
  },
  {
    method: "PUT", path: "/api/v1/device_info/{id}", tag: "Devices", access: "user",
    summary: "Change a device (left-out fields stay)", pathParams: idParam("device"),
    body: { json: deviceInfoUpdateSchema },
    responses: { 200: ok(deviceInfoViewSchema) },
    errors: { 403: "A non-admin named another owner", 409: "This device id exists already for this owner" },
  },
  {
    method: "DELETE", path: "/api/v1/device_info/{id}", tag: "Devices", access: "user",
    summary: "Remove a device and its measurements", pathParams: idParam("device"), responses: { 204: noContent },
  },
  {
    method: "POST", path: "/api/v1/device_measurement_metadata", tag: "Devices", access: "user",
    summary: "Add a measurement to a device (within its limit)",
    body: { json: measurementCreateSchema },
    responses: { 201: created(measurementViewSchema) },
    errors: { 409: "The device has its maximum of measurements, or one of this name" },
  },
  {
    method: "GET", path: "/api/v1/device_measurement_metadata/{id}", tag: "Devices", access: "user",
    summary: "A measurement", pathParams: idParam("measurement"), responses: { 200: ok(measurementViewSchema) },
  },
  {
    method: "PUT", path: "/api/v1/device_measurement_metadata/{id}", tag: "Devices", access: "user",
    summary: "Change any field of a measurement but its name", pathParams: idParam("measurement"),
    body: { json: measurementUpdateSchema },
    responses: { 200: ok(measurementViewSchema) },
  },
  {
    method: "DELETE", path: "/api/v1/device_measurement_metadata/{id}", tag: "Devices", access: "user",
    summary: "Remove a measurement", pathParams: idParam("measurement"), responses: { 204: noContent },
  },
  {
    method: "GET", path: "/api/v1/user_devices", tag: "Devices", access: "user",
    summary: "Own devices as cards with channels (admin: all)",
    query: { sortable: DEVICE_SORTABLE, filters: deviceInfoListFilters },
    responses: { 200: list(userDeviceViewSchema) },
  },
  {
    method: "POST", path: "/api/v1/user_devices", tag: "Devices", access: "user",
    summary: "A device with its channels", body: { json: userDeviceSchema },
    responses: { 201: created(userDeviceViewSchema) },
    errors: { 409: "Over the measurement limit, or a device id that exists already" },
  },
  {
    method: "GET", path: "/api/v1/user_devices/{id}", tag: "Devices", access: "user",
    summary: "A device card", pathParams: idParam("device"), responses: { 200: ok(userDeviceViewSchema) },
  },
  {
    method: "PUT", path: "/api/v1/user_devices/{id}", tag: "Devices", access: "user",
    summary: "The whole device: its channel list replaces the measurements", pathParams: idParam("device"),
    body: { json: userDeviceSchema },
    responses: { 200: ok(userDeviceViewSchema) },
    errors: { 409: "Over the measurement limit, or a device id that exists already" },
  },
  {
    method: "DELETE", path: "/api/v1/user_devices/{id}", tag: "Devices", access: "user",
    summary: "Remove a device", pathParams: idParam("device"), responses: { 204: noContent },
  },
  {
    method: "GET", path: "/api/v1/devices", tag: "Devices", access: "admin",
    summary: "Every device, the back-office's view",
    query: { sortable: ADMIN_DEVICE_SORTABLE, filters: adminDeviceListFilters },
    responses: { 200: list(adminDeviceViewSchema) },
  },
  {
    method: "GET", path: "/api/v1/devices/{id}", tag: "Devices", access: "admin",
    summary: "A device, the back-office's view", pathParams: idParam("device"), responses: { 200: ok(adminDeviceViewSchema) },
  },
  {
    method: "PUT", path: "/api/v1/devices/{id}", tag: "Devices", access: "admin",
    summary: "Change a device (a left-out location_id keeps its location)", pathParams: idParam("device"),
    body: { json: adminDeviceUpdateSchema },
    responses: { 200: ok(adminDeviceViewSchema) },
    errors: { 409: "This device id exists already for this owner" },
  },
  {
    method: "DELETE", path: "/api/v1/devices/{id}", tag: "Devices", access: "admin",
    summary: "Remove a device", pathParams: idParam("device"), responses: { 204: noContent },
  },

  // --- locations -----------------------------------------------------------------------------
  {
    method: "GET", path: "/api/v1/locations", tag: "Locations", access: "user",
    summary: "Own locations with their devices (admin: all)",
    query: { sortable: LOCATION_SORTABLE, filters: locationListFilters },
    responses: { 200: list(locationViewSchema) },
  },
  {
    method: "POST", path: "/api/v1/locations", tag: "Locations", access: "user",
    summary: "Add a location", body: { json: locationSchema },
    responses: { 201: created(locationViewSchema) },
  },
  {
    method: "GET", path: "/api/v1/locations/my", tag: "Locations", access: "user",
    summary: "The caller's own locations, also for an admin",
    query: { sortable: LOCATION_SORTABLE, filters: locationListFilters },
    responses: { 200: list(locationViewSchema) },
  },
  {
    method: "GET", path: "/api/v1/locations/{id}", tag: "Locations", access: "user",
    summary: "A location with its devices", pathParams: idParam("location"), responses: { 200: ok(locationViewSchema) },
  },
  {
    method: "PUT", path: "/api/v1/locations/{id}", tag: "Locations", access: "user",
    summary: "Change a location (the whole object)", pathParams: idParam("location"),
    body: { json: locationSchema },
    responses: { 200: ok(locationViewSchema) },
  },
  {
    method: "DELETE", path: "/api/v1/locations/{id}", tag: "Locations", access: "user",
    summary: "Delete a location; its devices stay, with no location", pathParams: idParam("location"), responses: { 204: noContent },
  },
  {
    method: "GET", path: "/api/v1/locations1", tag: "Locations", access: "user",
    summary: "The same as GET /api/v1/locations (Variant A's path)",
    query: { sortable: LOCATION_SORTABLE, filters: locationListFilters },
    responses: { 200: list(locationViewSchema) },
  },
  {
    method: "GET", path: "/api/v1/locations1/{id}", tag: "Locations", access: "user",
    summary: "The same as GET /api/v1/locations/{id} (Variant A's path)", pathParams: idParam("location"),
    responses: { 200: ok(locationViewSchema) },
  },

  // --- integrations ----------------------------------------------------------------------------
  {
    method: "GET", path: "/api/integrations", tag: "Integrations", access: "user",
    summary: "The caller's own integrations (never their tokens)", responses: { 200: ok(integrationListSchema) },
  },
  {
    method: "GET", path: "/api/legrand/my-integrations", tag: "Integrations", access: "user",
    summary: "All of the caller's integrations, as a bare array",
    responses: { 200: { json: integrationViewSchema, list: true, description: "The integrations" } },
  },
  {
    method: "GET", path: "/api/integrations/{vendor}/link", tag: "Integrations", access: "user",
    summary: "The vendor's consent URL",
    description: "With a state bound to the caller (valid 10 minutes) and, through an httpOnly cookie set here, to this browser.",
    pathParams: { vendor: { schema: integrationNameSchema } },
    responses: { 200: { json: consentLinkSchema, description: "OK", headers: { "Set-Cookie": "the browser binding of the state" } } },
    errors: { 404: "Unknown vendor" },
  },
  {
    method: "GET", path: "/api/integrations/{vendor}/callback", tag: "Integrations", access: "public",
    summary: "The vendor's redirect back: stores the integration, then redirects",
    description: "Every answer is a redirect: to /?created=true or /?updated=true, or to /integrations?error=... (a bad or expired state stores nothing).",
    pathParams: { vendor: { schema: integrationNameSchema } },
    queryParams: callbackQuery,
    responses: { 302: { description: "To the app's page", headers: { Location: "/?created=true, /?updated=true or /integrations?error=..." } } },
    errors: { 404: "Unknown vendor" },
  },
  {
    method: "DELETE", path: "/api/integrations/{id}", tag: "Integrations", access: "user",
    summary: "Unlink: forget (and revoke where the vendor allows) the tokens",
    pathParams: idParam("integration"), query: unlinkQuerySchema,
    responses: { 204: noContent },
  },
  {
    method: "GET", path: "/api/integrations/linky/my/{meter}/consumption", tag: "Integrations", access: "user",
    summary: "A Linky meter's 30-minute consumption curve (last 7 days, or ?start=&end=)",
    pathParams: { meter: { schema: z.string(), description: "a usage point id of the caller's Linky integration" } },
    query: linkyCurveQuerySchema,
    responses: { 200: ok(linkyCurveSchema), 502: { json: vendorErrorSchema, description: "The vendor answered with an error" } },
    errors: { 404: "No Linky integration, or a meter not in it", 409: "The Linky account must be linked again" },
  },
  {
    method: "GET", path: "/api/integrations/linky/my/{meter}/production", tag: "Integrations", access: "user",
    summary: "A Linky meter's 30-minute production curve (last 7 days, or ?start=&end=)",
    pathParams: { meter: { schema: z.string(), description: "a usage point id of the caller's Linky integration" } },
    query: linkyCurveQuerySchema,
    responses: { 200: ok(linkyCurveSchema), 502: { json: vendorErrorSchema, description: "The vendor answered with an error" } },
    errors: { 404: "No Linky integration, or a meter not in it", 409: "The Linky account must be linked again" },
  },
  {
    method: "GET", path: "/api/integrations/netatmo/my/homesdata", tag: "Integrations", access: "user",
    summary: "The caller's homes from Netatmo Connect",
    responses: { 200: ok(netatmoHomesSchema), 502: { json: vendorErrorSchema, description: "The vendor answered with an error" } },
    errors: { 404: "No Netatmo integration", 409: "The Netatmo account must be linked again" },
  },
  {
    method: "GET", path: "/api/legrand/get_plants/hc", tag: "Integrations", access: "user",
    summary: "The caller's plants from Legrand Home + Control",
    responses: { 200: ok(legrandPlantsSchema), 502: { json: vendorErrorSchema, description: "The vendor answered with an error" } },
    errors: { 404: "No Legrand integration", 409: "The Legrand account must be linked again" },
  },

  // --- meters and My Energy ----------------------------------------------------------------------
  {
    method: "GET", path: "/api/v1/meters", tag: "Meters", access: "user",
    summary: "The caller's Linky meters with their history sync progress",
    responses: { 200: { json: meterViewSchema, list: true, description: "The meters" } },
  },
  {
    method: "GET", path: "/api/v1/meters/{id}", tag: "Meters", access: "user",
    summary: "A meter and its sync progress", pathParams: idParam("meter"), responses: { 200: ok(meterViewSchema) },
  },
  {
    method: "PATCH", path: "/api/v1/meters/{id}", tag: "Meters", access: "user",
    summary: "The household's tariff option, subscribed power and off-peak hours (null: back to the contract's)",
    pathParams: idParam("meter"), body: { json: meterTariffSchema },
    responses: { 200: ok(meterViewSchema) },
  },
  {
    method: "POST", path: "/api/v1/meters/{id}/sync", tag: "Meters", access: "user",
    summary: "Sync now: a catch-up queued (never a second parallel sync)", pathParams: idParam("meter"),
    responses: { 202: { json: meterViewSchema, description: "Accepted" } },
    errors: { 409: "The meter must be linked again to sync" },
  },
  {
    method: "GET", path: "/api/v1/meters/{id}/energy", tag: "Meters", access: "user",
    summary: "The meter's kWh, €, max power and CO2 over a period, in buckets",
    pathParams: idParam("meter"), query: energyQuerySchema("2000-01-01"),
    responses: { 200: ok(energyAnswerSchema) },
  },
  {
    method: "GET", path: "/api/v1/meters/{id}/tariff-comparison", tag: "Meters", access: "user",
    summary: "The last 12 full months priced under Base, HP/HC and Tempo", pathParams: idParam("meter"),
    responses: { 200: ok(tariffComparisonSchema) },
  },
  {
    method: "GET", path: "/api/v1/meters/{id}/export", tag: "Meters", access: "user",
    summary: "The meter's 30-minute readings as a file (CSV or XML modelled on IEC 62746-4), streamed",
    pathParams: idParam("meter"), query: exportQuerySchema,
    responses: {
      200: {
        description: "The file, as an attachment",
        content: { "text/csv": { schema: { type: "string" } }, "application/xml": { schema: { type: "string" } } },
        headers: { "Content-Disposition": "attachment; filename=..." },
      },
    },
    errors: { 429: "Too many exports this hour (Retry-After)" },
  },
  {
    method: "POST", path: "/api/v1/meters/import/preview", tag: "Meters", access: "user",
    summary: "What importing an Enedis customer-area CSV would do (writes nothing)",
    queryParams: { meter_id: { schema: z.int().min(1), description: "the meter to import into (default: the file's usage point)" } },
    body: { content: csv, description: "the CSV file itself (at most 20 MB)" },
    responses: { 200: ok(importPreviewSchema) },
    errors: { 413: "The file is over 20 MB", 415: "Not a CSV body (a form or JSON)", 429: "Too many previews this hour (Retry-After)" },
  },
  {
    method: "POST", path: "/api/v1/meters/import", tag: "Meters", access: "user",
    summary: "Import an Enedis customer-area CSV (one transaction; bad lines write nothing unless skip_bad_lines=true)",
    queryParams: {
      meter_id: { schema: z.int().min(1), description: "the meter to import into (default: the file's usage point)" },
      skip_bad_lines: { schema: z.enum(["true", "false"]), description: "import the good lines of a file with bad ones" },
    },
    body: { content: csv, description: "the CSV file itself (at most 20 MB)" },
    responses: { 200: ok(importResultSchema) },
    errors: { 413: "The file is over 20 MB", 415: "Not a CSV body (a form or JSON)", 429: "Too many imports this hour (Retry-After)" },
  },
  {
    method: "GET", path: "/api/v1/energy/summary", tag: "Meters", access: "user",
    summary: "Home's summary of each of the caller's meters", responses: { 200: ok(energySummarySchema) },
  },

  // --- tariffs -------------------------------------------------------------------------------
  {
    method: "GET", path: "/api/v1/tariffs", tag: "Tariffs", access: "admin",
    summary: "Tariff rows (filters option, subscribed_kva or kva, supplier, in_force)",
    query: { sortable: TARIFF_SORTABLE, filters: tariffListFilters },
    responses: { 200: list(tariffViewSchema) },
  },
  {
    method: "POST", path: "/api/v1/tariffs", tag: "Tariffs", access: "admin",
    summary: "A new row; an open older row of the same supplier, option and kVA ends at its valid_from",
    body: { json: tariffCreateBody },
    responses: { 201: created(tariffViewSchema) },
    errors: { 409: "A row of this supplier, option and kVA starts that day already" },
  },
  {
    method: "GET", path: "/api/v1/tariffs/{id}", tag: "Tariffs", access: "admin",
    summary: "A tariff row", pathParams: idParam("tariff"), responses: { 200: ok(tariffViewSchema) },
  },
  {
    method: "PUT", path: "/api/v1/tariffs/{id}", tag: "Tariffs", access: "admin",
    summary: "The fields sent replace the stored ones, then the whole row is checked", pathParams: idParam("tariff"),
    body: { json: tariffUpdateBody },
    responses: { 200: ok(tariffViewSchema) },
    errors: { 409: "A row of this supplier, option and kVA starts that day already" },
  },
  {
    method: "DELETE", path: "/api/v1/tariffs/{id}", tag: "Tariffs", access: "admin",
    summary: "Delete a row (deleting the row in force re-opens the row it had closed)", pathParams: idParam("tariff"),
    responses: { 204: noContent },
  },

  // --- dashboards ----------------------------------------------------------------------------
  {
    method: "GET", path: "/api/v1/dashboards", tag: "Dashboards", access: "user",
    summary: "The dashboard service's dashboards tagged production",
    responses: { 200: list(dashboardSchema, "The dashboards, in the service's order") },
    errors: { 502: "Failed to get grafana dashboards", 503: "Dashboards have not been enabled yet" },
  },
];

/** Route files under app/api that the document leaves out on purpose, with the reason (route path as scripts/lib/api-routes.mjs writes it). */
export const UNDOCUMENTED: Record<string, string> = {
  "/api/[...path]": "the catch-all: any /api path the contract does not have answers a JSON 404",
  "/api/auth/[...nextauth]": "next-auth's own endpoints (sign-in, sign-out, session, CSRF) for the app's pages; clients use POST /api/token",
  "/api/sandbox/[vendor]/[...path]": "the bundled vendor sandbox, which follows each vendor's own documented API",
  "/api/docs/[file]": "the static files of the reference page (Swagger UI's script and style)",
  "/api/bench/ceiling/[name]": "npm run bench:api's ceiling (fixed bytes, no work); a 404 unless the benchmark's server sets FOYER_BENCH=1",
};
