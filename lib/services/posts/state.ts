// A post's state by its author or staff: close/reopen, pin, feature, and the review of a pending post.
import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { db } from "@/db";
import { posts } from "@/db/schema";
import { conflict, msg, staffDecision } from "@/lib/errors";
import { assertCanSeePost, assertNotRejected, assertOnPost, canUndoState, isModerator, setByStaff } from "@/lib/permissions";
import { assertCategoryVisible } from "@/lib/permissions/category-access";
import { actingOn } from "@/lib/permissions/category-moderators";
import { writeChangeLogs } from "@/lib/services/shared/change-logs";
import { notifyMentions } from "@/lib/services/shared/mentions";
import { notifyWatchers } from "@/lib/services/shared/watchers";
import { notifyFollowersOfPost } from "@/lib/services/shared/follower-notices";
import { notify } from "@/lib/services/shared/notification-writer";
import { applyPoints, POINTS, refreshMedal } from "@/lib/services/points/points";
import { loadPost } from "@/lib/services/posts/loader";
import type { PostDto } from "@/lib/validation/responses";
import type { Viewer } from "@/lib/viewer";
import { afterCommit } from "@/lib/changes/announce";
import { postChanged } from "@/lib/changes/written";
import { accessRow } from "@/lib/services/posts/access";
import { auditPost } from "@/lib/services/shared/audit";

type Toggle = { id: number; on: boolean };

/**
 * close/reopen (author, moderator): a CLOSED entry when the state changes. The post remembers who
 * closed it: a close by staff is reopened by staff only (403 `staff_decision` for its author),
 * and staff closing a post its author had closed makes the close theirs. Closing is no edit: it leaves
 * staffEditedAt alone. `audit: false`: the caller writes the audit line of the action this is part of.
 */
export async function setClosed(viewer: Viewer, { id, on, audit }: Toggle & { audit?: boolean }): Promise<PostDto> {
  await afterCommit(
    db.transaction(async (tx) => {
      const post = await accessRow(tx, id, true);
      // A member of a group moderating the post's category acts as a moderator on it (issue 57).
      const actor = post ? await actingOn(viewer, post.categoryId, tx) : viewer;
      assertCanSeePost(actor, post);
      await assertCategoryVisible(actor, post.categoryId, undefined, tx);
      assertOnPost(actor, post, "close");
      if (!isModerator(actor)) assertNotRejected(post);
      if (!on && post.closed && !canUndoState(actor, post.closedById, post.authorId)) throw staffDecision(msg("postClosedByStaff"));
      const staff = viewer.id !== post.authorId;
      if (post.closed === on) {
        if (on && staff && !setByStaff(post.closedById, post.authorId))
          await tx.update(posts).set({ closedById: viewer.id }).where(eq(posts.id, id));
        return;
      }
      await tx
        .update(posts)
        .set({ closed: on, closedById: on ? viewer.id : null, updatedAt: new Date() })
        .where(eq(posts.id, id));
      await writeChangeLogs(tx, [{ postId: id, actorId: viewer.id, type: "CLOSED", oldClosed: post.closed, newClosed: on }]);
      if (staff) {
        if (audit !== false)
          await auditPost(tx, viewer.id, { ...post, id }, on ? "post.close" : "post.reopen", { closed: post.closed }, { closed: on });
        const content = on ? "closed your post" : "reopened your post";
        await notify(tx, { userId: post.authorId, type: "CONTENT_MODERATED", fromUserId: viewer.id, postId: id, content });
      }
    }),
    postChanged(id),
  );
  return (await loadPost(viewer, { id }))!;
}

/** pin/unpin (moderator): a PINNED entry with the old and new pinnedAt. */
export async function setPinned(viewer: Viewer, { id, on }: Toggle): Promise<PostDto> {
  await afterCommit(
    db.transaction(async (tx) => {
      const post = await accessRow(tx, id, true);
      // A member of a group moderating the post's category acts as a moderator on it (issue 57).
      const actor = post ? await actingOn(viewer, post.categoryId, tx) : viewer;
      assertCanSeePost(actor, post);
      await assertCategoryVisible(actor, post.categoryId, undefined, tx);
      assertOnPost(actor, post, "pin");
      if ((post.pinnedAt !== null) === on) return;
      const pinnedAt = on ? new Date() : null;
      await tx.update(posts).set({ pinnedAt }).where(eq(posts.id, id));
      await writeChangeLogs(tx, [{ postId: id, actorId: viewer.id, type: "PINNED", oldPinnedAt: post.pinnedAt, newPinnedAt: pinnedAt }]);
      await auditPost(tx, viewer.id, { ...post, id }, on ? "post.pin" : "post.unpin", { pinnedAt: post.pinnedAt }, { pinnedAt });
    }),
    postChanged(id),
  );
  return (await loadPost(viewer, { id }))!;
}

/**
 * feature/unfeature (moderator): featured ⇔ rssExcluded = false. The first feature of a post awards
 * the author +500 points; every feature sends POST_FEATURED.
 */
export async function setFeatured(viewer: Viewer, { id, on }: Toggle): Promise<PostDto> {
  let medalOf: number | null = null;
  await afterCommit(
    db.transaction(async (tx) => {
      const post = await accessRow(tx, id, true);
      assertCanSeePost(viewer, post);
      await assertCategoryVisible(viewer, post.categoryId, undefined, tx);
      assertOnPost(viewer, post, "feature");
      const featured = !post.rssExcluded;
      if (featured === on) return;
      const first = on && post.featuredAt === null;
      await tx
        .update(posts)
        .set({ rssExcluded: !on, ...(first ? { featuredAt: new Date() } : {}) })
        .where(eq(posts.id, id));
      await writeChangeLogs(tx, [{ postId: id, actorId: viewer.id, type: "FEATURED", oldFeatured: featured, newFeatured: on }]);
      await auditPost(tx, viewer.id, { ...post, id }, on ? "post.feature" : "post.unfeature", { featured }, { featured: on });
      if (!on) return;
      if (first)
        await applyPoints(tx, { userId: post.authorId, type: "FEATURE", amount: POINTS.feature, postId: id, fromUserId: viewer.id });
      await notify(tx, { userId: post.authorId, type: "POST_FEATURED", fromUserId: viewer.id, postId: id });
      if (await refreshMedal(tx, post.authorId)) medalOf = post.authorId;
    }),
    () => postChanged(id, medalOf),
  );
  return (await loadPost(viewer, { id }))!;
}

/**
 * approve/reject (moderator) a post awaiting review: POST_REVIEWED to the author with `approved` and
 * the moderator's optional reason as its content; a rejection keeps the reason on the post.
 */
export async function reviewPost(viewer: Viewer, a: { id: number; approve: boolean; reason?: string | null }): Promise<PostDto> {
  const { id, approve } = a;
  await afterCommit(
    db.transaction(async (tx) => {
      const post = await accessRow(tx, id, true);
      // A member of a group moderating the post's category acts as a moderator on it (issue 57).
      const actor = post ? await actingOn(viewer, post.categoryId, tx) : viewer;
      assertCanSeePost(actor, post);
      await assertCategoryVisible(actor, post.categoryId, undefined, tx);
      assertOnPost(actor, post, "review");
      const allowed = approve ? post.status !== "PUBLISHED" : post.status === "PENDING";
      if (!allowed) throw conflict(msg("postStatusIs", { status: post.status.toLowerCase() }));
      await tx
        .update(posts)
        // The reason stays on the post (its author reads it there and in their profile) until it is approved.
        .set({ status: approve ? "PUBLISHED" : "REJECTED", rejectedReason: approve ? null : a.reason?.trim() || null })
        .where(and(eq(posts.id, id), ne(posts.status, approve ? "PUBLISHED" : "REJECTED")));
      await auditPost(
        tx,
        viewer.id,
        { ...post, id },
        approve ? "post.approve" : "post.reject",
        { status: post.status },
        { status: approve ? "PUBLISHED" : "REJECTED", reason: a.reason?.trim() || null },
      );
      await notify(tx, {
        userId: post.authorId,
        type: "POST_REVIEWED",
        fromUserId: viewer.id,
        postId: id,
        approved: approve,
        content: a.reason || null,
      });
      if (approve) {
        const mentioned = await notifyMentions(tx, { content: post.content, actorId: post.authorId, postId: id });
        await notifyFollowersOfPost(tx, { postId: id, authorId: post.authorId, skip: mentioned });
        await notifyWatchers(tx, id);
      }
    }),
    postChanged(id),
  );
  return (await loadPost(viewer, { id }))!;
}
