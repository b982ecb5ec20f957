import "server-only";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import {
  comments,
  emailCodes,
  mailOutbox,
  passkeyChallenges,
  postChangeLogs,
  posts,
  releasedUsernames,
  signInTickets,
  twoFactorRecoveryCodes,
  usernameHistory,
  userIdentities,
  userPasskeys,
  users,
  userTwoFactor,
} from "@/db/schema";
import { afterCommit } from "@/lib/changes/announce";
import type { Change } from "@/lib/changes/announce";
import { accountChanged, commentChanged, memberShown, notificationsRead, postChanged } from "@/lib/changes/written";
import { badRequest, forbidden, msg, notFound, unauthorized } from "@/lib/errors";
import { assertRole } from "@/lib/permissions";
import { endDataExports } from "@/lib/services/accounts/data-export";
import { deletedAddress, rewriteDeletedText } from "@/lib/services/accounts/deleted-text";
import { releasedNameHash } from "@/lib/services/shared/released-names";
import { enqueueMail } from "@/lib/mail/outbox";
import { hitRateLimit } from "@/lib/limits/rate-limit";
import { consumeDeleteCode, DELETE_CODE_TTL_MS } from "@/lib/services/auth/email-codes";
import { accountLoginKey, countPasswordAttempt } from "@/lib/services/auth/login-attempts";
import { verifyPassword } from "@/lib/services/shared/passwords";
import { revokeUserSessions } from "@/lib/services/auth/sessions";
import { audit } from "@/lib/services/shared/audit";
import type { DeleteCodeSentDto } from "@/lib/validation/accounts";
import type { Viewer } from "@/lib/viewer";

export type DeleteContent = "keep" | "remove";
export type DeletedAccountDto = { deleted: true; username: string; postsRemoved: number; commentsRemoved: number };

/** The name a deleted member is shown under (their posts kept, their side of conversations). */
export const deletedName = (userId: number) => `deleted-${userId}`;

/**
 * Anonymises an account at once, in one transaction: name, display name, address, avatar, introduction,
 * password, passkeys and two-factor secrets go; every browser session and token (personal ones too) ends; the
 * names it had are forgotten (their `/u/<old>` links lead nowhere) and held for a cooldown as a hash only;
 * waiting mail to it is dropped. `content: "remove"` deletes the member's posts (with the comments on
 * them) and empties their comments (soft-deleted, so replies stay readable); `"keep"` leaves them under
 * the deleted member's name. Conversations keep the member's messages, shown under that name.
 */
async function anonymise(tx: DbOrTx, userId: number, content: DeleteContent) {
  const [u] = await tx.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, userId)).for("update");
  if (!u) throw notFound(msg("userNotFound"));
  const old = await tx.select({ username: usernameHistory.username }).from(usernameHistory).where(eq(usernameHistory.userId, userId));
  const names = [u.username, ...old.map((o) => o.username)];
  let removedPosts: number[] = [];
  let removedComments: { id: number; postId: number }[] = [];
  if (content === "remove") {
    removedPosts = (await tx.delete(posts).where(eq(posts.authorId, userId)).returning({ id: posts.id })).map((p) => p.id);
    removedComments = await tx
      .update(comments)
      .set({ deletedAt: sql`now()`, content: "", pinnedAt: null, pinnedById: null })
      .where(and(eq(comments.authorId, userId), isNull(comments.deletedAt)))
      .returning({ id: comments.id, postId: comments.postId });
    // Their comments' earlier versions go with the text.
    await tx
      .delete(postChangeLogs)
      .where(sql`${postChangeLogs.commentId} in (select c.id from comments c where c.author_id = ${userId} and c.deleted_at is not null)`);
  }
  const username = deletedName(userId);
  const rewritten = await rewriteDeletedText(tx, { userId, names, email: u.email, to: username });
  await tx
    .update(users)
    .set({
      username,
      displayName: null,
      email: deletedAddress(username),
      passwordHash: null,
      avatar: "",
      introduction: "",
      role: "USER",
      contributor: false,
      displayMedal: null,
      locale: null,
      emailVerifiedAt: null,
    })
    .where(eq(users.id, userId));
  await tx.delete(usernameHistory).where(eq(usernameHistory.userId, userId));
  for (const name of names) {
    await tx
      .insert(releasedUsernames)
      .values({ nameHash: releasedNameHash(name) })
      .onConflictDoUpdate({ target: releasedUsernames.nameHash, set: { releasedAt: sql`now()` } });
  }
  await revokeUserSessions(userId, { personalTokens: true, tx });
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  // The OpenID provider's account no longer signs in here (a first sign-in would make a new member).
  await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(signInTickets).where(eq(signInTickets.userId, userId));
  // Passkeys sign in without a password: they go with it.
  await tx.delete(userPasskeys).where(eq(userPasskeys.userId, userId));
  await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, userId));
  await tx.delete(emailCodes).where(eq(emailCodes.userId, userId));
  // Mail to the address without a member id (a password reset) goes too.
  await tx
    .delete(mailOutbox)
    .where(
      and(
        or(eq(mailOutbox.userId, userId), sql`lower(${mailOutbox.toAddress}) = lower(${u.email})`),
        inArray(mailOutbox.status, ["pending", "failed"]),
      ),
    );
  // Their data archives go too (the files with the next pass of the exports job).
  await endDataExports(tx, userId);
  const changes: Change[] = [
    ...memberShown(userId),
    ...accountChanged(userId),
    ...removedPosts.flatMap((id) => postChanged(id)),
    ...removedComments.flatMap((c) => commentChanged(c)),
    ...rewritten.posts.flatMap((id) => postChanged(id)),
    ...rewritten.comments.flatMap((c) => commentChanged(c)),
    ...(rewritten.notifications.length ? notificationsRead(rewritten.notifications) : []),
  ];
  return { username, postsRemoved: removedPosts.length, commentsRemoved: removedComments.length, changes, oldUsername: u.username };
}

/** Whether the member has a password (else deleting the account takes a mailed code). */
export async function accountHasPassword(viewer: Pick<Viewer, "id">): Promise<boolean> {
  const [u] = await db
    .select({ has: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(eq(users.id, viewer.id));
  return !!u?.has;
}

/** Deletion codes mailed per member per hour (each sends a mail). */
export const DELETE_CODE_LIMIT = 3;
const DELETE_CODE_WINDOW_SEC = 3600;

/**
 * POST /api/users/me/deletion-code: mails the member a one-time code that deletes the account in place
 * of the password (for accounts made through an OpenID provider or with passkeys only, which have none;
 * any member may use it). The code is made when the mail is sent (lib/jobs/mail-drain.ts), like the other
 * mailed codes: 6 digits, 30 minutes, 5 wrong tries, only its hash kept. 429 past DELETE_CODE_LIMIT an hour.
 */
export async function requestDeleteCode(viewer: Pick<Viewer, "id">): Promise<DeleteCodeSentDto> {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.id));
  if (!u) throw unauthorized();
  await hitRateLimit(`delete-code:${viewer.id}`, DELETE_CODE_LIMIT, DELETE_CODE_WINDOW_SEC);
  await enqueueMail(db, { kind: "account-delete-code", to: u.email, userId: viewer.id });
  return { sent: true, expiresInMinutes: DELETE_CODE_TTL_MS / 60_000 };
}

/**
 * DELETE /api/users/me {password | code, content}: the caller deletes their own account, confirmed by
 * the password or by a mailed code (requestDeleteCode). Either counts as a sign-in attempt (429 past
 * the limit); a wrong password is a 400 naming `password`, a wrong, expired, used or another member's
 * code a 400 naming `code`. An account without a password must use a code (400 naming `password`).
 */
export async function deleteMyAccount(
  viewer: Pick<Viewer, "id">,
  input: { password?: string; code?: string; content: DeleteContent; ip: string },
): Promise<DeletedAccountDto> {
  const attempt = await countPasswordAttempt(input.ip, accountLoginKey(viewer.id));
  const [u] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, viewer.id));
  if (!u) throw unauthorized();
  if (input.code !== undefined) {
    if (!(await consumeDeleteCode(viewer.id, input.code))) throw badRequest(msg("codeWrongOrExpired"), "code");
  } else if (!u.passwordHash) {
    throw badRequest(msg("deleteNeedsCode"), "password");
  } else if (!(await verifyPassword(input.password ?? "", u.passwordHash))) {
    throw badRequest(msg("twoFactorPasswordWrong"), "password");
  }
  await attempt.succeeded();
  const result = await afterCommit(
    db.transaction((tx) => anonymise(tx, viewer.id, input.content)),
    (r) => r.changes,
  );
  return { deleted: true, username: result.username, postsRemoved: result.postsRemoved, commentsRemoved: result.commentsRemoved };
}

/**
 * DELETE /api/admin/users/{id}/account {content} (admin): the same, from the member's admin page;
 * written to the audit log without the old name. An admin's account is not deleted this way (403).
 */
export async function adminDeleteAccount(
  viewer: Viewer | null,
  input: { userId: number; content: DeleteContent },
): Promise<DeletedAccountDto> {
  assertRole(viewer, "ADMIN");
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, input.userId));
  if (!target) throw notFound(msg("userNotFound"));
  if (target.role === "ADMIN") throw forbidden();
  const result = await afterCommit(
    db.transaction(async (tx) => {
      const r = await anonymise(tx, input.userId, input.content);
      await audit(tx, {
        actorId: viewer!.id,
        action: "user.delete",
        targetType: "user",
        targetId: input.userId,
        subjectUserId: input.userId,
        before: null,
        after: { content: input.content, postsRemoved: r.postsRemoved, commentsRemoved: r.commentsRemoved },
      });
      return r;
    }),
    (r) => r.changes,
  );
  return { deleted: true, username: result.username, postsRemoved: result.postsRemoved, commentsRemoved: result.commentsRemoved };
}
