import "server-only";
import { sql } from "drizzle-orm";
import { db, rawRows, type DbOrTx } from "@/db";
import { rememberHtml, rememberedHtml, renderMarkdownAsync, renderManyAsync } from "@/lib/markdown";

/**
 * Rendered HTML is stored when text is written, not produced on every view.
 *
 * Posts, comments and messages keep their sanitized HTML in a `content_html` column (migration 0053;
 * SQL only, like `search_tsv`, so that no whole-row select or DTO carries it). A write renders its
 * text in a markdown worker, awaited (the server's thread answers others meanwhile), and stores the
 * HTML in the same transaction as the text (`storeHtml`). A trigger clears the column whenever the
 * text changes without it, so a stored HTML always belongs to the text beside it: a path that
 * forgets to store it costs a render on the next view, never a wrong page.
 *
 * A view asks `htmlOf` for the HTML of the rows it shows: this process's memo first (no query), then
 * the stored column (one query for the whole page), and only for rows with nothing stored (written
 * before 0054, or through a path that does not store: bulk demo content) a render, which is then stored
 * so that it happens once. `npm run markdown:rerender` renders every stored text again when the
 * renderer changes (scripts/markdown-rerender.ts).
 */
export type HtmlTable = "posts" | "comments" | "messages";

/** The rendered HTML of `content` (a write stores it with `storeHtml`). */
export async function renderForStore(content: string): Promise<string> {
  return (await renderMarkdownAsync(content)).html;
}

/** Stores the HTML of a row just written with this content (inside the write's transaction). */
export async function storeHtml(tx: DbOrTx, table: HtmlTable, id: number, html: string): Promise<void> {
  await tx.execute(sql`update ${sql.raw(table)} set content_html = ${html} where id = ${id}`);
}

/**
 * The HTML of each row, keyed by id: memo, then the store (one query), then a render (stored after,
 * guarded by the text so that a concurrent edit is never given the old text's HTML).
 */
export async function htmlOf(table: HtmlTable, rows: readonly { id: number; content: string }[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  let misses: { id: number; content: string }[] = [];
  for (const r of rows) {
    const hit = rememberedHtml(r.content);
    if (hit !== undefined) out.set(r.id, hit);
    else misses.push(r);
  }
  if (!misses.length) return out;
  const ids = [...new Set(misses.map((r) => r.id))];
  const stored = await rawRows<{ id: number; html: string }>(
    db,
    sql`select id, content_html as html from ${sql.raw(table)} where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and content_html is not null`,
  );
  const byId = new Map(stored.map((r) => [Number(r.id), r.html]));
  const toRender: { id: number; content: string }[] = [];
  for (const r of misses) {
    const html = byId.get(r.id);
    if (html === undefined) toRender.push(r);
    else {
      out.set(r.id, html);
      rememberHtml(r.content, html);
    }
  }
  misses = toRender;
  if (!misses.length) return out;
  const htmls = await renderManyAsync(misses.map((r) => r.content));
  misses.forEach((r, i) => out.set(r.id, htmls[i]!));
  void backfill(table, misses, htmls);
  return out;
}

/** One statement for the rows a view rendered: stored where the text is still the one rendered. */
async function backfill(table: HtmlTable, rows: { id: number; content: string }[], htmls: string[]): Promise<void> {
  const values = sql.join(
    rows.map((r, i) => sql`(${r.id}::int, ${htmls[i]!}::text, md5(${r.content}::text))`),
    sql`, `,
  );
  const t = sql.raw(table);
  try {
    await db.execute(sql`update ${t} set content_html = v.html from (values ${values}) as v(id, html, sum)
      where ${t}.id = v.id and ${t}.content_html is null and md5(${t}.content) = v.sum`);
  } catch (e) {
    // A view does not fail for want of storing what it rendered (a read-only replica, a database
    // shutting down): the next view renders again.
    console.warn("[stored-html] could not store rendered HTML:", (e as Error).message);
  }
}

/** The HTML of one row (a post page's post). */
export async function htmlOfOne(table: HtmlTable, row: { id: number; content: string }): Promise<string> {
  return (await htmlOf(table, [row])).get(row.id)!;
}

/**
 * Renders every stored text again (the renderer changed: a new markdown rule, a sanitizer setting),
 * a batch of rows at a time in id order, storing each batch in one statement. Rows edited meanwhile
 * keep the HTML their edit stored (the text is compared). Reports progress per batch.
 */
export async function rerenderAll(opts: {
  batch?: number;
  onProgress?: (p: { table: HtmlTable; done: number; total: number }) => void;
}): Promise<Record<HtmlTable, number>> {
  const batch = Math.max(1, opts.batch ?? 200);
  const out = { posts: 0, comments: 0, messages: 0 };
  for (const table of ["posts", "comments", "messages"] as const) {
    const t = sql.raw(table);
    const [{ n }] = (await rawRows<{ n: number }>(db, sql`select count(*)::int as n from ${t}`)) as [{ n: number }];
    let last = 0;
    opts.onProgress?.({ table, done: 0, total: Number(n) });
    for (;;) {
      const rows = await rawRows<{ id: number; content: string }>(
        db,
        sql`select id, content from ${t} where id > ${last} order by id limit ${batch}`,
      );
      if (!rows.length) break;
      last = Number(rows.at(-1)!.id);
      const htmls = await renderManyAsync(rows.map((r) => r.content));
      const values = sql.join(
        rows.map((r, i) => sql`(${Number(r.id)}::int, ${htmls[i]!}::text, md5(${r.content}::text))`),
        sql`, `,
      );
      await db.execute(sql`update ${t} set content_html = v.html from (values ${values}) as v(id, html, sum)
        where ${t}.id = v.id and md5(${t}.content) = v.sum`);
      out[table] += rows.length;
      opts.onProgress?.({ table, done: out[table], total: Number(n) });
    }
  }
  return out;
}
