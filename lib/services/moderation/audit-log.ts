import "server-only";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { and, desc, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { auditLogs, categories, comments, pointGoods, posts, tags, users } from "@/db/schema";
import { assertRole } from "@/lib/permissions";
import { auditParts, auditSummary } from "@/lib/services/moderation/audit-words";
import type { AuditEntryDto, AuditQuery } from "@/lib/validation/admin-users";
import type { Viewer } from "@/lib/viewer";

const actor = alias(users, "audit_actor");
const subject = alias(users, "audit_subject");
const targetPost = alias(posts, "audit_post");
const targetComment = alias(comments, "audit_comment");
const commentPost = alias(posts, "audit_comment_post");
const targetCategory = alias(categories, "audit_category");
const targetTag = alias(tags, "audit_tag");
const targetGood = alias(pointGoods, "audit_good");

const isType = (t: string, id: AnyPgColumn) => and(eq(auditLogs.targetType, t), eq(auditLogs.targetId, id));

/** One page of audit rows with the names their actor, member and target have now. */
function readAuditRows(where: SQL | undefined, page: number, size: number) {
  return db
    .select({
      log: auditLogs,
      actor: { id: actor.id, username: actor.username },
      subject: { id: subject.id, username: subject.username },
      postTitle: targetPost.title,
      commentPostId: targetComment.postId,
      commentPostTitle: commentPost.title,
      categoryName: targetCategory.name,
      tagName: targetTag.name,
      goodName: targetGood.name,
    })
    .from(auditLogs)
    .leftJoin(actor, eq(actor.id, auditLogs.actorId))
    .leftJoin(subject, eq(subject.id, auditLogs.subjectUserId))
    .leftJoin(targetPost, isType("post", targetPost.id))
    .leftJoin(targetComment, isType("comment", targetComment.id))
    .leftJoin(commentPost, eq(commentPost.id, targetComment.postId))
    .leftJoin(targetCategory, isType("category", targetCategory.id))
    .leftJoin(targetTag, isType("tag", targetTag.id))
    .leftJoin(targetGood, isType("point-good", targetGood.id))
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(size)
    .offset(page * size);
}
type AuditRow = Awaited<ReturnType<typeof readAuditRows>>[number];

/** The target's name and the page that shows it (a comment: its post's title, linked to the comment). */
function targetLink(
  r: AuditRow,
  before: Record<string, unknown> | null,
  postId: number | null,
): { label: string | null; href: string | null } {
  const { log } = r;
  const id = log.targetId;
  switch (log.targetType) {
    case "post":
      return { label: r.postTitle, href: r.postTitle !== null ? `/posts/${id}` : null };
    case "comment":
      return {
        label: r.commentPostTitle,
        href: postId !== null && r.commentPostTitle !== null ? `/posts/${postId}#comment-${id}` : null,
      };
    case "user":
      return { label: r.subject?.username ?? null, href: id !== null ? `/admin/users/${id}` : null };
    case "category":
      return { label: r.categoryName, href: r.categoryName !== null ? `/c/${id}` : "/admin/categories" };
    case "tag":
      return { label: r.tagName, href: r.tagName !== null ? `/t/${id}` : "/admin/tags" };
    case "point-good":
      return { label: r.goodName, href: "/admin/goods" };
    case "redemption":
      return { label: typeof before?.goodName === "string" ? before.goodName : null, href: "/admin/redemptions?status=all" };
    case "site-settings":
      return { label: "site settings", href: "/admin/settings" };
    default:
      return { label: null, href: null };
  }
}

function auditEntryDto(r: AuditRow): AuditEntryDto {
  const { log } = r;
  const before = (log.before as Record<string, unknown> | null) ?? null;
  const after = (log.after as Record<string, unknown> | null) ?? null;
  const id = log.targetId;
  const postId = log.targetType === "comment" ? (r.commentPostId ?? (after?.postId as number | undefined) ?? null) : null;
  const { label, href } = targetLink(r, before, postId);
  const actorDto = log.actorId !== null && r.actor?.username ? { id: log.actorId, username: r.actor.username } : null;
  const subjectDto = log.subjectUserId !== null && r.subject?.username ? { id: log.subjectUserId, username: r.subject.username } : null;
  const target = { type: log.targetType, id, label, href };
  const parts = auditParts({
    action: log.action,
    actor: actorDto,
    subject: subjectDto,
    target: {
      ...target,
      label: log.targetType === "comment" ? null : label,
      postTitle: log.targetType === "comment" ? label : null,
    },
    before,
    after,
  });
  return {
    id: log.id,
    actor: actorDto,
    action: log.action,
    targetType: log.targetType,
    targetId: id,
    before,
    after,
    createdAt: log.createdAt.toISOString(),
    subject: subjectDto,
    target,
    summary: auditSummary(parts),
    parts,
  };
}

/**
 * Audit entries matching `where`, newest first, in words: one query, whatever the page size (the actor,
 * the member concerned and the target's current name come in by joins; a deleted target keeps the name
 * its row remembered).
 */
export async function loadAuditEntries(where: SQL | undefined, page: number, size: number): Promise<AuditEntryDto[]> {
  const rows = await readAuditRows(where, page, size);
  return rows.map(auditEntryDto);
}

/** The rows an audit query selects: by actor (a username or an id), action (exact, or a kind: `post`), member concerned. */
async function auditWhere(q: Pick<AuditQuery, "actor" | "action" | "subject">): Promise<SQL | undefined | "none"> {
  const conds: SQL[] = [];
  if (q.actor) {
    const byId = /^\d{1,9}$/.test(q.actor) ? Number(q.actor) : null;
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        byId !== null
          ? or(eq(users.id, byId), eq(sql`lower(${users.username})`, q.actor.toLowerCase()))
          : eq(sql`lower(${users.username})`, q.actor.toLowerCase()),
      )
      .limit(1);
    if (!u) return "none";
    conds.push(eq(auditLogs.actorId, u.id));
  }
  if (q.action) conds.push(q.action.includes(".") ? eq(auditLogs.action, q.action) : like(auditLogs.action, `${q.action}.%`));
  if (q.subject !== undefined) conds.push(eq(auditLogs.subjectUserId, q.subject));
  return conds.length ? and(...conds) : undefined;
}

/** GET /api/admin/audit (admins): the audit log in words, filtered; `hasMore` says whether an older page exists. */
export async function listAudit(
  viewer: Viewer | null,
  q: AuditQuery,
): Promise<{ items: AuditEntryDto[]; page: number; pageSize: number; hasMore: boolean }> {
  assertRole(viewer, "ADMIN");
  const where = await auditWhere(q);
  if (where === "none") return { items: [], page: q.page, pageSize: q.pageSize, hasMore: false };
  const rows = await loadAuditEntries(where, q.page, q.pageSize + 1);
  return { items: rows.slice(0, q.pageSize), page: q.page, pageSize: q.pageSize, hasMore: rows.length > q.pageSize };
}

/** GET /api/admin/audit-log?page&size (admins): the first audit API, kept for its clients; newest first. */
export async function listAuditLog(viewer: Viewer | null, { page, size }: { page: number; size: number }): Promise<AuditEntryDto[]> {
  assertRole(viewer, "ADMIN");
  return loadAuditEntries(undefined, page, size);
}

/** Staff actions concerning one member (their account, posts and comments), newest first; suspensions only when asked. */
export function auditAbout(userId: number, opts: { suspensionsOnly?: boolean; size: number }): Promise<AuditEntryDto[]> {
  const where = opts.suspensionsOnly
    ? and(eq(auditLogs.subjectUserId, userId), inArray(auditLogs.action, ["user.suspend", "user.unsuspend"]))
    : eq(auditLogs.subjectUserId, userId);
  return loadAuditEntries(where, 0, opts.size);
}
