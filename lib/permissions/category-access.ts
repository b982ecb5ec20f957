import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db, rawRows, type DbOrTx } from "@/db";
import type { CategoryAction } from "@/db/schema";
import { AppError, notFound, msg, type Msg } from "@/lib/errors";
import type { Viewer } from "@/lib/viewer";

/**
 * Per-category permissions (issue 57), the one rule every read and write obeys (docs/permissions.md).
 *
 * A category's rows in `category_permissions` for an action (see, post, reply) name who may do it:
 * everyone (visitors included), members (signed in), staff, or a group. No row for an action keeps
 * the default: see everyone; post and reply members. Staff (moderators and admins) may do everything
 * everywhere, as they moderate the whole forum. Posting or replying also needs seeing.
 *
 * Reads apply the rule as ONE SQL condition, `category_id <> all(<hidden ids>)`, where the hidden ids are
 * an uncorrelated subquery (an InitPlan: evaluated once per statement, whatever the number of rows), so
 * every list keeps its number of queries and always reads the rule as committed. The same ids are
 * available as a value (`hiddenCategoryIds`) for what runs outside SQL: live events, the page cache's
 * key, mail, mentions, the sitemap.
 */

type Reader = Pick<Viewer, "id" | "role"> | null;

const isStaff = (v: Reader) => v?.role === "MODERATOR" || v?.role === "ADMIN";

/** Whether a row of `category_permissions` (alias `cp`) admits the reader. Staff are admitted before this is asked. */
function admits(viewer: Reader): SQL {
  if (!viewer) return sql`cp.principal = 'everyone'`;
  return sql`(cp.principal in ('everyone', 'members')
    or (cp.principal = 'group' and cp.group_id in (select gm.group_id from group_members gm where gm.user_id = ${viewer.id}::int)))`;
}

/** The ids of the categories where the rows for `action` exist and none admits the reader (an SQL array). */
function deniedByRows(viewer: Reader, action: CategoryAction): SQL {
  return sql`array(select cp.category_id from category_permissions cp where cp.action = ${action}
    group by cp.category_id having not bool_or(${admits(viewer)}))`;
}

/**
 * The categories the reader may NOT see, as an SQL int[] expression; null for staff (nothing hidden).
 * A visitor's and "some member"'s (the page cache's MEMBERS, id 0) are the same for every such reader.
 */
export function hiddenCategoriesSql(viewer: Reader): SQL | null {
  if (isStaff(viewer)) return null;
  return deniedByRows(viewer, "see");
}

/** The categories where the reader may not do `action` (hidden ones included), as an SQL int[]; null for staff. */
export function deniedCategoriesSql(viewer: Reader, action: CategoryAction): SQL | null {
  if (isStaff(viewer)) return null;
  if (action === "see") return deniedByRows(viewer, "see");
  if (!viewer) return sql`array(select c.id from categories c)`;
  return sql`(${deniedByRows(viewer, "see")} || ${deniedByRows(viewer, action)})`;
}

/**
 * The condition every read path adds: the row's category is one the reader may see. `column` is a
 * post's category column (posts.category_id or an alias's); `true` for staff.
 */
export function visibleCategoryWhere(viewer: Reader, column: AnyPgColumn | SQL): SQL {
  const hidden = hiddenCategoriesSql(viewer);
  return hidden ? sql`${column} <> all(${hidden})` : sql`true`;
}

/**
 * The ids of the categories the reader may not see, sorted (empty for staff, and while no category
 * restricts who sees it). The reader's access key: readers with the same ids see the same posts.
 * For helpers outside SQL (issue 57): the sitemap, feeds built in memory, live events, the page cache.
 */
export async function hiddenCategoryIds(viewer: Reader, runner: DbOrTx = db): Promise<number[]> {
  const hidden = hiddenCategoriesSql(viewer);
  if (!hidden) return [];
  const [row] = await rawRows<{ ids: number[] | null }>(runner, sql`select ${hidden} as ids`);
  return (row?.ids ?? []).map(Number).sort((a, b) => a - b);
}

/** The categories where the reader may not do `action` (sorted ids; hidden ones included). */
export async function deniedCategoryIds(viewer: Reader, action: CategoryAction, runner: DbOrTx = db): Promise<number[]> {
  const denied = deniedCategoriesSql(viewer, action);
  if (!denied) return [];
  const [row] = await rawRows<{ ids: number[] | null }>(runner, sql`select ${denied} as ids`);
  return [...new Set((row?.ids ?? []).map(Number))].sort((a, b) => a - b);
}

/** A string naming what the reader may see: "" for the default (nothing hidden), else the hidden ids. */
export const accessKey = (hidden: readonly number[]) => (hidden.length ? `h${hidden.join(".")}` : "");

/** 404 (never revealing the category's posts) unless the reader may see category `categoryId`. */
export async function assertCategoryVisible(
  viewer: Reader,
  categoryId: number,
  message: Msg = msg("postNotFound"),
  runner: DbOrTx = db,
): Promise<void> {
  if (isStaff(viewer)) return;
  if ((await hiddenCategoryIds(viewer, runner)).includes(categoryId)) throw notFound(message);
}

/** Whether the reader may do `action` in category `categoryId`. */
export async function canInCategory(viewer: Reader, categoryId: number, action: CategoryAction, runner: DbOrTx = db): Promise<boolean> {
  if (isStaff(viewer)) return true;
  return !(await deniedCategoryIds(viewer, action, runner)).includes(categoryId);
}

/**
 * Posting (`post`) or replying (`reply`) where the reader may not: 404 when they may not even see the
 * category (its existence is not revealed through its posts), else 403 `category_forbidden`.
 */
export async function assertCategoryAction(
  viewer: Reader,
  categoryId: number,
  action: Exclude<CategoryAction, "see">,
  runner: DbOrTx = db,
): Promise<void> {
  if (isStaff(viewer)) return;
  const [row] = await rawRows<{ hidden: boolean; denied: boolean }>(
    runner,
    sql`select ${categoryId}::int = any(${deniedByRows(viewer, "see")}) as hidden,
      ${categoryId}::int = any(${deniedByRows(viewer, action)}) as denied`,
  );
  if (row?.hidden) throw notFound(action === "post" ? msg("notACategory") : msg("postNotFound"));
  if (row?.denied || !viewer)
    throw new AppError("category_forbidden", action === "post" ? msg("categoryPostForbidden") : msg("categoryReplyForbidden"));
}

/**
 * Whether a member's access differs from "some member"'s (the page cache's shared member render): they
 * belong to a group named by a `see` rule. As SQL on a member id, for the page cache's and the list
 * cache's one lookup per request (such a member gets an entry of their own, never the shared one).
 */
export const ownAccessSql = (userId: SQL | number) =>
  sql`exists (select 1 from group_members gm join category_permissions cp on cp.group_id = gm.group_id
    where gm.user_id = ${userId}::int and cp.action = 'see')`;

/**
 * The members among `userIds` who may not see category `categoryId` (for notifications and their mail,
 * mentions): one query for all of them.
 */
export async function membersWhoCannotSee(userIds: number[], categoryId: number, runner: DbOrTx = db): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await rawRows<{ id: number }>(
    runner,
    sql`select u.id from users u
      where u.id in (${sql.join(
        userIds.map((id) => sql`${id}::int`),
        sql`, `,
      )})
        and u.role = 'USER'
        and exists (select 1 from category_permissions cp where cp.category_id = ${categoryId}::int and cp.action = 'see')
        and not exists (select 1 from category_permissions cp where cp.category_id = ${categoryId}::int and cp.action = 'see'
          and (cp.principal in ('everyone', 'members')
            or (cp.principal = 'group' and cp.group_id in (select gm.group_id from group_members gm where gm.user_id = u.id))))`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Whether the member `userId` (of role `role`) may see category `categoryId`, as SQL on columns of the
 * enclosing query: for the writes that notify many members at once (watchers, followers, mentions) and
 * for the notification list, which keep their one statement.
 */
export const memberSeesCategorySql = (userId: SQL, role: SQL, categoryId: SQL) =>
  sql`(${role} in ('MODERATOR', 'ADMIN')
    or not exists (select 1 from category_permissions cp where cp.category_id = ${categoryId} and cp.action = 'see')
    or exists (select 1 from category_permissions cp where cp.category_id = ${categoryId} and cp.action = 'see'
      and (cp.principal in ('everyone', 'members')
        or (cp.principal = 'group' and cp.group_id in (select gm.group_id from group_members gm where gm.user_id = ${userId})))))`;
