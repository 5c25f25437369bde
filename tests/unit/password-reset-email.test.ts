// The password recovery e-mail in the asker's language (lib/email/messages.ts), and the privacy
// policy's dates and history in French (lib/privacy/notice.ts, messages/*/landing.json).
import { describe, expect, it } from "vitest";
import { passwordResetMessage } from "@/lib/email/messages";
import { CATALOGS } from "@/lib/i18n/messages";
import { noticeDateText, PRIVACY_NOTICE } from "@/lib/privacy/notice";

const link = "https://foyer.example/reset-password?token=a<b&c";

describe("the password recovery e-mail", () => {
  it("reads in English as it always has, by default", () => {
    const m = passwordResetMessage({ to: "a@example.com", link, minutes: 60 });
    expect(m.subject).toBe("Foyer: reset your password");
    expect(m.text).toBe(
      [
        "Hello,",
        "",
        "Someone asked to reset the password of your Foyer account. To choose a new password, open this link:",
        link,
        "",
        "The link works once, within 60 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.",
        "",
        "Foyer, your home energy community",
      ].join("\n"),
    );
    expect(m.html).toBe(`<p>Hello,</p><p>Someone asked to reset the password of your Foyer account.</p>
<p><a href="https://foyer.example/reset-password?token=a&#60;b&#38;c">Choose a new password</a></p>
<p>The link works once, within 60 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
<p>Foyer, your home energy community</p>`);
    expect(passwordResetMessage({ to: "a@example.com", link, minutes: 60, locale: "en" })).toEqual(m);
  });

  it("reads in French for a French asker, the link untouched and the HTML escaped", () => {
    const m = passwordResetMessage({ to: "a@example.com", link, minutes: 60, locale: "fr" });
    expect(m.to).toBe("a@example.com");
    expect(m.subject).toBe("Foyer\u00a0: réinitialisez votre mot de passe");
    expect(m.text.split("\n")).toEqual([
      "Bonjour,",
      "",
      "Quelqu'un a demandé à réinitialiser le mot de passe de votre compte Foyer. Pour choisir un nouveau mot de passe, ouvrez ce lien\u00a0:",
      link,
      "",
      "Le lien ne sert qu'une fois, pendant 60 minutes. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.",
      "",
      "Foyer, votre communauté énergétique",
    ]);
    expect(m.html).toContain('<a href="https://foyer.example/reset-password?token=a&#60;b&#38;c">Choisir un nouveau mot de passe</a>');
    expect(m.html).toContain("<p>Quelqu&#39;un a demandé à réinitialiser le mot de passe de votre compte Foyer.</p>");
    expect(m.html).not.toMatch(/[A-Za-z]'[a-z]/);
  });

  it("says one minute in the singular", () => {
    expect(passwordResetMessage({ to: "a@example.com", link, minutes: 1, locale: "fr" }).text).toContain("pendant 1 minute.");
    expect(passwordResetMessage({ to: "a@example.com", link, minutes: 1 }).text).toContain("within 1 minute.");
  });
});

describe("the privacy policy's version", () => {
  it("is dated as the notice says in English, and in French words in French", () => {
    expect(noticeDateText("en")).toBe(PRIVACY_NOTICE.date);
    expect(noticeDateText("en", "23 November 2026")).toBe("23 November 2026");
    expect(noticeDateText("fr", "23 November 2026")).toBe("23 novembre 2026");
    expect(noticeDateText("fr", "1 March 2025")).toBe("1 mars 2025");
    expect(noticeDateText("fr")).toMatch(/^\d{1,2} [a-zéû]+ \d{4}$/);
  });

  it("tells what changed in the current version, as the notice does (change both together)", () => {
    expect(CATALOGS.en.landing.privacy.changes.whatChanged).toBe(PRIVACY_NOTICE.changes);
    // the home's notice says it too
    expect(CATALOGS.en.home.privacy.changes).toBe(PRIVACY_NOTICE.changes);
    expect(PRIVACY_NOTICE.version).toBe(2);
  });
});
