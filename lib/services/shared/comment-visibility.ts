import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { comments } from "@/db/schema";
import { isModerator } from "@/lib/permissions";
import type { Viewer } from "@/lib/viewer";

/**
 * The one rule for a comment's text, as posts have canSeePost / visiblePostsWhere:
 * - a deleted comment's text reaches nobody;
 * - a comment hidden by member flags or by staff (`hidden_at` set, until a moderator lifts it) reaches
 *   its author and staff (moderators, admins) only, as on the post page;
 * - otherwise whoever may see the comment's post.
 * The post's own visibility is checked separately (visiblePostsWhere / canSeePost). Every read path that
 * shows a comment's text or an excerpt of it applies this: the post page and the comments API blank it
 * (`blankComment`), lists and search leave it out (`readableCommentsWhere`), so a hidden comment cannot
 * be found by its words either.
 */

type CommentState = { authorId: number; hidden: boolean; deleted: boolean };

/** Whether `viewer` (null: anonymous) may read the text of a comment in this state. */
export function canReadComment(viewer: Pick<Viewer, "id" | "role"> | null | undefined, c: CommentState): boolean {
  if (c.deleted) return false;
  if (!c.hidden) return true;
  return !!viewer && (viewer.id === c.authorId || isModerator(viewer));
}

/** The comment with its text blanked ("") where `canReadComment` says no; otherwise the same object. */
export function blankComment<T extends { content: string; hidden?: boolean; deleted: boolean; author: { id: number } }>(
  dto: T,
  viewer: Pick<Viewer, "id" | "role"> | null | undefined,
): T {
  const readable = canReadComment(viewer, { authorId: dto.author.id, hidden: !!dto.hidden, deleted: dto.deleted });
  return readable || dto.content === "" ? dto : { ...dto, content: "" };
}

/** The columns the rule reads: `comments` or an alias of it (`alias(comments, "c")` for raw SQL). */
type CommentColumns = { authorId: AnyPgColumn; hiddenAt: AnyPgColumn; deletedAt: AnyPgColumn };

/** Same rule as canReadComment, as a SQL condition on `comments` (or an alias of it: `t`). */
export function readableCommentsWhere(viewer: Pick<Viewer, "id" | "role"> | null | undefined, t: CommentColumns = comments): SQL {
  if (isModerator(viewer)) return sql`${t.deletedAt} is null`;
  if (!viewer) return sql`(${t.deletedAt} is null and ${t.hiddenAt} is null)`;
  return sql`(${t.deletedAt} is null and (${t.hiddenAt} is null or ${t.authorId} = ${viewer.id}))`;
}
