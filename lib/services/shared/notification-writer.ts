import "server-only";
import { sql } from "drizzle-orm";
import { rawRows, type DbOrTx } from "@/db";
import { notifications, type NotificationType, type ReactionType } from "@/db/schema";

export type NewNotification = {
  userId: number;
  type: NotificationType;
  /** The acting user; a notification is never sent to its own actor. */
  fromUserId?: number | null;
  postId?: number | null;
  commentId?: number | null;
  reactionType?: ReactionType | null;
  content?: string | null;
  approved?: boolean | null;
  /** REACTION: the members grouped in it (lib/services/posts/reactions.ts). */
  actors?: number[];
};

/**
 * What members do to one another (replies, mentions, reactions, follows, votes…): a member who blocked
 * the actor does not hear of it. Moderation, review, lottery and shop notices come through.
 */
const BLOCKABLE = new Set<NotificationType>([
  "COMMENT_REPLY",
  "MENTION",
  "REACTION",
  "POST_VIEWED",
  "POST_UPDATED",
  "POST_SUBSCRIBED",
  "POST_UNSUBSCRIBED",
  "FOLLOWED_POST",
  "USER_FOLLOWED",
  "USER_UNFOLLOWED",
  "USER_ACTIVITY",
  "POLL_VOTE",
  "DONATION",
]);

/**
 * Records notifications in the caller's transaction, skipping any addressed to its own actor, and the
 * member-to-member kinds addressed to someone who blocked the actor (one indexed query when there are any).
 */
export async function notify(tx: DbOrTx, items: NewNotification | NewNotification[]): Promise<void> {
  let list = (Array.isArray(items) ? items : [items]).filter((n) => n.userId !== n.fromUserId);
  const blockable = list.filter((n) => n.fromUserId && BLOCKABLE.has(n.type));
  if (blockable.length) {
    const pairs = sql.join(
      blockable.map((n) => sql`(${n.userId}::int, ${n.fromUserId}::int)`),
      sql`, `,
    );
    const blocked = await rawRows<{ blocker_id: number; blocked_id: number }>(
      tx,
      sql`select b.blocker_id, b.blocked_id from user_blocks b join (values ${pairs}) as v(blocker, blocked)
        on b.blocker_id = v.blocker and b.blocked_id = v.blocked`,
    );
    if (blocked.length) {
      const off = new Set(blocked.map((b) => `${b.blocker_id}:${b.blocked_id}`));
      list = list.filter((n) => !(n.fromUserId && BLOCKABLE.has(n.type) && off.has(`${n.userId}:${n.fromUserId}`)));
    }
  }
  if (!list.length) return;
  await tx.insert(notifications).values(
    list.map((n) => ({
      userId: n.userId,
      type: n.type,
      fromUserId: n.fromUserId ?? null,
      postId: n.postId ?? null,
      commentId: n.commentId ?? null,
      reactionType: n.reactionType ?? null,
      content: n.content ?? null,
      approved: n.approved ?? null,
      actors: n.actors ?? [],
    })),
  );
}
