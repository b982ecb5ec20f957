import "server-only";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db";
import { categories, comments, postReads, posts, postSubscriptions, postTags, reactions, tags, users } from "@/db/schema";
import { forbidden, notFound, msg } from "@/lib/errors";
import { iso } from "@/lib/services/dto";
import { visiblePostsWhere } from "@/lib/permissions";
import { canReadComment, readableCommentsWhere } from "@/lib/services/shared/comment-visibility";
import { categoryPostCount } from "@/lib/services/taxonomy/categories";
import { tagColumns, tagDto } from "@/lib/services/taxonomy/tags";
import { findUser } from "@/lib/services/users/profiles";
import { listMemberGroups } from "@/lib/services/groups/groups";
import type { GroupDto } from "@/lib/validation/groups";
import type { CommentInfoDto, PostMetaDto, PostReadEntryDto } from "@/lib/validation/openisle/profiles";
import type { TagDto } from "@/lib/validation/responses";
import { requireViewer, type Viewer } from "@/lib/viewer";

/**
 * The lists of OpenIsle's profile page (UserController): hot posts and replies (most
 * LIKEd), the tags the member created (newest, and most used), the posts they subscribed to and the
 * posts they read. OpenIsle's shapes (PostMetaDto, CommentInfoDto, TagDto, PostReadDto) and its `limit`;
 * our visibility: posts the caller may see (docs/api.md §3), comments the caller may read (the comment rule,
 * shared/comment-visibility.ts). Each list is one query for its ids, then a constant number for the objects.
 *
 * Subscribed posts are public, as in OpenIsle (its profile's "favourites" tab, which its client loads
 * without a token); read posts are the member's own (403 to others, as OpenIsle answers).
 */

/** OpenIsle's `app.snippet-length`: a post's snippet is the first 200 characters of its markdown. */
export const SNIPPET_LENGTH = 200;

async function requireUserId(idOrUsername: string): Promise<number> {
  const u = await findUser(idOrUsername);
  if (!u) throw notFound(msg("userNotFound"));
  return u.id;
}

/** PostMeta objects for these ids, in the order given (ids not found are left out). Two queries. */
export async function loadPostMeta(ids: number[]): Promise<Map<number, PostMetaDto>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, PostMetaDto>();
  if (!unique.length) return out;
  const [rows, tagRows] = await Promise.all([
    db
      .select({
        id: posts.id,
        title: posts.title,
        snippet: sql<string>`left(${posts.content}, ${SNIPPET_LENGTH})`,
        createdAt: posts.createdAt,
        views: posts.views,
        commentCount: posts.commentCount,
        category: {
          id: categories.id,
          name: categories.name,
          description: categories.description,
          icon: categories.icon,
          smallIcon: categories.smallIcon,
          count: categoryPostCount,
        },
      })
      .from(posts)
      .innerJoin(categories, eq(categories.id, posts.categoryId))
      .where(inArray(posts.id, unique)),
    db
      .select({ postId: postTags.postId, ...tagColumns })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId))
      .where(inArray(postTags.postId, unique))
      .orderBy(asc(postTags.postId), asc(tags.id)),
  ]);
  const tagsOf = new Map<number, TagDto[]>();
  for (const t of tagRows) tagsOf.set(t.postId, [...(tagsOf.get(t.postId) ?? []), tagDto(t)]);
  for (const r of rows) {
    out.set(r.id, {
      id: r.id,
      title: r.title,
      snippet: r.snippet,
      createdAt: iso(r.createdAt)!,
      category: { ...r.category, count: Number(r.category.count) },
      tags: tagsOf.get(r.id) ?? [],
      views: r.views,
      commentCount: r.commentCount,
    });
  }
  return out;
}

const inOrder = <T>(ids: number[], byId: Map<number, T>): T[] => ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));

const parent = alias(comments, "parent_comment");
const parentAuthor = alias(users, "parent_author");

/**
 * CommentInfo objects for these comment ids, in the order given. The caller already chose comments it
 * may read; the comment each answers is blanked where the caller may not read it. Three queries.
 */
export async function loadCommentInfo(ids: number[], viewer: Viewer | null): Promise<CommentInfoDto[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      postId: comments.postId,
      parentId: parent.id,
      parentContent: parent.content,
      parentAuthorId: parent.authorId,
      parentHiddenAt: parent.hiddenAt,
      parentDeletedAt: parent.deletedAt,
      parentAuthor: parentAuthor.username,
    })
    .from(comments)
    .leftJoin(parent, eq(parent.id, comments.parentId))
    .leftJoin(parentAuthor, eq(parentAuthor.id, parent.authorId))
    .where(inArray(comments.id, ids));
  const metas = await loadPostMeta(rows.map((r) => r.postId));
  const byId = new Map<number, CommentInfoDto>();
  for (const r of rows) {
    const post = metas.get(r.postId);
    if (!post) continue;
    const readable =
      r.parentId !== null &&
      canReadComment(viewer, { authorId: r.parentAuthorId!, hidden: r.parentHiddenAt !== null, deleted: r.parentDeletedAt !== null });
    byId.set(r.id, {
      id: r.id,
      content: r.content,
      createdAt: iso(r.createdAt)!,
      post,
      parentComment:
        r.parentId === null ? null : { id: r.parentId, author: r.parentAuthor ?? "", content: readable ? r.parentContent! : "" },
    });
  }
  return inOrder(ids, byId);
}

type ListArgs = { idOrUsername: string; limit: number };

/** GET /api/users/{id}/hot-posts: the member's posts the caller may see, most LIKEd first (posts without a LIKE are not hot). */
export async function listHotPosts(viewer: Viewer | null, a: ListArgs): Promise<PostMetaDto[]> {
  const userId = await requireUserId(a.idOrUsername);
  const likes = sql<number>`count(*)`;
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .innerJoin(reactions, and(eq(reactions.postId, posts.id), sql`${reactions.commentId} is null`, eq(reactions.type, "LIKE")))
    .where(and(eq(posts.authorId, userId), visiblePostsWhere(viewer, { publishedOnly: true })))
    .groupBy(posts.id)
    .orderBy(desc(likes), desc(posts.id))
    .limit(a.limit);
  const ids = rows.map((r) => r.id);
  return inOrder(ids, await loadPostMeta(ids));
}

/** GET /api/users/{id}/hot-replies: the member's comments the caller may read, most LIKEd first. */
export async function listHotReplies(viewer: Viewer | null, a: ListArgs): Promise<CommentInfoDto[]> {
  const userId = await requireUserId(a.idOrUsername);
  const rows = await db
    .select({ id: comments.id })
    .from(comments)
    .innerJoin(reactions, and(eq(reactions.commentId, comments.id), eq(reactions.type, "LIKE")))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.authorId, userId), readableCommentsWhere(viewer), visiblePostsWhere(viewer, { publishedOnly: true })))
    .groupBy(comments.id)
    .orderBy(desc(sql`count(*)`), desc(comments.id))
    .limit(a.limit);
  return loadCommentInfo(
    rows.map((r) => r.id),
    viewer,
  );
}

/** GET /api/users/{id}/tags: the tags the member created, newest first (OpenIsle's TagService.getRecentTagsByUser). */
export async function listCreatedTags(a: ListArgs): Promise<TagDto[]> {
  const userId = await requireUserId(a.idOrUsername);
  const rows = await db
    .select(tagColumns)
    .from(tags)
    .where(eq(tags.creatorId, userId))
    .orderBy(desc(tags.createdAt), desc(tags.id))
    .limit(a.limit);
  return rows.map(tagDto);
}

/** GET /api/users/{id}/hot-tags: the tags the member created, most used first (Tag.count: published posts visible to all). */
export async function listHotTags(a: ListArgs): Promise<TagDto[]> {
  const userId = await requireUserId(a.idOrUsername);
  const rows = await db
    .select(tagColumns)
    .from(tags)
    .where(eq(tags.creatorId, userId))
    .orderBy(sql`${tagColumns.count} desc`, desc(tags.id))
    .limit(a.limit);
  return rows.map(tagDto);
}

/** Lists only the member may read: another member is a 403, as OpenIsle answers for read posts. */
async function ownList(caller: Viewer | null, a: ListArgs): Promise<{ viewer: Viewer; userId: number }> {
  const viewer = requireViewer(caller);
  const userId = await requireUserId(a.idOrUsername);
  if (userId !== viewer.id) throw forbidden(msg("listOwnerOnly"));
  return { viewer, userId };
}

/** GET /api/users/{id}/subscribed-posts: posts the member subscribed to that the caller may see, latest subscription first. */
export async function listSubscribedPosts(viewer: Viewer | null, a: ListArgs): Promise<PostMetaDto[]> {
  const userId = await requireUserId(a.idOrUsername);
  const rows = await db
    .select({ id: posts.id })
    .from(postSubscriptions)
    .innerJoin(posts, eq(posts.id, postSubscriptions.postId))
    .where(and(eq(postSubscriptions.userId, userId), visiblePostsWhere(viewer, { publishedOnly: true })))
    .orderBy(desc(postSubscriptions.createdAt), desc(posts.id))
    .limit(a.limit);
  const ids = rows.map((r) => r.id);
  return inOrder(ids, await loadPostMeta(ids));
}

/** GET /api/users/{id}/read-posts (the member only): posts they opened and may still see, last read first. */
export async function listReadPosts(viewer: Viewer | null, a: ListArgs): Promise<PostReadEntryDto[]> {
  const { userId } = await ownList(viewer, a);
  const rows = await db
    .select({ id: posts.id, lastReadAt: postReads.lastReadAt })
    .from(postReads)
    .innerJoin(posts, eq(posts.id, postReads.postId))
    .where(and(eq(postReads.userId, userId), visiblePostsWhere(viewer, { publishedOnly: true })))
    .orderBy(desc(postReads.lastReadAt), desc(posts.id))
    .limit(a.limit);
  const metas = await loadPostMeta(rows.map((r) => r.id));
  return rows.flatMap((r) => (metas.has(r.id) ? [{ post: metas.get(r.id)!, lastReadAt: iso(r.lastReadAt)! }] : []));
}

/**
 * GET /api/users/{idOrUsername}/groups: the member's groups the caller may see (issue 57), the list a
 * profile shows. The profile's page is one render shared by members, read as "some member", so the
 * groups only the caller may see (one whose member list is for its own members) come from here.
 */
export async function listProfileGroups(viewer: Viewer | null, { idOrUsername }: { idOrUsername: string }): Promise<GroupDto[]> {
  return listMemberGroups(viewer, { userId: await requireUserId(idOrUsername) });
}
