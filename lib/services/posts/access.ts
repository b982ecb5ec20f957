// A post's row as the permission checks read it (optionally locked for a write).
import "server-only";
import { eq } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { posts } from "@/db/schema";

export async function accessRow(runner: DbOrTx, id: number, lock = false) {
  const q = runner.select().from(posts).where(eq(posts.id, id));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/** Only what canSeePost reads of a post (a read path that needs no more than the permission). */
export async function accessColumns(id: number) {
  const [row] = await db
    .select({ authorId: posts.authorId, status: posts.status, visibleScope: posts.visibleScope, categoryId: posts.categoryId })
    .from(posts)
    .where(eq(posts.id, id));
  return row;
}
