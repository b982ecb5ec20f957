import "server-only";
import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { db } from "@/db";
import { categories, posts, type CategoryAction } from "@/db/schema";
import { deniedCategoriesSql, hiddenCategoriesSql } from "@/lib/permissions/category-access";
import { badRequest, conflict, notFound, pgCode, msg } from "@/lib/errors";
import { audit } from "@/lib/services/shared/audit";
import { definedOnly, valuesBefore } from "@/lib/patch";
import { assertRole } from "@/lib/permissions";
import type { CategoryFullDto } from "@/lib/validation/responses";
import { accentProblem } from "@/lib/site-accent";
import type { DbOrTx } from "@/db";
import type { CreateCategoryInput, UpdateCategoryInput } from "@/lib/validation/taxonomy";
import type { Viewer } from "@/lib/viewer";
import { afterCommit } from "@/lib/changes/announce";
import { categoryChanged } from "@/lib/changes/written";

/** Category.count (docs/api.md §6): PUBLISHED posts visible to everyone. */
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
  slug: categories.slug,
  color: categories.color,
  parentId: categories.parentId,
  position: categories.position,
};

type Row = Omit<CategoryFullDto, "count"> & { count: number | string | null };
const toDto = (r: Row): CategoryFullDto => ({
  id: r.id,
  name: r.name,
  description: r.description,
  icon: r.icon,
  smallIcon: r.smallIcon,
  count: Number(r.count),
  slug: r.slug,
  color: r.color,
  parentId: r.parentId,
  position: r.position,
});

/**
 * Every category the reader may see: first those admins placed (position 1, 2, …), then the rest by `count` desc then
 * name (byte order, so both databases agree), then id.
 */
export async function listCategories(viewer: Viewer | null, opts: { action?: CategoryAction } = {}): Promise<CategoryFullDto[]> {
  // A category the reader may not see is not listed, nor its count (issue 57); the composer lists
  // only those where they may start posts (`action: "post"`).
  const denied = deniedCategoriesSql(viewer, opts.action ?? "see");
  const rows = await db
    .select(columns)
    .from(categories)
    .where(denied ? sql`${categories.id} <> all(${denied})` : undefined)
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
export async function reorderCategories(viewer: Viewer | null, { ids }: { ids: number[] }): Promise<CategoryFullDto[]> {
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
  return listCategories(viewer);
}

/**
 * One category, by id or by slug (/c/{slug}); 404 when unknown or when the reader may not see it (issue 57).
 */
export async function getCategory(viewer: Viewer | null, key: { id: number } | { slug: string }): Promise<CategoryFullDto> {
  const hidden = hiddenCategoriesSql(viewer);
  const [row] = await db
    .select(columns)
    .from(categories)
    .where(
      and(
        "id" in key ? eq(categories.id, key.id) : eq(categories.slug, key.slug),
        hidden ? sql`${categories.id} <> all(${hidden})` : undefined,
      ),
    )
    .limit(1);
  if (!row) throw notFound(msg("categoryNotFound"));
  return toDto(row);
}

/** Names are unique case-insensitively (index categories_name_lower_idx), slugs too (categories_slug_idx); a clash is 409. */
function mapDuplicate(err: unknown): never {
  if (pgCode(err) === "23505")
    throw /categories_slug_idx/.test(errorChainText(err)) ? conflict(msg("categorySlugTaken")) : conflict(msg("categoryNameTaken"));
  throw err;
}

function errorChainText(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const o = e as { message?: unknown; constraint?: unknown; constraint_name?: unknown };
    parts.push(String(o.message ?? ""), String(o.constraint ?? ""), String(o.constraint_name ?? ""));
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(" ");
}

/**
 * What the schema cannot check of a category's extras (issue 57 item 5), inside the writing transaction:
 * the colour's contrast against both themes (the site accent's rule, lib/site-accent.ts), a free slug, and
 * the parent: another category, itself top-level, and never given to a category that has sub-categories,
 * so there is one level and no cycle. `id`: the category being edited (null when creating).
 */
async function checkExtras(
  tx: DbOrTx,
  id: number | null,
  input: { slug?: string | null; color?: string | null; parentId?: number | null },
): Promise<void> {
  if (input.color) {
    const p = accentProblem(input.color);
    if (p)
      throw badRequest(
        msg(p.theme === "light" ? "categoryColorContrastLight" : "categoryColorContrastDark", {
          ratio: p.ratio.toFixed(2),
          needed: p.needed,
          against: p.against,
        }),
        "color",
      );
  }
  if (input.slug) {
    const [taken] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.slug, input.slug), id === null ? undefined : ne(categories.id, id)));
    if (taken) throw conflict(msg("categorySlugTaken"));
  }
  if (input.parentId !== undefined && input.parentId !== null) {
    if (input.parentId === id) throw badRequest(msg("categoryParentSelf"), "parentId");
    // Both rows locked, so two admins cannot nest A under B and B under A at the same time.
    const [parent] = await tx
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, input.parentId))
      .for("update");
    if (!parent) throw badRequest(msg("notACategory"), "parentId");
    if (parent.parentId !== null) throw badRequest(msg("categoryParentNested", { name: parent.name }), "parentId");
    if (id !== null) {
      const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
      if (child) throw badRequest(msg("categoryHasSubcategories"), "parentId");
    }
  }
}

export async function createCategory(viewer: Viewer | null, input: CreateCategoryInput): Promise<CategoryFullDto> {
  assertRole(viewer, "ADMIN");
  const id = await afterCommit(
    db.transaction(async (tx) => {
      await checkExtras(tx, null, input);
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
  return getCategory(viewer, { id });
}

export async function updateCategory(
  viewer: Viewer | null,
  { id, input }: { id: number; input: UpdateCategoryInput },
): Promise<CategoryFullDto> {
  assertRole(viewer, "ADMIN");
  const patch = definedOnly(input);
  if (Object.keys(patch).length) {
    await afterCommit(
      db.transaction(async (tx) => {
        const [old] = await tx
          .select({
            name: categories.name,
            description: categories.description,
            icon: categories.icon,
            smallIcon: categories.smallIcon,
            slug: categories.slug,
            color: categories.color,
            parentId: categories.parentId,
          })
          .from(categories)
          .where(eq(categories.id, id))
          .for("update");
        if (!old) throw notFound(msg("categoryNotFound"));
        await checkExtras(tx, id, patch);
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
  return getCategory(viewer, { id });
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

/** /admin/categories (admins): every category in the order members see them (an admin sees every one). */
export async function listCategoriesForAdmin(viewer: Viewer | null): Promise<CategoryFullDto[]> {
  assertRole(viewer, "ADMIN");
  return listCategories(viewer);
}
