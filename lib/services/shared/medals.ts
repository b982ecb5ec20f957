import "server-only";
import { sql } from "drizzle-orm";
import { rawRows, type DbOrTx } from "@/db";
import { comments, posts, users, type MedalType } from "@/db/schema";
import { env } from "@/lib/env";

export const LEVELS = [100, 200, 300, 600, 1200, 10000] as const;

export function levelOf(experience: number): { currentLevel: number; nextLevelExp: number | null } {
  let level = 0;
  while (level < LEVELS.length && experience >= LEVELS[level]!) level++;
  return { currentLevel: level, nextLevelExp: LEVELS[level] ?? null };
}

export const MEDAL_ORDER: MedalType[] = ["COMMENT", "POST", "FEATURED", "CONTRIBUTOR", "PIONEER", "SEED"];

/**
 * Every medal a user has earned (docs/api.md §2 criteria), in display order. One query; each count stops at
 * its threshold, so a member with thousands of comments costs what one with a hundred does.
 */
export async function earnedMedals(tx: DbOrTx, userId: number): Promise<MedalType[]> {
  const [u] = await rawRows<{
    created_at: Date | string;
    contributor: boolean;
    comments: number;
    posts: number;
    featured: boolean;
    earlier: number;
  }>(
    tx,
    sql`select u.created_at, u.contributor,
      (select count(*)::int from (select 1 from ${comments} c where c.author_id = u.id and c.deleted_at is null limit 100) x) as comments,
      (select count(*)::int from (select 1 from ${posts} p where p.author_id = u.id limit 100) x) as posts,
      exists (select 1 from ${posts} p where p.author_id = u.id and p.rss_excluded = false) as featured,
      (select count(*)::int from (select 1 from ${users} e where e.id < u.id limit 1000) x) as earlier
    from ${users} u where u.id = ${userId}::int`,
  );
  if (!u) return [];
  const seedBefore = new Date(env().SEED_MEDAL_BEFORE);
  const earned = new Set<MedalType>();
  if (Number(u.comments) >= 100) earned.add("COMMENT");
  if (Number(u.posts) >= 100) earned.add("POST");
  if (u.featured) earned.add("FEATURED");
  if (u.contributor) earned.add("CONTRIBUTOR");
  if (Number(u.earlier) < 1000) earned.add("PIONEER");
  if (new Date(u.created_at) < seedBefore) earned.add("SEED");
  return MEDAL_ORDER.filter((m) => earned.has(m));
}
