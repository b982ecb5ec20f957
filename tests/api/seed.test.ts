import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, rawRows } from "@/db";
import { seedDemo } from "@/lib/demo/demo";
import { CHANGE_LOG_TYPES, users } from "@/db/schema";
import { env } from "@/lib/env";
import { pickWinners, seedHashOf } from "@/lib/services/posts/lottery-fair";
import { verifyPassword } from "@/lib/services/shared/passwords";
import { earnedMedals } from "@/lib/services/shared/medals";

const n = (v: unknown) => Number(v);
const q = <T>(query: ReturnType<typeof sql>) => rawRows<T>(db, query);

let seedMs = 0;
beforeAll(async () => {
  const t0 = Date.now();
  await seedDemo(db);
  seedMs = Date.now() - t0;
  console.log(`[seed.test] seedDemo took ${seedMs} ms`);
}, 60_000);

describe("demo content", () => {
  it("has the categories, tags and people a newcomer expects", async () => {
    const [c] = await q<{ n: number }>(sql`select count(*) as n from categories where icon <> '' and small_icon <> ''`);
    const [t] = await q<{ n: number }>(sql`select count(*) as n from tags`);
    expect(n(c!.n)).toBeGreaterThanOrEqual(6);
    expect(n(t!.n)).toBeGreaterThanOrEqual(15);
    const us = await db.select().from(users);
    expect(us.length).toBeGreaterThanOrEqual(10);
    const by = new Map(us.map((u) => [u.username, u]));
    expect(by.get("admin")?.role).toBe("ADMIN");
    expect(by.get("moderator")?.role).toBe("MODERATOR");
    expect(by.get("helper-bot")?.bot).toBe(true);
    expect(by.get("system")?.bot).toBe(true);
    for (const name of ["alice", "bob", "carol", "dave", "erin", "frank"]) expect(by.get(name)?.role, name).toBe("USER");
    expect(us.some((u) => u.contributor)).toBe(true);
    const created = new Set(us.map((u) => u.createdAt.toISOString().slice(0, 7)));
    expect(created.size).toBeGreaterThanOrEqual(3); // spread over months
    // Small category icons are files that exist under public/.
    const icons = await q<{ small_icon: string }>(sql`select small_icon from categories where small_icon like '/%'`);
    for (const i of icons) expect(existsSync(path.join(process.cwd(), "public", i.small_icon)), i.small_icon).toBe(true);
  });

  it("demo password verifies for alice (hashed once, shared)", async () => {
    const [alice] = await q<{ password_hash: string }>(sql`select password_hash from users where username = 'alice'`);
    expect(await verifyPassword(env().DEMO_PASSWORD, alice!.password_hash)).toBe(true);
    expect(await verifyPassword("wrong-password", alice!.password_hash)).toBe(false);
  });

  it("has at least 80 posts over about eight weeks, in every state", async () => {
    const [p] = await q<{ n: number; days: number; cats: number }>(
      sql`select count(*) as n, extract(epoch from max(created_at) - min(created_at)) / 86400 as days, count(distinct category_id) as cats from posts`,
    );
    expect(n(p!.n)).toBeGreaterThanOrEqual(80);
    expect(n(p!.days)).toBeGreaterThan(45);
    expect(n(p!.cats)).toBeGreaterThanOrEqual(6);
    const [s] = await q<Record<string, number>>(sql`select
      count(*) filter (where pinned_at is not null) as pinned,
      count(*) filter (where closed) as closed,
      count(*) filter (where rss_excluded = false and featured_at is not null) as featured,
      count(*) filter (where visible_scope = 'ONLY_REGISTER') as only_register,
      count(*) filter (where visible_scope = 'ONLY_ME') as only_me,
      count(*) filter (where status = 'PENDING') as pending,
      count(*) filter (where views > 0) as viewed,
      count(*) filter (where created_at > now()) as future
      from posts`);
    expect(n(s!.pinned)).toBeGreaterThanOrEqual(2);
    expect(n(s!.closed)).toBeGreaterThanOrEqual(1);
    expect(n(s!.featured)).toBeGreaterThanOrEqual(3);
    expect(n(s!.only_register)).toBeGreaterThanOrEqual(2);
    expect(n(s!.only_me)).toBe(1);
    expect(n(s!.pending)).toBe(1);
    expect(n(s!.viewed)).toBeGreaterThan(70);
    expect(n(s!.future)).toBe(0);
    // 1 to 3 tags each; markdown with headings, code and links somewhere.
    const tagCounts = await q<{ n: number }>(
      sql`select count(pt.tag_id) as n from posts p left join post_tags pt on pt.post_id = p.id group by p.id`,
    );
    for (const t of tagCounts) {
      expect(n(t.n)).toBeGreaterThanOrEqual(1);
      expect(n(t.n)).toBeLessThanOrEqual(3);
    }
    const [md] = await q<Record<string, number>>(sql`select
      count(*) filter (where content like '%## %') as headings,
      count(*) filter (where content like '%~~~%' or content like '%${sql.raw("```")}%') as code,
      count(*) filter (where content like '%](http%' or content like '%](/%') as links,
      count(*) filter (where content ~ '@[a-z]') as mentions
      from posts`);
    for (const k of ["headings", "code", "links", "mentions"]) expect(n(md![k]), k).toBeGreaterThanOrEqual(2);
  });

  it("has nested comment threads three levels deep, soft deletions with replies kept, reactions and subscriptions", async () => {
    const [deep] = await q<{ n: number }>(sql`select count(*) as n from comments c3
      join comments c2 on c3.parent_id = c2.id join comments c1 on c2.parent_id = c1.id where c1.parent_id is null`);
    expect(n(deep!.n)).toBeGreaterThan(0);
    const [del] = await q<{ n: number }>(sql`select count(*) as n from comments d
      where d.deleted_at is not null and exists (select 1 from comments r where r.parent_id = d.id and r.deleted_at is null)`);
    expect(n(del!.n)).toBeGreaterThan(0);
    const [order] = await q<{ n: number }>(
      sql`select count(*) as n from comments r join comments p on r.parent_id = p.id where r.created_at < p.created_at`,
    );
    expect(n(order!.n)).toBe(0);
    const [early] = await q<{ n: number }>(
      sql`select count(*) as n from comments c join posts p on p.id = c.post_id where c.created_at < p.created_at`,
    );
    expect(n(early!.n)).toBe(0);
    const kinds = await q<{ type: string; on_comment: boolean }>(
      sql`select distinct type, comment_id is not null as on_comment from reactions`,
    );
    expect(new Set(kinds.map((k) => k.type)).size).toBeGreaterThanOrEqual(10);
    expect(kinds.some((k) => k.on_comment)).toBe(true);
    expect(kinds.some((k) => !k.on_comment)).toBe(true);
    const [subs] = await q<{ n: number }>(sql`select count(*) as n from post_subscriptions`);
    expect(n(subs!.n)).toBeGreaterThan(10);
  });

  it("keeps comment_count and last_reply_at equal to the live comments", async () => {
    const bad = await q<{ id: number }>(sql`select p.id from posts p
      left join lateral (select count(*) as n, max(created_at) as last from comments c where c.post_id = p.id and c.deleted_at is null) c on true
      where p.comment_count <> c.n or p.last_reply_at <> coalesce(c.last, p.created_at)`);
    expect(bad).toEqual([]);
    const [closed] = await q<{
      n: number;
    }>(sql`select count(*) as n from posts p join post_change_logs l on l.post_id = p.id and l.type = 'CLOSED'
      where exists (select 1 from comments c where c.post_id = p.id and c.created_at > l.created_at)`);
    expect(n(closed!.n)).toBe(0);
  });

  it("has a change-log entry of every type, with snapshots and a post edited three times", async () => {
    const rows = await q<{ type: string }>(sql`select distinct type from post_change_logs`);
    expect(rows.map((r) => r.type).sort()).toEqual([...CHANGE_LOG_TYPES].sort());
    const content = await q<{ post_id: number; old_content: string; new_content: string }>(
      sql`select post_id, old_content, new_content from post_change_logs where type = 'CONTENT' order by created_at, id`,
    );
    const byPost = new Map<string, typeof content>();
    for (const c of content) byPost.set(String(c.post_id), [...(byPost.get(String(c.post_id)) ?? []), c]);
    const edited = [...byPost.entries()].find(([, v]) => v.length >= 3);
    expect(edited).toBeDefined();
    const chain = edited![1]!;
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.old_content).toBe(chain[i - 1]!.new_content);
    for (const c of chain) expect(c.new_content).not.toBe(c.old_content);
    const [post] = await q<{ content: string }>(sql`select content from posts where id = ${Number(edited![0])}`);
    expect(post!.content).toBe(chain.at(-1)!.new_content);

    const [cat] = await q<{ old_category: unknown; new_category: unknown }>(
      sql`select old_category, new_category from post_change_logs where type = 'CATEGORY' limit 1`,
    );
    const parse = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v) as Record<string, unknown>;
    expect(Object.keys(parse(cat!.new_category)).sort()).toEqual(["description", "icon", "id", "name", "smallIcon"]);
    const [tag] = await q<{ new_tags: unknown }>(sql`select new_tags from post_change_logs where type = 'TAG' limit 1`);
    const tags = parse(tag!.new_tags) as unknown as Record<string, unknown>[];
    expect(tags.length).toBeGreaterThan(0);
    expect(Object.keys(tags[0]!).sort()).toEqual(["createdAt", "description", "icon", "id", "name", "smallIcon"]);
    expect(new Date(tags[0]!.createdAt as string).toISOString()).toBe(tags[0]!.createdAt);
    const [donate] = await q<{ amount: number }>(sql`select amount from post_change_logs where type = 'DONATE' limit 1`);
    expect(n(donate!.amount)).toBeGreaterThan(0);
    const system = await q<{ username: string }>(
      sql`select distinct u.username from post_change_logs l join users u on u.id = l.actor_id where l.type in ('VOTE_RESULT', 'LOTTERY_RESULT')`,
    );
    expect(system.map((s) => s.username)).toEqual(["system"]);
  });

  it("has open and ended polls", async () => {
    const rows = await q<{
      post_id: number;
      open: boolean;
      finalized: boolean;
      votes: number;
      type: string;
    }>(sql`select p.post_id, p.end_time > now() as open,
      p.finalized_at is not null as finalized, (select count(*) from poll_votes v where v.post_id = p.post_id) as votes, po.type
      from polls p join posts po on po.id = p.post_id`);
    expect(rows.every((r) => r.type === "POLL")).toBe(true);
    expect(rows.some((r) => r.open && !r.finalized && n(r.votes) > 0)).toBe(true);
    const ended = rows.find((r) => !r.open && r.finalized);
    expect(ended).toBeDefined();
    const notes = await q<{ type: string }>(sql`select distinct type from notifications where post_id = ${ended!.post_id}`);
    expect(notes.map((x) => x.type)).toEqual(expect.arrayContaining(["POLL_RESULT_OWNER", "POLL_RESULT_PARTICIPANT", "POLL_VOTE"]));
    const [log] = await q<{ n: number }>(
      sql`select count(*) as n from post_change_logs where post_id = ${ended!.post_id} and type = 'VOTE_RESULT'`,
    );
    expect(n(log!.n)).toBe(1);
  });

  it("has open, upcoming and drawn lotteries; the drawn one is reproducible from its seed", async () => {
    const rows = await q<{
      post_id: number;
      start_time: Date;
      end_time: Date;
      drawn_at: Date | null;
      seed: string;
      seed_hash: string;
      prize_count: number;
    }>(sql`select post_id, start_time, end_time, drawn_at, seed, seed_hash, prize_count from lotteries`);
    const now = Date.now();
    const t = (d: Date | string) => new Date(d).getTime();
    for (const r of rows) expect(seedHashOf(r.seed)).toBe(r.seed_hash);
    const open = rows.find((r) => t(r.start_time) < now && t(r.end_time) > now && !r.drawn_at);
    const upcoming = rows.find((r) => t(r.start_time) > now);
    const drawn = rows.find((r) => r.drawn_at);
    expect(open && upcoming && drawn).toBeTruthy();
    const [openP] = await q<{ n: number }>(sql`select count(*) as n from lottery_participants where post_id = ${open!.post_id}`);
    expect(n(openP!.n)).toBeGreaterThan(0);
    const participants = await q<{ user_id: number }>(sql`select user_id from lottery_participants where post_id = ${drawn!.post_id}`);
    const winners = await q<{ user_id: number }>(sql`select user_id from lottery_winners where post_id = ${drawn!.post_id} order by rank`);
    expect(winners.map((w) => w.user_id)).toEqual(
      pickWinners(
        drawn!.seed,
        participants.map((p) => p.user_id),
        drawn!.prize_count,
      ),
    );
    expect(winners.length).toBe(Math.min(n(drawn!.prize_count), participants.length));
    const notes = await q<{ type: string; user_id: number }>(
      sql`select type, user_id from notifications where post_id = ${drawn!.post_id} and type in ('LOTTERY_WIN', 'LOTTERY_DRAW')`,
    );
    expect(
      notes
        .filter((x) => x.type === "LOTTERY_WIN")
        .map((x) => x.user_id)
        .sort(),
    ).toEqual(winners.map((w) => w.user_id).sort());
    expect(notes.filter((x) => x.type === "LOTTERY_DRAW")).toHaveLength(1);
    const [log] = await q<{ n: number }>(
      sql`select count(*) as n from post_change_logs where post_id = ${drawn!.post_id} and type = 'LOTTERY_RESULT'`,
    );
    expect(n(log!.n)).toBe(1);
  });

  it("has notifications of many types for several users, some read", async () => {
    const types = await q<{ type: string }>(sql`select distinct type from notifications`);
    expect(types.map((x) => x.type)).toEqual(
      expect.arrayContaining([
        "COMMENT_REPLY",
        "REACTION",
        "MENTION",
        "POST_UPDATED",
        "POST_SUBSCRIBED",
        "POST_FEATURED",
        "POST_REVIEW_REQUEST",
        "POST_REVIEWED",
        "LOTTERY_WIN",
        "LOTTERY_DRAW",
        "POLL_VOTE",
        "POLL_RESULT_OWNER",
        "POINT_REDEEM",
        "DONATION",
      ]),
    );
    for (const name of ["alice", "admin"]) {
      const [r] = await q<{
        read: number;
        unread: number;
      }>(sql`select count(*) filter (where n.read) as read, count(*) filter (where not n.read) as unread
        from notifications n join users u on u.id = n.user_id where u.username = ${name}`);
      expect(n(r!.read), name).toBeGreaterThan(0);
      expect(n(r!.unread), name).toBeGreaterThan(0);
    }
    const [self] = await q<{ n: number }>(sql`select count(*) as n from notifications where from_user_id = user_id`);
    expect(n(self!.n)).toBe(0);
    const [reviewed] = await q<{ t: number; f: number }>(
      sql`select count(*) filter (where approved) as t, count(*) filter (where approved = false) as f from notifications where type = 'POST_REVIEWED'`,
    );
    expect(n(reviewed!.t)).toBeGreaterThan(0);
    expect(n(reviewed!.f)).toBeGreaterThan(0);
    const [reaction] = await q<{ n: number }>(
      sql`select count(*) as n from notifications where type = 'REACTION' and reaction_type is null`,
    );
    expect(n(reaction!.n)).toBe(0);
  });

  it("has point goods with images under public/, priced so alice can afford some and not others", async () => {
    const goods = await q<{ cost: number; image: string }>(sql`select cost, image from point_goods`);
    expect(goods.length).toBeGreaterThanOrEqual(4);
    for (const g of goods) expect(existsSync(path.join(process.cwd(), "public", g.image)), g.image).toBe(true);
    const [alice] = await q<{ point: number }>(sql`select point from users where username = 'alice'`);
    expect(goods.some((g) => n(g.cost) <= n(alice!.point))).toBe(true);
    expect(goods.some((g) => n(g.cost) > n(alice!.point))).toBe(true);
  });

  it("keeps the points ledger consistent: point = sum = last balance ≥ 0, running balances", async () => {
    const rows = await q<{ user_id: number; amount: number; balance: number }>(
      sql`select user_id, amount, balance from point_histories order by user_id, created_at, id`,
    );
    const running = new Map<number, number>();
    for (const r of rows) {
      const b = (running.get(r.user_id) ?? 0) + n(r.amount);
      expect(n(r.balance)).toBe(b);
      expect(b).toBeGreaterThanOrEqual(0);
      running.set(r.user_id, b);
    }
    const us = await q<{ id: number; username: string; point: number; experience: number }>(
      sql`select id, username, point, experience from users`,
    );
    for (const u of us) {
      expect(n(u.point), u.username).toBe(running.get(u.id) ?? 0);
      expect(running.has(u.id), u.username).toBe(true);
    }
    expect(us.filter((u) => n(u.experience) > 0).length).toBeGreaterThanOrEqual(10);
    const types = await q<{ type: string }>(sql`select distinct type from point_histories`);
    expect(types.map((x) => x.type)).toEqual(
      expect.arrayContaining([
        "POST",
        "COMMENT",
        "POST_LIKED",
        "COMMENT_LIKED",
        "FEATURE",
        "LOTTERY_JOIN",
        "LOTTERY_REWARD",
        "REDEEM",
        "ADMIN_GRANT",
        "DONATE_SENT",
        "DONATE_RECEIVED",
      ]),
    );
    const [redeemed] = await q<{ n: number }>(sql`select count(*) as n from redemptions`);
    expect(n(redeemed!.n)).toBeGreaterThan(0);
  });

  it("stores each user's best earned medal as the points service computes it", async () => {
    const us = await db.select({ id: users.id, username: users.username, earnedMedal: users.earnedMedal }).from(users);
    for (const u of us) expect(u.earnedMedal, u.username).toBe((await earnedMedals(db, u.id))[0] ?? null);
    expect(us.some((u) => u.earnedMedal === "FEATURED")).toBe(true);
    expect(us.some((u) => u.earnedMedal === "PIONEER")).toBe(true);
  });

  it("seeds fast enough for the first start of the embedded database", () => {
    // ~1 s here; the budget for the first start is about 4 s on PGlite.
    expect(seedMs).toBeLessThan(15_000);
  });
});

describe("the demo reads back through the API as valid objects", () => {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    const { issueToken } = await import("@/lib/services/auth/tokens");
    for (const name of ["admin", "alice", "moderator"]) {
      const [u] = await q<{ id: number }>(sql`select id from users where username = ${name}`);
      const { token } = await issueToken(db, { userId: u!.id, name: "seed-test", scopes: ["read", "write"], expiresAt: null });
      tokens.set(name, token);
    }
  });

  it("lists, details, comment trees and change logs of every post parse with the contract schemas", async () => {
    const { call } = await import("../helpers");
    const { postSchema, postDetailSchema, changeLogSchema } = await import("@/lib/validation/responses");
    const { GET: list } = await import("@/app/api/posts/route");
    const { GET: detail } = await import("@/app/api/posts/[id]/route");
    const { GET: logs } = await import("@/app/api/posts/[id]/change-logs/route");
    const token = tokens.get("admin")!;
    const seen: number[] = [];
    for (let page = 0; page < 10; page++) {
      const r = await call(list, `/api/posts?page=${page}&pageSize=50`, { token });
      expect(r.status).toBe(200);
      for (const p of r.body as unknown[]) seen.push(postSchema.parse(p).id);
      if ((r.body as unknown[]).length < 50) break;
    }
    const [published] = await q<{ n: number }>(sql`select count(*) as n from posts where status = 'PUBLISHED'`);
    expect(seen.length).toBe(n(published!.n)); // the admin sees every published post, ONLY_ME included
    const ids = await q<{ id: number }>(sql`select id from posts order by id`);
    let logCount = 0;
    for (const { id } of ids) {
      const d = await call(detail, `/api/posts/${id}`, { token, params: { id: String(id) } });
      expect(d.status, `post ${id}`).toBe(200);
      postDetailSchema.parse(d.body);
      const l = await call(logs, `/api/posts/${id}/change-logs`, { token, params: { id: String(id) } });
      expect(l.status).toBe(200);
      for (const e of l.body as unknown[]) changeLogSchema.parse(e);
      logCount += (l.body as unknown[]).length;
    }
    const [all] = await q<{ n: number }>(sql`select count(*) as n from post_change_logs`);
    expect(logCount).toBe(n(all!.n));
  }, 180_000);

  it("anonymous readers do not see the ONLY_ME, ONLY_REGISTER or pending posts", async () => {
    const { call } = await import("../helpers");
    const { GET: list } = await import("@/app/api/posts/route");
    const r = await call(list, "/api/posts?pageSize=100");
    expect(r.status).toBe(200);
    const [visible] = await q<{ n: number }>(sql`select count(*) as n from posts where status = 'PUBLISHED' and visible_scope = 'ALL'`);
    expect((r.body as unknown[]).length).toBe(Math.min(100, n(visible!.n)));
  });

  it("notifications, categories, goods and the profile of alice and admin parse", async () => {
    const { call } = await import("../helpers");
    const { notificationSchema, categorySchema, pointGoodSchema, meSchema } = await import("@/lib/validation/responses");
    const { GET: notes } = await import("@/app/api/notifications/route");
    const { GET: cats } = await import("@/app/api/categories/route");
    const { GET: goods } = await import("@/app/api/point-goods/route");
    const { GET: me } = await import("@/app/api/users/me/route");
    for (const name of ["alice", "admin"]) {
      const r = await call(notes, "/api/notifications?size=100", { token: tokens.get(name)! });
      expect(r.status).toBe(200);
      expect((r.body as unknown[]).length).toBeGreaterThan(5);
      for (const x of r.body as unknown[]) notificationSchema.parse(x);
      const m = await call(me, "/api/users/me", { token: tokens.get(name)! });
      expect(m.status).toBe(200);
      meSchema.parse(m.body);
    }
    const c = await call(cats, "/api/categories");
    expect((c.body as unknown[]).length).toBeGreaterThanOrEqual(6);
    for (const x of c.body as { count: number }[]) categorySchema.parse(x);
    expect((c.body as { count: number }[]).every((x) => x.count > 0)).toBe(true);
    const g = await call(goods, "/api/point-goods");
    for (const x of g.body as unknown[]) pointGoodSchema.parse(x);
    expect((g.body as unknown[]).length).toBeGreaterThanOrEqual(4);
  });
});
