import { count, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { categories, posts } from "@/db/schema";
import { conflict, notFound, pgCode } from "@/lib/api/errors";
import { assertRole } from "@/lib/permissions";
import type { CategoryDto } from "@/lib/validation/responses";
import type { CreateCategoryInput, UpdateCategoryInput } from "@/lib/validation/taxonomy";
import type { Viewer } from "@/lib/viewer";
import { afterCommit, announce, changed } from "@/lib/services/changes";

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

/** Every category, `count` desc then name (byte order, so both databases agree), then id. */
export async function listCategories(): Promise<CategoryDto[]> {
  const rows = await db
    .select(columns)
    .from(categories)
    .orderBy(sql`${categoryPostCount} desc`, sql`${categories.name} collate "C"`, categories.id);
  return rows.map(toDto);
}

export async function getCategory(id: number): Promise<CategoryDto> {
  const [row] = await db.select(columns).from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) throw notFound("Category not found");
  return toDto(row);
}

/** Names are unique case-insensitively (index categories_name_lower_idx); a clash is 409. */
function mapDuplicate(err: unknown): never {
  if (pgCode(err) === "23505") throw conflict("A category with this name already exists");
  throw err;
}

export async function createCategory({ viewer, input }: { viewer: Viewer | null; input: CreateCategoryInput }): Promise<CategoryDto> {
  assertRole(viewer, "ADMIN");
  const [row] = await db.insert(categories).values(input).returning({ id: categories.id }).catch(mapDuplicate);
  await announce(changed("category", row!.id));
  return getCategory(row!.id);
}

export async function updateCategory({ viewer, id, input }: { viewer: Viewer | null; id: number; input: UpdateCategoryInput }): Promise<CategoryDto> {
  assertRole(viewer, "ADMIN");
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(patch).length) {
    const updated = await db.update(categories).set(patch).where(eq(categories.id, id)).returning({ id: categories.id }).catch(mapDuplicate);
    if (!updated.length) throw notFound("Category not found");
    await announce(changed("category", id));
  }
  return getCategory(id);
}

/** Deleting a category that posts still use is refused (409); posts must be moved first. */
export async function deleteCategory({ viewer, id }: { viewer: Viewer | null; id: number }): Promise<void> {
  assertRole(viewer, "ADMIN");
  await afterCommit(db.transaction(async (tx) => {
    const [used] = await tx.select({ n: count() }).from(posts).where(eq(posts.categoryId, id));
    if (Number(used?.n ?? 0) > 0) throw conflict("The category still has posts");
    const deleted = await tx
      .delete(categories)
      .where(eq(categories.id, id))
      .returning({ id: categories.id })
      .catch((err: unknown) => {
        if (pgCode(err) === "23503") throw conflict("The category still has posts");
        throw err;
      });
    if (!deleted.length) throw notFound("Category not found");
  }), [changed("category", id)]);
}
