// The API's English texts in the page's language (docs/i18n.md, "The API's texts"): the table of
// lib/i18n/api-texts.ts and the `errors` part of the catalog agree, each text of the table is one
// the code says (and each the household's forms can show is in the table), and the matcher, the
// translator and the client's hooks say them in French on a French page, as they came in English.
import fs from "node:fs";
import path from "node:path";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createTranslator } from "use-intl";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { API_TEXTS } from "@/lib/i18n/api-texts";
import { apiTextMatcher, translateApiText, type ErrorTranslator } from "@/lib/i18n/api-text";
import { CATALOGS, RAW_CATALOGS, type Catalog } from "@/lib/i18n/messages";
import { ApiTextsProvider, useApiText, useErrorMessage } from "@/components/i18n/api-texts";
import { I18nProvider } from "@/components/i18n/intl-provider";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { errorMessage, FetchError, UNREACHABLE } from "@/lib/swr/fetcher";
import { forbidden, notFound, unauthenticated, unavailable } from "@/lib/errors";
import { measurementLimitMessage } from "@/lib/devices/rules";
import { OVERLAP_DETAIL } from "@/lib/schedules/rules";
import { parseEnedisCsv } from "@/lib/energy/import/enedis-csv";
import { tooLargeDetail } from "@/server/http-guard";
import { NUL_MESSAGE, SURROGATE_MESSAGE } from "@/lib/validation/text";
import { HALF_HOUR_MESSAGE, offpeakRangeProblems } from "@/lib/validation/offpeak";
import { meterTariffSchema } from "@/lib/validation/energy";
import { scheduleDataSchema } from "@/lib/validation/schedule";
import { locationSchema } from "@/lib/validation/location";
import { deviceInfoCreateSchema, measurementCreateSchema, userDeviceSchema } from "@/lib/validation/device";
import { mqttUpdateSchema } from "@/lib/validation/telemetry";
import { profileFormSchema } from "@/lib/validation/user";
import {
  accountDeleteSchema,
  emailChangeSchema,
  forgotPasswordFormSchema,
  loginFormSchema,
  passwordChangeFormSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  signupFormSchema,
} from "@/lib/validation/auth";

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
const en = new Map(leaves(RAW_CATALOGS.en.errors as unknown as Tree));
const fr = new Map(leaves(RAW_CATALOGS.fr.errors as unknown as Tree));
const table = Object.entries(API_TEXTS) as [string, string][];
const match = apiTextMatcher(API_TEXTS);

const translator = (locale: "en" | "fr") => createTranslator({ locale, messages: CATALOGS[locale], namespace: "errors" }) as unknown as ErrorTranslator;
const toFrench = (text: string) => translateApiText(text, match, translator("fr"));
const toEnglish = (text: string) => translateApiText(text, match, translator("en"));

/** Each placeholder of a pattern given a value: "{vendor}" → "«vendor»". */
const sample = (text: string) => text.replace(/\{(\w+)\}/g, "«$1»");
const sampleValues = (text: string) => Object.fromEntries([...text.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], `«${m[1]}»`]));

describe("the table and the errors catalog", () => {
  it("names each message of the English catalog once, with its English text exactly", () => {
    expect(table.filter(([text, key]) => en.get(key) !== text).map(([text]) => text)).toEqual([]);
    expect([...en.keys()].filter((k) => !table.some(([, key]) => key === k))).toEqual([]);
    expect(new Set(table.map(([, key]) => key)).size).toBe(table.length);
  });

  it("formats each English message to the text itself (nothing ICU would read otherwise)", () => {
    const t = translator("en");
    expect(table.filter(([text, key]) => t(key, sampleValues(text)) !== sample(text)).map(([text]) => text)).toEqual([]);
  });

  it("has each in French, in other words, with French typography", () => {
    expect(table.filter(([, key]) => !fr.get(key)?.trim()).map(([text]) => text)).toEqual([]);
    expect(table.filter(([text, key]) => fr.get(key) === text).map(([text]) => text)).toEqual([]);
    // a no-break space before : ; ! ? and inside « », as the other French catalogs
    const typos = [...fr].filter(([, m]) => / [:;!?]|«[^\u00a0]|[^\u00a0]»/.test(m)).map(([k]) => k);
    expect(typos).toEqual([]);
  });
});

/** Every message of a failed parse. */
const messagesOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};
const long = (n: number) => "x".repeat(n);

/** What the forms a household fills in can be told by their shared schemas, for empty, wrong and long values. */
const formMessages = [
  ...messagesOf(loginFormSchema, { email: "", password: "" }),
  ...messagesOf(loginFormSchema, { email: long(255), password: long(1025) }),
  ...messagesOf(signupFormSchema, { email: "", password: "", confirm: "" }),
  ...messagesOf(signupFormSchema, { email: "not-an-address", password: "short", confirm: "other" }),
  ...messagesOf(signupFormSchema, { email: `${long(250)}@x.fr`, password: "é".repeat(40), confirm: "é".repeat(40) }),
  ...messagesOf(forgotPasswordFormSchema, { email: "" }),
  ...messagesOf(forgotPasswordFormSchema, { email: "ada@" }),
  ...messagesOf(resetPasswordFormSchema, { password: "", confirm: "" }),
  ...messagesOf(resetPasswordFormSchema, { password: long(73), confirm: "x" }),
  ...messagesOf(resetPasswordSchema, { token: "", new_password: "long-enough" }),
  ...messagesOf(resetPasswordSchema, { token: long(129), new_password: "long-enough" }),
  ...messagesOf(passwordChangeFormSchema, { current_password: "", password: "", confirm: "" }),
  ...messagesOf(emailChangeSchema, { password: "", new_email: "" }),
  ...messagesOf(emailChangeSchema, { password: "x", new_email: "nope" }),
  ...messagesOf(accountDeleteSchema, { password: "" }),
  ...messagesOf(profileFormSchema, { first_name: long(101), last_name: long(101) }),
  ...messagesOf(locationSchema, { name: "", country: "", lat: "", lon: "" }),
  ...messagesOf(locationSchema, { name: long(101), country: "FR", lat: "north", lon: "east" }),
  ...messagesOf(locationSchema, { name: "Home", country: "FR", lat: "45.123456789", lon: "5.123456789" }),
  ...messagesOf(locationSchema, { name: "Home", country: "FR", lat: "91", lon: "-181" }),
  ...messagesOf(deviceInfoCreateSchema, { device_id: "" }),
  ...messagesOf(deviceInfoCreateSchema, { device_id: long(101) }),
  ...messagesOf(measurementCreateSchema, { device_id: "", name: "" }),
  ...messagesOf(measurementCreateSchema, { device_id: 1, name: long(101), display_name: long(101), prefix: long(101), suffix: long(101), quantities: [{ unit: long(21), databaseMeasurementPrefix: long(101) }] }),
  ...messagesOf(userDeviceSchema, { device_id: "", device_type: "", location_id: "", data: { source: "" } }),
  ...messagesOf(userDeviceSchema, {
    device_id: long(101),
    device_type: "shelly",
    location_id: "1",
    data: { source: "linky_api", mqtt: { host: long(256) }, channels: [{ name: "", classification: "" }, { name: "em0", classification: "consumption" }, { name: "em0", classification: "consumption" }, { name: long(101), classification: "consumption" }] },
  }),
  ...messagesOf(mqttUpdateSchema, { topic_prefix: "", format: "shelly_gen2" }),
  ...messagesOf(mqttUpdateSchema, { topic_prefix: "/shellies/#", format: "foyer_json" }),
  ...messagesOf(meterTariffSchema, { tariff: "hphc", subscribed_kva: 6, offpeak: { ranges: [{ from: "22:15", to: "06:00" }, { from: "01:00", to: "01:00" }, { from: "02:00", to: "04:00" }, { from: "03:00", to: "05:00" }] } }),
  ...offpeakRangeProblems([{ from: "12:00", to: "12:00" }, { from: "22:00", to: "06:00" }, { from: "23:00", to: "01:00" }]).filter((m): m is string => Boolean(m)),
  ...messagesOf(scheduleDataSchema, {
    der_name: "Battery",
    average_power: 500,
    months: [1],
    days: [0],
    hours: [0],
    schedules: [
      { months: [1, 2], days: [0], hours: [0], average_power: 500 },
      { months: [2], days: [0], hours: [0], average_power: 550 },
    ],
  }),
];

/** An Enedis file's refusal as the import's `detail` says it (lib/services/imports: "Line 3: " then the reason, capitalised). */
async function importRefusal(csv: string): Promise<string> {
  try {
    await parseEnedisCsv((async function* () {
      yield csv;
    })());
  } catch (e) {
    const { reason, line } = e as { reason: string; line: number | null };
    return `${line ? `Line ${line}: ` : ""}${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;
  }
  throw new Error("the file was read");
}

const HEADER = "Identifiant PRM;Type de donnees;Date de debut;Date de fin;Grandeur physique;Grandeur metier;Etape metier;Unite;Pas en minutes\n12345678901234;Courbe de charge;05/01/2026;06/01/2026;Puissance moyenne;Consommation;Comptage Brut;W;30\nHorodate;Valeur\n";

/** Every text of the code under lib/, app/api/ and server/ written in quotes, and each template as a pattern. */
function sourceTexts(): { literals: Set<string>; templates: RegExp[] } {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!["generated", "i18n"].includes(e.name)) walk(p);
      } else if (/\.(ts|mjs)$/.test(e.name)) files.push(p);
    }
  };
  ["lib", "app/api", "server"].forEach(walk);
  const literals = new Set<string>();
  const templates: RegExp[] = [];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  for (const f of files) {
    const code = fs.readFileSync(f, "utf8");
    for (const m of code.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g)) literals.add(m[1] ?? m[2]);
    for (const m of code.matchAll(/`([^`]*)`/g)) {
      const parts = m[1].split(/\$\{[^}]*\}/);
      if (parts.length === 1) literals.add(m[1]);
      // a template with words of its own (not `${a}: ${b}`, which would match anything)
      else if (parts.join("").replace(/\W/g, "").length >= 12) templates.push(new RegExp(`^${parts.map(escape).join(".+?")}$`));
    }
  }
  return { literals, templates };
}

describe("the texts of the table", () => {
  it("has every message the household's forms can be told by the shared schemas", () => {
    expect(formMessages.length).toBeGreaterThan(60);
    expect([...new Set(formMessages.filter((m) => !match(m)))]).toEqual([]);
  });

  it("are texts the code says", async () => {
    const said = [
      ...formMessages,
      UNREACHABLE,
      errorMessage(undefined),
      NUL_MESSAGE,
      SURROGATE_MESSAGE,
      HALF_HOUR_MESSAGE,
      OVERLAP_DETAIL,
      measurementLimitMessage(1),
      measurementLimitMessage(3),
      tooLargeDetail(1024 * 1024),
      unauthenticated().detail,
      forbidden().detail,
      unavailable().detail,
      ...["Item", "Device", "Measurement", "Location", "Schedule", "Integration", "Integration vendor", "Meter", "User", "Archive"].map((what) => notFound(what).detail),
      await importRefusal(""),
      await importRefusal("a;b\n\0"),
      await importRefusal("Identifiant PRM;Type de donnees\n"),
      await importRefusal(HEADER.replace("Courbe de charge", "Index")),
      await importRefusal(HEADER.replace(";W;30", ";W;60")),
    ];
    const seen = new Set(said.map((s) => match(s)?.key));
    const { literals, templates } = sourceTexts();
    const inCode = (text: string) => {
      const t = sample(text);
      const variants = [t, t.charAt(0).toLowerCase() + t.slice(1)];
      return variants.some((v) => literals.has(v) || templates.some((re) => re.test(v)));
    };
    expect(table.filter(([text, key]) => !seen.has(key) && !inCode(text)).map(([text]) => text)).toEqual([]);
  });
});

describe("translateApiText", () => {
  it("says a known text in French, exactly or by its pattern, and any other as it came", () => {
    expect(toFrench("Incorrect username or password")).toBe("E-mail ou mot de passe incorrect");
    expect(toFrench("A user with this email already exists")).toBe("Un compte existe déjà avec cette adresse e-mail");
    expect(toFrench("Password must be at least 8 characters")).toBe("Le mot de passe doit comporter au moins 8 caractères");
    expect(toFrench(UNREACHABLE)).toBe("Le serveur est injoignable. Vérifiez votre connexion et réessayez.");
    expect(toFrench("You can download your data 3 times a day: please try again later")).toBe("Vous pouvez télécharger vos données 3 fois par jour\u00a0: réessayez plus tard");
    expect(toFrench("This device already has its maximum of 3 measurements")).toBe("Cet appareil a déjà son maximum de 3 mesures");
    expect(toFrench("This device already has its maximum of 1 measurement")).toBe("Cet appareil a déjà son maximum de 1 mesure");
    // a placeholder named twice holds the same text twice
    expect(toFrench("You have no Linky integration: link your Linky account first")).toBe("Vous n'avez pas d'intégration Linky\u00a0: reliez d'abord votre compte Linky");
    expect(toFrench("You have no Linky integration: link your Netatmo account first")).toBe("You have no Linky integration: link your Netatmo account first");
    // a reason is said in French in turn, or left as it came
    expect(toFrench("Line 4: The file holds binary data, not text (CSV)")).toBe("Ligne 4\u00a0: Le fichier contient des données binaires, pas du texte (CSV)");
    expect(toFrench("Line 4: Something new")).toBe("Ligne 4\u00a0: Something new");
    expect(toFrench('"12,5" is not a number of watts')).toBe("«\u00a012,5\u00a0» n'est pas un nombre de watts");
    // not ours: as it came
    expect(toFrench("The Linky service could not be reached (ECONNRESET)")).toBe("The Linky service could not be reached (ECONNRESET)");
    expect(toFrench("Incorrect username or password ")).toBe("Incorrect username or password ");
    expect(toFrench("")).toBe("");
  });

  it("gives back each text of the table unchanged in English", () => {
    for (const [text] of table) expect(toEnglish(sample(text))).toBe(sample(text));
  });
});

/** A client component's output, on a page in `locale` (ApiTextsProvider only where the root layout puts it: not English). */
function renderIn(locale: "en" | "fr", el: React.ReactElement): string {
  const common: Partial<Catalog> = { common: CATALOGS[locale].common };
  const inner = locale === "en" ? el : h(ApiTextsProvider, { locale, table: API_TEXTS, messages: CATALOGS[locale].errors, children: el });
  return renderToStaticMarkup(h(I18nProvider, { locale, messages: common, children: inner }));
}

function Probe({ texts, errors }: { texts: string[]; errors: unknown[] }) {
  const apiText = useApiText();
  const failure = useErrorMessage();
  return h("ul", null, ...texts.map((t, i) => h("li", { key: `t${i}` }, apiText(t))), ...errors.map((e, i) => h("li", { key: `e${i}` }, failure(e))));
}

const texts = ["Incorrect password", "Passwords do not match", "Meter not found", "Un texte déjà en français"];
const errors = [new FetchError(401, "Incorrect username or password", { detail: "Incorrect username or password", code: "invalid_credentials" }), new TypeError("Failed to fetch"), undefined, new FetchError(500, "Request failed (500)", null)];

describe("useApiText and useErrorMessage", () => {
  it("say the API's texts in French on a French page", () => {
    const html = renderIn("fr", h(Probe, { texts, errors }));
    expect(html).toBe(
      "<ul><li>Mot de passe incorrect</li><li>Les mots de passe ne correspondent pas</li><li>Compteur introuvable</li><li>Un texte déjà en français</li>" +
        "<li>E-mail ou mot de passe incorrect</li><li>Le serveur est injoignable. Vérifiez votre connexion et réessayez.</li><li>Une erreur s&#x27;est produite, veuillez réessayer.</li><li>La requête a échoué (500)</li></ul>",
    );
  });

  it("leave them exactly as they came on an English page", () => {
    const html = renderIn("en", h(Probe, { texts, errors }));
    expect(html).toBe(
      "<ul><li>Incorrect password</li><li>Passwords do not match</li><li>Meter not found</li><li>Un texte déjà en français</li>" +
        "<li>Incorrect username or password</li><li>The server could not be reached. Check your connection and try again.</li><li>Something went wrong, please try again.</li><li>Request failed (500)</li></ul>",
    );
  });

  it("reach the form's error box", () => {
    expect(renderIn("fr", h(FormErrorAlert, { error: "Invalid or expired token" }))).toMatch(/>Erreur<\/div>Lien invalide ou expiré<\/div>/);
    expect(renderIn("en", h(FormErrorAlert, { error: "Invalid or expired token" }))).toMatch(/>Error<\/div>Invalid or expired token<\/div>/);
  });
});
