// The server's translators (lib/i18n/server.ts): made once per language and part, then reused by
// every request, each in its own language.
import { describe, expect, it } from "vitest";
import { getT } from "@/lib/i18n/server";

describe("getT", () => {
  it("keeps one translator per language and part, and each speaks its own", async () => {
    const [en, again, fr, common] = await Promise.all([getT("auth", "en"), getT("auth", "en"), getT("auth", "fr"), getT("common", "en")]);
    expect(again).toBe(en);
    expect(fr).not.toBe(en);
    expect(common).not.toBe(en);
    expect(en("login.meta")).toBe("Log in");
    expect(fr("login.meta")).toBe("Connexion");
    // a message with arguments, compiled once, is formatted with each call's own values
    expect(common("header.accountMenu", { name: "Ada" })).toBe("Account menu of Ada");
    expect(common("header.accountMenu", { name: "Bob" })).toBe("Account menu of Bob");
  });
});
