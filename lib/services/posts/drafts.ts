import "server-only";
import { eq, sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { drafts } from "@/db/schema";
import { badRequest, msg } from "@/lib/errors";
import type { DraftDto, DraftInput } from "@/lib/validation/openisle/site";
import { requireViewer, type Viewer } from "@/lib/viewer";

/**
 * A member's server-side draft of a new post, one per member (OpenIsle's
 * DraftController and DraftService): saved whole by POST /api/drafts, read by GET /api/drafts/me (204
 * when there is none), deleted by DELETE /api/drafts/me and by publishing a post (trigger
 * posts_clear_draft, db/schema/drafts.ts). Drafts are private: no cache or live event carries them, so
 * nothing is announced.
 */

type Row = { id: number; title: string | null; content: string | null; category_id: number | null; tag_ids: number[] };

/** The draft with the tags that still exist, in the order saved; a deleted category reads as null (the key does that). */
const READ = (userId: number) => sql`
  select d.id, d.title, d.content, d.category_id,
    coalesce((select array_agg(t.id order by x.ord) from unnest(d.tag_ids) with ordinality x(id, ord) join tags t on t.id = x.id), '{}') as tag_ids
  from drafts d where d.user_id = ${userId}`;

const toDto = (r: Row): DraftDto => ({
  id: Number(r.id),
  title: r.title,
  content: r.content,
  categoryId: r.category_id === null ? null : Number(r.category_id),
  tagIds: (r.tag_ids ?? []).map(Number),
});

/** GET /api/drafts/me: the caller's draft, or null (the route answers 204, as OpenIsle). One query. */
export async function getMyDraft(viewer: Viewer | null): Promise<DraftDto | null> {
  const v = requireViewer(viewer);
  const [row] = await rawRows<Row>(db, READ(v.id));
  return row ? toDto(row) : null;
}

/**
 * POST /api/drafts: replaces the caller's draft with these fields (absent ones are saved empty, as
 * OpenIsle's saveDraft sets every field). An unknown category is a 400 as in OpenIsle; unknown tags are
 * dropped, as its findAllById does. One statement, then the read.
 */
export async function saveMyDraft(viewer: Viewer | null, input: DraftInput): Promise<DraftDto> {
  const v = requireViewer(viewer);
  const categoryId = input.categoryId ?? null;
  const tagIds = [...new Set(input.tagIds ?? [])];
  const [saved] = await rawRows<{ id: number }>(
    db,
    sql`
    with category as (select id from categories where id = ${categoryId}::int)
    insert into drafts (user_id, title, content, category_id, tag_ids, updated_at)
    select ${v.id}, ${input.title ?? null}, ${input.content ?? null}, (select id from category),
      coalesce((select array_agg(t.id order by x.ord) from unnest(${`{${tagIds.join(",")}}`}::int[]) with ordinality x(id, ord)
                join tags t on t.id = x.id), '{}'), now()
    where ${categoryId}::int is null or exists (select 1 from category)
    on conflict (user_id) do update set title = excluded.title, content = excluded.content,
      category_id = excluded.category_id, tag_ids = excluded.tag_ids, updated_at = excluded.updated_at
    returning id`,
  );
  if (!saved) throw badRequest(msg("categoryNotFound"), "categoryId");
  return (await getMyDraft(v))!;
}

/** DELETE /api/drafts/me: deletes the caller's draft, if any. */
export async function deleteMyDraft(viewer: Viewer | null): Promise<void> {
  const v = requireViewer(viewer);
  await db.delete(drafts).where(eq(drafts.userId, v.id));
}
