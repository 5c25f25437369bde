// The message catalogs: one JSON file per part of the app and language (messages/<locale>/<part>.json,
// a page sending the client only the parts it shows: components/i18n/messages.tsx),
// English first. English holds the specification's texts exactly; French holds every key of English
// with the same placeholders (tests/unit/i18n-catalogs.test.ts), and a key French lacks would read
// in English rather than as its key.
import type { Locale } from "@/lib/shared/locale.mjs";
import enAccount from "@/messages/en/account.json";
import enAdmin from "@/messages/en/admin.json";
import enAuth from "@/messages/en/auth.json";
import enCommon from "@/messages/en/common.json";
import enDashboards from "@/messages/en/dashboards.json";
import enDevices from "@/messages/en/devices.json";
import enEnergy from "@/messages/en/energy.json";
import enErrors from "@/messages/en/errors.json";
import enHome from "@/messages/en/home.json";
import enIntegrations from "@/messages/en/integrations.json";
import enLanding from "@/messages/en/landing.json";
import enLocations from "@/messages/en/locations.json";
import enSchedules from "@/messages/en/schedules.json";
import enFlex from "@/messages/en/flex.json";
import frAccount from "@/messages/fr/account.json";
import frAdmin from "@/messages/fr/admin.json";
import frAuth from "@/messages/fr/auth.json";
import frCommon from "@/messages/fr/common.json";
import frDashboards from "@/messages/fr/dashboards.json";
import frDevices from "@/messages/fr/devices.json";
import frEnergy from "@/messages/fr/energy.json";
import frErrors from "@/messages/fr/errors.json";
import frHome from "@/messages/fr/home.json";
import frIntegrations from "@/messages/fr/integrations.json";
import frLanding from "@/messages/fr/landing.json";
import frLocations from "@/messages/fr/locations.json";
import frSchedules from "@/messages/fr/schedules.json";
import frFlex from "@/messages/fr/flex.json";


const EN = {
  common: enCommon,
  account: enAccount,
  auth: enAuth,
  landing: enLanding,
  home: enHome,
  energy: enEnergy,
  dashboards: enDashboards,
  integrations: enIntegrations,
  devices: enDevices,
  locations: enLocations,
  schedules: enSchedules,
  flex: enFlex,
  admin: enAdmin,
  errors: enErrors,
};

const FR: Catalog = {
  common: frCommon,
  account: frAccount,
  auth: frAuth,
  landing: frLanding,
  home: frHome,
  energy: frEnergy,
  dashboards: frDashboards,
  integrations: frIntegrations,
  devices: frDevices,
  locations: frLocations,
  schedules: frSchedules,
  flex: frFlex,
  admin: frAdmin,
  errors: frErrors,
};

export type Catalog = typeof EN;
export type Namespace = keyof Catalog;

/** A message: its ICU text, or, in the build, that text compiled ahead of time (an array: lib/i18n/icu-catalog.mjs). */
type Message = string | unknown[];
export type Tree = { [key: string]: Message | Tree };
const isMessage = (node: Message | Tree | undefined): node is Message => typeof node === "string" || Array.isArray(node);

/** `over` laid on `base`: every key of `base`, `over`'s message where it has one. */
export function overlay(base: Tree, over: Tree | undefined): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(base)) {
    const o = over?.[key];
    out[key] = isMessage(value) ? (isMessage(o) ? o : value) : overlay(value, o && !isMessage(o) ? o : undefined);
  }
  return out;
}

export const CATALOGS: Record<Locale, Catalog> = {
  en: EN,
  fr: overlay(EN as unknown as Tree, FR as unknown as Tree) as unknown as Catalog,
};

/** The raw catalogs, as written (for the catalogs' test). */
export const RAW_CATALOGS = { en: EN, fr: FR } as const;

/** A namespace of the catalog, or one group of its messages (`"energy.summary"`). */
export type Part = Namespace | { [K in Namespace]: `${K}.${Extract<keyof Catalog[K], string>}` }[Namespace];

/**
 * Some parts of a language's catalog, for the client (a page sends only the parts it shows): whole
 * namespaces, or groups of one (`"energy.summary"`, under `energy` with that group alone). Every
 * message travels in the page's HTML and its React payload: Home sent all of My Energy's (11 KB)
 * for its summary and sync panels (docs/performance.md, "Home's energy summary").
 */
export function pickMessages(locale: Locale, parts: readonly Part[]): Partial<Catalog> {
  const catalog = CATALOGS[locale] as unknown as Record<string, Tree>;
  const out: Record<string, Tree> = {};
  for (const part of parts) {
    const dot = part.indexOf(".");
    if (dot < 0) {
      out[part] = catalog[part];
      continue;
    }
    const ns = part.slice(0, dot);
    if (out[ns] === catalog[ns]) continue; // the whole namespace is there
    out[ns] = { ...out[ns], [part.slice(dot + 1)]: catalog[ns][part.slice(dot + 1)] };
  }
  return out as Partial<Catalog>;
}

declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Catalog;
  }
}
