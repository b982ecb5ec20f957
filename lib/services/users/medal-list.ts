import "server-only";
import { sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import type { MedalType } from "@/db/schema";
import { iso } from "@/lib/services/dto";
import { env } from "@/lib/env";
import { MEDAL_ORDER } from "@/lib/services/shared/medals";
import type { MedalDto } from "@/lib/validation/openisle/profiles";

/**
 * GET /api/medals?userId= (OpenIsle's MedalService.getMedals): every medal, in
 * OpenIsle's order, with the member's progress when `userId` names one. The rules are docs/api.md §2's, the
 * same as earnedMedals (shared/medals.ts): COMMENT 100 comments, POST 100 posts, FEATURED a featured post,
 * CONTRIBUTOR granted by an admin, PIONEER among the first 1,000 members, SEED joined before
 * SEED_MEDAL_BEFORE. `selected` is the medal shown beside the member's name: the chosen one, else the
 * first earned (OpenIsle saves that choice on this GET; we only compute it). One query.
 *
 * CONTRIBUTOR has no progress: OpenIsle counts lines contributed to its repository, we keep a flag an
 * admin sets, so `currentContributionLines`/`targetContributionLines` are not answered.
 */

const TYPES: MedalType[] = ["COMMENT", "POST", "FEATURED", "CONTRIBUTOR", "SEED", "PIONEER"];
const COMMENT_TARGET = 100;
const POST_TARGET = 100;
const FEATURED_TARGET = 1;
const PIONEER_LIMIT = 1000;

/** Titles as our pages name them (components/people/medal.tsx), and the sprite icon each is drawn with. */
const TEXT: Record<MedalType, { title: string; description: string; icon: string }> = {
  COMMENT: { title: "Commentator", description: "100 comments", icon: "message-square" },
  POST: { title: "Author", description: "100 posts", icon: "pen-line" },
  FEATURED: { title: "Featured", description: "a post was featured", icon: "star" },
  CONTRIBUTOR: { title: "Contributor", description: "granted by an admin", icon: "heart-handshake" },
  PIONEER: { title: "Pioneer", description: "one of the first 1,000 members", icon: "flag" },
  SEED: { title: "Seed member", description: "joined before the launch", icon: "sprout" },
};

type Row = {
  created_at: Date | string;
  contributor: boolean;
  display_medal: MedalType | null;
  comments: number;
  posts: number;
  featured: number;
  earlier: number;
};

/**
 * The medal list. `iconUrl` turns a sprite icon name into the image URL the client shows (the edge knows
 * the sprite's address); an unknown `userId` is answered as no member, as OpenIsle does.
 */
export async function listMedals(a: { userId?: number; iconUrl: (icon: string) => string }): Promise<MedalDto[]> {
  const [u] = a.userId
    ? await rawRows<Row>(
        db,
        sql`select u.created_at, u.contributor, u.display_medal,
          (select count(*)::int from comments c where c.author_id = u.id and c.deleted_at is null) as comments,
          (select count(*)::int from posts p where p.author_id = u.id) as posts,
          (select count(*)::int from posts p where p.author_id = u.id and p.rss_excluded = false) as featured,
          (select count(*)::int from users e where e.id < u.id) as earlier
        from users u where u.id = ${a.userId}::int`,
      )
    : [];
  const seedBefore = new Date(env().SEED_MEDAL_BEFORE);
  const completed: Record<MedalType, boolean> = {
    COMMENT: !!u && Number(u.comments) >= COMMENT_TARGET,
    POST: !!u && Number(u.posts) >= POST_TARGET,
    FEATURED: !!u && Number(u.featured) >= FEATURED_TARGET,
    CONTRIBUTOR: !!u && u.contributor,
    PIONEER: !!u && Number(u.earlier) < PIONEER_LIMIT,
    SEED: !!u && new Date(u.created_at) < seedBefore,
  };
  const shown = u ? (u.display_medal ?? MEDAL_ORDER.find((m) => completed[m]) ?? null) : null;
  return TYPES.map((type) => {
    const base: MedalDto = {
      icon: a.iconUrl(TEXT[type].icon),
      title: TEXT[type].title,
      description: TEXT[type].description,
      type,
      completed: completed[type],
      selected: type === shown,
    };
    switch (type) {
      case "COMMENT":
        return { ...base, currentCommentCount: Number(u?.comments ?? 0), targetCommentCount: COMMENT_TARGET };
      case "POST":
        return { ...base, currentPostCount: Number(u?.posts ?? 0), targetPostCount: POST_TARGET };
      case "FEATURED":
        return { ...base, currentFeaturedCount: Number(u?.featured ?? 0), targetFeaturedCount: FEATURED_TARGET };
      case "SEED":
        return u ? { ...base, registerDate: iso(u.created_at)! } : base;
      case "PIONEER":
        return u ? { ...base, rank: Number(u.earlier) + 1 } : base;
      default:
        return base;
    }
  });
}
