import "server-only";
import type { DbOrTx } from "@/db";
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

/** Records notifications in the caller's transaction, skipping any addressed to its own actor. */
export async function notify(tx: DbOrTx, items: NewNotification | NewNotification[]): Promise<void> {
  const list = (Array.isArray(items) ? items : [items]).filter((n) => n.userId !== n.fromUserId);
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
