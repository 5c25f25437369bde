// The API's English texts a household may read (the `detail` of an error body, a field's message
// from a shared schema in lib/validation, the client's own few), each with its message in the
// `errors` part of the catalog (messages/<locale>/errors.json), whose English is the same text.
// The API answers in English, its contract; a page in another language shows these in its own
// (useApiText, components/i18n/api-texts.tsx). Any other text is shown as it came.
//
// A text with variable parts is written with {placeholders}, as in its catalog message: each
// stands for any text, one named twice for the same text twice; a {reason} is itself one of these
// texts, shown in the page's language in turn. tests/unit/api-texts.test.ts checks that each
// entry is its catalog message in English, a text the code says, and in French.
//
// Server only: the table travels to the browser with the French page's messages (ApiTexts),
// never in a JavaScript bundle, so English pages carry none of it.
import type enErrors from "@/messages/en/errors.json";

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
/** A message of the `errors` part: "auth.incorrectLogin". */
export type ErrorKey = Paths<typeof enErrors>;

export const API_TEXTS = {
  // anything, anywhere
  "Something went wrong, please try again.": "generic.failed",
  "The server could not be reached. Check your connection and try again.": "generic.unreachable",
  "Request failed ({status})": "generic.requestFailed",
  "Internal server error": "generic.internal",
  "Could not validate credentials": "generic.credentials",
  "Not enough permissions": "generic.permissions",
  "The user doesn't have enough privileges": "generic.privileges",
  "Cross-site request refused": "generic.crossSite",
  "Not Found": "generic.notFound",
  "Method Not Allowed": "generic.methodNotAllowed",
  "Item not found": "generic.itemNotFound",
  "This item already exists": "generic.itemExists",
  "A referenced item does not exist": "generic.referenceMissing",
  "Invalid input": "generic.invalidInput",
  "The database is temporarily unavailable, please try again shortly": "generic.databaseUnavailable",
  "The service is temporarily unavailable, please try again shortly": "generic.serviceUnavailable",
  "The service is unavailable, try again in a moment": "generic.serviceDown",
  "The server is busy, please try again shortly": "generic.busy",
  "Too many attempts, please try again later": "generic.tooManyAttempts",
  "The request body is too large (at most 1 MB)": "generic.tooLarge",
  "Text must not contain the NUL character": "generic.nul",
  "Text must not contain an unpaired UTF-16 surrogate": "generic.surrogate",
  "Device not found": "notFound.device",
  "Measurement not found": "notFound.measurement",
  "Location not found": "notFound.location",
  "Schedule not found": "notFound.schedule",
  "Integration not found": "notFound.integration",
  "Integration vendor not found": "notFound.vendor",
  "Meter not found": "notFound.meter",
  "User not found": "notFound.user",
  "Archive not found": "notFound.archive",

  // logging in, signing up, a forgotten password (lib/services/auth, lib/validation/auth, lib/auth)
  "Incorrect username or password": "auth.incorrectLogin",
  "Inactive user": "auth.inactive",
  "Foyer is temporarily unavailable, please try again in a moment": "auth.unavailable",
  "Too many sign-ins at once, please try again in a moment": "auth.tooManySignIns",
  "Email or password was not provided": "auth.loginMissing",
  "Email was not provided": "auth.emailMissing",
  "Enter a valid e-mail address": "auth.emailInvalid",
  "The e-mail address is too long": "auth.emailTooLong",
  "Password was not provided": "auth.passwordMissing",
  "Password must be at least 8 characters": "auth.passwordTooShort",
  "Password must be at most 72 bytes": "auth.passwordTooLong",
  "Password must be at most 1024 characters": "auth.checkedPasswordTooLong",
  "Password confirmation was not provided": "auth.confirmMissing",
  "Passwords do not match": "auth.mismatch",
  "Current password was not provided": "auth.currentMissing",
  "Token was not provided": "auth.tokenMissing",
  "Invalid or expired token": "auth.tokenInvalid",
  "Incorrect password": "auth.incorrectPassword",
  "A user with this email already exists": "auth.userExists",
  "If an account exists for this e-mail, a password recovery e-mail has been sent": "auth.recoverySent",

  // My Account (lib/validation/user, lib/services/users, archives, exports, imports)
  "First name must be at most 100 characters": "account.firstNameTooLong",
  "Last name must be at most 100 characters": "account.lastNameTooLong",
  "You may change only your first and last name": "account.onlyNames",
  "You are the last administrator: make another user an administrator before deleting this account": "account.lastAdmin",
  "You cannot delete your own account": "account.ownAccount",
  "You can download your data {count} times a day: please try again later": "data.archivesPerDay",
  "Your data is still being prepared": "data.archiveNotReady",
  "This download could not be prepared: please ask for a new one": "data.archiveFailed",
  "No readings to export": "data.noReadings",
  "The export's start must be before its end": "data.exportOrder",
  "No line of the file holds a reading: nothing to import": "data.nothingToImport",
  "This file is for meter {file}, not for meter {meter}": "data.otherMeter",

  // an Enedis file that cannot be imported, and the lines of one that are left out (lib/energy/import/enedis-csv)
  "Line {line}: {reason}": "file.line",
  "The file holds binary data, not text (CSV)": "file.binary",
  "The file is empty": "file.empty",
  "Not an Enedis customer-area export: no header block": "file.notEnedis",
  "The file holds no reading: every value is empty": "file.noReadingEmpty",
  "The file holds no reading (only its header)": "file.noReadingHeader",
  'The file ends before "Horodate;Valeur": it holds no reading': "file.endsEarly",
  '"Horodate;Valeur" without the header block before it ("Identifiant PRM;Type de donnees;…"): not an Enedis customer-area export': "file.noHeaderBlock",
  "A second header block: the file holds more than one series; import one load curve per file": "file.secondHeader",
  'This file holds "{type}", not a load curve ("Courbe de charge"): download the load curve (consumption by half hour) from the Enedis customer area': "file.notLoadCurve",
  "The file's step is {minutes} minutes: Foyer imports 30-minute load curves only (Linky's default step, the one the Enedis API gives)": "file.step",
  '"{value}" is not a number of watts': "file.notWatts",
  "{stamp} is in the future": "file.future",
  "{stamp} is not the end of a half hour": "file.notHalfHour",
  '"{stamp}" is not a date and time (expected 2026-01-05T00:30:00+01:00)': "file.notDate",
  "a negative power ({value} W): the load curve has none": "file.negative",
  "{value} W is not a household's power": "file.notHousehold",
  "the same interval as line {line} with another value ({watts} W there)": "file.sameInterval",
  'expected {count} fields separated by ";", found {found}': "file.fields",
  'expected "Horodate;Valeur", found {found} fields': "file.horodate",

  // devices and their measurements (lib/validation/device, lib/services/devices, lib/services/access)
  "Device ID is required": "devices.idRequired",
  "Device ID is required fill": "devices.idRequiredFill",
  "Device ID must be at most 100 characters": "devices.idTooLong",
  "device_type required": "devices.typeRequired",
  "location required": "devices.locationRequired",
  "Source required": "devices.sourceRequired",
  "Integration is required fill": "devices.integrationRequired",
  "Channel name required": "devices.channelNameRequired",
  "Channel name must be at most 100 characters": "devices.channelNameTooLong",
  "Channel classification required": "devices.classificationRequired",
  "Channel names must be unique within a device": "devices.channelNamesUnique",
  "Name is required": "devices.nameRequired",
  "Name must be at most 100 characters": "devices.nameTooLong",
  "Device is required": "devices.deviceRequired",
  "Display name must be at most 100 characters": "devices.displayNameTooLong",
  "Unit must be at most 20 characters": "devices.unitTooLong",
  "Database measurement prefix must be at most 100 characters": "devices.dbPrefixTooLong",
  "Prefix must be at most 100 characters": "devices.prefixTooLong",
  "Suffix must be at most 100 characters": "devices.suffixTooLong",
  "MQTT host must be at most 255 characters": "devices.mqttHostTooLong",
  "A topic prefix is 1 to 128 characters, without + or #, and does not start or end with / (nor start with $)": "devices.prefixRule",
  "Another device already publishes under this topic prefix (or one that contains it): choose another": "devices.prefixTaken",
  "A device with this Device ID already exists": "devices.deviceExists",
  "A measurement with this name already exists on this device": "devices.measurementExists",
  "This device already has its maximum of 1 measurement": "devices.limitOne",
  "This device already has its maximum of {limit} measurements": "devices.limit",
  "The name of a measurement cannot change": "devices.nameFixed",
  "This device does not exist": "devices.noDevice",
  "This location does not exist or does not belong to the device's owner": "devices.locationNotOwners",
  "This integration does not exist or does not belong to the device's owner": "devices.integrationNotOwners",
  "You can only create or move objects for yourself": "devices.onlyYourself",
  "This user does not exist": "devices.noUser",

  // locations (lib/validation/location, lib/services/locations)
  "Location name is required": "locations.nameRequired",
  "Location name must be at most 100 characters": "locations.nameTooLong",
  "Country is required": "locations.countryRequired",
  "Latitude is required": "locations.latRequired",
  "Latitude must be a number": "locations.latNumber",
  "Latitude allows at most 8 decimals": "locations.latDecimals",
  "Latitude must be between -90 and 90": "locations.latRange",
  "Longitude is required": "locations.lonRequired",
  "Longitude must be a number": "locations.lonNumber",
  "Longitude allows at most 8 decimals": "locations.lonDecimals",
  "Longitude must be between -180 and 180": "locations.lonRange",
  "A location with devices cannot change owner": "locations.ownerChange",

  // schedules (lib/validation/schedule; the editor words its fields' own refusals itself)
  "Months are not allowed to overlap between schedules": "schedules.overlap",
  "Overlapping months: {months}": "schedules.overlapping",

  // My Energy's tariff settings (lib/validation/offpeak, lib/validation/energy)
  "Off-peak times must be on the half hour (HH:00 or HH:30)": "energy.halfHour",
  "An off-peak range must not be empty (from equal to to)": "energy.emptyRange",
  "Off-peak ranges must not overlap": "energy.rangesOverlap",
  "At most 3 off-peak ranges": "energy.tooManyRanges",

  // linked accounts and their meters (lib/services/integrations, lib/services/meters, lib/swr/use-integrations)
  "The {vendor} account must be linked again: the vendor no longer accepts our access": "integrations.relink",
  "The {vendor} service answered with an error": "integrations.vendorError",
  "You have no {vendor} integration: link your {vendor} account first": "integrations.noIntegration",
  "The vendor took too long to answer. Please try again.": "integrations.slow",
  "This meter is no longer linked: link Linky again to sync it": "integrations.meterUnlinked",
  "Link Linky again to sync this meter: Enedis no longer accepts our access": "integrations.meterRelink",

  // My Energy's dashboards (lib/services/dashboards)
  "Dashboards have not been enabled yet": "dashboards.disabled",
  "Failed to get grafana dashboards": "dashboards.failed",

  // community events (lib/services/flex/events.ts)
  "This event has started: choices closed when it began": "flex.started",
  "This event is cancelled": "flex.cancelled",
  "Link your Linky meter to take part: the event is measured on it": "flex.noMeter",
} as const satisfies Record<string, ErrorKey>;
