// The page's language (lib/shared/locale.mjs): the chosen one, else the browser's, else English.
import { describe, expect, it } from "vitest";
import { cookieValue, fromAcceptLanguage, pickLocale } from "@/lib/shared/locale.mjs";

describe("the page's language", () => {
  it("takes the first language of Accept-Language that Foyer speaks, by quality then order", () => {
    expect(fromAcceptLanguage("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("fr");
    expect(fromAcceptLanguage("en-GB,en;q=0.9,fr;q=0.8")).toBe("en");
    expect(fromAcceptLanguage("de-DE, fr;q=0.5, en;q=0.4")).toBe("fr");
    expect(fromAcceptLanguage("en;q=0.2, FR-be;q=0.9")).toBe("fr");
    expect(fromAcceptLanguage("de, it")).toBeUndefined();
    expect(fromAcceptLanguage("*")).toBeUndefined();
  });

  it("does not choose a language refused with q=0, nor take a malformed quality as a preference", () => {
    expect(fromAcceptLanguage("fr;q=0, en;q=0.1")).toBe("en");
    expect(fromAcceptLanguage("fr;q=abc, en;q=0.5")).toBe("en");
    expect(fromAcceptLanguage("")).toBeUndefined();
    expect(fromAcceptLanguage(null)).toBeUndefined();
    expect(fromAcceptLanguage(";;;,,,=q")).toBeUndefined();
  });

  it("prefers the reader's choice, then the browser's, then English", () => {
    expect(pickLocale({ chosen: "fr", acceptLanguage: "en" })).toBe("fr");
    expect(pickLocale({ chosen: "en", acceptLanguage: "fr" })).toBe("en");
    expect(pickLocale({ chosen: "de", acceptLanguage: "fr" })).toBe("fr");
    expect(pickLocale({ chosen: "__proto__", acceptLanguage: null })).toBe("en");
    expect(pickLocale({})).toBe("en");
  });

  it("reads one cookie of a Cookie header", () => {
    expect(cookieValue("a=1; foyer-locale=fr; b=2", "foyer-locale")).toBe("fr");
    expect(cookieValue("xfoyer-locale=fr", "foyer-locale")).toBeUndefined();
    expect(cookieValue(undefined, "foyer-locale")).toBeUndefined();
  });
});
