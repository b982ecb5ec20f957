// What the spam defence did lately, for staff (the dashboard and /admin/spam).
import "server-only";
import { sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { assertRole } from "@/lib/permissions";
import type { Viewer } from "@/lib/viewer";

export type SpamSummary = {
  /** Last 24 hours, per kind: signup_refused, blocked, held, flagged, silenced. */
  day: Record<string, number>;
  /** Members the automatic defence silenced whom no staff member has looked at yet. */
  awaiting: { id: number; username: string; reason: string; createdAt: string }[];
};

export async function spamSummary(viewer: Viewer | null): Promise<SpamSummary> {
  assertRole(viewer, "MODERATOR");
  const counts = await rawRows<{ kind: string; n: number }>(
    db,
    sql`select kind, count(*)::int as n from spam_events where created_at > now() - interval '1 day' and kind <> 'signup' group by kind`,
  );
  const awaiting = await rawRows<{ id: number; username: string; reason: string; created_at: Date | string }>(
    db,
    sql`select u.id, u.username, s.reason, s.created_at from member_silences s join users u on u.id = s.user_id
        where s.automatic and s.reviewed_at is null order by s.created_at desc limit 20`,
  );
  return {
    day: Object.fromEntries(counts.map((c) => [c.kind, Number(c.n)])),
    awaiting: awaiting.map((a) => ({ id: a.id, username: a.username, reason: a.reason, createdAt: new Date(a.created_at).toISOString() })),
  };
}
