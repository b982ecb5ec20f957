import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { badRequest, unauthorized, msg } from "@/lib/errors";
import { env } from "@/lib/env";
import { accountLoginKey } from "@/lib/services/auth/login-attempts";
import { hashPassword, verifyPassword } from "@/lib/services/auth/passwords";
import { checkRateLimit, recordRateLimitHit } from "@/lib/limits/rate-limit";
import { revokeUserSessions, type SessionRef } from "@/lib/services/auth/sessions";
import type { ChangePasswordInput } from "@/lib/validation/auth";

/**
 * Changes the caller's password (POST /api/users/me/password). A wrong current password is a 400 and
 * counts as a failed sign-in of the account (the same limit, so a stolen session cannot guess it).
 * In the same transaction every other browser session and login token of the account is ended;
 * the sign-in making the request (`viewer.session`) stays.
 */
export async function changePassword(
  viewer: { id: number; session?: SessionRef | null },
  input: ChangePasswordInput,
): Promise<{ sessions: number; tokens: number }> {
  const e = env();
  const key = accountLoginKey(viewer.id);
  await checkRateLimit(key, e.RATE_LIMIT_LOGIN);
  const [u] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, viewer.id)).limit(1);
  if (!u) throw unauthorized();
  if (!(await verifyPassword(input.currentPassword, u.passwordHash))) {
    await recordRateLimitHit(key, e.RATE_LIMIT_LOGIN_WINDOW_SEC);
    throw badRequest(msg("currentPasswordWrong"), "currentPassword");
  }
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, viewer.id));
    return revokeUserSessions(viewer.id, { keep: viewer.session, tx });
  });
}
