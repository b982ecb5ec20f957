import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { badRequest, unauthorized, msg } from "@/lib/errors";
import { accountLoginKey, countPasswordAttempt } from "@/lib/services/auth/login-attempts";
import { hashPassword, verifyPassword } from "@/lib/services/shared/passwords";
import { revokeUserSessions, type SessionRef } from "@/lib/services/auth/sessions";
import type { ChangePasswordInput } from "@/lib/validation/auth";

/**
 * Changes the caller's password (POST /api/users/me/password). The attempt counts as a sign-in of the
 * account from the caller's address (the same limits, counted before the comparison, so a stolen
 * session cannot guess it); a wrong current password is a 400 and stays counted.
 * In the same transaction every other browser session and login token of the account is ended;
 * the sign-in making the request (`viewer.session`) stays.
 */
export async function changePassword(
  viewer: { id: number; session?: SessionRef | null },
  input: ChangePasswordInput & { ip: string },
): Promise<{ sessions: number; tokens: number }> {
  const attempt = await countPasswordAttempt(input.ip, accountLoginKey(viewer.id));
  const [u] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, viewer.id)).limit(1);
  if (!u) throw unauthorized();
  if (!(await verifyPassword(input.currentPassword, u.passwordHash))) throw badRequest(msg("currentPasswordWrong"), "currentPassword");
  await attempt.succeeded();
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, viewer.id));
    return revokeUserSessions(viewer.id, { keep: viewer.session, tx });
  });
}
