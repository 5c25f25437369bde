import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "@/lib/env";

export type Message = { to: string; subject: string; text: string; html: string };

/**
 * Sends over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587). With no SMTP configured the message
 * is written to the server log and to .data/mail/ (or MAIL_DIR) so that a person can follow its link.
 */
export async function sendMail(msg: Message): Promise<void> {
  const { SMTP_URL, EMAILS_FROM, MAIL_DIR } = env();
  if (SMTP_URL) {
    const transport = nodemailer.createTransport(SMTP_URL);
    try {
      await transport.sendMail({ from: EMAILS_FROM, ...msg });
    } finally {
      transport.close();
    }
    return;
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail({ from: EMAILS_FROM, ...msg });
  const dir = MAIL_DIR ?? path.join(process.cwd(), ".data", "mail");
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${msg.to.replace(/[^a-z0-9@._-]/gi, "_")}.eml`);
  await fs.writeFile(file, info.message as Buffer);
  console.log(`[foyer:mail] no SMTP_URL: e-mail to ${msg.to} ("${msg.subject}") saved to ${file}\n${msg.text}`);
}
