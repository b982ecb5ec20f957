import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { mailDir } from "@/lib/mail/transport";

/** The .eml files written when no SMTP server is configured (GET /admin/mail), newest first. */

export type MailFileSummary = { name: string; to: string; subject: string; date: string; size: number };
export type MailFile = MailFileSummary & { from: string; text: string; html: string; headers: { name: string; value: string }[] };

const NAME_RE = /^[A-Za-z0-9_.-]{1,200}\.eml$/;

function headerText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object" && "text" in (v as object)) return String((v as { text: unknown }).text);
  if (typeof v === "object" && "value" in (v as object)) return String((v as { value: unknown }).value);
  return JSON.stringify(v);
}

async function parse(name: string): Promise<MailFile | null> {
  if (!NAME_RE.test(name)) return null;
  const file = path.join(mailDir(), name);
  try {
    const [raw, st] = await Promise.all([readFile(file), stat(file)]);
    const m = await simpleParser(raw);
    return {
      name,
      to: headerText(m.to),
      from: headerText(m.from),
      subject: m.subject ?? "",
      date: (m.date ?? st.mtime).toISOString(),
      size: st.size,
      text: m.text ?? "",
      html: typeof m.html === "string" ? m.html : "",
      headers: [...m.headerLines].map((h) => ({ name: h.key, value: h.line.slice(h.line.indexOf(":") + 1).trim() })),
    };
  } catch {
    return null;
  }
}

export async function listMailFiles(limit = 200): Promise<MailFileSummary[]> {
  let names: string[];
  try {
    names = (await readdir(mailDir())).filter((n) => NAME_RE.test(n));
  } catch {
    return [];
  }
  // Names start with the ISO time of writing, so the newest sort last.
  names.sort().reverse();
  const parsed = await Promise.all(names.slice(0, limit).map(parse));
  return parsed.filter((m): m is MailFile => m !== null).map(({ name, to, subject, date, size }) => ({ name, to, subject, date, size }));
}

export const readMailFile = (name: string) => parse(name);
