import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { dataDir } from "@/db";
import { env } from "@/lib/env";

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};

export type SentMail = { messageId: string; file: string | null };

/** Where mail goes when SMTP_URL is not set: one .eml file per message, listed on /admin/mail. */
export const mailDir = () => path.join(dataDir(), "mail");

const g = globalThis as unknown as { __forumSmtp?: { url: string; transport: Transporter } };

function smtp(url: string): Transporter {
  if (g.__forumSmtp?.url !== url) {
    g.__forumSmtp?.transport.close();
    g.__forumSmtp = {
      url,
      // Pooled connections (a drain sends its batch in parallel); short timeouts: the outbox retries
      // later, a hanging server must not hold the drainer.
      transport: nodemailer.createTransport({
        url,
        pool: true,
        maxConnections: 5,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    };
  }
  return g.__forumSmtp.transport;
}

const fileWriter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/**
 * Sends one message over SMTP (SMTP_URL) or writes it to `$DATA_DIR/mail/` as an .eml file.
 * Throws when the SMTP server refuses or cannot be reached; the caller retries.
 */
export async function deliver(mail: OutgoingMail, name: string): Promise<SentMail> {
  const e = env();
  const message = { from: e.MAIL_FROM, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers };
  if (e.SMTP_URL) {
    const info = await smtp(e.SMTP_URL).sendMail(message);
    if (info.rejected?.length) throw new Error(`recipient refused: ${info.rejected.join(", ")}`);
    return { messageId: String(info.messageId ?? ""), file: null };
  }
  const info = await fileWriter.sendMail(message);
  const dir = mailDir();
  await mkdir(dir, { recursive: true });
  const file = `${new Date().toISOString().replace(/[:.]/g, "-")}-${name.replace(/[^A-Za-z0-9_-]/g, "")}.eml`;
  await writeFile(path.join(dir, file), info.message as Buffer, { flag: "wx" });
  return { messageId: String(info.messageId ?? ""), file };
}
