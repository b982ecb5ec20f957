import "server-only";
import { alias } from "drizzle-orm/pg-core";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { comments, flags, posts, users, type FlagAction, type UserRole } from "@/db/schema";
import { conflict, forbidden, notFound, msg } from "@/lib/errors";
import { iso } from "@/lib/services/dto";
import { markdownExcerpt } from "@/lib/markdown";
import { assertCanSeePost } from "@/lib/permissions";
import { assertCategoryVisible } from "@/lib/permissions/category-access";
import { reviewScope } from "@/lib/permissions/category-moderators";
import { deleteComment } from "@/lib/services/comments/comments";
import { recountComments } from "@/lib/services/shared/comment-counts";
import { noticeComment, rewardComment } from "@/lib/services/comments/reply-notices";
import { lockUsers, refreshMedal } from "@/lib/services/points/points";
import { HELD_NOTE } from "@/lib/services/spam/silence";
import { notify } from "@/lib/services/shared/notification-writer";
import { setClosed } from "@/lib/services/posts/state";
import { deletePost } from "@/lib/services/posts/write";
import { afterCommit } from "@/lib/changes/announce";
import { flagRaised, flagsResolved } from "@/lib/changes/written";
import { readSettings } from "@/lib/services/shared/site-settings";
import { assertMayWrite } from "@/lib/services/auth/verification";
import { audit } from "@/lib/services/shared/audit";
import type { AdminFlagDto, CreateFlagInput, FlagDto } from "@/lib/validation/moderation";
import type { Viewer } from "@/lib/viewer";
import { silenceIfFlaggedSpammer, silenced as silencedChanges } from "@/lib/services/spam/silence";

/** Distinct members whose open flags hide a target until staff review it (site setting, default 3). */
export async function getFlagHideThreshold(runner: DbOrTx = db): Promise<number> {
  return (await readSettings(runner)).flagHideThreshold;
}

type FlagRow = typeof flags.$inferSelect;

function toDto(f: FlagRow, targetHidden: boolean): FlagDto {
  return {
    id: f.id,
    postId: f.postId,
    commentId: f.commentId,
    reason: f.reason,
    note: f.note,
    status: f.status,
    action: f.action,
    createdAt: iso(f.createdAt)!,
    resolvedAt: iso(f.resolvedAt),
    targetHidden,
  };
}

const targetWhere = (postId: number, commentId: number | null) =>
  commentId === null ? and(eq(flags.postId, postId), isNull(flags.commentId)) : eq(flags.commentId, commentId);

/**
 * POST /api/flags: a member flags a post or a comment they can see (not their own), once per target.
 * When open flags from `threshold` distinct members are reached the target is hidden until reviewed:
 * a comment gets hiddenAt, a published post goes back to PENDING (out of every list, into the queue).
 */
export async function createFlag(viewer: Viewer, input: CreateFlagInput): Promise<FlagDto> {
  await assertMayWrite(viewer.id);
  let silenced = false;
  let authorOf = 0;
  return afterCommit(
    db.transaction(async (tx) => {
      let postId: number;
      let commentId: number | null = null;
      let authorId: number;
      if (input.commentId !== undefined) {
        const [c] = await tx
          .select({
            id: comments.id,
            authorId: comments.authorId,
            deletedAt: comments.deletedAt,
            post: {
              id: posts.id,
              authorId: posts.authorId,
              status: posts.status,
              visibleScope: posts.visibleScope,
              categoryId: posts.categoryId,
            },
          })
          .from(comments)
          .innerJoin(posts, eq(posts.id, comments.postId))
          .where(eq(comments.id, input.commentId))
          .for("update", { of: comments });
        if (!c || c.deletedAt) throw notFound(msg("commentNotFound"));
        assertCanSeePost(viewer, c.post, msg("commentNotFound"));
        await assertCategoryVisible(viewer, c.post.categoryId, msg("commentNotFound"), tx);
        postId = c.post.id;
        commentId = c.id;
        authorId = c.authorId;
      } else {
        const [p] = await tx.select().from(posts).where(eq(posts.id, input.postId!)).for("update");
        assertCanSeePost(viewer, p);
        await assertCategoryVisible(viewer, p.categoryId, undefined, tx);
        postId = p.id;
        authorId = p.authorId;
      }
      if (authorId === viewer.id) throw forbidden(msg("cannotFlagOwn"));
      authorOf = authorId;
      const [row] = await tx
        .insert(flags)
        .values({ reporterId: viewer.id, postId, commentId, reason: input.reason, note: input.note })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(msg("alreadyFlagged"));
      if (input.reason === "SPAM")
        silenced = await silenceIfFlaggedSpammer(tx, authorId, (await readSettings(tx)).spamFlagSilenceThreshold);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(distinct ${flags.reporterId})::int` })
        .from(flags)
        .where(and(targetWhere(postId, commentId), eq(flags.status, "OPEN")));
      const threshold = await getFlagHideThreshold(tx);
      let hidden: boolean;
      if (commentId !== null) {
        if (n >= threshold) {
          await tx
            .update(comments)
            .set({ hiddenAt: sql`coalesce(${comments.hiddenAt}, now())` })
            .where(eq(comments.id, commentId));
          await recountComments(tx, [postId]);
        }
        const [c] = await tx.select({ h: comments.hiddenAt }).from(comments).where(eq(comments.id, commentId));
        hidden = !!c?.h;
      } else {
        if (n >= threshold) {
          await tx
            .update(posts)
            .set({ status: "PENDING", hiddenAt: new Date() })
            .where(and(eq(posts.id, postId), eq(posts.status, "PUBLISHED")));
        }
        const [p] = await tx.select({ h: posts.hiddenAt, status: posts.status }).from(posts).where(eq(posts.id, postId));
        hidden = !!p?.h || p?.status !== "PUBLISHED";
      }
      return toDto(row, hidden);
    }),
    (f) => [...flagRaised(f), ...(silenced ? silencedChanges(authorOf) : [])],
  );
}

const reporter = alias(users, "reporter");
const resolver = alias(users, "resolver");
const postAuthor = alias(users, "post_author");
const commentAuthor = alias(users, "comment_author");

/**
 * GET /api/admin/flags (staff; a category moderator: the flags on their categories' posts and comments,
 * issue 57): open flags oldest first, or resolved ones newest first; two queries (three for a category moderator).
 */
export async function listFlags(
  viewer: Viewer | null,
  q: { status: "open" | "resolved"; page: number; pageSize: number },
): Promise<AdminFlagDto[]> {
  const scope = await reviewScope(viewer, db);
  const open = q.status === "open";
  const rows = await db
    .select({
      flag: flags,
      reporter: { id: reporter.id, username: reporter.username },
      resolver: { id: resolver.id, username: resolver.username },
      post: { id: posts.id, title: posts.title, status: posts.status, closed: posts.closed, hiddenAt: posts.hiddenAt },
      postAuthor: {
        id: postAuthor.id,
        username: postAuthor.username,
        bot: postAuthor.bot,
        role: postAuthor.role,
        suspendedUntil: postAuthor.suspendedUntil,
      },
      comment: { id: comments.id, content: comments.content, deletedAt: comments.deletedAt, hiddenAt: comments.hiddenAt },
      commentAuthor: {
        id: commentAuthor.id,
        username: commentAuthor.username,
        bot: commentAuthor.bot,
        role: commentAuthor.role,
        suspendedUntil: commentAuthor.suspendedUntil,
      },
    })
    .from(flags)
    .innerJoin(reporter, eq(reporter.id, flags.reporterId))
    .leftJoin(resolver, eq(resolver.id, flags.resolvedById))
    .innerJoin(posts, eq(posts.id, flags.postId))
    .innerJoin(postAuthor, eq(postAuthor.id, posts.authorId))
    .leftJoin(comments, eq(comments.id, flags.commentId))
    .leftJoin(commentAuthor, eq(commentAuthor.id, comments.authorId))
    .where(and(eq(flags.status, open ? "OPEN" : "RESOLVED"), scope ? inArray(posts.categoryId, scope) : undefined))
    .orderBy(...(open ? [asc(flags.createdAt), asc(flags.id)] : [desc(flags.resolvedAt), desc(flags.id)]))
    .limit(q.pageSize)
    .offset(q.page * q.pageSize);
  if (!rows.length) return [];
  const postIds = [...new Set(rows.filter((r) => r.flag.commentId === null).map((r) => r.flag.postId))];
  const commentIds = [...new Set(rows.map((r) => r.flag.commentId).filter((id): id is number => id !== null))];
  const counts = await db
    .select({ postId: flags.postId, commentId: flags.commentId, n: sql<number>`count(distinct ${flags.reporterId})::int` })
    .from(flags)
    .where(
      and(
        eq(flags.status, "OPEN"),
        sql`(${flags.commentId} is null and ${flags.postId} in (${sql.join(
          [0, ...postIds].map((i) => sql`${i}`),
          sql`, `,
        )})
          or ${flags.commentId} in (${sql.join(
            [0, ...commentIds].map((i) => sql`${i}`),
            sql`, `,
          )}))`,
      ),
    )
    .groupBy(flags.postId, flags.commentId);
  const countOf = new Map(counts.map((c) => [c.commentId === null ? `p${c.postId}` : `c${c.commentId}`, c.n]));
  return rows.map((r) => {
    const isComment = r.flag.commentId !== null && r.comment !== null;
    const hidden = isComment ? !!r.comment!.hiddenAt : !!r.post.hiddenAt || r.post.status !== "PUBLISHED";
    return {
      ...toDto(r.flag, hidden),
      reporter: r.reporter,
      resolvedBy: r.resolver && r.resolver.id !== null ? r.resolver : null,
      post: { id: r.post.id, title: r.post.title, status: r.post.status, closed: r.post.closed, author: authorDto(r.postAuthor) },
      comment: isComment
        ? {
            id: r.comment!.id,
            excerpt: markdownExcerpt(r.comment!.content, 200),
            deleted: !!r.comment!.deletedAt,
            author: authorDto(r.commentAuthor!),
          }
        : null,
      flagCount: countOf.get(r.flag.commentId === null ? `p${r.flag.postId}` : `c${r.flag.commentId}`) ?? 0,
    };
  });
}

/** A flagged content's author as the queue shows them: a suspension that has ended is no suspension. */
function authorDto(a: { id: number; username: string; bot: boolean; role: UserRole; suspendedUntil: Date | null }) {
  const running = a.suspendedUntil !== null && a.suspendedUntil.getTime() > Date.now();
  return { id: a.id, username: a.username, bot: a.bot, role: a.role, suspendedUntil: running ? a.suspendedUntil!.toISOString() : null };
}

/**
 * Targets with open flags (`all`), and those of them that are not a pending post (`besidesPending`: a
 * post hidden by flags went back to PENDING, so the pending posts count it already); `scope`: the
 * reader's `reviewScope` (null: every category).
 */
export async function countOpenFlagTargets(scope: number[] | null): Promise<{ all: number; besidesPending: number }> {
  const target = sql`(${flags.postId}, coalesce(${flags.commentId}, 0))`;
  const [row] = await db
    .select({
      all: sql<number>`count(distinct ${target})::int`,
      besidesPending: sql<number>`count(distinct ${target}) filter (where ${flags.commentId} is not null or ${posts.status} <> 'PENDING')::int`,
    })
    .from(flags)
    .innerJoin(posts, eq(posts.id, flags.postId))
    .where(and(eq(flags.status, "OPEN"), scope ? inArray(posts.categoryId, scope) : undefined));
  return { all: row?.all ?? 0, besidesPending: row?.besidesPending ?? 0 };
}

const OUTCOME: Record<FlagAction, string> = {
  DISMISS: "No action was needed; it stays as it is.",
  HIDE: "It has been hidden.",
  DELETE: "It has been deleted.",
  CLOSE_POST: "The post has been closed.",
};

/**
 * POST /api/admin/flags/{id}/resolve (moderators): acts on the flag's target and resolves every open
 * flag on it; each flagger gets FLAG_RESOLVED with the outcome. DISMISS and CLOSE_POST lift an
 * automatic hide; HIDE keeps the target hidden (a post becomes REJECTED); DELETE deletes it.
 */
export async function resolveFlag(
  viewer: Viewer,
  a: { id: number; action: FlagAction },
): Promise<{ action: FlagAction; resolved: number }> {
  const { id, action } = a;
  const scope = await reviewScope(viewer, db);
  const [flag] = await db
    .select({ flag: flags, categoryId: posts.categoryId })
    .from(flags)
    .innerJoin(posts, eq(posts.id, flags.postId))
    .where(eq(flags.id, id))
    .then((rows) => rows.map((r) => ({ ...r.flag, categoryId: r.categoryId })));
  // A category moderator (issue 57) resolves the flags of their categories only (others': 404, as unseen)
  // and by what their rights cover: dismiss, hide, close; deleting stays with staff.
  if (!flag || (scope && !scope.includes(flag.categoryId))) throw notFound(msg("flagNotFound"));
  if (scope && action === "DELETE") throw forbidden();
  if (flag.status !== "OPEN") throw conflict(msg("flagResolved"));
  const { postId, commentId } = flag;

  // Deleting or closing goes through the posts/comments services (their rules, counts and notices); the
  // action's one audit line is the flag's (one action, one line), so they write none.
  if (action === "DELETE" && commentId === null) {
    const reporters = await db
      .selectDistinct({ id: flags.reporterId })
      .from(flags)
      .where(and(targetWhere(postId, null), eq(flags.status, "OPEN")));
    const [p] = await db.select({ title: posts.title, authorId: posts.authorId }).from(posts).where(eq(posts.id, postId));
    // Its flags go with it (cascade). The one audit line of this action is the flag's, below.
    await deletePost(viewer, { id: postId, audit: false });
    await db.transaction(async (tx) => {
      await audit(tx, {
        actorId: viewer.id,
        action: "flag.delete",
        targetType: "post",
        targetId: postId,
        subjectUserId: p?.authorId ?? null,
        before: { title: p?.title ?? null },
        after: { action, flags: reporters.length },
      });
      await notify(
        tx,
        reporters.map((r) => ({
          userId: r.id,
          type: "FLAG_RESOLVED" as const,
          fromUserId: viewer.id,
          content: `“${p?.title ?? ""}”: ${OUTCOME.DELETE}`,
        })),
      );
    });
    return { action, resolved: reporters.length };
  }
  if (action === "DELETE")
    await deleteComment(viewer, { commentId: commentId!, audit: false }).catch((e) => {
      if (!(e instanceof Error && "status" in e && (e as { status: number }).status === 404)) throw e;
    });
  if (action === "CLOSE_POST") await setClosed(viewer, { id: postId, on: true, audit: false });

  return afterCommit(
    db.transaction(async (tx) => {
      // Whose content it is and whether it was hidden, before this resolution changes it (for the audit entry).
      const [target] = await tx
        .select({
          title: posts.title,
          postAuthorId: posts.authorId,
          postHidden: sql<boolean>`${posts.hiddenAt} is not null`,
          commentAuthorId: comments.authorId,
          commentHidden: sql<boolean>`${comments.hiddenAt} is not null`,
        })
        .from(posts)
        .leftJoin(comments, and(eq(comments.id, commentId ?? 0), eq(comments.postId, posts.id)))
        .where(eq(posts.id, postId));
      const wasHidden = !!(commentId !== null ? target?.commentHidden : target?.postHidden);
      const commentShownAgain = commentId !== null && wasHidden && (action === "DISMISS" || action === "CLOSE_POST");
      // A hidden comment let through may be paid for now (letThrough): its author's and the post's
      // author's rows are locked first, in the order every comment write locks them (no deadlock).
      if (commentShownAgain && target?.commentAuthorId) await lockUsers(tx, [target.commentAuthorId, target.postAuthorId]);
      if (commentId !== null) {
        if (action === "HIDE")
          await tx
            .update(comments)
            .set({ hiddenAt: sql`coalesce(${comments.hiddenAt}, now())` })
            .where(eq(comments.id, commentId));
        if (action === "DISMISS" || action === "CLOSE_POST")
          await tx.update(comments).set({ hiddenAt: null }).where(eq(comments.id, commentId));
        // Hidden, it left the post's public count and latest reply; let through, it counts again.
        await recountComments(tx, [postId]);
      } else {
        if (action === "HIDE")
          await tx
            .update(posts)
            .set({
              status: "REJECTED",
              hiddenAt: sql`coalesce(${posts.hiddenAt}, now())`,
              // What its author reads on the post: the open flags' reasons ("Flagged as spam, off topic").
              rejectedReason: sql`(select 'Flagged as ' || string_agg(distinct lower(replace(f.reason, '_', ' ')), ', ')
                from ${flags} f where f.post_id = ${postId} and f.comment_id is null and f.status = 'OPEN')`,
            })
            .where(eq(posts.id, postId));
        if (action === "DISMISS" || action === "CLOSE_POST") {
          await tx
            .update(posts)
            .set({ status: "PUBLISHED", hiddenAt: null, rejectedReason: null })
            .where(and(eq(posts.id, postId), sql`${posts.hiddenAt} is not null`));
        }
      }
      const done = await tx
        .update(flags)
        .set({ status: "RESOLVED", action, resolvedById: viewer.id, resolvedAt: new Date() })
        .where(and(targetWhere(postId, commentId), eq(flags.status, "OPEN")))
        .returning({ reporterId: flags.reporterId, note: flags.note });
      // A comment the spam screen held, let through: what its writing would have earned and the notices
      // it would have sent go now (letThrough); the system flag's note says it was held.
      if (commentShownAgain && done.some((d) => d.note?.startsWith(HELD_NOTE))) await letThrough(tx, commentId!);
      const [p] = await tx.select({ title: posts.title }).from(posts).where(eq(posts.id, postId));
      const what = commentId === null ? `the post “${p?.title ?? ""}”` : `a comment on “${p?.title ?? ""}”`;
      const reporters = [...new Set(done.map((d) => d.reporterId))];
      await audit(tx, {
        actorId: viewer.id,
        action: `flag.${action.toLowerCase()}`,
        targetType: commentId === null ? "post" : "comment",
        targetId: commentId ?? postId,
        subjectUserId: (commentId === null ? target?.postAuthorId : target?.commentAuthorId) ?? null,
        before: { title: target?.title ?? null, postId, postTitle: target?.title ?? null, hidden: wasHidden },
        after: { action, flags: done.length, restored: wasHidden && action !== "HIDE" && action !== "DELETE" },
      });
      await notify(
        tx,
        reporters.map((userId) => ({
          userId,
          type: "FLAG_RESOLVED" as const,
          fromUserId: viewer.id,
          postId,
          commentId,
          content: `You flagged ${what}. ${OUTCOME[action]}`,
        })),
      );
      return { action, resolved: done.length };
    }),
    flagsResolved({ postId, commentId }),
  );
}

/**
 * A held comment let through by a moderator: what its writing would have earned (points, experience)
 * and the notices it would have sent are given now, once (lib/services/comments/reply-notices.ts).
 * The caller has locked the author's and the post author's rows.
 */
async function letThrough(tx: DbOrTx, commentId: number): Promise<void> {
  const parents = alias(comments, "parent");
  const [c] = await tx
    .select({
      actorId: comments.authorId,
      postId: comments.postId,
      content: comments.content,
      postAuthorId: posts.authorId,
      parentAuthorId: parents.authorId,
      isReply: sql<boolean>`${comments.parentId} is not null`,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .leftJoin(parents, eq(parents.id, comments.parentId))
    .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)));
  if (!c) return;
  const written = { ...c, commentId };
  const { points, experience } = await rewardComment(tx, written);
  if (points || experience) await tx.update(comments).set({ reward: experience, pointReward: points }).where(eq(comments.id, commentId));
  await refreshMedal(tx, c.actorId);
  await noticeComment(tx, written);
}
