import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { comments, posts, users } from "@/db/schema";
import { GET as me } from "@/app/api/users/me/route";
import { earnedMedals } from "@/lib/services/shared/medals";
import { call, makeCategory, makeUser } from "../helpers";

/** docs/api.md §2: the medals a member has earned, as GET /api/users/me lists them. */
describe("earned medals", () => {
  it("COMMENT at 100 comments that are not deleted, POST at 100 posts, FEATURED with a featured post", async () => {
    const u = await makeUser();
    const author = await makeUser();
    const category = await makeCategory();
    const medals = async () => (await call(me, "/api/users/me", { token: u.token })).body.medals as string[];
    expect(await medals()).not.toContain("COMMENT");

    const [post] = await db
      .insert(posts)
      .values({ title: "t", content: "c", authorId: author.id, categoryId: category.id })
      .returning({ id: posts.id });
    const rows = Array.from({ length: 100 }, (_, i) => ({ postId: post!.id, authorId: u.id, content: `c${i}` }));
    const made = await db.insert(comments).values(rows).returning({ id: comments.id });
    await db.update(comments).set({ deletedAt: new Date() }).where(eq(comments.id, made[0]!.id));
    expect(await medals()).not.toContain("COMMENT"); // 99 that count
    await db.insert(comments).values({ postId: post!.id, authorId: u.id, content: "the hundredth" });
    expect(await medals()).toContain("COMMENT");

    // Posts: all of them count; one that is in the RSS feed (not excluded) is a featured post.
    const many = Array.from({ length: 99 }, (_, i) => ({
      title: `p${i}`,
      content: "c",
      authorId: u.id,
      categoryId: category.id,
      rssExcluded: true,
    }));
    await db.insert(posts).values(many);
    expect(await earnedMedals(db, u.id)).not.toContain("POST");
    expect(await earnedMedals(db, u.id)).not.toContain("FEATURED");
    await db.insert(posts).values({ title: "the hundredth", content: "c", authorId: u.id, categoryId: category.id, rssExcluded: false });
    const all = await earnedMedals(db, u.id);
    expect(all).toContain("POST");
    expect(all).toContain("FEATURED");
    // In display order: COMMENT, POST, FEATURED, …
    expect(all.slice(0, 3)).toEqual(["COMMENT", "POST", "FEATURED"]);
  });

  it("CONTRIBUTOR when flagged; SEED for accounts created before the cut-off; none for a missing user", async () => {
    const u = await makeUser();
    expect(await earnedMedals(db, u.id)).not.toContain("CONTRIBUTOR");
    expect(await earnedMedals(db, u.id)).not.toContain("SEED");
    await db
      .update(users)
      .set({ contributor: true, createdAt: new Date("2025-06-01T00:00:00Z") })
      .where(eq(users.id, u.id));
    const m = await earnedMedals(db, u.id);
    expect(m).toContain("CONTRIBUTOR");
    expect(m).toContain("SEED");
    expect(await earnedMedals(db, 2_000_000_000)).toEqual([]);
  });
});
