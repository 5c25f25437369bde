// The password recovery e-mail goes out over SMTP in the language of whoever asked for it: the
// language they chose (the foyer-locale cookie), else their browser's (Accept-Language), else English.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { mailbox } from "../helpers/integration-setup";
import { makeUser } from "../factories/users";
import { resetTokenFrom, type ReceivedMail } from "../helpers/mailbox";
import * as recovery from "@/app/api/password-recovery/[email]/route";
import * as reset from "@/app/api/reset-password/route";

/** Quoted-printable (a body, or a header's Q-encoded word) back to its UTF-8 text. */
function fromQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const flat = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < flat.length; i++) {
    if (flat[i] === "=" && /^[0-9A-F]{2}$/i.test(flat.slice(i + 1, i + 3))) {
      bytes.push(parseInt(flat.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(flat.charCodeAt(i));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The message as a person reads it: its subject and its plain-text part, decoded. */
function read(mail: ReceivedMail) {
  const [head, ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head)![1].replace(/\r?\n[ \t]/g, " ");
  const subject = subjectLine
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, word: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(word, "base64").toString("utf8") : fromQuotedPrintable(word.replace(/_/g, " ")),
    );
  const body = rest.join("\n\n");
  const plain = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(body)![1];
  return { subject, text: fromQuotedPrintable(plain).replace(/\r\n/g, "\n") };
}

const ask = (email: string, headers: Record<string, string>) => call(recovery.POST, { method: "POST", params: { email }, headers });

describe("the password recovery e-mail's language", () => {
  it("is French for a French browser, and its link sets the password", async () => {
    const u = await makeUser();
    const r = await ask(u.email, { "accept-language": "fr-FR,fr;q=0.9,en;q=0.8" });
    expect(r.status).toBe(200);
    // the API's answer stays English (the contract's)
    expect(r.body.msg).toBe("If an account exists for this e-mail, a password recovery e-mail has been sent");
    const mail = await mailbox.waitFor(u.email);
    const { subject, text } = read(mail);
    expect(subject).toBe("Foyer\u00a0: réinitialisez votre mot de passe");
    expect(text).toContain("Bonjour,");
    expect(text).toContain("Quelqu'un a demandé à réinitialiser le mot de passe de votre compte Foyer. Pour choisir un nouveau mot de passe, ouvrez ce lien\u00a0:");
    expect(text).toContain("Le lien ne sert qu'une fois, pendant 60 minutes.");
    expect(text).toContain("Foyer, votre communauté énergétique");
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(fromQuotedPrintable(mail.raw)).toContain(">Choisir un nouveau mot de passe</a>");
    const ok = await call(reset.POST, { json: { token: resetTokenFrom(mail), new_password: "brand-new-password" } });
    expect(ok.status).toBe(200);
  });

  it("follows the language chosen in Foyer over the browser's", async () => {
    const fr = await makeUser();
    await ask(fr.email, { "accept-language": "en-GB,en", cookie: "foyer-locale=fr" });
    expect(read(await mailbox.waitFor(fr.email)).subject).toBe("Foyer\u00a0: réinitialisez votre mot de passe");
    const en = await makeUser();
    await ask(en.email, { "accept-language": "fr-FR", cookie: "foyer-locale=en" });
    expect(read(await mailbox.waitFor(en.email)).subject).toBe("Foyer: reset your password");
  });

  it("is English, word for word as before, when nothing asks for French", async () => {
    const u = await makeUser();
    await ask(u.email, {});
    const { subject, text } = read(await mailbox.waitFor(u.email));
    expect(subject).toBe("Foyer: reset your password");
    expect(text).toMatch(
      /^Hello,\n\nSomeone asked to reset the password of your Foyer account\. To choose a new password, open this link:\nhttp:\/\/foyer\.test\/reset-password\?token=[A-Za-z0-9_-]+\n\nThe link works once, within 60 minutes\. If you did not ask for it, ignore this e-mail: your password stays as it is\.\n\nFoyer, your home energy community$/,
    );
  });
});
