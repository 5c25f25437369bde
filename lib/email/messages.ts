import type { Message } from "./transport";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The password recovery e-mail: a link valid `minutes` minutes. */
export function passwordResetMessage({ to, link, minutes }: { to: string; link: string; minutes: number }): Message {
  const text = [
    "Hello,",
    "",
    "Someone asked to reset the password of your Foyer account. To choose a new password, open this link:",
    link,
    "",
    `The link works once, within ${minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    "",
    "Foyer, your home energy community",
  ].join("\n");
  const html = `<p>Hello,</p><p>Someone asked to reset the password of your Foyer account.</p>
<p><a href="${escape(link)}">Choose a new password</a></p>
<p>The link works once, within ${minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
<p>Foyer, your home energy community</p>`;
  return { to, subject: "Foyer: reset your password", text, html };
}
