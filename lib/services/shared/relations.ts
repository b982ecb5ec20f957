import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { userBlocks, userFollows, users } from "@/db/schema";

/**
 * The two questions other features ask about a pair of members (direct messages, mentions,
 * notifications, the follow button), one indexed lookup each: the tables' primary keys are
 * (follower, followee) and (blocker, blocked).
 */

/** True when either member has blocked the other. Same member: false. */
export async function isBlocked(a: number, b: number, tx: DbOrTx = db): Promise<boolean> {
  if (a === b) return false;
  const rows = await tx
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))))
    .limit(1);
  return rows.length > 0;
}

/** True when `blocker` has blocked `blocked` (one direction only). */
export async function hasBlocked(blocker: number, blocked: number, tx: DbOrTx = db): Promise<boolean> {
  if (blocker === blocked) return false;
  const rows = await tx
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blocker), eq(userBlocks.blockedId, blocked)))
    .limit(1);
  return rows.length > 0;
}

/** True when `follower` follows `followee`. */
export async function follows(follower: number, followee: number, tx: DbOrTx = db): Promise<boolean> {
  if (follower === followee) return false;
  const rows = await tx
    .select({ one: sql<number>`1` })
    .from(userFollows)
    .where(and(eq(userFollows.followerId, follower), eq(userFollows.followeeId, followee)))
    .limit(1);
  return rows.length > 0;
}

/** Who may send a member direct messages (users.message_policy), as they chose in Settings → Privacy. */
export type MessagePolicy = "EVERYONE" | "FOLLOWING" | "NOBODY";

/** The member's message policy, or null when there is no such member. */
export async function messagePolicyOf(userId: number, tx: DbOrTx = db): Promise<MessagePolicy | null> {
  const [row] = await tx.select({ policy: users.messagePolicy }).from(users).where(eq(users.id, userId));
  return row?.policy ?? null;
}

/**
 * Whether `sender` may start or continue a conversation with `recipient` by the recipient's own rules:
 * no block either way, and the recipient's policy (EVERYONE; FOLLOWING: the recipient follows the
 * sender; NOBODY). Staff rules and spam levels are the messages feature's business, not this one's.
 * One query.
 */
export async function mayMessage(sender: number, recipient: number, tx: DbOrTx = db): Promise<boolean> {
  if (sender === recipient) return false;
  const [row] = await tx
    .select({
      policy: users.messagePolicy,
      blocked: sql<boolean>`exists (select 1 from user_blocks b where (b.blocker_id = ${recipient} and b.blocked_id = ${sender}) or (b.blocker_id = ${sender} and b.blocked_id = ${recipient}))`,
      followed: sql<boolean>`exists (select 1 from user_follows f where f.follower_id = ${recipient} and f.followee_id = ${sender})`,
    })
    .from(users)
    .where(eq(users.id, recipient));
  if (!row || row.blocked) return false;
  return row.policy === "EVERYONE" || (row.policy === "FOLLOWING" && row.followed);
}
