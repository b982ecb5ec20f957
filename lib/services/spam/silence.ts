// Silencing (read-only) and the one-click cleanup of a spammer (issue 58).
//
// A silence is a suspension without an end: users.suspended_until = SILENCE_UNTIL, so every write is
// refused at the edge (403 `suspended`, with its own message and `silenced: true`), the member's live
// streams end (migration 0042's trigger) and the banner shows; member_silences says who silenced and
// why, and whether the automatic defence did it (then staff review it from the dashboard).
import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db, rawRows, type DbOrTx } from "@/db";
import { comments, flags, memberSilences, messages, posts, spamEvents, userSessions, users } from "@/db/schema";
import { badRequest, forbidden, notFound, msg } from "@/lib/errors";
import { assertRole, canSuspendUser } from "@/lib/permissions";
import { announce } from "@/lib/changes/announce";
import { memberShown, settingsChanged } from "@/lib/changes/written";
import { recountComments } from "@/lib/services/shared/comment-counts";
import { audit } from "@/lib/services/shared/audit";
import { systemUserId } from "@/lib/services/shared/change-logs";
import { levelOf } from "@/lib/services/shared/medals";
import { addScreenedEmail, addScreenedIp, normalizeCidr, screenedEmailDomains, screenedIpAction } from "@/lib/services/spam/lists";
import type { DeleteSpammerResultDto, UserSpamDto } from "@/lib/validation/spam";
import type { Viewer } from "@/lib/viewer";

/** The "until" of a silence: no end (staff lift it). */
export const SILENCE_UNTIL = new Date("9999-12-31T00:00:00.000Z");
export const isSilenceUntil = (until: string | Date | null | undefined) => !!until && new Date(until).getUTCFullYear() >= 9999;

export async function recordSpamEvent(
  runner: DbOrTx,
  e: { userId: number | null; kind: string; rule: string; detail?: Record<string, unknown>; ip?: string | null },
): Promise<void> {
  await runner.insert(spamEvents).values({ userId: e.userId, kind: e.kind, rule: e.rule, detail: e.detail ?? null, ip: e.ip ?? null });
}

/** A level-0 member: not staff, not a bot, below the first level. */
export function isNewMember(u: { role: string; bot: boolean; experience: number }): boolean {
  return u.role === "USER" && !u.bot && levelOf(u.experience).currentLevel === 0;
}

/**
 * Silences `userId` in the caller's transaction and hides what they wrote pending review: published
 * posts go back to PENDING (the review queue), comments are hidden with a system flag each (the flag
 * queue). Returns the ids touched, for the caller's announcement.
 */
export async function silenceMember(
  tx: DbOrTx,
  s: { userId: number; reason: string; automatic: boolean; byId: number | null; rule: string },
): Promise<{ postIds: number[]; commentIds: { id: number; postId: number }[] }> {
  await tx
    .insert(memberSilences)
    .values({ userId: s.userId, reason: s.reason, automatic: s.automatic, byId: s.byId })
    .onConflictDoUpdate({
      target: memberSilences.userId,
      set: { reason: s.reason, automatic: s.automatic, byId: s.byId, reviewedAt: null, createdAt: new Date() },
    });
  await tx.update(users).set({ suspendedUntil: SILENCE_UNTIL, suspendedReason: s.reason }).where(eq(users.id, s.userId));
  const hidden = await hideWritings(tx, s.userId, s.reason);
  await recordSpamEvent(tx, {
    userId: s.userId,
    kind: "silenced",
    rule: s.rule,
    detail: { automatic: s.automatic, posts: hidden.postIds.length, comments: hidden.commentIds.length },
  });
  return hidden;
}

/** Hides a member's published posts (PENDING) and comments (hidden + a system flag), pending review. */
export async function hideWritings(tx: DbOrTx, userId: number, note: string) {
  const hiddenPosts = await tx
    .update(posts)
    .set({ status: "PENDING", hiddenAt: new Date() })
    .where(and(eq(posts.authorId, userId), eq(posts.status, "PUBLISHED")))
    .returning({ id: posts.id });
  const hiddenComments = await tx
    .update(comments)
    .set({ hiddenAt: new Date() })
    .where(and(eq(comments.authorId, userId), isNull(comments.hiddenAt), isNull(comments.deletedAt)))
    .returning({ id: comments.id, postId: comments.postId });
  if (hiddenComments.length) {
    const system = await systemUserId(tx);
    await tx
      .insert(flags)
      .values(
        hiddenComments.map((c) => ({
          reporterId: system,
          postId: c.postId,
          commentId: c.id,
          reason: "SPAM" as const,
          note: note.slice(0, 500),
        })),
      )
      .onConflictDoNothing();
  }
  // Their hidden comments leave the posts' public counts and latest replies.
  await recountComments(
    tx,
    hiddenComments.map((c) => c.postId),
  );
  return { postIds: hiddenPosts.map((p) => p.id), commentIds: hiddenComments };
}

/** A system flag (reporter: the `system` account) on a post or comment, so it reaches the flag queue. */
/** How the system flag of a held comment begins (a let-through sends the comment's notices). */
export const HELD_NOTE = "Held for review:";

export async function raiseSystemFlag(tx: DbOrTx, target: { postId: number; commentId?: number | null }, note: string): Promise<void> {
  await tx
    .insert(flags)
    .values({
      reporterId: await systemUserId(tx),
      postId: target.postId,
      commentId: target.commentId ?? null,
      reason: "SPAM",
      note: note.slice(0, 500),
    })
    .onConflictDoNothing();
}

/** The announcement of a silence: the member's name and every page that showed their writing. */
export const silenced = (userId: number) => [...memberShown(userId), ...settingsChanged()];

/**
 * After a member's flag (lib/services/moderation/flags.ts): when the flagged author is a new member
 * whose posts and comments `spamFlagSilenceThreshold` distinct members flagged as spam, they are
 * silenced. Returns true when this flag silenced them (the caller announces).
 */
export async function silenceIfFlaggedSpammer(tx: DbOrTx, authorId: number, threshold: number): Promise<boolean> {
  if (threshold <= 0) return false;
  const [u] = await tx
    .select({ role: users.role, bot: users.bot, experience: users.experience, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, authorId));
  if (!u || !isNewMember(u) || isSilenceUntil(u.suspendedUntil)) return false;
  const [r] = await rawRows<{ n: number }>(
    tx,
    sql`select count(distinct f.reporter_id)::int as n from flags f
        left join posts p on f.comment_id is null and p.id = f.post_id
        left join comments c on c.id = f.comment_id
        where f.reason = 'SPAM' and f.status = 'OPEN' and coalesce(c.author_id, p.author_id) = ${authorId}
          and f.reporter_id <> coalesce((select id from users where lower(username) = 'system' limit 1), 0)`,
  );
  if (Number(r?.n ?? 0) < threshold) return false;
  await silenceMember(tx, {
    userId: authorId,
    reason: `Flagged as spam by ${threshold} members`,
    automatic: true,
    byId: null,
    rule: "spam_flags",
  });
  return true;
}

type Target = {
  id: number;
  role: "USER" | "MODERATOR" | "ADMIN";
  bot: boolean;
  email: string;
  experience: number;
  suspendedUntil: Date | null;
};

async function targetOr404(tx: DbOrTx, userId: number): Promise<Target> {
  const [u] = await tx
    .select({
      id: users.id,
      role: users.role,
      bot: users.bot,
      email: users.email,
      experience: users.experience,
      suspendedUntil: users.suspendedUntil,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!u) throw notFound(msg("userNotFound"));
  return u;
}

/** POST /api/admin/users/{id}/silence (staff): read-only until lifted; their writing stays as it is. */
export async function silenceUser(viewer: Viewer | null, { userId, reason }: { userId: number; reason: string }): Promise<UserSpamDto> {
  assertRole(viewer, "MODERATOR");
  if (viewer!.id === userId) throw badRequest(msg("staffNotSelf"));
  await db.transaction(async (tx) => {
    const u = await targetOr404(tx, userId);
    if (u.bot) throw forbidden(msg("botsNotSuspended"));
    if (!canSuspendUser(viewer, u)) throw forbidden(msg("adminSuspendsStaff"));
    await tx
      .insert(memberSilences)
      .values({ userId, reason, automatic: false, byId: viewer!.id })
      .onConflictDoUpdate({
        target: memberSilences.userId,
        set: { reason, automatic: false, byId: viewer!.id, reviewedAt: null, createdAt: new Date() },
      });
    await tx.update(users).set({ suspendedUntil: SILENCE_UNTIL, suspendedReason: reason }).where(eq(users.id, userId));
    await audit(tx, {
      actorId: viewer!.id,
      action: "user.silence",
      targetType: "user",
      targetId: userId,
      before: { suspendedUntil: u.suspendedUntil?.toISOString() ?? null },
      after: { silenced: true, reason },
    });
  });
  await announce(memberShown(userId));
  return getUserSpamState(viewer, { userId });
}

/** DELETE /api/admin/users/{id}/silence (staff): lifts a silence (automatic or not). */
export async function unsilenceUser(viewer: Viewer | null, { userId }: { userId: number }): Promise<UserSpamDto> {
  assertRole(viewer, "MODERATOR");
  await db.transaction(async (tx) => {
    const u = await targetOr404(tx, userId);
    if (!canSuspendUser(viewer, u)) throw forbidden(msg("adminSuspendsStaff"));
    const [s] = await tx.delete(memberSilences).where(eq(memberSilences.userId, userId)).returning();
    if (isSilenceUntil(u.suspendedUntil))
      await tx.update(users).set({ suspendedUntil: null, suspendedReason: null }).where(eq(users.id, userId));
    await audit(tx, {
      actorId: viewer!.id,
      action: "user.unsilence",
      targetType: "user",
      targetId: userId,
      before: { silenced: !!s, automatic: s?.automatic ?? false },
      after: { silenced: false },
    });
  });
  await announce(memberShown(userId));
  return getUserSpamState(viewer, { userId });
}

/**
 * POST /api/admin/users/{id}/delete-spammer (staff): for a new member only. Deletes their posts,
 * comments and direct messages, blocks their email domain (unless it is a common provider someone
 * ALLOWed) and their sign-up address, suspends (silences) the account, and writes ONE audit line.
 */
export async function deleteSpammer(viewer: Viewer | null, { userId }: { userId: number }): Promise<DeleteSpammerResultDto> {
  assertRole(viewer, "MODERATOR");
  if (viewer!.id === userId) throw badRequest(msg("staffNotSelf"));
  // Read before the transaction (one connection on PGlite): the screened lists and the sign-up address.
  const screened = await screenedEmailDomains();
  const signUp = await firstSignUpIp(db, userId);
  const signUpScreened = signUp ? await screenedIpAction(signUp) : null;
  const result = await db.transaction(async (tx) => {
    const u = await targetOr404(tx, userId);
    if (!isNewMember(u)) throw forbidden(msg("spamNotNewMember"));
    const deletedPosts = await tx.delete(posts).where(eq(posts.authorId, userId)).returning({ id: posts.id });
    const deletedComments = await tx
      .update(comments)
      .set({ deletedAt: new Date(), content: "" })
      .where(and(eq(comments.authorId, userId), isNull(comments.deletedAt)))
      .returning({ id: comments.id, postId: comments.postId });
    const countsFix = [...new Set(deletedComments.map((c) => c.postId))];
    await recountComments(tx, countsFix);
    const deletedMessages = await tx.delete(messages).where(eq(messages.senderId, userId)).returning({ id: messages.id });
    const domain = u.email.split("@")[1]?.toLowerCase() ?? null;
    let blockedDomain: string | null = null;
    if (domain && !screened.has(domain) && !COMMON_PROVIDERS.has(domain)) {
      await addScreenedEmail(viewer, { domain, action: "BLOCK" }, tx);
      blockedDomain = domain;
    }
    let blockedIp: string | null = null;
    const cidr = signUp ? normalizeCidr(signUp) : null;
    if (cidr && signUpScreened === null) {
      await addScreenedIp(viewer, { cidr, action: "BLOCK" }, tx);
      blockedIp = cidr;
    }
    await tx
      .insert(memberSilences)
      .values({ userId, reason: "Spammer", automatic: false, byId: viewer!.id })
      .onConflictDoUpdate({
        target: memberSilences.userId,
        set: { reason: "Spammer", automatic: false, byId: viewer!.id, reviewedAt: new Date() },
      });
    await tx.update(users).set({ suspendedUntil: SILENCE_UNTIL, suspendedReason: "Spammer" }).where(eq(users.id, userId));
    await tx
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
    const out = {
      posts: deletedPosts.length,
      comments: deletedComments.length,
      messages: deletedMessages.length,
      blockedDomain,
      blockedIp,
    };
    await audit(tx, {
      actorId: viewer!.id,
      action: "user.delete_spammer",
      targetType: "user",
      targetId: userId,
      before: { email: u.email },
      after: out,
    });
    return out;
  });
  await announce(silenced(userId));
  return result;
}

/** Big mail providers are never blocked by "Delete spammer" (one spammer at gmail.com is no reason to refuse everyone there). */
const COMMON_PROVIDERS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "yahoo.com",
  "icloud.com",
  "qq.com",
  "163.com",
  "126.com",
  "proton.me",
  "protonmail.com",
  "gmx.de",
  "gmx.net",
  "mail.ru",
  "yandex.ru",
]);

async function firstSignUpIp(tx: DbOrTx, userId: number): Promise<string | null> {
  const [r] = await tx
    .select({ ip: spamEvents.ip })
    .from(spamEvents)
    .where(and(eq(spamEvents.userId, userId), eq(spamEvents.kind, "signup")))
    .limit(1);
  return r?.ip ?? null;
}

/** GET /api/admin/users/{id}/spam (staff): recent sign-in addresses (with their screening) and the silence. */
export async function getUserSpamState(viewer: Viewer | null, { userId }: { userId: number }): Promise<UserSpamDto> {
  assertRole(viewer, "MODERATOR");
  const [u] = await db.select({ role: users.role, bot: users.bot, experience: users.experience }).from(users).where(eq(users.id, userId));
  if (!u) throw notFound(msg("userNotFound"));
  const rows = await rawRows<{ ip: string; last_used_at: Date | string }>(
    db,
    sql`select ip, max(at) as last_used_at from (
          select ip, last_used_at as at from user_sessions where user_id = ${userId} and ip <> ''
          union all
          select ip, created_at as at from spam_events where user_id = ${userId} and kind = 'signup' and ip is not null
        ) a group by ip order by max(at) desc limit 10`,
  );
  const addresses = await Promise.all(
    rows.map(async (r) => ({ ip: r.ip, lastUsedAt: new Date(r.last_used_at).toISOString(), screened: await screenedIpAction(r.ip) })),
  );
  const [s] = await db.select().from(memberSilences).where(eq(memberSilences.userId, userId));
  return {
    addresses,
    silenced: s ? { reason: s.reason, automatic: s.automatic, createdAt: s.createdAt.toISOString() } : null,
    newMember: isNewMember(u),
  };
}
