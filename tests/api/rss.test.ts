import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { posts } from "@/db/schema";
import { GET as rss } from "@/app/api/rss/route";
import { call, makeCategory, makeUser } from "../helpers";

describe("GET /api/rss", () => {
  it("an empty feed is still valid", async () => {
    const r = await call(rss as never, "/api/rss");
    const feed = await new Parser().parseString(r.text);
    expect(feed.items).toEqual([]);
  });
  it("is RSS 2.0 of the newest featured PUBLISHED ALL posts, with sanitized HTML", async () => {
    const u = await makeUser({ username: "writer" });
    const cat = await makeCategory("Feed");
    const base = Date.parse("2026-01-01T00:00:00.000Z");
    const rows = [];
    for (let i = 0; i < 23; i++) {
      rows.push({
        title: `Featured ${i} <&>`,
        content: `Hello **world** ${i}\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) ![img](/uploads/a.png)`,
        authorId: u.id,
        categoryId: cat.id,
        rssExcluded: false,
        createdAt: new Date(base + i * 60_000),
      });
    }
    await db.insert(posts).values(rows);
    const hidden = await db
      .insert(posts)
      .values([
        {
          title: "not featured",
          content: "x",
          authorId: u.id,
          categoryId: cat.id,
          rssExcluded: true,
          createdAt: new Date(base + 99 * 60_000),
        },
        {
          title: "pending",
          content: "x",
          authorId: u.id,
          categoryId: cat.id,
          rssExcluded: false,
          status: "PENDING" as const,
          createdAt: new Date(base + 99 * 60_000),
        },
        {
          title: "only me",
          content: "x",
          authorId: u.id,
          categoryId: cat.id,
          rssExcluded: false,
          visibleScope: "ONLY_ME" as const,
          createdAt: new Date(base + 99 * 60_000),
        },
        {
          title: "registered",
          content: "x",
          authorId: u.id,
          categoryId: cat.id,
          rssExcluded: false,
          visibleScope: "ONLY_REGISTER" as const,
          createdAt: new Date(base + 99 * 60_000),
        },
      ])
      .returning();

    const r = await call(rss as never, "/api/rss");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
    const feed = await new Parser().parseString(r.text);
    expect(feed.title).toBeTruthy();
    expect(feed.link).toBe("http://localhost:3000/");
    expect(feed.description).toBeTruthy();
    expect(feed.items).toHaveLength(20);
    expect(feed.items[0]!.title).toBe("Featured 22 <&>");
    expect(feed.items[19]!.title).toBe("Featured 3 <&>");
    for (const h of hidden) expect(r.text).not.toContain(`/posts/${h.id}<`);
    const item = feed.items[0]!;
    expect(item.link).toMatch(/^http:\/\/localhost:3000\/posts\/\d+$/);
    expect(item.guid).toBe(item.link);
    expect(item.pubDate).toBe(new Date(base + 22 * 60_000).toUTCString());
    expect(new Date(item.pubDate!).getTime()).toBe(base + 22 * 60_000);
    expect(item.content).toContain("<strong>world</strong>");
    expect(item.content).not.toContain("<script");
    expect(item.content).not.toMatch(/href="javascript:/);
    expect(item.content).toContain('src="http://localhost:3000/uploads/a.png"');
  });
});
