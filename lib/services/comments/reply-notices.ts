import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { postSubscriptions } from "@/db/schema";
import { notifyMentions } from "@/lib/services/shared/mentions";
import { notify, type NewNotification } from "@/lib/services/shared/notification-writer";
import { applyPoints, earnExperience, POINTS, takeDailySlot } from "@/lib/services/points/points";

export type WrittenComment = {
  /** The comment's author. */
  actorId: number;
  postId: number;
  commentId: number;
  postAuthorId: number;
  /** The author of the comment it answers, for a reply. */
  parentAuthorId: number | null;
  content: string;
  /** It answers another comment (replies earn experience, not points). */
  isReply: boolean;
};

/**
 * What a comment earns once members can read it (when it is written, or when a moderator lets a held
 * one through): points for its author (within the daily cap) and for the post's author, and experience
 * for its author. A held comment earns nothing until then (spam defence: a held spammer gains neither
 * points nor the experience that ends their new-member limits). The caller has locked both members'
 * rows (lockUsers). Returns the points and the experience its author earned.
 */
export async function rewardComment(tx: DbOrTx, c: WrittenComment): Promise<{ points: number; experience: number }> {
  const points = (async () => {
    if (c.isReply) return 0;
    let earned = 0;
    if (await takeDailySlot(tx, c.actorId, "points:comment", POINTS.commentDailyCap)) {
      await applyPoints(tx, { userId: c.actorId, type: "COMMENT", amount: POINTS.comment, postId: c.postId, commentId: c.commentId });
      earned = POINTS.comment;
    }
    if (c.postAuthorId !== c.actorId) {
      await applyPoints(tx, {
        userId: c.postAuthorId,
        type: "COMMENT",
        amount: POINTS.comment,
        postId: c.postId,
        commentId: c.commentId,
        fromUserId: c.actorId,
      });
    }
    return earned;
  })();
  const [earned, experience] = await Promise.all([points, earnExperience(tx, c.actorId, "comment")]);
  return { points: earned, experience };
}

/**
 * Who hears of a comment once members can read it: when it is written, or when a moderator lets a held
 * one through (lib/services/moderation/flags.ts). One notification per event per member, the most
 * specific: a reply beats a mention, which beats "a post you follow was updated". A held comment tells
 * nobody: its notice would point at something no one else can read.
 */
export async function noticeComment(tx: DbOrTx, c: WrittenComment): Promise<void> {
  const base = { fromUserId: c.actorId, postId: c.postId, commentId: c.commentId };
  const recipients = new Set<number>([c.parentAuthorId ?? c.postAuthorId, c.postAuthorId]);
  recipients.delete(c.actorId);
  const items: NewNotification[] = [...recipients].map((userId) => ({ ...base, userId, type: "COMMENT_REPLY" }));
  await notify(tx, items);
  const mentioned = await notifyMentions(tx, {
    content: c.content,
    actorId: c.actorId,
    postId: c.postId,
    commentId: c.commentId,
    skip: recipients,
  });
  const told = new Set([...recipients, ...mentioned, c.actorId]);
  const subscribers = await tx
    .select({ userId: postSubscriptions.userId })
    .from(postSubscriptions)
    .where(and(eq(postSubscriptions.postId, c.postId), ne(postSubscriptions.userId, c.actorId)));
  await notify(
    tx,
    subscribers.filter((s) => !told.has(s.userId)).map((s) => ({ ...base, userId: s.userId, type: "POST_UPDATED" as const })),
  );
}
