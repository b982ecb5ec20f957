import "server-only";
import type { DbOrTx } from "@/db";
import { auditLogs } from "@/db/schema";

/**
 * One row of the audit log, in the caller's transaction: every staff action writes one. `subjectUserId`
 * is the member it concerned (the author of the post or comment; for a user target, that user).
 */
export async function audit(
  tx: DbOrTx,
  a: {
    actorId: number;
    action: string;
    targetType: string;
    targetId: number | null;
    subjectUserId?: number | null;
    before: unknown;
    after: unknown;
  },
) {
  await tx.insert(auditLogs).values({
    actorId: a.actorId,
    action: a.action,
    targetType: a.targetType,
    targetId: a.targetId,
    subjectUserId: a.subjectUserId ?? (a.targetType === "user" ? a.targetId : null),
    before: a.before ?? null,
    after: a.after ?? null,
  });
}

/**
 * A staff action on a post: the post is the target, its author the subject, and `before` always
 * carries the post's title (the log names the post even after it is deleted).
 */
export function auditPost(
  tx: DbOrTx,
  actorId: number,
  post: { id: number; authorId: number; title: string },
  action: string,
  before: Record<string, unknown>,
  after: unknown,
) {
  return audit(tx, {
    actorId,
    action,
    targetType: "post",
    targetId: post.id,
    subjectUserId: post.authorId,
    before: { title: post.title, ...before },
    after,
  });
}
