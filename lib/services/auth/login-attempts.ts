import "server-only";
import bcrypt from "bcryptjs";
import { eq, or, sql } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { unauthorized, msg } from "@/lib/errors";
import { env } from "@/lib/env";
import { verifyPassword } from "@/lib/services/auth/passwords";
import { checkRateLimit, clearRateLimit, recordRateLimitHit } from "@/lib/limits/rate-limit";

type UserRow = typeof users.$inferSelect;

const ROUNDS = Number(process.env.BCRYPT_ROUNDS || 10);
let dummyHash: Promise<string> | undefined;
/** A hash of the configured cost that no password matches, compared when there is no user (equal time). */
const dummy = () => (dummyHash ??= bcrypt.hash(`no-such-user-${Math.random()}`, ROUNDS));

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

/** The failed-login counter of one account (also counts wrong current passwords on a password change). */
export const accountLoginKey = (userId: number) => `login:user:${userId}`;

/**
 * The failed-login keys: one per client address and one per account, whichever name (username or
 * email) was typed. A name that is no account gets its own key so guessing unknown names is limited too.
 */
const keysFor = (ip: string, identifier: string, user: UserRow | undefined) => [
  `login:ip:${ip}`,
  user ? accountLoginKey(user.id) : `login:name:${normalize(identifier)}`,
];

/**
 * The one password check of every sign-in path (Auth.js `authorize()` behind the browser form and
 * POST /api/auth/login). Failed attempts are limited per address and per account
 * (RATE_LIMIT_LOGIN per RATE_LIMIT_LOGIN_WINDOW_SEC, 429 once used up, even with the right password);
 * each failure counts once on each key; a success forgives the account's failures (not the address's).
 * An unknown name costs the same bcrypt comparison as a wrong password, so timing does not tell
 * which names exist. Throws 401 for wrong credentials.
 */
export async function attemptLogin(input: { identifier: string; password: string; ip: string }): Promise<UserRow> {
  const e = env();
  const pending = dummy();
  const user = await findAccount(input.identifier);
  const keys = keysFor(input.ip, input.identifier, user);
  for (const key of keys) await checkRateLimit(key, e.RATE_LIMIT_LOGIN);
  const ok = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : (await bcrypt.compare(input.password, await pending), false);
  if (!ok || !user) {
    for (const key of keys) await recordRateLimitHit(key, e.RATE_LIMIT_LOGIN_WINDOW_SEC);
    throw unauthorized(msg("wrongCredentials"));
  }
  await clearRateLimit(keys[1]!);
  return user;
}
