import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, or, sql } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { unauthorized, msg } from "@/lib/errors";
import { hashPassword, needsRehash, verifyPassword } from "@/lib/services/shared/passwords";
import { clearRateLimit, hitSiteRateLimit, releaseRateLimitHit } from "@/lib/limits/rate-limit";

type UserRow = typeof users.$inferSelect;

let dummyHash: Promise<string> | undefined;
/** A hash of the configured cost that no password matches, compared when there is no user (equal time). */
const dummy = () => (dummyHash ??= hashPassword(`no-such-user-${randomBytes(16).toString("hex")}`));

const normalize = (identifier: string) => identifier.trim().toLowerCase();

/** The account a username or email names (case-insensitively), or undefined. */
async function findAccount(identifier: string): Promise<UserRow | undefined> {
  const id = normalize(identifier);
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, id), eq(sql`lower(${users.email})`, id)))
    .limit(1);
  return user;
}

/** The member a finished second step of sign-in names (lib/auth.ts); 401 when the account went meanwhile. */
export async function userById(id: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw unauthorized(msg("wrongCredentials"));
  return user;
}

/** The failed-login counter of one account (also counts wrong current passwords on a password change). */
export const accountLoginKey = (userId: number) => `login:user:${userId}`;

/**
 * Counts one password attempt from `ip` on the account (`accountKey`) before the comparison
 * (the site's `login` limit on each key, 429 once used up): counted first, so a
 * burst sent at once is held to the limit too. `succeeded` takes the attempt back from both counts: only
 * failures stay counted.
 */
export async function countPasswordAttempt(ip: string, accountKey: string) {
  const keys = [`login:ip:${ip}`, accountKey];
  for (const key of keys) await hitSiteRateLimit(key, "login");
  return {
    succeeded: async () => {
      for (const key of keys) await releaseRateLimitHit(key);
    },
  };
}

/**
 * The one password check of every sign-in path (Auth.js `authorize()` behind the browser form and
 * POST /api/auth/login). Attempts are limited per address and per account (countPasswordAttempt:
 * 429 once used up, even with the right password); each failure counts once on each key; a success
 * forgives the account's failures (not the address's). An unknown name costs the same comparison as a
 * wrong password (against a dummy hash), so timing does not tell which names exist. A hash from before
 * (bcrypt) or of a lower cost than configured is replaced once the password proved right. Throws 401
 * for wrong credentials.
 */
export async function attemptLogin(input: { identifier: string; password: string; ip: string }): Promise<UserRow> {
  const pending = dummy();
  const user = await findAccount(input.identifier);
  const accountKey = user ? accountLoginKey(user.id) : `login:name:${normalize(input.identifier)}`;
  const attempt = await countPasswordAttempt(input.ip, accountKey);
  const ok = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : (await verifyPassword(input.password, await pending), false);
  if (!ok || !user) throw unauthorized(msg("wrongCredentials"));
  await attempt.succeeded();
  await clearRateLimit(accountKey);
  if (needsRehash(user.passwordHash!)) await upgradeHash(user, input.password);
  return user;
}

/** Stores a new hash of the (just verified) password, unless the hash changed meanwhile. */
async function upgradeHash(user: UserRow, password: string) {
  const old = user.passwordHash!;
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, old)));
  user.passwordHash = passwordHash;
}
