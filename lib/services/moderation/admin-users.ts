import "server-only";
import { asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { auditLogs, users, type UserRole } from "@/db/schema";
import { badRequest, notFound } from "@/lib/errors";
import { assertRole } from "@/lib/permissions";
import { afterCommit } from "@/lib/changes/announce";
import { memberShown } from "@/lib/changes/written";
import type { AdminUserDto, AuditLogEntryDto, SuspendUserInput } from "@/lib/validation/admin-users";
import type { Viewer } from "@/lib/viewer";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type UserRow = { id: number; username: string; role: UserRole; suspendedUntil: Date | null; suspendedReason: string | null };
const pick = {
  id: users.id,
  username: users.username,
  role: users.role,
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

/** One row of the audit log, in the caller's transaction (every admin action writes one). */
export async function audit(
  tx: DbOrTx,
  a: { actorId: number; action: string; targetType: string; targetId: number | null; before: unknown; after: unknown },
) {
  await tx.insert(auditLogs).values({
    actorId: a.actorId,
    action: a.action,
    targetType: a.targetType,
    targetId: a.targetId,
    before: a.before ?? null,
    after: a.after ?? null,
  });
}

/** Changes one member under a row lock and records it; admins only, never on oneself. */
async function changeUser(
  viewer: Viewer | null,
  userId: number,
  action: string,
  next: (u: UserRow) => Partial<UserRow>,
): Promise<AdminUserDto> {
  assertRole(viewer, "ADMIN");
  if (viewer!.id === userId) throw badRequest("Admins cannot change their own role or suspend themselves");
  return afterCommit(
    db.transaction(async (tx) => {
      const [before] = await tx.select(pick).from(users).where(eq(users.id, userId)).for("update");
      if (!before) throw notFound("User not found");
      const patch = next(before);
      const [after] = await tx.update(users).set(patch).where(eq(users.id, userId)).returning(pick);
      await audit(tx, { actorId: viewer!.id, action, targetType: "user", targetId: userId, before: toDto(before), after: toDto(after!) });
      return toDto(after!);
    }),
    memberShown(userId),
  );
}

/** POST /api/admin/users/{id}/suspend: the member can read until `until`; every write answers 403 `suspended`. */
export function suspendUser(viewer: Viewer | null, userId: number, input: SuspendUserInput): Promise<AdminUserDto> {
  return changeUser(viewer, userId, "user.suspend", () => ({ suspendedUntil: input.until, suspendedReason: input.reason }));
}

export function unsuspendUser(viewer: Viewer | null, userId: number): Promise<AdminUserDto> {
  return changeUser(viewer, userId, "user.unsuspend", () => ({ suspendedUntil: null, suspendedReason: null }));
}

export function setUserRole(viewer: Viewer | null, userId: number, role: UserRole): Promise<AdminUserDto> {
  return changeUser(viewer, userId, "user.role", () => ({ role }));
}

/** GET /api/admin/audit-log: newest first. */
export async function listAuditLog(viewer: Viewer | null, page: number, size: number): Promise<AuditLogEntryDto[]> {
  assertRole(viewer, "ADMIN");
  const rows = await db
    .select({ log: auditLogs, actorName: users.username })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(size)
    .offset(page * size);
  return rows.map(({ log, actorName }) => ({
    id: log.id,
    actor: log.actorId !== null && actorName ? { id: log.actorId, username: actorName } : null,
    action: log.action,
    targetType: log.targetType,
    targetId: log.targetId,
    before: (log.before as Record<string, unknown> | null) ?? null,
    after: (log.after as Record<string, unknown> | null) ?? null,
    createdAt: log.createdAt.toISOString(),
  }));
}

/** The admin users page: members whose name or email contains `q` (all when empty), by name. */
export async function listUsersForAdmin(viewer: Viewer | null, a: { q: string; page: number; size: number }): Promise<AdminUserDto[]> {
  assertRole(viewer, "ADMIN");
  const q = a.q.trim().slice(0, 64);
  const like = `%${q.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
  const rows = await db
    .select(pick)
    .from(users)
    .where(q ? or(ilike(users.username, like), ilike(users.email, like)) : undefined)
    .orderBy(asc(sql`lower(${users.username})`))
    .limit(a.size)
    .offset(a.page * a.size);
  return rows.map(toDto);
}
