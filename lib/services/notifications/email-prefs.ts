import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { emailPrefs, type EmailMode } from "@/db/schema";
import { badRequest, msg } from "@/lib/errors";
import { env } from "@/lib/env";
import { checkUnsubscribeToken } from "@/lib/mail/site";
import type { EmailPrefsDto } from "@/lib/validation/mail";
import type { Viewer } from "@/lib/viewer";

/** The member's email preference (`immediate` unless they chose otherwise) and the away threshold. */
export async function getEmailPrefs(viewer: Pick<Viewer, "id">): Promise<EmailPrefsDto> {
  const userId = viewer.id;
  const [row] = await db.select({ mode: emailPrefs.mode }).from(emailPrefs).where(eq(emailPrefs.userId, userId));
  return { mode: row?.mode ?? "immediate", awayMinutes: env().MAIL_AWAY_MINUTES };
}

/**
 * Sets the mode. Choosing a digest starts its period now, so the first digest comes a day (or a
 * week) later and covers what was missed since.
 */
export async function updateEmailPrefs(viewer: Pick<Viewer, "id">, { mode }: { mode: EmailMode }): Promise<EmailPrefsDto> {
  const userId = viewer.id;
  const digest = mode === "daily" || mode === "weekly";
  await db
    .insert(emailPrefs)
    .values({ userId, mode, lastDigestAt: digest ? sql`now()` : null, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: emailPrefs.userId,
      set: {
        mode,
        updatedAt: sql`now()`,
        // Keep the running period when switching between digests; start one when coming from elsewhere.
        lastDigestAt: digest
          ? sql`case when ${emailPrefs.mode} in ('daily', 'weekly') then ${emailPrefs.lastDigestAt} else now() end`
          : null,
      },
    });
  return getEmailPrefs(viewer);
}

/** One-click unsubscribe (RFC 8058): a valid signed link turns all notification mail off, no sign-in needed. */
export async function unsubscribe(userId: number, token: string): Promise<EmailPrefsDto> {
  if (!checkUnsubscribeToken(userId, token)) throw badRequest(msg("unsubscribeLinkInvalid"), "t");
  try {
    return await updateEmailPrefs({ id: userId }, { mode: "off" });
  } catch {
    // The member no longer exists: nothing will be sent to them anyway.
    throw badRequest(msg("unsubscribeLinkInvalid"), "t");
  }
}
