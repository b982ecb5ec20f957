import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { posts } from "@/db/schema";
import { assertCategoryVisible } from "@/lib/permissions/category-access";
import { assertCanSeePost } from "@/lib/permissions";
import { readCachesEnabled, versionedCache, versionSql } from "@/lib/cache/content-version";
import { loadChangeLogs } from "@/lib/services/shared/change-logs";
import type { ChangeLogDto } from "@/lib/validation/responses";
import type { Viewer } from "@/lib/viewer";

/** 404 unless the post exists and the viewer may see it; returns the content version read with it. */
async function assertVisible(postId: number, viewer: Viewer | null): Promise<string> {
  const [post] = await db
    .select({
      authorId: posts.authorId,
      status: posts.status,
      visibleScope: posts.visibleScope,
      categoryId: posts.categoryId,
      version: sql<string>`${versionSql}`,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  assertCanSeePost(viewer, post);
  await assertCategoryVisible(viewer, post.categoryId);
  return post.version;
}

/** A post's change logs, oldest first; 404 for an unknown or hidden post. */
export async function listChangeLogs(viewer: Viewer | null, { postId }: { postId: number }): Promise<ChangeLogDto[]> {
  await assertVisible(postId, viewer);
  return loadChangeLogs(postId);
}

/** A post's history as JSON text, rendered once per content version (a long history is costly to build). */
const historyCache = versionedCache<string>("change-logs", 32);

/** GET /api/posts/{id}/change-logs: the cached history when it was rendered under the current version. */
export async function changeLogsJson(viewer: Viewer | null, { postId }: { postId: number }): Promise<string> {
  const version = await assertVisible(postId, viewer);
  const cached = readCachesEnabled() ? historyCache.get(postId, version) : undefined;
  if (cached !== undefined) return cached;
  const body = JSON.stringify(await loadChangeLogs(postId));
  if (readCachesEnabled()) historyCache.set(postId, version, body);
  return body;
}
