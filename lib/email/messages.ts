import { createTranslator } from "use-intl/core";
import { CATALOGS } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/shared/locale.mjs";
import type { Message } from "./transport";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The password recovery e-mail: a link valid `minutes` minutes, in the language of whoever asked
 * for it (the page's language when they asked: lib/i18n/server.ts requestLocale).
 */
export function passwordResetMessage({ to, link, minutes, locale = "en" }: { to: string; link: string; minutes: number; locale?: Locale }): Message {
  const t = createTranslator({ locale, messages: CATALOGS[locale], namespace: "auth.email" });
  const text = [t("hello"), "", `${t("asked")} ${t("openLink")}`, link, "", t("validity", { minutes }), "", t("signature")].join("\n");
  const html = `<p>${escape(t("hello"))}</p><p>${escape(t("asked"))}</p>
<p><a href="${escape(link)}">${escape(t("choose"))}</a></p>
<p>${escape(t("validity", { minutes }))}</p>
<p>${escape(t("signature"))}</p>`;
  return { to, subject: t("subject"), text, html };
}

/** A community event's invitation (lib/services/flex/invitations.ts), in the household's language. */
export function flexInvitationMessage(o: { to: string; locale: Locale; title: string; message: string; when: string; direction: "down" | "up"; reward: string; link: string; auto: boolean }): Message {
  const t = createTranslator({ locale: o.locale, messages: CATALOGS[o.locale], namespace: "flex.email" });
  const lines = [t("invited", { title: o.title, when: o.when }), o.message, t(`direction.${o.direction}`, { reward: o.reward }), ...(o.auto ? [t("auto")] : [])];
  const text = [t("hello"), "", ...lines, "", t("open"), o.link, "", t("signature")].join("\n");
  const html = `<p>${escape(t("hello"))}</p>${lines.map((l) => `<p>${escape(l)}</p>`).join("")}
<p><a href="${escape(o.link)}">${escape(t("open"))}</a></p>
<p>${escape(t("signature"))}</p>`;
  return { to: o.to, subject: t("subject", { title: o.title }), text, html };
}
