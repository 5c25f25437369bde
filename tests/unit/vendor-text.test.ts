// Vendor data in words (components/integrations/vendor-text.ts): a failed sample as a sentence,
// the Linky load curve by day in kWh, Netatmo homes and Legrand plants as cards.
import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { CATALOGS } from "@/lib/i18n/messages";
import {
  dayParts,
  intervalMinutes,
  legrandPlantCards,
  netatmoHomeCards,
  readingDay,
  readingsByDay,
  readingSpan,
  sampleErrorText,
  type PlaceWords,
} from "@/components/integrations/vendor-text";

const words = (locale: "en" | "fr"): PlaceWords => ({ locale, t: createTranslator({ locale, messages: CATALOGS[locale], namespace: "integrations.vendor" }) });
const en = words("en");
const fr = words("fr");
const sampleError = (body: unknown, vendor: "linky" | "netatmo" | "legrand", kind?: "consumption" | "production") => sampleErrorText(en.t, body, vendor, kind);

const vendorFailure = (error: string) => ({ detail: "The Linky service answered with an error", results: { error, error_description: "whatever the vendor said" } });

describe("sampleErrorText", () => {
  it("says a meter without production has no solar panels, and a meter without consumption has nothing yet", () => {
    expect(sampleError(vendorFailure("no_data_found"), "linky", "production")).toBe("This meter reports no production: no solar panels?");
    expect(sampleError(vendorFailure("no_data_found"), "linky", "consumption")).toBe("This meter reports no consumption for these days yet.");
    // the 2026 API's 404 and the sync's kind mean the same
    expect(sampleError(vendorFailure("404"), "linky", "production")).toBe("This meter reports no production: no solar panels?");
  });

  it.each([
    ["needs_relink", /must be linked again/],
    ["ADAM-ERR0123", /before the meter was put into service/],
    ["ADAM-ERR0125", /at most 7 days/],
    ["invalid_token", /refused Foyer's access/],
    ["403", /consent for this meter has ended/],
    ["http_429", /too many requests/],
    ["timeout", /could not be reached/],
    ["http_503", /could not be reached/],
    ["invalid_response", /cannot read/],
  ])("maps %s to a sentence", (code, sentence) => {
    expect(sampleError(vendorFailure(code), "linky", "consumption")).toMatch(sentence);
  });

  it("names the vendor, reads {code} errors too, and says something generic for unknown codes", () => {
    expect(sampleError({ detail: "x", results: { error: "needs_relink" } }, "netatmo")).toMatch(/^The Netatmo account must be linked again/);
    expect(sampleError({ results: { error: { code: 503, message: "down" } } }, "legrand")).toBe("The Legrand service could not be reached. Please try again later.");
    expect(sampleError(vendorFailure("ADAM-ERR9999"), "linky")).toBe("The Linky service answered with an error. Please try again later.");
  });

  it("keeps our own server's detail, already a sentence, when no vendor code came with it", () => {
    expect(sampleError({ detail: "You have no Linky integration: link your Linky account first" }, "linky")).toBe(
      "You have no Linky integration: link your Linky account first.",
    );
    expect(sampleError({ detail: "The vendor took too long to answer. Please try again." }, "linky")).toBe("The vendor took too long to answer. Please try again.");
    expect(sampleError(null, "netatmo")).toBe("The Netatmo service answered with an error. Please try again later.");
    expect(sampleError({ detail: "" }, "netatmo")).toBe("The Netatmo service answered with an error. Please try again later.");
  });

  it("says it in French, with French spacing before the question mark; our server's detail stays as the API wrote it", () => {
    expect(sampleErrorText(fr.t, vendorFailure("no_data_found"), "linky", "production")).toBe("Ce compteur ne déclare aucune production\u00a0: pas de panneaux solaires\u00a0?");
    expect(sampleErrorText(fr.t, { results: { error: "http_429" } }, "netatmo")).toBe("Le service Netatmo est surchargé en ce moment (trop de requêtes). Réessayez dans une minute.");
    expect(sampleErrorText(fr.t, { detail: "You have no Legrand integration: link your Legrand account first." }, "legrand")).toBe(
      "You have no Legrand integration: link your Legrand account first.",
    );
  });
});

describe("the Linky load curve by day", () => {
  it("reads interval lengths", () => {
    expect(intervalMinutes("PT30M")).toBe(30);
    expect(intervalMinutes("PT1H")).toBe(60);
    expect(intervalMinutes("PT1H30M")).toBe(90);
    expect(intervalMinutes("P1D")).toBe(30);
    expect(intervalMinutes(null)).toBe(30);
  });

  it("puts a reading in the day its interval starts (Enedis stamps the end)", () => {
    expect(readingDay("2026-11-17 00:30:00")).toBe("2026-11-17");
    expect(readingDay("2026-11-18 00:00:00")).toBe("2026-11-17");
    expect(readingDay("2026-01-01 00:00:00")).toBe("2025-12-31");
    expect(readingDay("2026-03-01 01:00:00", 60)).toBe("2026-03-01");
    expect(readingSpan("2026-11-18 00:00:00")).toEqual({ from: "23:30", to: "00:00" });
    expect(readingSpan("2026-11-17 08:30:00", 60)).toEqual({ from: "07:30", to: "08:30" });
  });

  it("sums each day's energy: the average powers (W) times half an hour, in kWh", () => {
    const day = (d: string, watts: number[]) =>
      watts.map((w, i) => {
        const end = new Date(Date.UTC(2026, 10, Number(d), 0, 30 * (i + 1)));
        return { value: String(w), date: end.toISOString().replace("T", " ").slice(0, 19), interval_length: "PT30M", measure_type: "B" };
      });
    const rows = [...day("17", Array(48).fill(1000)), ...day("18", [500, 700, "oops" as unknown as number])];
    const days = readingsByDay(rows);
    expect(days.map((d) => [d.day, d.readings.length])).toEqual([
      ["2026-11-17", 48],
      ["2026-11-18", 3],
    ]);
    // 48 half hours at 1000 W: 24 kWh; 500 W and 700 W for half an hour each: 0.6 kWh
    expect(days[0].kwh).toBeCloseTo(24, 10);
    expect(days[1].kwh).toBeCloseTo(0.6, 10);
    expect(readingsByDay([])).toEqual([]);
  });

  it("writes a day with its weekday", () => {
    expect(dayParts("2026-11-17")).toEqual({ weekday: "Tue", date: "17 Nov 2026" });
    expect(dayParts("soon")).toEqual({ weekday: "", date: "soon" });
    expect(dayParts("2026-11-17", "fr")).toEqual({ weekday: "mar.", date: "17 nov. 2026" });
    expect(dayParts("2026-03-01", "fr")).toEqual({ weekday: "dim.", date: "01 mars 2026" });
  });
});

describe("homes and plants as cards", () => {
  // Netatmo's documented /homesdata body, as the sandbox answers it
  const homesdata = {
    homes: [
      {
        id: "5e1f0a2b3c4d5e6f7a8b9c0d",
        name: "Sandbox home",
        country: "FR",
        timezone: "Europe/Paris",
        rooms: [{ id: "1234567890", name: "Living room", type: "livingroom", module_ids: ["04:00:00:aa:bb:cc"] }],
        modules: [
          { id: "70:ee:50:aa:bb:cc", type: "NAPlug", name: "Relay", modules_bridged: ["04:00:00:aa:bb:cc"] },
          { id: "04:00:00:aa:bb:cc", type: "NATherm1", name: "Thermostat", room_id: "1234567890", bridge: "70:ee:50:aa:bb:cc" },
          { id: "09:00:00:00:00:01", type: "NXYZ" },
        ],
      },
      { id: "h2" },
    ],
    user: { email: "sandbox@example.com" },
  };

  it("lists a Netatmo home's place, rooms with their modules, and modules in words", () => {
    const [home, bare] = netatmoHomeCards(homesdata, en);
    expect(home.name).toBe("Sandbox home");
    expect(home.where).toEqual(["France", "Europe/Paris"]);
    expect(home.rooms).toEqual([{ id: "1234567890", name: "Living room", modules: ["Thermostat"] }]);
    expect(home.modules).toEqual([
      { id: "70:ee:50:aa:bb:cc", name: "Relay", kind: "Relay" },
      { id: "04:00:00:aa:bb:cc", name: "Thermostat", kind: "Smart thermostat", room: "Living room" },
      { id: "09:00:00:00:00:01", name: "Module NXYZ", kind: "Module NXYZ" },
    ]);
    expect(bare).toEqual({ id: "h2", name: "Home 2", where: [], rooms: [], modules: [] });
    expect(netatmoHomeCards(null, en)).toEqual([]);
    expect(netatmoHomeCards({ homes: "none" }, en)).toEqual([]);
  });

  it("lists Legrand plants, as the list or {plants}, with a topology's rooms and modules when there", () => {
    const plants = [{ id: "a1", name: "Sandbox home", country: "FR" }];
    expect(legrandPlantCards(plants, en)).toEqual([{ id: "a1", name: "Sandbox home", where: ["France"], rooms: [], modules: [] }]);
    expect(legrandPlantCards({ plants }, en)).toEqual(legrandPlantCards(plants, en));
    const [topology] = legrandPlantCards([
      { id: "p", name: "Flat", rooms: [{ id: "r1", name: "Kitchen", modules: [{ id: "m1", name: "Oven plug", type: "NLP" }] }], modules: [{ id: "m2", type: "NLG" }] },
    ], en);
    expect(topology.rooms).toEqual([{ id: "r1", name: "Kitchen", modules: ["Oven plug"] }]);
    expect(topology.modules).toEqual([
      { id: "m2", name: "Home + Control gateway", kind: "Home + Control gateway" },
      { id: "m1", name: "Oven plug", kind: "Smart plug", room: "Kitchen" },
    ]);
  });

  it("writes the cards in French: country, module and room kinds, unnamed homes and plants", () => {
    const [home, bare] = netatmoHomeCards(homesdata, fr);
    expect(home.where).toEqual(["France", "Europe/Paris"]);
    expect(home.modules.map((m) => m.kind)).toEqual(["Relais", "Thermostat connecté", "Module NXYZ"]);
    expect(bare.name).toBe("Logement 2");
    const [plant] = legrandPlantCards([{ id: "p", country: "DE", rooms: [{ id: "r", type: "bedroom", modules: [{ id: "m" }] }] }], fr);
    expect(plant.name).toBe("Installation 1");
    expect(plant.where).toEqual(["Allemagne"]);
    expect(plant.rooms).toEqual([{ id: "r", name: "Chambre", modules: ["Module"] }]);
  });
});
