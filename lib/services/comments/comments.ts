import "server-only";
import { renderForStore, storeHtml } from "@/lib/services/content/stored-html";
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { db, type DB } from "@/db";
import { readDb, type ReadFrom } from "@/db/replicas";
import { comments, posts, users } from "@/db/schema";
import { conflict, forbidden, notFound, msg, staffDecision } from "@/lib/errors";
import { iso, userSummary, userSummaryColumns } from "@/lib/services/dto";
import { assertCategoryAction, assertCategoryVisible } from "@/lib/permissions/category-access";
import { assertCanSeePost, assertNotRejected, assertOnPost, canDeleteComment, canUndoState, isModerator } from "@/lib/permissions";
import { audit } from "@/lib/services/shared/audit";
import { readCachesEnabled, versionedCache } from "@/lib/cache/content-version";
import { notify } from "@/lib/services/shared/notification-writer";
import { noticeComment, rewardComment, type WrittenComment } from "@/lib/services/comments/reply-notices";
import { refreshMedal } from "@/lib/services/points/points";
import { loadCommentReactions } from "@/lib/services/shared/reactions";
import { lockUsers } from "@/lib/services/points/points";
import { hitSiteRateLimit } from "@/lib/limits/rate-limit";
import { assertMayWrite } from "@/lib/services/auth/verification";
import { assertSlowMode } from "@/lib/services/comments/slow-mode";
import type { CommentDto, ReactionDto } from "@/lib/validation/responses";
import type { Viewer } from "@/lib/viewer";
import { afterCommit, announce } from "@/lib/changes/announce";
import { commentChanged, commentPinned, commentWritten } from "@/lib/changes/written";
import { loadCommentChangeLogs, writeChangeLogs } from "@/lib/services/shared/change-logs";
import { recountComments } from "@/lib/services/shared/comment-counts";
import { blankComment, canReadComment } from "@/lib/services/shared/comment-visibility";
import { applyScreen, screenContent, silencedChanges } from "@/lib/services/spam/screen";
import { censorText } from "@/lib/services/spam/censor";

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  authorId: comments.authorId,
  content: comments.content,
  pinnedAt: comments.pinnedAt,
  // Pinned by someone other than the post's author, i.e. staff (lib/permissions.ts setByStaff).
  pinnedByStaff: sql<boolean>`(${comments.pinnedById} is distinct from (select p.author_id from posts p where p.id = ${comments.postId}))`,
  deletedAt: comments.deletedAt,
  hiddenAt: comments.hiddenAt,
  editedAt: comments.editedAt,
  staffEditedAt: comments.staffEditedAt,
  reward: comments.reward,
  pointReward: comments.pointReward,
  createdAt: comments.createdAt,
  author: userSummaryColumns,
};

function selectComments(where: SQL | undefined, runner: DB = db) {
  return runner.select(commentColumns).from(comments).innerJoin(users, eq(users.id, comments.authorId)).where(where);
}

type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];

/** The comment as stored (a deleted one without its text); each reader's copy goes through `blankComment`. */
function toDto(r: CommentRow, reactions: ReactionDto[]): CommentDto {
  const deleted = r.deletedAt !== null;
  return {
    id: r.id,
    content: deleted ? "" : censorText(r.content),
    hidden: r.hiddenAt !== null,
    createdAt: iso(r.createdAt)!,
    pinnedAt: iso(r.pinnedAt),
    ...(r.pinnedAt ? { pinnedByStaff: !!r.pinnedByStaff } : {}),
    author: userSummary(r.author),
    replies: [],
    reactions,
    reward: r.reward,
    pointReward: r.pointReward,
    deleted,
    postId: r.postId,
    parentId: r.parentId,
    editedAt: iso(r.editedAt),
    staffEdited: !!r.editedAt && !!r.staffEditedAt && r.staffEditedAt.getTime() === r.editedAt.getTime(),
  };
}

const byAge = (a: CommentRow, b: CommentRow) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;

/** Attaches every descendant of `roots` (oldest first at each level) and all reactions: two more queries. */
async function withReplies(roots: CommentRow[], viewer: Viewer | null, runner: DB = db): Promise<CommentDto[]> {
  if (!roots.length) return [];
  const rootIds = sql.join(
    roots.map((r) => sql`${r.id}`),
    sql`, `,
  );
  const descendants = await selectComments(
    sql`${comments.id} in (
    with recursive tree(id) as (
      select c.id from comments c where c.parent_id in (${rootIds})
      union all
      select c.id from comments c join tree t on c.parent_id = t.id
    ) select id from tree)`,
    runner,
  );
  const reactions = await loadCommentReactions([...roots, ...descendants].map((r) => r.id));
  const dtos = new Map<number, CommentDto>();
  for (const r of [...roots, ...descendants]) dtos.set(r.id, blankComment(toDto(r, reactions.get(r.id) ?? []), viewer));
  for (const r of descendants.sort(byAge)) dtos.get(r.parentId!)?.replies.push(dtos.get(r.id)!);
  return roots.map((r) => dtos.get(r.id)!);
}

/**
 * A post's top-level comments, pinned first (newest pin first) then oldest first, each with its nested
 * replies oldest first, in three queries whatever the page size. The caller checks the post's visibility.
 */
export async function loadCommentTree(
  postId: number,
  viewer: Viewer | null,
  opts: { page?: number; pageSize?: number; readFrom?: ReadFrom } = {},
): Promise<CommentDto[]> {
  const page = opts.page ?? 0;
  const pageSize = opts.pageSize ?? 100;
  // The comments of a page may be a little stale for a visitor: the caller says whether a replica may answer.
  const runner = readDb(opts.readFrom);
  const roots = await selectComments(and(eq(comments.postId, postId), isNull(comments.parentId)), runner)
    .orderBy(sql`${comments.pinnedAt} desc nulls last`, asc(comments.createdAt), asc(comments.id))
    .limit(pageSize)
    .offset(page * pageSize);
  return withReplies(roots, viewer, runner);
}

/** Top-level comments by id, each with its nested replies, in `ids` order (OpenIsle's timeline, lib/services/comments/timeline.ts). */
export async function loadCommentTreesByIds(ids: number[], viewer: Viewer | null): Promise<CommentDto[]> {
  if (!ids.length) return [];
  const roots = await selectComments(inArray(comments.id, ids));
  const order = new Map(ids.map((id, i) => [id, i]));
  roots.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return withReplies(roots, viewer);
}

/**
 * Comments by id without their replies (for notifications), in two queries, as `viewer` (default:
 * anonymous) may read them: the cache keeps them unblanked and each reader's copy is blanked by the
 * comment-visibility rule.
 */
export async function loadCommentsByIds(
  ids: number[],
  viewer: Viewer | null = null,
  opts: { version?: string } = {},
): Promise<Map<number, CommentDto>> {
  const raw = await loadRawCommentsByIds(ids, opts);
  return new Map([...raw].map(([id, c]) => [id, blankComment(c, viewer)]));
}

async function loadRawCommentsByIds(ids: number[], opts: { version?: string }): Promise<Map<number, CommentDto>> {
  const out = new Map<number, CommentDto>();
  const unique = [...new Set(ids)];
  if (!unique.length) return out;
  const version = readCachesEnabled() ? opts.version : undefined;
  const missing =
    version === undefined
      ? unique
      : unique.filter((id) => {
          const hit = commentCache.get(id, version);
          if (hit) out.set(id, hit);
          return !hit;
        });
  if (!missing.length) return out;
  const rows = await selectComments(inArray(comments.id, missing));
  const reactions = await loadCommentReactions(rows.map((r) => r.id));
  for (const r of rows) {
    const dto = toDto(r, reactions.get(r.id) ?? []);
    out.set(r.id, dto);
    if (version !== undefined) commentCache.set(r.id, version, dto);
  }
  return out;
}

/** Comments by id (unblanked), valid while the content version they were read under is current (content-version.ts). */
const commentCache = versionedCache<CommentDto>("comments", 5_000);

const postAccessColumns = {
  id: posts.id,
  title: posts.title,
  authorId: posts.authorId,
  status: posts.status,
  visibleScope: posts.visibleScope,
  categoryId: posts.categoryId,
  closed: posts.closed,
  slowModeSeconds: posts.slowModeSeconds,
};

async function loadPostAccess(postId: number, runner: DB = db) {
  const [p] = await runner.select(postAccessColumns).from(posts).where(eq(posts.id, postId));
  return p;
}

/** A comment with its post's access fields; 404 when unknown or on a post the viewer may not see. */
async function loadCommentAccess(viewer: Viewer | null, commentId: number) {
  const [c] = await db
    .select({
      id: comments.id,
      authorId: comments.authorId,
      deletedAt: comments.deletedAt,
      hiddenAt: comments.hiddenAt,
      pinnedAt: comments.pinnedAt,
      pinnedById: comments.pinnedById,
      post: postAccessColumns,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, commentId));
  if (!c) throw notFound(msg("commentNotFound"));
  assertCanSeePost(viewer, c.post, msg("commentNotFound"));
  await assertCategoryVisible(viewer, c.post.categoryId, msg("commentNotFound"));
  return c;
}

/** GET /api/posts/{id}/comments: 404 for a hidden post, else a page of the comment tree. */
export async function listComments(
  viewer: Viewer | null,
  { postId, ...opts }: { postId: number; page: number; pageSize: number; readFrom?: ReadFrom },
): Promise<CommentDto[]> {
  const post = await loadPostAccess(postId, readDb(opts.readFrom));
  assertCanSeePost(viewer, post);
  await assertCategoryVisible(viewer, post.categoryId);
  return loadCommentTree(postId, viewer, opts);
}

/** One comment with its nested replies (a deep link target). */
export async function getComment(viewer: Viewer | null, { commentId }: { commentId: number }): Promise<CommentDto> {
  await loadCommentAccess(viewer, commentId);
  const roots = await selectComments(eq(comments.id, commentId));
  return (await withReplies(roots, viewer))[0]!;
}

export type NewComment = { content: string } & ({ postId: number; parentId?: undefined } | { parentId: number; postId?: undefined });

type PostAccess = NonNullable<Awaited<ReturnType<typeof loadPostAccess>>>;

/**
 * The post (and, for a reply, the comment) a new comment goes on, once the viewer may write there now:
 * 404 where they may not see it, 403 where the category does not let them reply, 409 on a closed post,
 * then the slow mode, verification and the rate limit.
 */
async function commentTarget(
  viewer: Viewer,
  input: NewComment,
): Promise<{ post: PostAccess; parent: { id: number; authorId: number } | null }> {
  let post: Awaited<ReturnType<typeof loadPostAccess>>;
  let parent: { id: number; authorId: number } | null = null;
  if (input.parentId !== undefined) {
    const c = await loadCommentAccess(viewer, input.parentId);
    if (c.deletedAt) throw notFound(msg("commentNotFound"));
    parent = { id: c.id, authorId: c.authorId };
    post = c.post;
  } else {
    post = await loadPostAccess(input.postId);
    assertCanSeePost(viewer, post);
    await assertCategoryVisible(viewer, post.categoryId);
  }
  // Replying where the category does not let the member (issue 57): 403 category_forbidden.
  await assertCategoryAction(viewer, post.categoryId, "reply");
  assertNotRejected(post);
  if (post.closed) throw conflict(msg("postClosed"));
  if (post.slowModeSeconds > 0 && !isModerator(viewer)) await assertSlowMode(viewer.id, post.id, post.slowModeSeconds);
  await assertMayWrite(viewer.id);
  await hitSiteRateLimit(`comment:${viewer.id}`, "comments");
  return { post, parent };
}

type CommentTx = Parameters<Parameters<typeof db.transaction>[0]>[0];

/**
 * What follows from a new comment row, in one round of pipelined chains: its stored HTML and the post's
 * counters, its rewards, its notices, and the author's medal (the author is read after it is refreshed).
 */
async function commentEffects(
  tx: CommentTx,
  p: { row: typeof comments.$inferSelect; html: Awaited<ReturnType<typeof renderForStore>>; hold: boolean; written: WrittenComment },
) {
  const { row, html, hold, written } = p;
  const [, { points: pointReward, experience: reward }, , [changedMedal, [author]]] = await Promise.all([
    // A held comment (hidden until a moderator lets it through) is not counted, nor is it the post's
    // latest reply, for anyone (lib/services/shared/comment-counts.ts).
    storeHtml(tx, "comments", row.id, html).then(() =>
      hold
        ? undefined
        : tx
            .update(posts)
            .set({
              commentCount: sql`${posts.commentCount} + 1`,
              lastReplyAt: sql`greatest(${posts.lastReplyAt}, ${row.createdAt.toISOString()}::timestamptz)`,
            })
            .where(eq(posts.id, written.postId)),
    ),
    // Held, it earns nothing and tells nobody until a moderator lets it through (reply-notices.ts).
    hold ? { points: 0, experience: 0 } : rewardComment(tx, written),
    hold ? undefined : noticeComment(tx, written),
    refreshMedal(tx, written.actorId).then(
      async (changed) => [changed, await tx.select(commentColumns.author).from(users).where(eq(users.id, written.actorId))] as const,
    ),
  ]);
  return { pointReward, reward, changedMedal, author: author! };
}

/**
 * Creates a top-level comment (`postId`) or a reply (`parentId`, any depth). One transaction holds the
 * row, the post's counters, points and experience, notifications and mentions (docs/api.md §5).
 */
export async function createComment(viewer: Viewer, input: NewComment): Promise<CommentDto> {
  const { post, parent } = await commentTarget(viewer, input);
  const screen = await screenContent(viewer, { kind: "comment", fields: { content: input.content } });
  const html = await renderForStore(input.content);
  const postId = post.id;
  const postAuthorId = post.authorId;

  let medalChanged = false;
  let silenced = false;
  return afterCommit(
    db.transaction(async (tx) => {
      await lockUsers(tx, parent ? [viewer.id] : [viewer.id, postAuthorId]);
      const [c] = await tx
        .insert(comments)
        .values({
          postId,
          authorId: viewer.id,
          parentId: parent?.id ?? null,
          content: input.content,
          hiddenAt: screen.hold ? new Date() : null,
        })
        .returning();
      const row = c!;
      silenced = await applyScreen(tx, screen, { postId, commentId: row.id });
      // The rest depends only on the new row. Its chains are sent together, and postgres.js pipelines a
      // transaction's queries on its one connection: a round trip per step of the longest chain instead of
      // one per statement (write load). Each chain keeps its own order (ledger rows, then the
      // notifications: reply, mentions, followers).
      const written: WrittenComment = {
        actorId: viewer.id,
        postId,
        commentId: row.id,
        postAuthorId,
        parentAuthorId: parent?.authorId ?? null,
        content: input.content,
        isReply: parent !== null,
      };
      const { pointReward, reward, changedMedal, author } = await commentEffects(tx, { row, html, hold: !!screen.hold, written });
      medalChanged = changedMedal;
      if (reward || pointReward) await tx.update(comments).set({ reward, pointReward }).where(eq(comments.id, row.id));
      return {
        ...toDto({ ...row, pinnedByStaff: false, reward, pointReward, author }, []),
        ...(screen.hold ? { status: "PENDING" as const } : {}),
      };
    }),
    (c) => [...commentWritten({ id: c.id, postId, authorId: viewer.id }, medalChanged), ...(silenced ? silencedChanges(viewer.id) : [])],
  );
}

/**
 * Soft-deletes a comment (author or moderator): its replies stay readable, the post's commentCount
 * and lastReplyAt are recounted from its visible comments (lib/services/shared/comment-counts.ts).
 * `audit: false`: the caller writes the audit line of the action this is part of (a flag resolved by
 * deleting: one action, one line).
 */
export async function deleteComment(
  viewer: Viewer,
  { commentId, audit: writeAudit }: { commentId: number; audit?: boolean },
): Promise<void> {
  const c = await loadCommentAccess(viewer, commentId);
  if (c.deletedAt) throw notFound(msg("commentNotFound"));
  if (!canDeleteComment(viewer, c)) throw forbidden(msg("commentDeleteOwnerOrMod"));
  let medalChanged = false;
  await afterCommit(
    db.transaction(async (tx) => {
      await lockUsers(tx, [c.authorId]);
      const [gone] = await tx
        .update(comments)
        .set({ deletedAt: sql`now()`, pinnedAt: null, pinnedById: null })
        .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
        .returning({ id: comments.id });
      if (!gone) throw notFound(msg("commentNotFound"));
      // Recounted rather than decremented: a hidden comment was not counted in the first place.
      await recountComments(tx, [c.post.id]);
      medalChanged = await refreshMedal(tx, c.authorId);
      if (viewer.id !== c.authorId && writeAudit !== false)
        await audit(tx, {
          actorId: viewer.id,
          action: "comment.delete",
          targetType: "comment",
          targetId: commentId,
          subjectUserId: c.authorId,
          before: { postId: c.post.id, postTitle: c.post.title },
          after: null,
        });
      // Staff removing someone's comment tells its author.
      await notify(tx, {
        userId: c.authorId,
        type: "CONTENT_MODERATED",
        fromUserId: viewer.id,
        postId: c.post.id,
        content: "deleted your comment on",
      });
    }),
    () => commentChanged({ id: commentId, postId: c.post.id }, medalChanged ? c.authorId : null),
  );
}

/**
 * Pins or unpins a comment (the post's author or a moderator); returns it with its replies. A pin by
 * staff is theirs: the post's author can neither unpin it nor pin it again as their own
 * (403 `staff_decision`).
 */
export async function setCommentPinned(viewer: Viewer, { commentId, pinned }: { commentId: number; pinned: boolean }): Promise<CommentDto> {
  const c = await loadCommentAccess(viewer, commentId);
  if (c.deletedAt) throw notFound(msg("commentNotFound"));
  assertOnPost(viewer, c.post, "pinComment");
  if (c.pinnedAt && !canUndoState(viewer, c.pinnedById, c.post.authorId)) throw staffDecision(msg("commentPinnedByStaff"));
  await db.transaction(async (tx) => {
    await tx
      .update(comments)
      .set({ pinnedAt: pinned ? sql`now()` : null, pinnedById: pinned ? viewer.id : null })
      .where(eq(comments.id, commentId));
    // The post's author arranges their own thread; staff doing it on someone else's post is audited.
    if (viewer.id !== c.post.authorId)
      await audit(tx, {
        actorId: viewer.id,
        action: pinned ? "comment.pin" : "comment.unpin",
        targetType: "comment",
        targetId: commentId,
        subjectUserId: c.authorId,
        before: { postId: c.post.id, postTitle: c.post.title },
        after: { pinned },
      });
  });
  await announce(commentPinned(commentId));
  return getComment(viewer, { commentId });
}

/**
 * PUT /api/comments/{id}: its author or staff change a comment's text. The old and new text
 * go into the change log (the post's, marked with the comment), like a post's content edits; an edit by
 * staff is marked as such and its author is told.
 */
export async function editComment(viewer: Viewer, { commentId, content }: { commentId: number; content: string }): Promise<CommentDto> {
  const c = await loadCommentAccess(viewer, commentId);
  if (c.deletedAt) throw notFound(msg("commentNotFound"));
  const staff = viewer.id !== c.authorId;
  if (staff && !isModerator(viewer)) throw forbidden(msg("commentEditOwnerOrStaff"));
  assertNotRejected(c.post);
  if (!staff) await assertMayWrite(viewer.id);
  const screen = await screenContent(viewer, { kind: "comment", edit: true, fields: { content } });
  const html = await renderForStore(content);
  await afterCommit(
    db.transaction(async (tx) => {
      const [cur] = await tx.select({ content: comments.content }).from(comments).where(eq(comments.id, commentId)).for("update");
      if (!cur || cur.content === content) return;
      await applyScreen(tx, screen, { postId: c.post.id, commentId });
      const now = new Date();
      await tx
        .update(comments)
        .set({ content, editedAt: now, staffEditedAt: staff ? now : null })
        .where(eq(comments.id, commentId));
      await storeHtml(tx, "comments", commentId, html);
      await writeChangeLogs(tx, [
        { postId: c.post.id, commentId, actorId: viewer.id, type: "CONTENT", oldContent: cur.content, newContent: content },
      ]);
      if (staff) {
        await audit(tx, {
          actorId: viewer.id,
          action: "comment.edit",
          targetType: "comment",
          targetId: commentId,
          subjectUserId: c.authorId,
          before: { postId: c.post.id, postTitle: c.post.title, content: cur.content },
          after: { content },
        });
        await notify(tx, {
          userId: c.authorId,
          type: "CONTENT_MODERATED",
          fromUserId: viewer.id,
          postId: c.post.id,
          commentId,
          content: "edited your comment",
        });
      }
    }),
    commentChanged({ id: commentId, postId: c.post.id }),
  );
  return getComment(viewer, { commentId });
}

/**
 * GET /api/comments/{id}/change-logs: the comment's edits, oldest first. 404 where the comment is not
 * visible, and where its text is not (deleted; hidden, to all but its author and staff): every entry holds it.
 */
export async function listCommentChangeLogs(viewer: Viewer | null, { commentId }: { commentId: number }) {
  const c = await loadCommentAccess(viewer, commentId);
  if (!canReadComment(viewer, { authorId: c.authorId, hidden: c.hiddenAt !== null, deleted: c.deletedAt !== null }))
    throw notFound(msg("commentNotFound"));
  return loadCommentChangeLogs(commentId);
}
