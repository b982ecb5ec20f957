import "server-only";
import type { Viewer } from "@/lib/viewer";
import { desc, eq, sql } from "drizzle-orm";
import { db, rawRows, type DbOrTx } from "@/db";
import { usernameHistory, users } from "@/db/schema";
import { AppError, msg } from "@/lib/errors";
import { readSettings } from "@/lib/services/shared/site-settings";
import { nameTakenSql } from "@/lib/services/shared/name-taken";

/**
 * Usernames: who holds a name (now, or before a rename), and the site's rule for renames
 * (site_settings.username_change_days: null never, 0 any time, N at most once per N days).
 * A name someone had before stays theirs: `/u/<old>` and API lookups by it lead to them, so nobody
 * else may register or take it.
 */

/** The member who had `name` before a rename (the last one to have it), or null. */
export async function userIdByOldName(name: string, runner: DbOrTx = db): Promise<number | null> {
  const [row] = await runner
    .select({ userId: usernameHistory.userId })
    .from(usernameHistory)
    .where(eq(sql`lower(${usernameHistory.username})`, name.toLowerCase()))
    .orderBy(desc(usernameHistory.changedAt))
    .limit(1);
  return row?.userId ?? null;
}

export type RenamePolicy = {
  /** The site's rule: null never, 0 any time, N days between renames. */
  days: number | null;
  /** Whether the member may rename now. */
  allowed: boolean;
  /** When the next rename is possible (ISO), while a wait runs; else null. */
  nextAt: string | null;
};

/** What the site's rule says for this member now (one read of the settings, one of their last rename). */
export async function renamePolicy(viewer: Pick<Viewer, "id">, runner: DbOrTx = db): Promise<RenamePolicy> {
  const userId = viewer.id;
  const { usernameChangeDays: days } = await readSettings(runner);
  if (days === null) return { days, allowed: false, nextAt: null };
  if (days === 0) return { days, allowed: true, nextAt: null };
  const [last] = await runner
    .select({ at: usernameHistory.changedAt })
    .from(usernameHistory)
    .where(eq(usernameHistory.userId, userId))
    .orderBy(desc(usernameHistory.changedAt))
    .limit(1);
  if (!last) return { days, allowed: true, nextAt: null };
  const next = new Date(new Date(last.at).getTime() + days * 86_400_000);
  return next.getTime() <= Date.now() ? { days, allowed: true, nextAt: null } : { days, allowed: false, nextAt: next.toISOString() };
}

function usernameTaken(): AppError {
  return new AppError("conflict", msg("usernameTaken"), { field: "username" });
}

/**
 * Renames the member in the caller's transaction: the same rules as registration (unique
 * case-insensitively, including the names others had before), and the site's rule for renames. A
 * change of case only is not a rename (the profile address stays the same) and needs no wait.
 * Returns whether anything changed.
 */
export async function renameUser(tx: DbOrTx, userId: number, next: string): Promise<boolean> {
  const [u] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).for("update");
  if (!u || u.username === next) return false;
  const caseOnly = u.username.toLowerCase() === next.toLowerCase();
  const policy = await renamePolicy({ id: userId }, tx);
  if (policy.days === null) {
    throw new AppError("forbidden", msg("usernameChangesOff"), { field: "username" });
  }
  if (!caseOnly && !policy.allowed) {
    const when = (locale: string) =>
      new Date(policy.nextAt!).toLocaleDateString(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    throw new AppError(
      "forbidden",
      msg("usernameOncePer", (locale) => ({ days: policy.days!, when: when(locale) })),
      {
        field: "username",
        details: { nextChangeAt: policy.nextAt },
      },
    );
  }
  if (!caseOnly) {
    const [hit] = await rawRows<{ taken: boolean }>(tx, sql`select ${nameTakenSql(next, userId)} as taken`);
    if (hit?.taken) throw usernameTaken();
  }
  await tx.update(users).set({ username: next }).where(eq(users.id, userId));
  if (!caseOnly) await tx.insert(usernameHistory).values({ userId, username: u.username });
  return true;
}

/** The member's earlier names, newest first (their settings page lists them). */
export async function formerNames(viewer: Pick<Viewer, "id">): Promise<{ username: string; changedAt: string }[]> {
  const userId = viewer.id;
  const rows = await db
    .select({ username: usernameHistory.username, at: usernameHistory.changedAt })
    .from(usernameHistory)
    .where(eq(usernameHistory.userId, userId))
    .orderBy(desc(usernameHistory.changedAt))
    .limit(20);
  return rows.map((r) => ({ username: r.username, changedAt: new Date(r.at).toISOString() }));
}
