import "server-only";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { db, rawRows } from "@/db";
import { mailDir } from "@/lib/mail/transport";
import { assertRole } from "@/lib/permissions";
import type { Viewer } from "@/lib/viewer";

/** For /admin/mail: the .eml files written when no SMTP server is configured (newest first) and the outbox's state. */

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

export type OutboxSummary = {
  counts: Record<"pending" | "sending" | "sent" | "failed" | "cancelled", number>;
  troubled: { id: number; kind: string; to: string; status: string; attempts: number; lastError: string; nextAttemptAt: string }[];
};

/** The outbox at a glance for /admin/mail: rows per status and the latest mail that failed or is waiting to retry. */
export async function outboxSummary(): Promise<OutboxSummary> {
  const [counts, troubled] = await Promise.all([
    rawRows<{ status: keyof OutboxSummary["counts"]; n: number }>(
      db,
      sql`select status, count(*)::int as n from mail_outbox group by status`,
    ),
    rawRows<{
      id: number;
      kind: string;
      to_address: string;
      status: string;
      attempts: number;
      last_error: string;
      next_attempt_at: string | Date;
    }>(
      db,
      sql`select id, kind, to_address, status, attempts, last_error, next_attempt_at from mail_outbox
          where last_error is not null and status in ('pending', 'failed') order by id desc limit 10`,
    ),
  ]);
  const out: OutboxSummary = { counts: { pending: 0, sending: 0, sent: 0, failed: 0, cancelled: 0 }, troubled: [] };
  for (const c of counts) out.counts[c.status] = Number(c.n);
  out.troubled = troubled.map((t) => ({
    id: Number(t.id),
    kind: t.kind,
    to: t.to_address,
    status: t.status,
    attempts: Number(t.attempts),
    lastError: t.last_error,
    nextAttemptAt: new Date(t.next_attempt_at).toISOString(),
  }));
  return out;
}

/** /admin/mail (admins): the written files and the outbox counts. */
export async function adminMailbox(viewer: Viewer | null): Promise<{ files: MailFileSummary[]; outbox: OutboxSummary }> {
  assertRole(viewer, "ADMIN");
  const [files, outbox] = await Promise.all([listMailFiles(), outboxSummary()]);
  return { files, outbox };
}

/** /admin/mail/{name} (admins): one written mail, or null. */
export async function adminMailFile(viewer: Viewer | null, name: string) {
  assertRole(viewer, "ADMIN");
  return readMailFile(name);
}
