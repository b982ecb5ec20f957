import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { posts, type PostStatus, type UserRole, type VisibleScope } from "@/db/schema";
import { conflict, forbidden, notFound, msg, type Msg } from "@/lib/errors";
import type { Viewer } from "@/lib/viewer";
import { visibleCategoryWhere } from "@/lib/permissions/category-access";

/** The one place that decides who may do what. Services call these; handlers never test roles. */

export const isModerator = (v: Pick<Viewer, "role"> | null | undefined) => v?.role === "MODERATOR" || v?.role === "ADMIN";

type PostAccess = { authorId: number; status: PostStatus; visibleScope: VisibleScope };

/** docs/api.md §3: ALL everyone, ONLY_REGISTER signed-in, ONLY_ME author+staff; non-PUBLISHED author+staff. */
export function canSeePost(viewer: Viewer | null, post: PostAccess): boolean {
  const own = viewer?.id === post.authorId;
  if (own || isModerator(viewer)) return true;
  if (post.status !== "PUBLISHED") return false;
  if (post.visibleScope === "ALL") return true;
  if (post.visibleScope === "ONLY_REGISTER") return !!viewer;
  return false;
}

/** Same rule as canSeePost, as a SQL condition on `posts` (or an alias of it: `t`) for list queries. */
type PostColumns = { status: AnyPgColumn; visibleScope: AnyPgColumn; authorId: AnyPgColumn; categoryId: AnyPgColumn };
/**
 * Also the category rule (issue 57, lib/permissions/category-access.ts): a post in a category the viewer
 * may not see is not seen, not even by its author (who may have lost access to it since).
 */
export function visiblePostsWhere(viewer: Viewer | null, opts: { publishedOnly?: boolean } = {}, t: PostColumns = posts): SQL {
  const published = eq(t.status, "PUBLISHED");
  if (isModerator(viewer)) return opts.publishedOnly ? published : sql`true`;
  const inCategory = visibleCategoryWhere(viewer, t.categoryId);
  if (!viewer) return and(published, eq(t.visibleScope, "ALL"), inCategory)!;
  const scoped = and(published, inArray(t.visibleScope, ["ALL", "ONLY_REGISTER"]));
  if (opts.publishedOnly)
    return and(published, or(inArray(t.visibleScope, ["ALL", "ONLY_REGISTER"]), eq(t.authorId, viewer.id)), inCategory)!;
  return and(or(scoped, eq(t.authorId, viewer.id)), inCategory)!;
}

/** Throws 404 (never revealing a hidden post) unless the viewer may see it. */
export function assertCanSeePost(
  viewer: Viewer | null,
  post: PostAccess | undefined | null,
  message: Msg = msg("postNotFound"),
): asserts post is PostAccess {
  if (!post || !canSeePost(viewer, post)) throw notFound(message);
}

export type PostAction = "edit" | "delete" | "close" | "pin" | "feature" | "review" | "pinComment";

export function canOnPost(viewer: Viewer | null, post: { authorId: number }, action: PostAction): boolean {
  if (!viewer) return false;
  const own = viewer.id === post.authorId;
  switch (action) {
    case "edit":
    case "delete":
    case "close":
    case "pinComment":
      return own || isModerator(viewer);
    case "pin":
    case "feature":
    case "review":
      return isModerator(viewer);
  }
}

/** Who works the review queue (pending posts): moderators and admins. */
export const canReviewPosts = (viewer: Viewer | null) => isModerator(viewer);

export function assertOnPost(viewer: Viewer | null, post: { authorId: number }, action: PostAction): void {
  if (!canOnPost(viewer, post, action)) throw forbidden();
}

/**
 * A moderation state its owner may also set (a post's close, a comment pin on their post) set by
 * someone else, i.e. by staff: `setById` is who set it (null: gone or unknown, counted as
 * staff), `ownerId` the member who may otherwise set it (the post's author).
 */
export const setByStaff = (setById: number | null, ownerId: number) => setById !== ownerId;

/** Whether the viewer may undo such a state: staff always, its owner only when it was their own doing. */
export const canUndoState = (viewer: Viewer | null, setById: number | null, ownerId: number) =>
  isModerator(viewer) || (!!viewer && viewer.id === ownerId && !setByStaff(setById, ownerId));

/**
 * A post staff rejected is read-only: no comments, replies, reactions, votes or entries, and
 * no edits by its author (staff may still edit it, or approve it after all). 409 `conflict`.
 */
export function assertNotRejected(post: { status: PostStatus }): void {
  if (post.status === "REJECTED") throw conflict(msg("postRejectedReadOnly"));
}

export function canDeleteComment(viewer: Viewer | null, comment: { authorId: number }): boolean {
  return !!viewer && (viewer.id === comment.authorId || isModerator(viewer));
}

/**
 * Who may suspend whom (and lift it): admins anyone but themselves, moderators members only. Bots are
 * never suspended: an admin turns a bot off where it is configured, not with a member's sanction.
 */
export function canSuspendUser(viewer: Viewer | null, target: { id: number; role: UserRole; bot: boolean }): boolean {
  if (!viewer || target.bot || viewer.id === target.id) return false;
  if (viewer.role === "ADMIN") return true;
  return viewer.role === "MODERATOR" && target.role === "USER";
}

/** Roles are given and taken by admins only, never their own. */
export const canChangeRole = (viewer: Viewer | null, target: { id: number }) => viewer?.role === "ADMIN" && viewer.id !== target.id;

const RANK: Record<UserRole, number> = { USER: 0, MODERATOR: 1, ADMIN: 2 };
/** Throws 403 unless the viewer has at least `role`. */
export function assertRole(viewer: Viewer | null, role: UserRole): void {
  if (!viewer || RANK[viewer.role] < RANK[role]) throw forbidden();
}

/**
 * Who may create a tag (when a post using it is published, or with POST /api/tags), by the admin's
 * setting (/admin/settings): staff always; members when it is EVERYONE, or LEVEL and they reached
 * `tagCreateMinLevel` (so a brand-new account cannot litter the tag list); nobody else when STAFF.
 */
export function canCreateTags(
  viewer: Viewer | null,
  level: number,
  rule: { tagCreators: "EVERYONE" | "LEVEL" | "STAFF"; tagCreateMinLevel: number },
): boolean {
  if (!viewer) return false;
  if (isModerator(viewer)) return true;
  return rule.tagCreators === "EVERYONE" || (rule.tagCreators === "LEVEL" && level >= rule.tagCreateMinLevel);
}

/** Managing API tokens needs a session or a token with the write scope (a read token cannot mint or list them). */
export function assertCanManageTokens(viewer: Viewer | null): void {
  if (viewer?.via === "token" && !viewer.scopes.includes("write")) throw forbidden(msg("readScopeOnly"));
}
