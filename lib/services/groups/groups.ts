import "server-only";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import {
  categories,
  categoryModerators,
  categoryPermissions,
  groupMembers,
  groups,
  users,
  type CategoryAction,
  type PrincipalKind,
} from "@/db/schema";
import { badRequest, conflict, forbidden, notFound, pgCode, msg } from "@/lib/errors";
import { assertRole, isModerator } from "@/lib/permissions";
import { audit } from "@/lib/services/shared/audit";
import { iso, userSummary, userSummaryColumns } from "@/lib/services/dto";
import { afterCommit } from "@/lib/changes/announce";
import { categoryChanged } from "@/lib/changes/written";
import type {
  CategoryModeratorsDto,
  CategoryPermissionsDto,
  CategoryPermissionsInput,
  GroupDetailDto,
  GroupDto,
  GroupInput,
  GroupPatch,
} from "@/lib/validation/groups";
import type { Viewer } from "@/lib/viewer";

/**
 * Groups and category permissions (issue 57; docs/permissions.md). Admins manage groups; a group's
 * owners add and remove its members. Every change that can change what someone may see is announced
 * as a category change (every page and list stamped) and, through migration 0045's triggers, ends the
 * live streams it concerns, so a reader's access is never served from before it changed.
 */

const memberCount = sql<number>`(select count(*)::int from group_members gm where gm.group_id = "groups"."id")`;
const groupColumns = {
  id: groups.id,
  name: groups.name,
  description: groups.description,
  membersVisibility: groups.membersVisibility,
  createdAt: groups.createdAt,
  memberCount,
};
type GroupRow = {
  id: number;
  name: string;
  description: string;
  membersVisibility: GroupDto["membersVisibility"];
  createdAt: Date;
  memberCount: number;
};
const toGroup = (r: GroupRow): GroupDto => ({ ...r, memberCount: Number(r.memberCount), createdAt: iso(r.createdAt)! });

function mapDuplicate(err: unknown): never {
  if (pgCode(err) === "23505") throw conflict(msg("groupNameTaken"));
  throw err;
}

/** GET /api/admin/groups: every group, by name. */
export async function listGroups(viewer: Viewer | null): Promise<GroupDto[]> {
  assertRole(viewer, "ADMIN");
  const rows = await db
    .select(groupColumns)
    .from(groups)
    .orderBy(sql`lower(${groups.name})`, groups.id);
  return rows.map(toGroup);
}

async function groupRow(id: number, runner: DbOrTx = db): Promise<GroupRow> {
  const [row] = await runner.select(groupColumns).from(groups).where(eq(groups.id, id));
  if (!row) throw notFound(msg("groupNotFound"));
  return row;
}

async function members(id: number): Promise<GroupDetailDto["members"]> {
  const rows = await db
    .select({ ...userSummaryColumns, owner: groupMembers.owner })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, id))
    .orderBy(sql`lower(${users.username})`);
  return rows.map((r) => {
    const u = userSummary(r);
    return { id: u.id, username: u.username, avatar: u.avatar, owner: r.owner };
  });
}

/** The group with its members, and whether `viewer` manages its membership (an admin, or one of its owners). */
async function detail(viewer: Viewer | null, row: GroupRow): Promise<GroupDetailDto> {
  const list = await members(row.id);
  const canManage = viewer?.role === "ADMIN" || (!!viewer && list.some((m) => m.id === viewer.id && m.owner));
  return { ...toGroup(row), members: list, canManage };
}

/** GET /api/admin/groups/{id}: the group with its members. */
export async function getGroupForAdmin(viewer: Viewer | null, { id }: { id: number }): Promise<GroupDetailDto> {
  assertRole(viewer, "ADMIN");
  return detail(viewer, await groupRow(id));
}

async function isOwner(viewer: Viewer | null, groupId: number, runner: DbOrTx = db): Promise<boolean> {
  if (!viewer) return false;
  const [row] = await runner
    .select({ owner: groupMembers.owner })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, viewer.id)));
  return !!row?.owner;
}

/**
 * Who may see a group and its member list (on its page, GET /api/groups/{id}, and a member's profile),
 * as SQL on `groups` (the one place of this rule): staff always; otherwise whoever `membersVisibility`
 * admits (everyone; signed-in members; the group's own members), and the group's owners, who manage
 * its membership whatever the setting.
 */
function groupVisibleSql(viewer: Viewer | null): SQL {
  if (isModerator(viewer)) return sql`true`;
  const me = viewer?.id ?? 0;
  return sql`(${groups.membersVisibility} = 'everyone'
    or (${groups.membersVisibility} = 'members' and ${!!viewer})
    or exists (select 1 from group_members vm where vm.group_id = ${groups.id} and vm.user_id = ${me}::int
      and (vm.owner or ${groups.membersVisibility} = 'group')))`;
}

/**
 * GET /api/groups/{id}: a group and its members, for whoever may see it (`groupVisibleSql`); 404
 * otherwise, so a private group's existence is not revealed. `canManage`: the caller may add and remove
 * members (an admin or an owner of the group).
 */
export async function getGroup(viewer: Viewer | null, { id }: { id: number }): Promise<GroupDetailDto> {
  const [row] = await db
    .select(groupColumns)
    .from(groups)
    .where(and(eq(groups.id, id), groupVisibleSql(viewer)));
  if (!row) throw notFound(msg("groupNotFound"));
  return detail(viewer, row);
}

/**
 * The groups a member belongs to that `viewer` may see (their profile), by name: one query whatever
 * the number of groups.
 */
export async function listMemberGroups(viewer: Viewer | null, { userId }: { userId: number }): Promise<GroupDto[]> {
  const rows = await db
    .select(groupColumns)
    .from(groups)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)))
    .where(groupVisibleSql(viewer))
    .orderBy(sql`lower(${groups.name})`, groups.id);
  return rows.map(toGroup);
}

export async function createGroup(viewer: Viewer | null, input: GroupInput): Promise<GroupDto> {
  assertRole(viewer, "ADMIN");
  const id = await afterCommit(
    db.transaction(async (tx) => {
      const [row] = await tx.insert(groups).values(input).returning({ id: groups.id }).catch(mapDuplicate);
      await audit(tx, { actorId: viewer!.id, action: "group.create", targetType: "group", targetId: row!.id, before: null, after: input });
      return row!.id;
    }),
    categoryChanged(),
  );
  return toGroup(await groupRow(id));
}

export async function updateGroup(viewer: Viewer | null, { id, input }: { id: number; input: GroupPatch }): Promise<GroupDto> {
  assertRole(viewer, "ADMIN");
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as GroupPatch;
  if (Object.keys(patch).length) {
    await afterCommit(
      db.transaction(async (tx) => {
        const old = await groupRow(id, tx);
        await tx.update(groups).set(patch).where(eq(groups.id, id)).catch(mapDuplicate);
        const before = Object.fromEntries(Object.keys(patch).map((k) => [k, old[k as keyof GroupRow]]));
        await audit(tx, { actorId: viewer!.id, action: "group.update", targetType: "group", targetId: id, before, after: patch });
      }),
      categoryChanged(),
    );
  }
  return toGroup(await groupRow(id));
}

/** Deleting a group removes its memberships and every permission naming it (a category it alone could see is then staff-only). */
export async function deleteGroup(viewer: Viewer | null, { id }: { id: number }): Promise<void> {
  assertRole(viewer, "ADMIN");
  await afterCommit(
    db.transaction(async (tx) => {
      const old = await groupRow(id, tx);
      await tx.delete(groups).where(eq(groups.id, id));
      await audit(tx, {
        actorId: viewer!.id,
        action: "group.delete",
        targetType: "group",
        targetId: id,
        before: { name: old.name, members: Number(old.memberCount) },
        after: null,
      });
    }),
    categoryChanged(),
  );
}

/**
 * Who may change a group's membership, the one place of this rule: admins, anything; an owner of the
 * group adds members and removes members who are not owners (and themselves); making or unmaking an
 * owner is for admins. Anyone else: 403.
 */
async function assertManages(
  viewer: Viewer | null,
  groupId: number,
  change: { ownerFlag: boolean; targetIsOwner: boolean; targetIsSelf: boolean },
  runner: DbOrTx,
): Promise<void> {
  if (viewer?.role === "ADMIN") return;
  if (!viewer || !(await isOwner(viewer, groupId, runner))) throw forbidden();
  if (change.ownerFlag) throw forbidden(msg("groupOwnersByAdmins"));
  if (change.targetIsOwner && !change.targetIsSelf) throw forbidden(msg("groupOwnersByAdmins"));
}

async function userByName(tx: DbOrTx, username: string) {
  const [u] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return u;
}

async function membership(tx: DbOrTx, groupId: number, userId: number) {
  const [m] = await tx
    .select({ owner: groupMembers.owner })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return m;
}

/**
 * POST /api/admin/groups/{id}/members: adds a member by username, or sets their owner flag (`owner`
 * given: admins only, see `assertManages`).
 */
export async function addGroupMember(
  viewer: Viewer | null,
  { id, username, owner }: { id: number; username: string; owner?: boolean },
): Promise<GroupDetailDto> {
  await groupRow(id);
  if (!viewer) throw forbidden();
  await afterCommit(
    db.transaction(async (tx) => {
      const u = await userByName(tx, username);
      const was = u ? await membership(tx, id, u.id) : undefined;
      // An owner sending owner: false for a new member, or for one who is not an owner, changes no flag.
      const ownerFlag = owner === true ? !was?.owner : owner === false ? !!was?.owner : false;
      await assertManages(viewer, id, { ownerFlag, targetIsOwner: false, targetIsSelf: u?.id === viewer.id }, tx);
      if (!u) throw badRequest(msg("userNotFound"), "username");
      await tx
        .insert(groupMembers)
        .values({ groupId: id, userId: u.id, owner: owner ?? false })
        .onConflictDoUpdate({
          target: [groupMembers.groupId, groupMembers.userId],
          set: { owner: sql`coalesce(${owner ?? null}::boolean, ${groupMembers.owner})` },
        });
      await audit(tx, {
        actorId: viewer.id,
        action: was && owner !== undefined && owner !== was.owner ? "group.member_owner" : "group.member_add",
        targetType: "group",
        targetId: id,
        subjectUserId: u.id,
        before: was ? { username: u.username, owner: was.owner } : null,
        after: { username: u.username, owner: owner ?? was?.owner ?? false },
      });
    }),
    categoryChanged(),
  );
  return detail(viewer, await groupRow(id));
}

/** DELETE /api/admin/groups/{id}/members/{username}. */
export async function removeGroupMember(viewer: Viewer | null, { id, username }: { id: number; username: string }): Promise<void> {
  await groupRow(id);
  if (!viewer) throw forbidden();
  await afterCommit(
    db.transaction(async (tx) => {
      const u = await userByName(tx, username);
      const was = u ? await membership(tx, id, u.id) : undefined;
      await assertManages(viewer, id, { ownerFlag: false, targetIsOwner: !!was?.owner, targetIsSelf: u?.id === viewer.id }, tx);
      if (!u || !was) throw notFound(msg("userNotFound"));
      await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, u.id)));
      await audit(tx, {
        actorId: viewer.id,
        action: "group.member_remove",
        targetType: "group",
        targetId: id,
        subjectUserId: u.id,
        before: { username: u.username, owner: was.owner },
        after: null,
      });
    }),
    categoryChanged(),
  );
}

// Category permissions

const ACTIONS: CategoryAction[] = ["see", "post", "reply"];
const BUILT_IN_LABEL: Record<Exclude<PrincipalKind, "group">, string> = { everyone: "Everyone", members: "Members", staff: "Staff" };

type PermissionRow = { categoryId: number; action: CategoryAction; principal: PrincipalKind; groupId: number | null; name: string | null };

/** A category's rows as its DTO; an action without rows shows its default (see: everyone; post, reply: members). */
function permissionsOf(categoryId: number, rows: PermissionRow[]): CategoryPermissionsDto {
  const out = { categoryId, see: [], post: [], reply: [], defaults: { see: true, post: true, reply: true } } as CategoryPermissionsDto;
  for (const r of rows) {
    out.defaults[r.action] = false;
    out[r.action].push(
      r.principal === "group"
        ? { principal: `group:${r.groupId}`, label: r.name ?? `#${r.groupId}` }
        : { principal: r.principal, label: BUILT_IN_LABEL[r.principal] },
    );
  }
  for (const a of ACTIONS)
    if (out.defaults[a]) out[a] = [a === "see" ? { principal: "everyone", label: "Everyone" } : { principal: "members", label: "Members" }];
  return out;
}

const permissionColumns = {
  categoryId: categoryPermissions.categoryId,
  action: categoryPermissions.action,
  principal: categoryPermissions.principal,
  groupId: categoryPermissions.groupId,
  name: groups.name,
};

/**
 * A category's permissions (GET /api/admin/categories/{id}/permissions, and the category page in
 * words); an action without rows shows its default (see: everyone; post, reply: members).
 */
export async function describeCategoryPermissions(categoryId: number): Promise<CategoryPermissionsDto> {
  const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!cat) throw notFound(msg("categoryNotFound"));
  const rows = await db
    .select(permissionColumns)
    .from(categoryPermissions)
    .leftJoin(groups, eq(groups.id, categoryPermissions.groupId))
    .where(eq(categoryPermissions.categoryId, categoryId))
    .orderBy(asc(categoryPermissions.id));
  return permissionsOf(categoryId, rows);
}

/** Every category's permissions (the admin category editor), in one query: category id → permissions. */
export async function listCategoryPermissions(viewer: Viewer | null): Promise<Record<number, CategoryPermissionsDto>> {
  assertRole(viewer, "ADMIN");
  const [cats, rows] = await Promise.all([
    db.select({ id: categories.id }).from(categories),
    db
      .select(permissionColumns)
      .from(categoryPermissions)
      .leftJoin(groups, eq(groups.id, categoryPermissions.groupId))
      .orderBy(asc(categoryPermissions.id)),
  ]);
  const by = new Map<number, PermissionRow[]>();
  for (const r of rows) by.set(r.categoryId, [...(by.get(r.categoryId) ?? []), r]);
  return Object.fromEntries(cats.map((c) => [c.id, permissionsOf(c.id, by.get(c.id) ?? [])]));
}

export async function getCategoryPermissions(viewer: Viewer | null, { id }: { id: number }): Promise<CategoryPermissionsDto> {
  assertRole(viewer, "ADMIN");
  return describeCategoryPermissions(id);
}

/**
 * PUT /api/admin/categories/{id}/permissions: replaces the rows of each action given (an empty list,
 * or the default's own entry alone, restores the default). One transaction, audited; announced as a
 * category change, which stamps every page and list, so what the change hides is hidden everywhere at once.
 */
export async function setCategoryPermissions(
  viewer: Viewer | null,
  { id, input }: { id: number; input: CategoryPermissionsInput },
): Promise<CategoryPermissionsDto> {
  assertRole(viewer, "ADMIN");
  const before = await describeCategoryPermissions(id);
  await afterCommit(
    db.transaction(async (tx) => {
      const groupIds = new Set<number>();
      for (const a of ACTIONS) for (const p of input[a] ?? []) if (p.startsWith("group:")) groupIds.add(Number(p.slice(6)));
      if (groupIds.size) {
        const found = await tx
          .select({ id: groups.id })
          .from(groups)
          .where(
            sql`${groups.id} in (${sql.join(
              [...groupIds].map((g) => sql`${g}::int`),
              sql`, `,
            )})`,
          );
        if (found.length !== groupIds.size) throw badRequest(msg("notAGroup"), "groupId");
      }
      for (const a of ACTIONS) {
        const given = input[a];
        if (given === undefined) continue;
        await tx.delete(categoryPermissions).where(and(eq(categoryPermissions.categoryId, id), eq(categoryPermissions.action, a)));
        const unique = [...new Set(given)];
        const isDefault = unique.length === 0 || (unique.length === 1 && unique[0] === (a === "see" ? "everyone" : "members"));
        if (isDefault) continue;
        await tx
          .insert(categoryPermissions)
          .values(
            unique.map((p) =>
              p.startsWith("group:")
                ? { categoryId: id, action: a, principal: "group" as const, groupId: Number(p.slice(6)) }
                : { categoryId: id, action: a, principal: p as PrincipalKind, groupId: null },
            ),
          );
      }
      await audit(tx, {
        actorId: viewer!.id,
        action: "category.permissions",
        targetType: "category",
        targetId: id,
        before: {
          see: before.see.map((p) => p.principal),
          post: before.post.map((p) => p.principal),
          reply: before.reply.map((p) => p.principal),
        },
        after: input,
      });
    }),
    categoryChanged(id),
  );
  return describeCategoryPermissions(id);
}

// Category moderators (issue 57 item 4; the rule: lib/permissions/category-moderators.ts)

/** GET /api/admin/categories/{id}/moderators: the groups whose members moderate the category. */
export async function getCategoryModerators(viewer: Viewer | null, { id }: { id: number }): Promise<CategoryModeratorsDto> {
  assertRole(viewer, "ADMIN");
  const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  if (!cat) throw notFound(msg("categoryNotFound"));
  const rows = await db
    .select({ id: groups.id, name: groups.name })
    .from(categoryModerators)
    .innerJoin(groups, eq(groups.id, categoryModerators.groupId))
    .where(eq(categoryModerators.categoryId, id))
    .orderBy(sql`lower(${groups.name})`);
  return { categoryId: id, groups: rows };
}

/** Every category's moderating groups (the admin category editor), in one query: category id → groups. */
export async function listCategoryModerators(viewer: Viewer | null): Promise<Record<number, CategoryModeratorsDto>> {
  assertRole(viewer, "ADMIN");
  const [cats, rows] = await Promise.all([
    db.select({ id: categories.id }).from(categories),
    db
      .select({ categoryId: categoryModerators.categoryId, id: groups.id, name: groups.name })
      .from(categoryModerators)
      .innerJoin(groups, eq(groups.id, categoryModerators.groupId))
      .orderBy(sql`lower(${groups.name})`),
  ]);
  return Object.fromEntries(
    cats.map((c) => [
      c.id,
      { categoryId: c.id, groups: rows.filter((r) => r.categoryId === c.id).map((r) => ({ id: r.id, name: r.name })) },
    ]),
  );
}

/** PUT /api/admin/categories/{id}/moderators {"groupIds"}: replaces the moderating groups; audited. */
export async function setCategoryModerators(
  viewer: Viewer | null,
  { id, groupIds }: { id: number; groupIds: number[] },
): Promise<CategoryModeratorsDto> {
  const before = await getCategoryModerators(viewer, { id });
  const unique = [...new Set(groupIds)];
  await afterCommit(
    db.transaction(async (tx) => {
      if (unique.length) {
        const found = await tx
          .select({ id: groups.id })
          .from(groups)
          .where(
            sql`${groups.id} in (${sql.join(
              unique.map((g) => sql`${g}::int`),
              sql`, `,
            )})`,
          );
        if (found.length !== unique.length) throw badRequest(msg("notAGroup"), "groupIds");
      }
      await tx.delete(categoryModerators).where(eq(categoryModerators.categoryId, id));
      if (unique.length) await tx.insert(categoryModerators).values(unique.map((groupId) => ({ categoryId: id, groupId })));
      await audit(tx, {
        actorId: viewer!.id,
        action: "category.moderators",
        targetType: "category",
        targetId: id,
        before: { groupIds: before.groups.map((g) => g.id) },
        after: { groupIds: unique },
      });
    }),
    categoryChanged(id),
  );
  return getCategoryModerators(viewer, { id });
}
