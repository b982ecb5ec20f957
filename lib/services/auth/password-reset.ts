import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { badRequest, msg } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/outbox";
import { consumeResetToken, resetTokenOwner, retireCodes } from "@/lib/services/auth/email-codes";
import { hashPassword } from "@/lib/services/shared/passwords";
import { hitSiteRateLimit, releaseRateLimitHit } from "@/lib/limits/rate-limit";
import { revokeUserSessions } from "@/lib/services/auth/sessions";
import { issueToken, LOGIN_TOKEN_TTL_MS } from "@/lib/services/auth/tokens";
import { getMe } from "@/lib/services/shared/me";
import type { AuthResultDto } from "@/lib/validation/auth";

const ACCEPTED = { accepted: true as const, message: "If an account uses this address, a mail with a reset link is on its way." };

/**
 * POST /api/auth/forgot: always the same 202 answer. The request does the same work whether or
 * not the address has an account (rate limits, one outbox row); the outbox looks the account up
 * later, when sending, so neither the answer nor its timing tells whether the address is known.
 */
export async function requestPasswordReset(input: { email: string; ip: string }) {
  const email = input.email.trim().toLowerCase();
  await hitSiteRateLimit(`forgot:ip:${input.ip}`, "forgotPassword");
  await hitSiteRateLimit(`forgot:email:${email}`, "forgotPassword");
  await enqueueMail(db, { kind: "reset", to: email });
  return ACCEPTED;
}

/**
 * POST /api/auth/reset: a valid, unused, unexpired token sets the new password, once. Every other
 * reset link, every browser session and every login token of the account stop working
 * (revokeUserSessions, in the same transaction); the answer is a fresh login token, as from POST /api/auth/login.
 *
 * The token is looked at before the new password is hashed, so a guessed one costs one indexed read,
 * and the attempt is counted first (the site's `login` limit): per address
 * (a reset that succeeds is taken back, failures stay) and, once the token names one, per account.
 */
export async function resetPassword(input: { token: string; password: string; ip: string }): Promise<AuthResultDto & { username: string }> {
  const ipKey = `reset:ip:${input.ip}`;
  await hitSiteRateLimit(ipKey, "login");
  const owner = await resetTokenOwner(input.token);
  if (owner === null) throw badRequest(msg("resetLinkInvalid"), "token");
  await hitSiteRateLimit(`reset:user:${owner}`, "login");
  // Outside the transaction: the embedded database has one connection, which the hash would hold.
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    const id = await consumeResetToken(input.token, tx);
    if (id === null) return null;
    // Receiving the mail proves the address too.
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, id));
    await retireCodes(id, "reset", tx);
    await revokeUserSessions(id, { tx });
    return id;
  });
  // Used meanwhile by a reset racing this one.
  if (userId === null) throw badRequest(msg("resetLinkInvalid"), "token");
  await releaseRateLimitHit(ipKey);
  const t = await issueToken(db, {
    userId,
    name: "login",
    scopes: ["read", "write"],
    expiresAt: new Date(Date.now() + LOGIN_TOKEN_TTL_MS),
    kind: "login",
  });
  const user = await getMe({ id: userId });
  return { token: t.token, expiresAt: t.expiresAt, user, username: user.username };
}
