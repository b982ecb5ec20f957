import "server-only";
import { and, eq, ilike, inArray, sql } from "drizzle-orm";
import { db, rawRows, type DbOrTx } from "@/db";
import { posts, postTags, tags, users } from "@/db/schema";
import { iso } from "@/lib/services/dto";
import { AppError, badRequest, conflict, notFound, pgCode, msg } from "@/lib/errors";
import { assertRole, canCreateTags } from "@/lib/permissions";
import { hiddenCategoryIds } from "@/lib/permissions/category-access";
import { getCategory } from "@/lib/services/taxonomy/categories";
import { getTagRules, type TagRules } from "@/lib/services/shared/site-settings";
import { levelOf } from "@/lib/services/shared/medals";
import { audit } from "@/lib/services/shared/audit";
import { definedOnly, valuesBefore } from "@/lib/patch";
import type { TagDto } from "@/lib/validation/responses";
import type { CreateTagInput, EditorTagRules, TagListQuery, UpdateTagInput } from "@/lib/validation/taxonomy";
import { requireViewer, type Viewer } from "@/lib/viewer";
import { afterCommit } from "@/lib/changes/announce";
import { tagsChanged } from "@/lib/changes/written";

/** Tag.count (docs/api.md §6): PUBLISHED posts visible to everyone that carry the tag. */
// Explicit table names: drizzle leaves tagColumns unqualified in a single-table select.
// The count comes from the trigger-maintained deltas (migration 0002), never from counting posts.
const postCount = sql<number>`(select coalesce(sum(tc.n), 0)::int from tag_post_counts tc
  where tc.tag_id = "tags"."id")`;

export const tagColumns = {
  id: tags.id,
  name: tags.name,
  description: tags.description,
  icon: tags.icon,
  smallIcon: tags.smallIcon,
  createdAt: tags.createdAt,
  count: postCount,
};

type Row = { id: number; name: string; description: string; icon: string; smallIcon: string; createdAt: Date; count: number | string };
/** A Tag object from a row holding `tagColumns` (extra columns of the row are left out). */
export const tagDto = (r: Row): TagDto => ({
  id: r.id,
  name: r.name,
  description: r.description,
  icon: r.icon,
  smallIcon: r.smallIcon,
  createdAt: iso(r.createdAt)!,
  count: Number(r.count),
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of tags, optionally filtered by a name substring; `count` desc, then name, then id. */
/** The tag names of each post, by name, in one query (feeds, a member's data export). */
export async function tagNamesByPost(postIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!postIds.length) return out;
  const rows = await db
    .select({ postId: postTags.postId, name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, postIds))
    .orderBy(tags.name);
  for (const t of rows) out.set(t.postId, [...(out.get(t.postId) ?? []), t.name]);
  return out;
}

export async function listTags(viewer: Viewer | null, q: TagListQuery): Promise<TagDto[]> {
  const keyword = q.keyword?.trim();
  // Counts without the posts of categories the reader may not see (issue 57): only when there are any,
  // since the correction counts the tag's posts.
  const hidden = await hiddenCategoryIds(viewer);
  const count = hidden.length
    ? sql<number>`(${postCount} - (select count(*)::int from post_tags hpt join posts hp on hp.id = hpt.post_id
        where hpt.tag_id = "tags"."id" and hp.status = 'PUBLISHED' and hp.visible_scope = 'ALL'
          and hp.category_id in (${sql.join(
            hidden.map((id) => sql`${id}::int`),
            sql`, `,
          )})))`
    : postCount;
  const rows = await db
    .select({ ...tagColumns, count })
    .from(tags)
    .where(keyword ? ilike(tags.name, `%${escapeLike(keyword)}%`) : undefined)
    .orderBy(sql`${count} desc`, sql`${tags.name} collate "C"`, tags.id)
    .limit(q.pageSize)
    .offset(q.page * q.pageSize);
  return rows.map(tagDto);
}

/**
 * GET /api/categories/{id}/tags and the category page: the tags the category's own posts carry (not every
 * tag of the site), most used first, each with `count` = its PUBLISHED, ALL-visible posts in this category
 * (Tag.count's rule, so the answer is the same for every reader who may see the category). One query:
 * the category's posts through the index that leads with category_id, their tags through post_tags' key.
 * 404 when the reader may not see the category (as its page).
 */
export async function listCategoryTags(
  viewer: Viewer | null,
  { categoryId, limit }: { categoryId: number; limit: number },
): Promise<TagDto[]> {
  await getCategory(viewer, { id: categoryId });
  return categoryTagsOf(categoryId, limit);
}

/** The query of `listCategoryTags`, for a page that has read the category as its reader already. */
export async function categoryTagsOf(categoryId: number, limit: number): Promise<TagDto[]> {
  const n = sql<number>`count(*)::int`;
  const rows = await db
    .select({ ...tagColumns, count: n })
    .from(posts)
    .innerJoin(postTags, eq(postTags.postId, posts.id))
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(and(eq(posts.categoryId, categoryId), eq(posts.status, "PUBLISHED"), eq(posts.visibleScope, "ALL")))
    .groupBy(tags.id)
    .orderBy(sql`count(*) desc`, sql`${tags.name} collate "C"`, tags.id)
    .limit(limit);
  return rows.map(tagDto);
}

export async function getTag(id: number): Promise<TagDto> {
  const [row] = await db.select(tagColumns).from(tags).where(eq(tags.id, id)).limit(1);
  if (!row) throw notFound(msg("tagNotFound"));
  return tagDto(row);
}

function mapDuplicate(err: unknown): never {
  if (pgCode(err) === "23505") throw conflict(msg("tagNameTaken"));
  throw err;
}

/** Who may create tags, in words (the editor's hint and the 403's message). */
export function tagCreatorsInWords(rules: Pick<TagRules, "tagCreators" | "tagCreateMinLevel">): string {
  if (rules.tagCreators === "EVERYONE") return "every member";
  if (rules.tagCreators === "STAFF") return "moderators and admins only";
  return rules.tagCreateMinLevel === 0 ? "every member" : `members from level ${rules.tagCreateMinLevel}, and moderators`;
}

/**
 * The tag rules as the editor shows them before Publish: how many tags a post needs, whether this
 * member may create new ones, and who may (in words).
 */
export async function editorTagRules(viewer: Viewer | null, runner: DbOrTx = db): Promise<EditorTagRules> {
  const rules = await getTagRules(runner);
  return { minTags: rules.minPostTags, canCreate: await mayCreateTags(viewer, runner, rules), creators: tagCreatorsInWords(rules) };
}

/** Whether this member may create tags, by the admin's rule (site settings: who may create tags). */
export async function mayCreateTags(viewer: Viewer | null, runner: DbOrTx = db, known?: TagRules): Promise<boolean> {
  if (!viewer) return false;
  const rules = known ?? (await getTagRules(runner));
  if (canCreateTags(viewer, 0, rules)) return true;
  if (rules.tagCreators !== "LEVEL") return false;
  const [u] = await runner.select({ experience: users.experience }).from(users).where(eq(users.id, viewer.id));
  return canCreateTags(viewer, levelOf(u?.experience ?? 0).currentLevel, rules);
}

async function assertMayCreateTags(viewer: Viewer, runner: DbOrTx, field?: string): Promise<void> {
  const rules = await getTagRules(runner);
  if (await mayCreateTags(viewer, runner, rules)) return;
  throw new AppError(
    "forbidden",
    msg("tagCreators", {
      creators: rules.tagCreators === "LEVEL" && rules.tagCreateMinLevel === 0 ? "EVERYONE" : rules.tagCreators,
      level: rules.tagCreateMinLevel,
    }),
    { field },
  );
}

/** POST /api/tags: staff, and members allowed to create tags (mayCreateTags). */
export async function createTag(viewer: Viewer | null, input: CreateTagInput): Promise<TagDto> {
  const me = requireViewer(viewer);
  await assertMayCreateTags(me, db);
  const id = await afterCommit(
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tags)
        .values({ ...input, creatorId: me.id })
        .returning({ id: tags.id })
        .catch(mapDuplicate);
      if (me.role !== "USER")
        await audit(tx, { actorId: me.id, action: "tag.create", targetType: "tag", targetId: row!.id, before: null, after: input });
      return row!.id;
    }),
    tagsChanged(),
  );
  return getTag(id);
}

/**
 * The ids of the tags a post names by `newTags`, inside the post's transaction: an existing tag of the
 * same name (any case) is reused; a missing one is created only if the author may create tags (else
 * 403 on `newTags`, and nothing is written). So a tag exists only once a post carrying it is saved.
 */
export async function resolveNewTags(tx: DbOrTx, viewer: Viewer, names: string[]): Promise<number[]> {
  const distinct = [...new Map(names.map((n) => [n.trim().toLowerCase(), n.trim()])).values()].filter(Boolean);
  if (!distinct.length) return [];
  const byName = new Map<string, number>();
  const lookUp = async (wanted: string[]) => {
    const rows = await tx
      .select({ id: tags.id, lower: sql<string>`lower(${tags.name})` })
      .from(tags)
      .where(
        inArray(
          sql`lower(${tags.name})`,
          wanted.map((n) => n.toLowerCase()),
        ),
      );
    for (const r of rows) byName.set(r.lower, r.id);
  };
  await lookUp(distinct);
  const missing = distinct.filter((n) => !byName.has(n.toLowerCase()));
  if (missing.length) {
    await assertMayCreateTags(viewer, tx, "newTags");
    const made = await tx
      .insert(tags)
      .values(missing.map((name) => ({ name, creatorId: viewer.id })))
      .onConflictDoNothing()
      .returning({ id: tags.id, name: tags.name });
    for (const m of made) byName.set(m.name.toLowerCase(), m.id);
    // A concurrent post created one of them first: read it back.
    const late = missing.filter((n) => !byName.has(n.toLowerCase()));
    if (late.length) await lookUp(late);
  }
  return distinct.map((n) => byName.get(n.toLowerCase())!);
}

export async function updateTag(viewer: Viewer | null, { id, input }: { id: number; input: UpdateTagInput }): Promise<TagDto> {
  assertRole(viewer, "MODERATOR");
  const patch = definedOnly(input);
  if (Object.keys(patch).length) {
    await afterCommit(
      db.transaction(async (tx) => {
        const [old] = await tx
          .select({ name: tags.name, description: tags.description, icon: tags.icon, smallIcon: tags.smallIcon })
          .from(tags)
          .where(eq(tags.id, id))
          .for("update");
        if (!old) throw notFound(msg("tagNotFound"));
        await tx.update(tags).set(patch).where(eq(tags.id, id)).catch(mapDuplicate);
        await audit(tx, {
          actorId: viewer!.id,
          action: "tag.update",
          targetType: "tag",
          targetId: id,
          before: valuesBefore(old, patch),
          after: patch,
        });
      }),
      tagsChanged(id),
    );
  }
  return getTag(id);
}

/** Removes the tag from every post (post_tags cascade); change-log snapshots keep its old name. */
export async function deleteTag(viewer: Viewer | null, { id }: { id: number }): Promise<void> {
  assertRole(viewer, "MODERATOR");
  await afterCommit(
    db.transaction(async (tx) => {
      const deleted = await tx.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id, name: tags.name });
      if (!deleted.length) throw notFound(msg("tagNotFound"));
      await audit(tx, {
        actorId: viewer!.id,
        action: "tag.delete",
        targetType: "tag",
        targetId: id,
        before: { name: deleted[0]!.name },
        after: null,
      });
    }),
    tagsChanged(id),
  );
}

/**
 * POST /api/tags/{id}/merge (moderator): every post with this tag gets `intoId` instead (once, however
 * many of the two it had), then this tag is removed. Change-log snapshots keep the old name.
 */
export async function mergeTag(viewer: Viewer | null, { id, intoId }: { id: number; intoId: number }): Promise<TagDto> {
  assertRole(viewer, "MODERATOR");
  if (id === intoId) throw badRequest(msg("mustBeAnotherTag"), "intoId");
  await afterCommit(
    db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(inArray(tags.id, [id, intoId]))
        .for("update");
      const from = rows.find((r) => r.id === id);
      const into = rows.find((r) => r.id === intoId);
      if (!from) throw notFound(msg("tagNotFound"));
      if (!into) throw badRequest(msg("notATag"), "intoId");
      const moved = await rawRows<{ post_id: number }>(
        tx,
        sql`insert into post_tags (post_id, tag_id)
      select post_id, ${intoId} from post_tags where tag_id = ${id} on conflict do nothing returning post_id`,
      );
      await tx.delete(tags).where(eq(tags.id, id));
      await audit(tx, {
        actorId: viewer!.id,
        action: "tag.merge",
        targetType: "tag",
        targetId: intoId,
        before: { merged: { id, name: from.name }, into: { id: intoId, name: into.name } },
        after: { postsGained: moved.length },
      });
    }),
    tagsChanged(id, intoId),
  );
  return getTag(intoId);
}

/** The tags with these ids (a list page's selected filters), by id. */
export function getTags(ids: number[]): Promise<Map<number, TagDto>> {
  return loadTags(db, ids);
}

/** Tag DTOs for the given ids (with counts), one query; for other services that embed tags. */
export async function loadTags(runner: DbOrTx, ids: number[]): Promise<Map<number, TagDto>> {
  if (!ids.length) return new Map();
  const rows = await runner
    .select(tagColumns)
    .from(tags)
    .where(inArray(tags.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, tagDto(r)]));
}

/** /admin/tags (admins): tags by post count then name, filtered by name, 100 a page. */
export async function listTagsForAdmin(viewer: Viewer | null, q: { keyword?: string; page: number }): Promise<TagDto[]> {
  assertRole(viewer, "ADMIN");
  return listTags(viewer, { keyword: q.keyword || undefined, page: q.page, pageSize: 100 });
}
