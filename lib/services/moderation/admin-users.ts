import "server-only";
import { alias } from "drizzle-orm/pg-core";
import { and, asc, desc, eq, gt, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { comments, flags, posts, users, type UserRole } from "@/db/schema";
import { badRequest, forbidden, notFound, msg } from "@/lib/errors";
import { assertRole, canChangeRole, canSuspendUser, isModerator } from "@/lib/permissions";
import { afterCommit } from "@/lib/changes/announce";
import { memberShown } from "@/lib/changes/written";
import { markdownExcerpt } from "@/lib/markdown";
import { auditAbout } from "@/lib/services/moderation/audit-log";
import { audit } from "@/lib/services/shared/audit";
import type {
  AdminUserDetailDto,
  AdminUserDto,
  AdminUserPageDto,
  AdminUserRowDto,
  AdminUsersQuery,
  SuspendUserInput,
} from "@/lib/validation/admin-users";
import type { Viewer } from "@/lib/viewer";

// The audit log lives in audit-log.ts (its writer in lib/services/shared/audit.ts).
export { listAuditLog } from "@/lib/services/moderation/audit-log";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type UserRow = { id: number; username: string; role: UserRole; bot: boolean; suspendedUntil: Date | null; suspendedReason: string | null };
const pick = {
  id: users.id,
  username: users.username,
  role: users.role,
  bot: users.bot,
  suspendedUntil: users.suspendedUntil,
  suspendedReason: users.suspendedReason,
};

function toDto(u: UserRow): AdminUserDto {
  const running = u.suspendedUntil && u.suspendedUntil.getTime() > Date.now();
  return {
    id: u.id,
    username: u.username,
    role: u.role,
    suspendedUntil: running ? iso(u.suspendedUntil) : null,
    suspendedReason: running ? u.suspendedReason : null,
  };
}

/** Changes one member under a row lock and records it in the audit log, in one transaction. */
async function changeUser(
  viewer: Viewer | null,
  userId: number,
  action: string,
  check: (u: UserRow) => void,
  next: (u: UserRow) => Partial<UserRow>,
): Promise<AdminUserDto> {
  assertRole(viewer, "MODERATOR");
  if (viewer!.id === userId) throw badRequest(msg("staffNotSelf"));
  return afterCommit(
    db.transaction(async (tx) => {
      const [before] = await tx.select(pick).from(users).where(eq(users.id, userId)).for("update");
      if (!before) throw notFound(msg("userNotFound"));
      check(before);
      const [after] = await tx.update(users).set(next(before)).where(eq(users.id, userId)).returning(pick);
      await audit(tx, { actorId: viewer!.id, action, targetType: "user", targetId: userId, before: toDto(before), after: toDto(after!) });
      return toDto(after!);
    }),
    memberShown(userId),
  );
}

/** The reason a suspension (or its lifting) is refused, or nothing: bots never, moderators members only. */
function assertMaySuspend(viewer: Viewer | null, u: UserRow) {
  if (u.bot) throw forbidden(msg("botsNotSuspended"));
  if (!canSuspendUser(viewer, u)) throw forbidden(msg("adminSuspendsStaff"));
}

/**
 * POST /api/admin/users/{id}/suspend (staff): the member can read until `until`; every write answers 403
 * `suspended`. Moderators suspend members; admins anyone but themselves; bots are exempt.
 */
export function suspendUser(viewer: Viewer | null, { userId, ...input }: SuspendUserInput & { userId: number }): Promise<AdminUserDto> {
  return changeUser(
    viewer,
    userId,
    "user.suspend",
    (u) => assertMaySuspend(viewer, u),
    () => ({ suspendedUntil: input.until, suspendedReason: input.reason }),
  );
}

export function unsuspendUser(viewer: Viewer | null, { userId }: { userId: number }): Promise<AdminUserDto> {
  return changeUser(
    viewer,
    userId,
    "user.unsuspend",
    (u) => assertMaySuspend(viewer, u),
    () => ({ suspendedUntil: null, suspendedReason: null }),
  );
}

/** PUT /api/admin/users/{id}/role (admins). */
export function setUserRole(viewer: Viewer | null, { userId, role }: { userId: number; role: UserRole }): Promise<AdminUserDto> {
  assertRole(viewer, "ADMIN");
  return changeUser(
    viewer,
    userId,
    "user.role",
    (u) => {
      if (!canChangeRole(viewer, u)) throw forbidden();
    },
    () => ({ role }),
  );
}

const flaggedPost = alias(posts, "flagged_post");
const flaggedComment = alias(comments, "flagged_comment");

// Per member counts, as correlated subqueries on indexed columns (posts_author_idx, comments_author_idx,
// the flags' unique indexes on post and comment): they serve both the table's columns and its sort.
// The outer row's id, qualified: a bare "id" would be ambiguous inside the subqueries.
const userId = sql.raw(`"users"."id"`);
const postCount = sql<number>`(select count(*)::int from ${posts} p where p.author_id = ${userId})`;
const commentCount = sql<number>`(select count(*)::int from ${comments} c where c.author_id = ${userId} and c.deleted_at is null)`;
const flagsAgainst = (openOnly: boolean) => {
  const open = openOnly ? sql` and f.status = 'OPEN'` : sql``;
  return sql<number>`((select count(*) from ${flags} f join ${posts} p on p.id = f.post_id where f.comment_id is null and p.author_id = ${userId}${open})
    + (select count(*) from ${flags} f join ${comments} c on c.id = f.comment_id where c.author_id = ${userId}${open}))::int`;
};
const lastSeen = sql<Date | null>`greatest(
  (select v.last_seen_at from user_visit_days v where v.user_id = ${userId} order by v.day desc limit 1),
  (select uv.last_seen_at from user_visits uv where uv.user_id = ${userId}))`;

const rowFields = {
  ...pick,
  avatar: users.avatar,
  createdAt: users.createdAt,
  lastSeenAt: lastSeen,
  postCount,
  commentCount,
  flagsAgainst: flagsAgainst(false),
  openFlagsAgainst: flagsAgainst(true),
};

type Row = UserRow & {
  avatar: string;
  createdAt: Date;
  lastSeenAt: Date | string | null;
  postCount: number;
  commentCount: number;
  flagsAgainst: number;
  openFlagsAgainst: number;
};

function toRow(r: Row): AdminUserRowDto {
  return {
    ...toDto(r),
    avatar: r.avatar,
    bot: r.bot,
    joinedAt: r.createdAt.toISOString(),
    // A computed column comes back from the driver as text.
    lastSeenAt: r.lastSeenAt === null ? null : new Date(r.lastSeenAt).toISOString(),
    postCount: Number(r.postCount),
    commentCount: Number(r.commentCount),
    flagsAgainst: Number(r.flagsAgainst),
    openFlagsAgainst: Number(r.openFlagsAgainst),
  };
}

const SORTS: Record<string, SQL | typeof users.createdAt> = {
  username: sql`lower(${users.username})`,
  role: sql`${users.role}`,
  joined: users.createdAt,
  lastSeen: lastSeen,
  posts: postCount,
  comments: commentCount,
  flags: flagsAgainst(false),
};

/**
 * GET /api/admin/users (admins): the members table. Search by name or email, filter by role and status
 * (suspended, new this week, bots), sort by any column, page. Two queries whatever the page size: the
 * page (its counts as subqueries) and the total.
 */
export async function listUsersForAdmin(viewer: Viewer | null, q: AdminUsersQuery): Promise<AdminUserPageDto> {
  assertRole(viewer, "ADMIN");
  const term = q.q.trim().slice(0, 64);
  const pattern = `%${term.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
  const conds: (SQL | undefined)[] = [
    term ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined,
    q.role ? eq(users.role, q.role) : undefined,
    q.status === "suspended" ? gt(users.suspendedUntil, sql`now()`) : undefined,
    q.status === "new" ? gt(users.createdAt, sql`now() - interval '7 days'`) : undefined,
    q.status === "bot" ? eq(users.bot, true) : undefined,
  ];
  const where = and(...conds.filter(Boolean));
  const descending = q.sort.startsWith("-");
  const key = SORTS[q.sort.replace(/^-/, "")]!;
  const order = descending ? sql`${key} desc nulls last` : sql`${key} asc nulls last`;
  const [rows, [total]] = await Promise.all([
    db
      .select(rowFields)
      .from(users)
      .where(where)
      .orderBy(order, descending ? desc(users.id) : asc(users.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { items: rows.map(toRow), total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

/**
 * GET /api/admin/users/{id} (admins): one member for staff — the row of the table, their latest posts
 * (every status), the flags against their posts and comments, their suspensions and every staff action
 * concerning them. A fixed number of queries.
 */
export async function getUserForAdmin(viewer: Viewer | null, { userId }: { userId: number }): Promise<AdminUserDetailDto> {
  assertRole(viewer, "ADMIN");
  const [u] = await db
    .select({ ...rowFields, email: users.email, introduction: users.introduction })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) throw notFound(msg("userNotFound"));
  const reporter = alias(users, "reporter");
  const [postRows, flagRows, suspensions, history] = await Promise.all([
    db
      .select({
        id: posts.id,
        title: posts.title,
        status: posts.status,
        createdAt: posts.createdAt,
        commentCount: posts.commentCount,
        hiddenAt: posts.hiddenAt,
      })
      .from(posts)
      .where(eq(posts.authorId, userId))
      .orderBy(desc(posts.createdAt))
      .limit(20),
    db
      .select({
        flag: flags,
        reporter: { id: reporter.id, username: reporter.username },
        post: { id: flaggedPost.id, title: flaggedPost.title },
        comment: { content: flaggedComment.content },
      })
      .from(flags)
      .innerJoin(reporter, eq(reporter.id, flags.reporterId))
      .innerJoin(flaggedPost, eq(flaggedPost.id, flags.postId))
      .leftJoin(flaggedComment, eq(flaggedComment.id, flags.commentId))
      .where(
        or(
          and(isNull(flags.commentId), eq(flaggedPost.authorId, userId)),
          sql`${flags.commentId} in (select c.id from ${comments} c where c.author_id = ${userId})`,
        ),
      )
      .orderBy(desc(flags.createdAt), desc(flags.id))
      .limit(50),
    auditAbout(userId, { suspensionsOnly: true, size: 50 }),
    auditAbout(userId, { size: 50 }),
  ]);
  return {
    user: { ...toRow(u), email: u.email, introduction: u.introduction },
    posts: postRows.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
      commentCount: p.commentCount,
      hidden: p.hiddenAt !== null,
    })),
    flags: flagRows.map((r) => ({
      id: r.flag.id,
      reason: r.flag.reason,
      note: r.flag.note,
      status: r.flag.status,
      action: r.flag.action,
      createdAt: r.flag.createdAt.toISOString(),
      reporter: r.reporter,
      post: r.post,
      commentId: r.flag.commentId,
      excerpt: r.comment?.content != null ? markdownExcerpt(r.comment.content, 200) : null,
    })),
    suspensions,
    audit: history,
    can: { suspend: canSuspendUser(viewer, u), changeRole: canChangeRole(viewer, u) && isModerator(viewer) },
  };
}
