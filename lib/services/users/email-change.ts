import "server-only";
import type { Viewer } from "@/lib/viewer";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { mailOutbox, users } from "@/db/schema";
import { AppError, badRequest, unauthorized, msg } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/outbox";
import { hitRateLimit } from "@/lib/limits/rate-limit";
import { consumeEmailChangeCode, liveEmailChange, retireCodes } from "@/lib/services/auth/email-codes";
import { accountLoginKey, countPasswordAttempt } from "@/lib/services/auth/login-attempts";
import { verifyPassword } from "@/lib/services/shared/passwords";
import { getMe } from "@/lib/services/shared/me";
import { afterCommit } from "@/lib/changes/announce";
import { accountChanged } from "@/lib/changes/written";
import type { ChangeEmailInput, EmailChangeDto } from "@/lib/validation/account";
import type { MeDto } from "@/lib/validation/responses";

/**
 * Changing the member's address: they give the new address and their password; a code goes to the
 * NEW address (the mail is composed when it is sent, lib/jobs/mail-drain.ts, like a verification code);
 * the address changes only when that code comes back, and then the OLD address is told. Until then
 * everything keeps going to the old one.
 */

/** Requests per member per hour (each sends a mail to an address of their choosing). */
export const EMAIL_CHANGE_LIMIT = 5;
const EMAIL_CHANGE_WINDOW_SEC = 3600;

function addressTaken(): AppError {
  return new AppError("conflict", msg("emailTaken"), { field: "email" });
}

async function takenByOther(tx: DbOrTx, email: string, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), sql`${users.id} <> ${userId}`))
    .limit(1);
  return !!row;
}

/** Mail asking to confirm a change that has not been sent yet (its code does not exist yet). */
function queuedChangeMail(userId: number) {
  return and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, "email-change"), inArray(mailOutbox.status, ["pending", "sending"]));
}

/** The address in use and the one waiting for its code (a live code, or a mail not sent yet). */
export async function getEmailChange(viewer: Pick<Viewer, "id">): Promise<EmailChangeDto> {
  const userId = viewer.id;
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!u) throw unauthorized();
  let pending = await liveEmailChange(userId);
  if (!pending) {
    const [queued] = await db
      .select({ data: mailOutbox.data })
      .from(mailOutbox)
      .where(queuedChangeMail(userId))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    pending = typeof queued?.data.newEmail === "string" ? queued.data.newEmail : null;
  }
  return { email: u.email, pendingEmail: pending };
}

/**
 * POST /api/users/me/email. The password is checked as a sign-in is (counted per address and per
 * account before the comparison; a wrong one stays counted); the new address must differ and be free.
 * Earlier requests stop working.
 */
export async function requestEmailChange(viewer: Pick<Viewer, "id">, a: ChangeEmailInput & { ip: string }): Promise<EmailChangeDto> {
  const email = a.email.toLowerCase();
  const [u] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, viewer.id));
  if (!u) throw unauthorized();
  if (!u.passwordHash) throw badRequest(msg("noPasswordSet"), "password");
  const attempt = await countPasswordAttempt(a.ip, accountLoginKey(viewer.id));
  if (!(await verifyPassword(a.password, u.passwordHash))) throw badRequest(msg("passwordWrong"), "password");
  await attempt.succeeded();
  if (u.email.toLowerCase() === email) throw badRequest(msg("alreadyYourAddress"), "email");
  if (await takenByOther(db, email, viewer.id)) throw addressTaken();
  await hitRateLimit(`email-change:${viewer.id}`, EMAIL_CHANGE_LIMIT, EMAIL_CHANGE_WINDOW_SEC);
  await db.transaction(async (tx) => {
    await retireCodes(viewer.id, "email", tx);
    await tx.update(mailOutbox).set({ status: "cancelled", lastError: "a newer address change" }).where(queuedChangeMail(viewer.id));
    await enqueueMail(tx, { kind: "email-change", to: email, userId: viewer.id, data: { newEmail: email } });
  });
  return { email: u.email, pendingEmail: email };
}

/** DELETE /api/users/me/email: the waiting change is dropped (its code stops working, an unsent mail is not sent). */
export async function cancelEmailChange(viewer: Pick<Viewer, "id">): Promise<EmailChangeDto> {
  const userId = viewer.id;
  await db.transaction(async (tx) => {
    await retireCodes(userId, "email", tx);
    await tx.update(mailOutbox).set({ status: "cancelled", lastError: "cancelled by the member" }).where(queuedChangeMail(userId));
  });
  return getEmailChange(viewer);
}

/**
 * POST /api/users/me/email/confirm: the code from the mail makes the new address the member's (and
 * verified: the code proves they read it), retires the other codes, and queues a notice to the old
 * address, in one transaction. A wrong or expired code is a 400 on `code` (five tries per code).
 */
export async function confirmEmailChange(viewer: Pick<Viewer, "id">, a: { code: string }): Promise<MeDto> {
  const outcome = await afterCommit(
    db.transaction(async (tx) => {
      const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, viewer.id)).for("update");
      if (!u) throw unauthorized();
      const next = await consumeEmailChangeCode(viewer.id, a.code, tx);
      if (!next) return { ok: false as const };
      if (await takenByOther(tx, next.toLowerCase(), viewer.id)) return { ok: false as const, taken: true };
      await tx
        .update(users)
        .set({ email: next, emailVerifiedAt: sql`now()` })
        .where(eq(users.id, viewer.id));
      await retireCodes(viewer.id, "email", tx);
      await retireCodes(viewer.id, "verify", tx);
      await enqueueMail(tx, { kind: "email-changed", to: u.email, userId: viewer.id, data: { oldEmail: u.email, newEmail: next } });
      return { ok: true as const };
    }),
    (r) => (r.ok ? accountChanged(viewer.id) : []),
  );
  if (!outcome.ok) {
    if ("taken" in outcome) throw addressTaken();
    throw badRequest(msg("codeWrongOrExpired"), "code");
  }
  return getMe(viewer);
}
