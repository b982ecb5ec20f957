import "server-only";
import { count, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db";
import { categories, posts } from "@/db/schema";
import { badRequest, conflict, notFound, pgCode, msg } from "@/lib/errors";
import { audit } from "@/lib/services/moderation/admin-users";
import { definedOnly, valuesBefore } from "@/lib/patch";
import { assertRole } from "@/lib/permissions";
import type { CategoryDto } from "@/lib/validation/responses";
import type { CreateCategoryInput, UpdateCategoryInput } from "@/lib/validation/taxonomy";
import type { Viewer } from "@/lib/viewer";
import { afterCommit } from "@/lib/changes/announce";
import { categoryChanged } from "@/lib/changes/written";

/** Category.count (API.md §6): PUBLISHED posts visible to everyone. */
// Written with explicit table names: drizzle leaves columns unqualified in a single-table select,
// which inside a correlated subquery would bind to the inner table.
// The count comes from the trigger-maintained deltas (migration 0002), never from counting posts.
export const categoryPostCount = sql<number>`(select coalesce(sum(cc.n), 0)::int from category_post_counts cc
  where cc.category_id = "categories"."id")`;

const columns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  icon: categories.icon,
  smallIcon: categories.smallIcon,
  count: categoryPostCount,
};

type Row = { id: number; name: string; description: string; icon: string; smallIcon: string; count: number | string };
const toDto = (r: Row): CategoryDto => ({ ...r, count: Number(r.count) });

/**
 * Every category: first those admins placed (position 1, 2, …), then the rest by `count` desc then
 * name (byte order, so both databases agree), then id.
 */
export async function listCategories(): Promise<CategoryDto[]> {
  const rows = await db
    .select(columns)
    .from(categories)
    .orderBy(
      sql`${categories.position} = 0`,
      categories.position,
      sql`${categoryPostCount} desc`,
      sql`${categories.name} collate "C"`,
      categories.id,
    );
  return rows.map(toDto);
}

/**
 * PUT /api/categories/order (admin): the full order, as every category id once. Positions become
 * 1..n, so categories created later (position 0) come after these.
 */
export async function reorderCategories(viewer: Viewer | null, { ids }: { ids: number[] }): Promise<CategoryDto[]> {
  assertRole(viewer, "ADMIN");
  await afterCommit(
    db.transaction(async (tx) => {
      const all = await tx
        .select({ id: categories.id, position: categories.position })
        .from(categories)
        .orderBy(categories.id)
        .for("update");
      const known = new Set(all.map((c) => c.id));
      if (new Set(ids).size !== ids.length || ids.length !== all.length || !ids.every((id) => known.has(id))) {
        throw badRequest(msg("listEveryCategoryOnce"), "ids");
      }
      const before = [...all]
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .filter((c) => c.position > 0)
        .map((c) => c.id);
      for (const [i, id] of ids.entries())
        await tx
          .update(categories)
          .set({ position: i + 1 })
          .where(eq(categories.id, id));
      await audit(tx, {
        actorId: viewer!.id,
        action: "category.reorder",
        targetType: "category",
        targetId: null,
        before: { order: before },
        after: { order: ids },
      });
    }),
    categoryChanged(),
  );
  return listCategories();
}

export async function getCategory(id: number): Promise<CategoryDto> {
  const [row] = await db.select(columns).from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) throw notFound(msg("categoryNotFound"));
  return toDto(row);
}

/** Names are unique case-insensitively (index categories_name_lower_idx); a clash is 409. */
function mapDuplicate(err: unknown): never {
  if (pgCode(err) === "23505") throw conflict(msg("categoryNameTaken"));
  throw err;
}

export async function createCategory(viewer: Viewer | null, input: CreateCategoryInput): Promise<CategoryDto> {
  assertRole(viewer, "ADMIN");
  const id = await afterCommit(
    db.transaction(async (tx) => {
      const [row] = await tx.insert(categories).values(input).returning({ id: categories.id }).catch(mapDuplicate);
      await audit(tx, {
        actorId: viewer!.id,
        action: "category.create",
        targetType: "category",
        targetId: row!.id,
        before: null,
        after: input,
      });
      return row!.id;
    }),
    categoryChanged(),
  );
  return getCategory(id);
}

export async function updateCategory(
  viewer: Viewer | null,
  { id, input }: { id: number; input: UpdateCategoryInput },
): Promise<CategoryDto> {
  assertRole(viewer, "ADMIN");
  const patch = definedOnly(input);
  if (Object.keys(patch).length) {
    await afterCommit(
      db.transaction(async (tx) => {
        const [old] = await tx
          .select({ name: categories.name, description: categories.description, icon: categories.icon, smallIcon: categories.smallIcon })
          .from(categories)
          .where(eq(categories.id, id))
          .for("update");
        if (!old) throw notFound(msg("categoryNotFound"));
        await tx.update(categories).set(patch).where(eq(categories.id, id)).catch(mapDuplicate);
        await audit(tx, {
          actorId: viewer!.id,
          action: "category.update",
          targetType: "category",
          targetId: id,
          before: valuesBefore(old, patch),
          after: patch,
        });
      }),
      categoryChanged(id),
    );
  }
  return getCategory(id);
}

/**
 * Deletes a category. While posts still use it the answer is 409, unless `moveTo` names another
 * category: then its posts move there first, in the same transaction.
 */
export async function deleteCategory(viewer: Viewer | null, { id, moveTo }: { id: number; moveTo?: number }): Promise<void> {
  assertRole(viewer, "ADMIN");
  if (moveTo === id) throw badRequest(msg("mustBeAnotherCategory"), "moveTo");
  await afterCommit(
    db.transaction(async (tx) => {
      const [old] = await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.id, id))
        .for("update");
      if (!old) throw notFound(msg("categoryNotFound"));
      let moved = 0;
      if (moveTo !== undefined) {
        const [target] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(inArray(categories.id, [moveTo]));
        if (!target) throw badRequest(msg("notACategory"), "moveTo");
        moved = (await tx.update(posts).set({ categoryId: moveTo }).where(eq(posts.categoryId, id)).returning({ id: posts.id })).length;
      }
      const [used] = await tx.select({ n: count() }).from(posts).where(eq(posts.categoryId, id));
      if (Number(used?.n ?? 0) > 0) throw conflict(msg("categoryHasPostsMove"));
      await audit(tx, {
        actorId: viewer!.id,
        action: "category.delete",
        targetType: "category",
        targetId: id,
        before: { name: old.name },
        after: moveTo !== undefined ? { movedPostsTo: moveTo, moved } : null,
      });
      const deleted = await tx
        .delete(categories)
        .where(eq(categories.id, id))
        .returning({ id: categories.id })
        .catch((err: unknown) => {
          if (pgCode(err) === "23503") throw conflict(msg("categoryHasPosts"));
          throw err;
        });
      if (!deleted.length) throw notFound(msg("categoryNotFound"));
    }),
    categoryChanged(id),
  );
}

/** /admin/categories (admins): every category in the order members see them. */
export async function listCategoriesForAdmin(viewer: Viewer | null): Promise<CategoryDto[]> {
  assertRole(viewer, "ADMIN");
  return listCategories();
}
