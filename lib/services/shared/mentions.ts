import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { posts, users } from "@/db/schema";
import { canSeePost } from "@/lib/permissions";
import { notify } from "@/lib/services/shared/notification-writer";
import type { Viewer } from "@/lib/viewer";
import { membersWhoCannotSee, memberSeesCategorySql } from "@/lib/permissions/category-access";

/** At most this many distinct users are notified per text, so one comment cannot spam the whole forum. */
export const MAX_MENTIONS = 20;

// `@[name]` (OpenIsle's editor form) or a bare `@name` that does not continue a word or an e-mail address.
const MENTION_RE = /@\[([A-Za-z0-9_-]{1,32})\]|(?<![A-Za-z0-9_.@-])@([A-Za-z0-9_-]{1,32})(?![A-Za-z0-9_-])/g;

/** The distinct usernames mentioned in `content`, lower-cased, in order of appearance. */
export function extractMentions(content: string): string[] {
  const names = new Set<string>();
  for (const m of content.matchAll(MENTION_RE)) {
    const name = (m[1] ?? m[2])!.toLowerCase();
    names.add(name);
    if (names.size >= MAX_MENTIONS) break;
  }
  return [...names];
}

/**
 * MENTION to every existing user named in `content` (`@username` or `@[username]`), except the actor
 * and those in `skip`, who may see the post: a mention in an ONLY_ME post must not tell anyone that the
 * post exists. Returns the ids told.
 */
export async function notifyMentions(
  tx: DbOrTx,
  m: { content: string; actorId: number; postId: number; commentId?: number | null; skip?: ReadonlySet<number> },
): Promise<number[]> {
  const names = extractMentions(m.content);
  if (!names.length) return [];
  const [post] = await tx
    .select({ authorId: posts.authorId, status: posts.status, visibleScope: posts.visibleScope, categoryId: posts.categoryId })
    .from(posts)
    .where(eq(posts.id, m.postId));
  if (!post) return [];
  const found = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, names));
  // Members who may not see the post's category are not told (issue 57).
  const outside = await membersWhoCannotSee(
    found.map((u) => u.id),
    post.categoryId,
    tx,
  );
  // One notification per event per member: those already told more specifically (a reply) are skipped.
  const told = found.filter(
    (u) => u.id !== m.actorId && !m.skip?.has(u.id) && !outside.has(u.id) && canSeePost({ id: u.id, role: u.role } as Viewer, post),
  );
  await notify(
    tx,
    told.map((u) => ({ userId: u.id, type: "MENTION" as const, fromUserId: m.actorId, postId: m.postId, commentId: m.commentId ?? null })),
  );
  return told.map((u) => u.id);
}

/** After a post became more private: withdraws the MENTION notifications of those who may no longer see it. */
export async function withdrawHiddenMentions(tx: DbOrTx, postId: number): Promise<void> {
  await tx.execute(sql`
    delete from notifications n using users u, posts p
    where n.post_id = ${postId} and n.type = 'MENTION' and u.id = n.user_id and p.id = n.post_id
      and not ((u.id = p.author_id or u.role in ('MODERATOR', 'ADMIN')
               or (p.status = 'PUBLISHED' and (p.visible_scope = 'ALL' or p.visible_scope = 'ONLY_REGISTER')))
               and ${memberSeesCategorySql(sql`u.id`, sql`u.role`, sql`p.category_id`)})`);
}
