// A real SMTP server in the test process (smtp-server) that parses what arrives (mailparser).
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { env } from "@/lib/env";

export type Received = { to: string; subject: string; text: string; html: string; headers: ParsedMail["headers"]; raw: string };

export class TestSmtp {
  received: Received[] = [];
  /** When set, every message is refused with this SMTP reply code (e.g. 451 "try again later"). */
  rejectWith: number | null = null;
  private server: SMTPServer | null = null;
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      // No reverse DNS lookup of the client (about 150 ms per connection on a machine without DNS).
      disableReverseLookup: true,
      logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          if (this.rejectWith) {
            callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: this.rejectWith }));
            return;
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          simpleParser(raw)
            .then((m) => {
              const to = Array.isArray(m.to) ? m.to[0]?.text : m.to?.text;
              this.received.push({
                to: to ?? "",
                subject: m.subject ?? "",
                text: m.text ?? "",
                html: typeof m.html === "string" ? m.html : "",
                headers: m.headers,
                raw,
              });
              callback();
            })
            .catch((err: Error) => callback(err));
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    process.env.SMTP_URL = `smtp://127.0.0.1:${this.port}`;
    env(true);
    return this;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  to(address: string): Received[] {
    return this.received.filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
  }
}

/** The first absolute link in a mail's text part whose path starts with `path`. */
export function linkIn(mail: Received, path: string): URL {
  for (const m of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const u = new URL(m[0]);
    if (u.pathname.startsWith(path)) return u;
  }
  throw new Error(`no ${path} link in: ${mail.text}`);
}

/** A header of the raw message (folded lines joined), or null. */
export function rawHeader(mail: Received, name: string): string | null {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** The List-Unsubscribe target of a mail (RFC 2369 angle brackets removed). */
export function unsubscribeTarget(mail: Received): URL {
  const v = rawHeader(mail, "List-Unsubscribe") ?? "";
  const m = /<(https?:[^>]+)>/.exec(v);
  if (!m) throw new Error(`no List-Unsubscribe header in: ${mail.raw.slice(0, 800)}`);
  return new URL(m[1]!);
}
