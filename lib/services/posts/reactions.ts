import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db, rawRows, type DbOrTx, type Tx } from "@/db";
import { comments, posts, reactions, users, type ReactionType } from "@/db/schema";
import { REACTION_TYPES } from "@/db/schema/enums";
import { notFound, msg } from "@/lib/errors";
import { assertCategoryVisible } from "@/lib/permissions/category-access";
import { assertCanSeePost, assertNotRejected } from "@/lib/permissions";
import { applyPoints, earnExperience, lockUsers, POINTS } from "@/lib/services/points/points";
import { notify } from "@/lib/services/shared/notification-writer";
import { hasBlocked } from "@/lib/services/shared/relations";
import { reactionDto } from "@/lib/services/shared/reactions";
import type { ReactionDto } from "@/lib/validation/responses";
import type { Viewer } from "@/lib/viewer";
import { afterCommit } from "@/lib/changes/announce";
import { reactionToggled } from "@/lib/changes/written";

/** The 25 reaction types (docs/api.md §2), a constant: GET /api/reaction-types needs no database. */
export const reactionTypes = (): readonly ReactionType[] => REACTION_TYPES;

export type ReactionTarget = { kind: "post"; postId: number } | { kind: "comment"; commentId: number };

/** Resolves the target's post (for visibility) and the author who receives points and notifications. */
async function resolveTarget(viewer: Viewer, target: ReactionTarget) {
  if (target.kind === "post") {
    const [p] = await db
      .select({
        id: posts.id,
        authorId: posts.authorId,
        status: posts.status,
        visibleScope: posts.visibleScope,
        categoryId: posts.categoryId,
      })
      .from(posts)
      .where(eq(posts.id, target.postId));
    assertCanSeePost(viewer, p);
    await assertCategoryVisible(viewer, p.categoryId);
    assertNotRejected(p);
    return { postId: p.id, commentId: null, authorId: p.authorId };
  }
  const [c] = await db
    .select({
      id: comments.id,
      authorId: comments.authorId,
      deletedAt: comments.deletedAt,
      postId: posts.id,
      postAuthorId: posts.authorId,
      status: posts.status,
      visibleScope: posts.visibleScope,
      categoryId: posts.categoryId,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, target.commentId));
  if (!c || c.deletedAt) throw notFound(msg("commentNotFound"));
  assertCanSeePost(viewer, { authorId: c.postAuthorId, status: c.status, visibleScope: c.visibleScope }, msg("commentNotFound"));
  await assertCategoryVisible(viewer, c.categoryId, msg("commentNotFound"));
  assertNotRejected(c);
  return { postId: c.postId, commentId: c.id, authorId: c.authorId };
}

/** Takes back a received reaction's points, but never more than the author still holds. */
async function withdrawPoints(
  tx: Tx,
  e: {
    userId: number;
    type: "POST_LIKE_CANCELLED" | "COMMENT_LIKE_CANCELLED";
    postId: number;
    commentId: number | null;
    fromUserId: number;
  },
) {
  const [u] = await tx.select({ point: users.point }).from(users).where(eq(users.id, e.userId)).for("no key update");
  const amount = Math.min(POINTS.reaction, u?.point ?? 0);
  if (amount > 0) await applyPoints(tx, { ...e, amount: -amount });
}

/**
 * A toggle (docs/api.md §5): adds the reaction and returns it, or removes the same user+target+type and
 * returns null. Concurrency rests on the partial unique indexes (insert … on conflict do nothing).
 */
export async function toggleReaction(
  viewer: Viewer,
  { target, type }: { target: ReactionTarget; type: ReactionType },
): Promise<ReactionDto | null> {
  const t = await resolveTarget(viewer, target);
  const onComment = t.commentId !== null;
  const someoneElse = t.authorId !== viewer.id;
  return afterCommit(
    db.transaction(async (tx) => {
      const [added] = await tx
        .insert(reactions)
        .values({ userId: viewer.id, type, postId: onComment ? null : t.postId, commentId: t.commentId })
        .onConflictDoNothing()
        .returning({ id: reactions.id });
      if (added) {
        if (someoneElse) await lockUsers(tx, [viewer.id, t.authorId]);
        const reward = await earnExperience(tx, viewer.id, "reaction");
        if (reward) await tx.update(reactions).set({ reward }).where(eq(reactions.id, added.id));
        if (someoneElse) {
          await applyPoints(tx, {
            userId: t.authorId,
            type: onComment ? "COMMENT_LIKED" : "POST_LIKED",
            amount: POINTS.reaction,
            postId: t.postId,
            commentId: t.commentId,
            fromUserId: viewer.id,
          });
          await notifyReaction(tx, { authorId: t.authorId, actorId: viewer.id, postId: t.postId, commentId: t.commentId, type });
        }
        return reactionDto({
          id: added.id,
          type,
          username: viewer.username,
          postId: onComment ? null : t.postId,
          commentId: t.commentId,
          reward,
        });
      }
      const targetWhere = onComment
        ? eq(reactions.commentId, t.commentId!)
        : and(eq(reactions.postId, t.postId), isNull(reactions.commentId));
      const removed = await tx
        .delete(reactions)
        .where(and(targetWhere, eq(reactions.userId, viewer.id), eq(reactions.type, type)))
        .returning({ id: reactions.id });
      if (removed.length && someoneElse) {
        await withdrawPoints(tx, {
          userId: t.authorId,
          type: onComment ? "COMMENT_LIKE_CANCELLED" : "POST_LIKE_CANCELLED",
          postId: t.postId,
          commentId: t.commentId,
          fromUserId: viewer.id,
        });
        await withdrawReactionNotice(tx, { authorId: t.authorId, actorId: viewer.id, postId: t.postId, commentId: t.commentId, type });
      }
      return null;
    }),
    reactionToggled({ postId: t.postId, commentId: t.commentId, memberId: viewer.id }),
  );
}

type ReactionNotice = { authorId: number; actorId: number; postId: number; commentId: number | null; type: ReactionType };

const sameTarget = (n: ReactionNotice) =>
  sql`user_id = ${n.authorId} and type = 'REACTION' and post_id = ${n.postId} and comment_id is not distinct from ${n.commentId}::int`;

/**
 * One notification per target while it is unread: a reaction joins the author's unread
 * REACTION notification for the same post or comment (latest actor and type shown, moved to the top),
 * or starts a new one. Reading it closes the group; the next reaction starts another.
 */
async function notifyReaction(tx: DbOrTx, n: ReactionNotice): Promise<void> {
  // A member who blocked the actor hears nothing of them, not even in a group started by others.
  if (await hasBlocked(n.authorId, n.actorId, tx)) return;
  const grouped = await rawRows<{ id: number }>(
    tx,
    sql`
    update notifications set from_user_id = ${n.actorId}, reaction_type = ${n.type}, created_at = now(),
      actors = array_append(array_remove(actors, ${n.actorId}::int), ${n.actorId}::int)
    where id = (select id from notifications where ${sameTarget(n)} and read = false order by id desc limit 1 for update)
    returning id`,
  );
  if (grouped.length) return;
  await notify(tx, {
    userId: n.authorId,
    type: "REACTION",
    fromUserId: n.actorId,
    postId: n.postId,
    commentId: n.commentId,
    reactionType: n.type,
    actors: [n.actorId],
  });
}

/**
 * An un-reaction: the member leaves the target's notifications once they have no reaction left on it
 * (the latest remaining actor is shown), and a notification nobody is left in goes away.
 */
async function withdrawReactionNotice(tx: DbOrTx, n: ReactionNotice): Promise<void> {
  const target = n.commentId ? sql`comment_id = ${n.commentId}` : sql`post_id = ${n.postId} and comment_id is null`;
  const [still] = await rawRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from reactions where user_id = ${n.actorId} and ${target}`,
  );
  if (still && still.n > 0) return;
  await tx.execute(sql`
    update notifications set actors = array_remove(actors, ${n.actorId}::int),
      from_user_id = case when from_user_id = ${n.actorId} then (array_remove(actors, ${n.actorId}::int))[cardinality(array_remove(actors, ${n.actorId}::int))] else from_user_id end
    where ${sameTarget(n)} and ${n.actorId}::int = any(actors)`);
  await tx.execute(sql`delete from notifications where ${sameTarget(n)} and cardinality(actors) = 0`);
}
