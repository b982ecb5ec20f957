import "server-only";
import { eq, sql } from "drizzle-orm";
import { db, rawRows, type DbOrTx } from "@/db";
import { users } from "@/db/schema";
import { AppError, badRequest, conflict, msg } from "@/lib/errors";
import { env } from "@/lib/env";
import { enqueueMail } from "@/lib/mail/outbox";
import { consumeVerifyCode, matchesUsedVerifyCode } from "@/lib/services/auth/email-codes";
import { hitSiteRateLimit } from "@/lib/limits/rate-limit";
import type { VerifyResultDto } from "@/lib/validation/mail";
import type { Viewer } from "@/lib/viewer";

/** Queues the verification mail (the code is made when it is sent) in the caller's transaction. */
export async function queueVerificationMail(tx: DbOrTx, user: { id: number; email: string }): Promise<void> {
  await enqueueMail(tx, { kind: "verify", to: user.email, userId: user.id });
}

/**
 * POST /api/auth/verify: confirms the address with a code from the mail. `username` names the
 * account (OpenIsle's sign-up page sends it); signed in, the caller's own account is meant.
 * The answer is only the outcome, and it is the same 400 for everyone who does not hold the right
 * code — whether the account exists, is verified already, or the code is wrong (each wrong try counts
 * against the code, five tries each). The owner signed in, or with the code that verified it, sees
 * "verified" again.
 */
export async function verifyEmail(viewer: Viewer | null, input: { username?: string; code: string }): Promise<VerifyResultDto> {
  const name = input.username ?? viewer?.username;
  if (!name) throw badRequest(msg("usernameRequired"), "username");
  const [u] = await db
    .select({ id: users.id, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(sql`lower(${users.username})`, name.toLowerCase()))
    .limit(1);
  const wrong = () => badRequest(msg("codeWrongOrExpired"), "code");
  const verified: VerifyResultDto = { verified: true, reason_code: "VERIFIED_AND_APPROVED" };
  if (!u) throw wrong();
  if (u.verifiedAt) {
    if (viewer?.id === u.id || (await matchesUsedVerifyCode(u.id, input.code))) return verified;
    throw wrong();
  }
  const ok = await db.transaction(async (tx) => {
    if (!(await consumeVerifyCode(u.id, input.code, tx))) return false;
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`now()` })
      .where(eq(users.id, u.id));
    return true;
  });
  if (!ok) throw wrong();
  return verified;
}

/** "Send again": a new code by mail, within the site's `verifyResend` limit per member. */
export async function resendVerification(viewer: Viewer): Promise<{ sent: boolean; email: string }> {
  const [u] = await db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, viewer.id));
  if (!u) throw badRequest(msg("noSuchAccount"));
  if (u.verifiedAt) throw conflict(msg("alreadyVerified"));
  await hitSiteRateLimit(`verify-resend:${viewer.id}`, "verifyResend");
  await queueVerificationMail(db, { id: viewer.id, email: u.email });
  return { sent: true, email: u.email };
}

/**
 * Members who have not verified their address may write UNVERIFIED_POST_ALLOWANCE posts and
 * comments in all; beyond that, 403 `email_unverified`. One query, for verified members too.
 */
export async function assertMayWrite(userId: number, runner: DbOrTx = db): Promise<void> {
  const [r] = await rawRows<{ written: number | null }>(
    runner,
    sql`select case when u.email_verified_at is null then
          (select count(*) from posts p where p.author_id = u.id) + (select count(*) from comments c where c.author_id = u.id)
        end as written
        from users u where u.id = ${userId}`,
  );
  if (!r || r.written === null) return;
  const allowance = env().UNVERIFIED_POST_ALLOWANCE;
  if (Number(r.written) >= allowance) {
    throw new AppError("email_unverified", msg("verifyToKeepPosting", { allowance }), {
      field: "email",
    });
  }
}
