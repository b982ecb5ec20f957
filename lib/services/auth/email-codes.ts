import "server-only";
import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { emailCodes } from "@/db/schema";
import { pgCode } from "@/lib/errors";

/** Verification codes: 6 digits, 24 hours, 5 wrong tries each. Reset tokens: 256 bits, 1 hour, single use. */
export const VERIFY_CODE_TTL_MS = 24 * 3600 * 1000;
export const RESET_TOKEN_TTL_MS = 3600 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

type MemberCodePurpose = "verify" | "email" | "delete";

// The purpose and the user id are part of the hashed value, so equal 6-digit codes of two members (or of
// two purposes) never collide.
const codeHash = (purpose: MemberCodePurpose, userId: number, code: string) =>
  createHash("sha256").update(`${purpose}:${userId}:${code}`).digest("hex");

/** A new 6-digit code of `purpose` for the member, live for `ttlMs`; earlier live ones stay valid. */
async function createMemberCode(
  tx: DbOrTx,
  userId: number,
  purpose: MemberCodePurpose,
  ttlMs: number,
  extra: { newEmail?: string } = {},
): Promise<string> {
  for (let i = 0; ; i++) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    try {
      await tx.insert(emailCodes).values({
        userId,
        purpose,
        ...extra,
        codeHash: codeHash(purpose, userId, code),
        expiresAt: new Date(Date.now() + ttlMs),
      });
      return code;
    } catch (err) {
      if (pgCode(err) !== "23505" || i >= 5) throw err;
    }
  }
}

/**
 * Uses up a live code of `purpose` of the member in one conditional update (it works once, even under
 * concurrent requests) and returns its row, or counts a wrong try against every live one of theirs
 * (null): after MAX_CODE_ATTEMPTS wrong tries a code no longer works.
 */
async function consumeMemberCode(
  tx: DbOrTx,
  userId: number,
  purpose: MemberCodePurpose,
  code: string,
): Promise<{ newEmail: string | null } | null> {
  const live = and(
    eq(emailCodes.userId, userId),
    eq(emailCodes.purpose, purpose),
    isNull(emailCodes.usedAt),
    gt(emailCodes.expiresAt, sql`now()`),
    lt(emailCodes.attempts, MAX_CODE_ATTEMPTS),
  );
  const [used] = await tx
    .update(emailCodes)
    .set({ usedAt: sql`now()` })
    .where(and(live, eq(emailCodes.codeHash, codeHash(purpose, userId, code))))
    .returning({ newEmail: emailCodes.newEmail });
  if (used) return used;
  await tx
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(live);
  return null;
}

const resetHash = (token: string) => createHash("sha256").update(`reset:${token}`).digest("hex");

/** A new verification code for the member; earlier unexpired codes stay valid. */
export async function createVerifyCode(userId: number, tx: DbOrTx = db): Promise<string> {
  return createMemberCode(tx, userId, "verify", VERIFY_CODE_TTL_MS);
}

/**
 * Uses up a verification code of the member (true), or counts a wrong try against every live code
 * of theirs (false): after MAX_CODE_ATTEMPTS wrong tries a code no longer works.
 */
export async function consumeVerifyCode(userId: number, code: string, tx: DbOrTx = db): Promise<boolean> {
  return (await consumeMemberCode(tx, userId, "verify", code)) !== null;
}

/**
 * For an account already verified: is `code` the verification code it was verified with (used, not
 * yet expired)? Lets the owner open the mail's link twice and see "confirmed", while anyone else gets
 * the same 400 as for a wrong code. Wrong tries count against that code as they do for live ones.
 */
export async function matchesUsedVerifyCode(userId: number, code: string, tx: DbOrTx = db): Promise<boolean> {
  const recent = and(
    eq(emailCodes.userId, userId),
    eq(emailCodes.purpose, "verify"),
    isNotNull(emailCodes.usedAt),
    gt(emailCodes.expiresAt, sql`now()`),
    lt(emailCodes.attempts, MAX_CODE_ATTEMPTS),
  );
  const hit = await tx
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(and(recent, eq(emailCodes.codeHash, codeHash("verify", userId, code))))
    .limit(1);
  if (hit.length) return true;
  await tx
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(recent);
  return false;
}

/** A new reset token (returned once; only its hash is stored). */
export async function createResetToken(userId: number, tx: DbOrTx = db): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx
    .insert(emailCodes)
    .values({ userId, purpose: "reset", codeHash: resetHash(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
  return token;
}

const RESET_TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** The row of a reset token that can still be used: unused and unexpired. */
function usableResetToken(token: string) {
  return and(
    eq(emailCodes.codeHash, resetHash(token)),
    eq(emailCodes.purpose, "reset"),
    isNull(emailCodes.usedAt),
    gt(emailCodes.expiresAt, sql`now()`),
  );
}

/** The account a reset token is for while it is usable (unused, unexpired), without using it up; else null. */
export async function resetTokenOwner(token: string, tx: DbOrTx = db): Promise<number | null> {
  if (!RESET_TOKEN_SHAPE.test(token)) return null;
  const [row] = await tx.select({ userId: emailCodes.userId }).from(emailCodes).where(usableResetToken(token)).limit(1);
  return row?.userId ?? null;
}

/**
 * Uses up a reset token in one conditional update (so it works once, even under concurrent
 * requests) and returns its member, or null when it is unknown, used or expired.
 */
export async function consumeResetToken(token: string, tx: DbOrTx = db): Promise<number | null> {
  if (!RESET_TOKEN_SHAPE.test(token)) return null;
  const [row] = await tx
    .update(emailCodes)
    .set({ usedAt: sql`now()` })
    .where(usableResetToken(token))
    .returning({ userId: emailCodes.userId });
  return row?.userId ?? null;
}

/** Retires every live code of one purpose (after a reset, the other reset links stop working). */
export async function retireCodes(userId: number, purpose: "verify" | "reset" | "email" | "delete", tx: DbOrTx = db): Promise<void> {
  await tx
    .update(emailCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
}

// Codes confirming a new address: 6 digits like verification codes, bound to the member and the address.

/** A new code for changing the member's address to `newEmail` (made when the mail is sent; 24 hours, 5 wrong tries). */
export async function createEmailChangeCode(userId: number, newEmail: string, tx: DbOrTx = db): Promise<string> {
  return createMemberCode(tx, userId, "email", VERIFY_CODE_TTL_MS, { newEmail });
}

/**
 * Uses up an address-change code of the member and returns the address it confirms, or counts a wrong
 * try against every live one of theirs (null): after MAX_CODE_ATTEMPTS wrong tries a code no longer works.
 */
export async function consumeEmailChangeCode(userId: number, code: string, tx: DbOrTx = db): Promise<string | null> {
  return (await consumeMemberCode(tx, userId, "email", code))?.newEmail ?? null;
}

/** The address a live change code of the member would confirm (the newest), or null. */
export async function liveEmailChange(userId: number, tx: DbOrTx = db): Promise<string | null> {
  const [row] = await tx
    .select({ newEmail: emailCodes.newEmail })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.userId, userId),
        eq(emailCodes.purpose, "email"),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, sql`now()`),
        lt(emailCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

// Codes confirming that a member deletes their account (the alternative to the password): 6 digits,
// 30 minutes, 5 wrong tries, bound to the member (another member's code matches no hash of theirs).
export const DELETE_CODE_TTL_MS = 30 * 60_000;

/** A new account-deletion code for the member (made when the mail is sent); earlier live ones stay valid. */
export async function createDeleteCode(userId: number, tx: DbOrTx = db): Promise<string> {
  return createMemberCode(tx, userId, "delete", DELETE_CODE_TTL_MS);
}

/**
 * Uses up an account-deletion code of the member in one conditional update (true: it works once, even
 * under concurrent requests), or counts a wrong try against every live one of theirs (false).
 */
export async function consumeDeleteCode(userId: number, code: string, tx: DbOrTx = db): Promise<boolean> {
  return (await consumeMemberCode(tx, userId, "delete", code)) !== null;
}
