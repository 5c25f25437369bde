// A real SMTP server on 127.0.0.1 for the e-mail tests: nodemailer talks SMTP to it.
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string; text: string };

export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  private waiters: (() => void)[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        this.waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  port = 0;

  async start(port = 0): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.server.address() as { port: number }).port;
    return this.port;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Resolves with the first message to `address` (waiting for it up to `ms`). */
  async waitFor(address: string, ms = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + ms;
    for (;;) {
      const m = this.messages.find((x) => x.to.includes(address));
      if (m) return m;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no e-mail to ${address} within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }
}

function decodeQuotedPrintable(raw: string): string {
  // a run of encoded bytes is UTF-8 (an accented letter is two of them)
  return raw.replace(/=\r?\n/g, "").replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
}

/** The reset link's token in a recovery e-mail. */
export function resetTokenFrom(mail: ReceivedMail): string {
  const m = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!m) throw new Error("no reset link in the e-mail");
  return decodeURIComponent(m[1]);
}
