// the admin users table, one member's admin page, "suspend author" with bots exempt,
// and the audit log in words covering every staff action, filterable by actor and action.
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { auditLogs, comments, flags, posts, users } from "@/db/schema";
import { GET as auditApi } from "@/app/api/admin/audit/route";
import { GET as auditLogApi } from "@/app/api/admin/audit-log/route";
import { PUT as setConfig } from "@/app/api/admin/config/route";
import { POST as resolveFlag } from "@/app/api/admin/flags/[id]/resolve/route";
import { POST as createGood } from "@/app/api/admin/point-goods/route";
import { POST as approve } from "@/app/api/admin/posts/[id]/approve/route";
import { POST as reject } from "@/app/api/admin/posts/[id]/reject/route";
import { GET as userDetail } from "@/app/api/admin/users/[id]/route";
import { PUT as setRole } from "@/app/api/admin/users/[id]/role/route";
import { POST as suspend } from "@/app/api/admin/users/[id]/suspend/route";
import { POST as unsuspend } from "@/app/api/admin/users/[id]/unsuspend/route";
import { GET as usersApi } from "@/app/api/admin/users/route";
import { POST as createCategory } from "@/app/api/categories/route";
import { DELETE as deleteComment, PUT as editComment } from "@/app/api/comments/[id]/route";
import { POST as pinComment } from "@/app/api/comments/[id]/pin/route";
import { POST as closePost } from "@/app/api/posts/[id]/close/route";
import { POST as featurePost } from "@/app/api/posts/[id]/feature/route";
import { POST as pinPost } from "@/app/api/posts/[id]/pin/route";
import { DELETE as deletePost, PUT as editPost } from "@/app/api/posts/[id]/route";
import { PUT as slowMode } from "@/app/api/posts/[id]/slow-mode/route";
import { POST as createTag } from "@/app/api/tags/route";
import { adminUserDetailSchema, adminUserPageSchema, auditPageSchema } from "@/lib/validation/admin-users";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeUser, type TestUser } from "../helpers";
import { makePost } from "./comments-fixtures";

let admin: TestUser, mod: TestUser;
beforeAll(async () => {
  admin = await makeUser({ role: "ADMIN", username: `adm_${randomBytes(3).toString("hex")}` });
  mod = await makeUser({ role: "MODERATOR", username: `mod_${randomBytes(3).toString("hex")}` });
});

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const users$ = (token: string | undefined, query: string) => call(usersApi, `/api/admin/users?${query}`, { token });
const audit$ = (query: string, token = admin.token) => call(auditApi, `/api/admin/audit?${query}`, { token });
const suspendAs = (who: TestUser, id: number, body: unknown) =>
  call(suspend, `/api/admin/users/${id}/suspend`, { token: who.token, params: { id: String(id) }, body });
const post$ = (handler: Parameters<typeof call>[0], who: TestUser, path: string, id: number, body?: unknown, method = "POST") =>
  call(handler, path, { method, token: who.token, params: { id: String(id) }, body });
async function comment(postId: number, authorId: number, content = "a comment") {
  const [c] = await db.insert(comments).values({ postId, authorId, content }).returning();
  return c!;
}
/** The newest audit row of an action about a target. */
async function auditRow(action: string, targetId: number) {
  const [row] = await db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.targetId, targetId)))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
}

describe("GET /api/admin/users: the members table", () => {
  const prefix = `tbl${randomBytes(3).toString("hex")}`;
  let busy: TestUser, quiet: TestUser, suspended: TestUser, bot: TestUser, old: TestUser;

  beforeAll(async () => {
    [busy, quiet, suspended, bot, , old] = await Promise.all([
      makeUser({ username: `${prefix}_busy` }),
      makeUser({ username: `${prefix}_quiet` }),
      makeUser({ username: `${prefix}_suspended` }),
      makeUser({ username: `${prefix}_bot` }),
      makeUser({ username: `${prefix}_mod`, role: "MODERATOR" }),
      makeUser({ username: `${prefix}_old` }),
    ]);
    await db.update(users).set({ bot: true }).where(eq(users.id, bot.id));
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(users.id, old.id));
    await db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000), suspendedReason: "spam" })
      .where(eq(users.id, suspended.id));
    const p1 = await makePost(busy.id, { title: "Busy one" });
    const p2 = await makePost(busy.id, { title: "Busy two" });
    await makePost(quiet.id);
    const c = await comment(p1.id, busy.id);
    await comment(p2.id, busy.id);
    const gone = await comment(p2.id, busy.id);
    await db.update(comments).set({ deletedAt: new Date() }).where(eq(comments.id, gone.id));
    await db.insert(flags).values([
      { postId: p1.id, reporterId: quiet.id, reason: "SPAM" },
      { postId: p1.id, commentId: c.id, reporterId: quiet.id, reason: "OFF_TOPIC" },
      { postId: p2.id, reporterId: old.id, reason: "SPAM", status: "RESOLVED", action: "DISMISS" },
    ]);
  });

  it("lists the search's members with their counts, total and paging", async () => {
    const r = await users$(admin.token, `q=${prefix}&sort=username`);
    expect(r.status).toBe(200);
    const page = adminUserPageSchema.parse(r.body);
    expect(page.total).toBe(6);
    expect(page.items.map((u) => u.username)).toEqual([
      `${prefix}_bot`,
      `${prefix}_busy`,
      `${prefix}_mod`,
      `${prefix}_old`,
      `${prefix}_quiet`,
      `${prefix}_suspended`,
    ]);
    const b = page.items.find((u) => u.id === busy.id)!;
    expect(b).toMatchObject({ postCount: 2, commentCount: 2, flagsAgainst: 3, openFlagsAgainst: 2, role: "USER", bot: false });
    expect(page.items.find((u) => u.id === suspended.id)).toMatchObject({ suspendedReason: "spam" });
    expect(page.items.find((u) => u.id === bot.id)!.bot).toBe(true);

    const p2 = adminUserPageSchema.parse((await users$(admin.token, `q=${prefix}&sort=username&pageSize=4&page=1`)).body);
    expect(p2.items.map((u) => u.username)).toEqual([`${prefix}_quiet`, `${prefix}_suspended`]);
    expect(p2.total).toBe(6);
  });

  it("filters by role, suspended, new this week and bots; sorts by any column both ways", async () => {
    const names = async (q: string) =>
      adminUserPageSchema.parse((await users$(admin.token, `q=${prefix}&${q}`)).body).items.map((u) => u.username.slice(prefix.length + 1));
    expect(await names("role=MODERATOR")).toEqual(["mod"]);
    expect(await names("status=suspended")).toEqual(["suspended"]);
    expect(await names("status=bot")).toEqual(["bot"]);
    expect((await names("status=new&sort=username")).includes("old")).toBe(false);
    expect(await names("status=new&sort=username")).toHaveLength(5);
    expect((await names("sort=-posts"))[0]).toBe("busy");
    expect((await names("sort=-flags"))[0]).toBe("busy");
    expect((await names("sort=-username"))[0]).toBe("suspended");
    expect((await names("sort=joined"))[0]).toBe("old");
    expect((await names("sort=-joined")).at(-1)).toBe("old");
    // An email matches too.
    expect(adminUserPageSchema.parse((await users$(admin.token, `q=${prefix}_quiet@example.test`)).body).items.map((u) => u.id)).toEqual([
      quiet.id,
    ]);
  });

  it("refuses bad parameters with the error body, and everyone but admins", async () => {
    for (const q of ["pageSize=0", "pageSize=101", "page=-1", "sort=karma", "role=KING", "status=sleeping"]) {
      const r = await users$(admin.token, q);
      expect(r.status, q).toBe(400);
      expect(errorSchema.parse(r.body).code).toBe("validation_failed");
    }
    expect((await users$(undefined, "")).status).toBe(401);
    expect((await users$(mod.token, "")).status).toBe(403);
    expect((await users$(busy.token, "")).status).toBe(403);
  });
});

describe("GET /api/admin/users/{id}: one member", () => {
  it("shows their posts, the flags against them, their suspensions and the audit entries about them", async () => {
    const [member, reporter] = await Promise.all([makeUser(), makeUser()]);
    const p = await makePost(member.id, { title: "Member's pending post", status: "PENDING" });
    const c = await comment(p.id, member.id, "a **rude** remark");
    await db.insert(flags).values([
      { postId: p.id, reporterId: reporter.id, reason: "SPAM", note: "ads" },
      { postId: p.id, commentId: c.id, reporterId: reporter.id, reason: "INAPPROPRIATE" },
    ]);
    expect((await suspendAs(admin, member.id, { days: 3, reason: "Cool off" })).status).toBe(200);
    expect((await post$(unsuspend, admin, `/api/admin/users/${member.id}/unsuspend`, member.id)).status).toBe(200);
    expect((await post$(approve, mod, `/api/admin/posts/${p.id}/approve`, p.id)).status).toBe(200);

    const r = await call(userDetail, `/api/admin/users/${member.id}`, { token: admin.token, params: { id: String(member.id) } });
    expect(r.status).toBe(200);
    const d = adminUserDetailSchema.parse(r.body);
    expect(d.user).toMatchObject({ id: member.id, username: member.username, postCount: 1, commentCount: 1, flagsAgainst: 2 });
    expect(d.posts.map((x) => x.title)).toEqual(["Member's pending post"]);
    expect(d.flags.map((f) => [f.reason, f.commentId, f.reporter.id])).toEqual(
      expect.arrayContaining([
        ["SPAM", null, reporter.id],
        ["INAPPROPRIATE", c.id, reporter.id],
      ]),
    );
    expect(d.flags.find((f) => f.commentId === c.id)!.excerpt).toBe("a rude remark");
    expect(d.suspensions.map((s) => s.action)).toEqual(["user.unsuspend", "user.suspend"]);
    expect(d.suspensions[1]!.summary).toMatch(
      new RegExp(`^${admin.username} suspended ${member.username} until \\d+ \\w+ \\d{4}: “Cool off”$`),
    );
    expect(d.audit.map((a) => a.action)).toEqual(["post.approve", "user.unsuspend", "user.suspend"]);
    expect(d.can).toEqual({ suspend: true, changeRole: true });

    expect((await call(userDetail, "/api/admin/users/999999999", { token: admin.token, params: { id: "999999999" } })).status).toBe(404);
    expect((await call(userDetail, `/api/admin/users/${member.id}`, { token: mod.token, params: { id: String(member.id) } })).status).toBe(
      403,
    );
  });
});

describe("suspensions: staff suspend members, bots are exempt", () => {
  it("a bot cannot be suspended (403 with a clear error), and its page offers no suspension", async () => {
    const bot = await makeUser();
    await db.update(users).set({ bot: true }).where(eq(users.id, bot.id));
    for (const who of [admin, mod]) {
      const r = await suspendAs(who, bot.id, { days: 7, reason: "noisy" });
      expect(r.status).toBe(403);
      expect(errorSchema.parse(r.body)).toMatchObject({ code: "forbidden", error: "Bots cannot be suspended" });
    }
    const [row] = await db.select().from(users).where(eq(users.id, bot.id));
    expect(row!.suspendedUntil).toBeNull();
    const d = adminUserDetailSchema.parse(
      (await call(userDetail, `/api/admin/users/${bot.id}`, { token: admin.token, params: { id: String(bot.id) } })).body,
    );
    expect(d.can.suspend).toBe(false);
  });

  it("moderators suspend members (not staff); a duration in days sets the end; until and days are exclusive", async () => {
    const [member, otherMod] = await Promise.all([makeUser(), makeUser({ role: "MODERATOR" })]);
    const before = Date.now();
    const r = await suspendAs(mod, member.id, { days: 7, reason: "From a flag" });
    expect(r.status).toBe(200);
    const end = Date.parse(r.body.suspendedUntil);
    expect(end).toBeGreaterThanOrEqual(before + 7 * 86_400_000 - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000 + 1000);
    expect((await suspendAs(mod, otherMod.id, { days: 1, reason: "x" })).status).toBe(403);
    expect((await suspendAs(mod, admin.id, { days: 1, reason: "x" })).status).toBe(403);
    for (const body of [
      { days: 0, reason: "x" },
      { days: 1.5, reason: "x" },
      { days: 1, until: inAWeek(), reason: "x" },
      { reason: "x" },
    ]) {
      expect((await suspendAs(admin, member.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    // Role changes stay with admins.
    const role = await call(setRole, `/api/admin/users/${member.id}/role`, {
      method: "PUT",
      token: mod.token,
      params: { id: String(member.id) },
      body: { role: "MODERATOR" },
    });
    expect(role.status).toBe(403);
  });
});

describe("every staff action leaves an audit row that reads in words", () => {
  it("reviews, flag resolutions, post and comment moderation, suspensions, roles, settings, categories, tags and goods", async () => {
    const [author, reporter, reporter2] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    const line = async (action: string, targetId: number) => {
      const r = await audit$(`action=${action}&pageSize=100`);
      expect(r.status).toBe(200);
      const e = auditPageSchema.parse(r.body).items.find((x) => x.targetId === targetId);
      expect(e, `${action} #${targetId}`).toBeTruthy();
      return e!;
    };

    const pending = await makePost(author.id, { title: "Approve me", status: "PENDING" });
    await post$(approve, mod, "/x", pending.id);
    expect((await line("post.approve", pending.id)).summary).toBe(`${mod.username} approved ${author.username}'s post “Approve me”`);
    expect((await auditRow("post.approve", pending.id))!.subjectUserId).toBe(author.id);

    const rejected = await makePost(author.id, { title: "Reject me", status: "PENDING" });
    await post$(reject, mod, "/x", rejected.id, { reason: "Off topic here" });
    expect((await line("post.reject", rejected.id)).summary).toBe(
      `${mod.username} rejected ${author.username}'s post “Reject me”: “Off topic here”`,
    );

    // Flags: dismiss (lifts a hide: restored), hide, delete; on posts and comments.
    const flagged = await makePost(author.id, { title: "Flagged post" });
    const [f1] = await db.insert(flags).values({ postId: flagged.id, reporterId: reporter.id, reason: "SPAM" }).returning();
    await db.update(posts).set({ status: "PENDING", hiddenAt: new Date() }).where(eq(posts.id, flagged.id));
    expect((await post$(resolveFlag, mod, "/x", f1!.id, { action: "DISMISS" })).status).toBe(200);
    expect((await line("flag.dismiss", flagged.id)).summary).toBe(
      `${mod.username} dismissed the flags on ${author.username}'s post “Flagged post” and restored it (1 flag)`,
    );
    const [f2] = await db.insert(flags).values({ postId: flagged.id, reporterId: reporter2.id, reason: "SPAM" }).returning();
    await post$(resolveFlag, mod, "/x", f2!.id, { action: "HIDE" });
    expect((await line("flag.hide", flagged.id)).summary).toBe(`${mod.username} hid ${author.username}'s post “Flagged post” (1 flag)`);

    const host = await makePost(mod.id, { title: "Host post" });
    const bad = await comment(host.id, author.id, "rude");
    const [f3] = await db
      .insert(flags)
      .values({ postId: host.id, commentId: bad.id, reporterId: reporter.id, reason: "INAPPROPRIATE" })
      .returning();
    await post$(resolveFlag, mod, "/x", f3!.id, { action: "DELETE" });
    const del = await line("flag.delete", bad.id);
    expect(del.summary).toBe(`${mod.username} deleted ${author.username}'s comment on “Host post” (1 flag)`);
    expect(del.target.href).toBe(`/posts/${host.id}#comment-${bad.id}`);
    expect(del.parts.filter((p) => p.kind === "user").map((p) => (p as { id: number }).id)).toEqual([mod.id, author.id]);

    // A post: close, pin, feature, edit, slow mode, delete — by staff. The author's own close writes nothing.
    const p = await makePost(author.id, { title: "Busy thread" });
    await post$(closePost, author, "/x", p.id);
    expect(await auditRow("post.close", p.id)).toBeUndefined();
    await db.update(posts).set({ closed: false }).where(eq(posts.id, p.id));
    await post$(closePost, mod, "/x", p.id);
    expect((await line("post.close", p.id)).summary).toBe(`${mod.username} closed ${author.username}'s post “Busy thread”`);
    await post$(pinPost, mod, "/x", p.id);
    expect((await line("post.pin", p.id)).summary).toBe(`${mod.username} pinned ${author.username}'s post “Busy thread”`);
    await post$(featurePost, mod, "/x", p.id);
    expect((await line("post.feature", p.id)).summary).toBe(`${mod.username} featured ${author.username}'s post “Busy thread”`);
    expect((await post$(editPost, mod, "/x", p.id, { title: "Busy thread (edited)" }, "PUT")).status).toBe(200);
    expect((await line("post.edit", p.id)).summary).toBe(`${mod.username} edited ${author.username}'s post “Busy thread (edited)”`);
    await post$(slowMode, mod, "/x", p.id, { seconds: 60 }, "PUT");
    expect((await line("post.slow-mode", p.id)).summary).toBe(
      `${mod.username} set slow mode on ${author.username}'s post “Busy thread (edited)” to one comment every 60 s`,
    );

    const c = await comment(p.id, author.id, "typo comment");
    expect((await post$(editComment, mod, "/x", c.id, { content: "fixed comment" }, "PUT")).status).toBe(200);
    expect((await line("comment.edit", c.id)).summary).toBe(
      `${mod.username} edited ${author.username}'s comment on “Busy thread (edited)”`,
    );
    expect((await post$(pinComment, mod, "/x", c.id)).status).toBe(200);
    expect((await line("comment.pin", c.id)).summary).toBe(`${mod.username} pinned ${author.username}'s comment on “Busy thread (edited)”`);
    expect((await post$(deleteComment, mod, "/x", c.id, undefined, "DELETE")).status).toBe(204);
    expect((await line("comment.delete", c.id)).summary).toBe(
      `${mod.username} deleted ${author.username}'s comment on “Busy thread (edited)”`,
    );
    // An author editing their own comment is no staff action.
    const own = await comment(p.id, author.id, "mine");
    await db.update(posts).set({ closed: false }).where(eq(posts.id, p.id));
    await post$(editComment, author, "/x", own.id, { content: "mine, edited" }, "PUT");
    expect(await auditRow("comment.edit", own.id)).toBeUndefined();

    expect((await post$(deletePost, mod, "/x", p.id, undefined, "DELETE")).status).toBe(204);
    const gone = await line("post.delete", p.id);
    expect(gone.summary).toBe(`${mod.username} deleted ${author.username}'s post “Busy thread (edited)”`);
    expect(gone.target.href).toBeNull(); // the post is gone; its title is remembered

    // Members and site: suspension, lifting, role, settings, category, tag, good.
    await suspendAs(admin, author.id, { until: "2999-03-04T12:00:00.000Z", reason: "Heated" });
    expect((await line("user.suspend", author.id)).summary).toBe(
      `${admin.username} suspended ${author.username} until 4 March 2999: “Heated”`,
    );
    await post$(unsuspend, admin, "/x", author.id);
    expect((await line("user.unsuspend", author.id)).summary).toBe(`${admin.username} lifted the suspension of ${author.username}`);
    await post$(setRole, admin, "/x", author.id, { role: "MODERATOR" }, "PUT");
    expect((await line("user.role", author.id)).summary).toBe(`${admin.username} made ${author.username} a moderator (was member)`);

    const cfg = await call(setConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { flagHideThreshold: 4 } });
    expect(cfg.status).toBe(200);
    const settings = auditPageSchema.parse((await audit$(`action=settings.update&actor=${admin.username}`)).body).items[0]!;
    expect(settings.summary).toBe(`${admin.username} changed the site settings: flag threshold`);
    await call(setConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { flagHideThreshold: 3 } });

    const catName = `Cat ${randomBytes(3).toString("hex")}`;
    const cat = await call(createCategory, "/api/categories", { token: admin.token, body: { name: catName } });
    expect(cat.status).toBe(201);
    expect((await line("category.create", cat.body.id)).summary).toBe(`${admin.username} created the category ${catName}`);
    const tagName = `tag${randomBytes(3).toString("hex")}`;
    const tag = await call(createTag, "/api/tags", { token: admin.token, body: { name: tagName } });
    expect((await line("tag.create", tag.body.id)).summary).toBe(`${admin.username} created the tag #${tagName}`);
    const good = await call(createGood, "/api/admin/point-goods", { token: admin.token, body: { name: "Sticker", cost: 10 } });
    expect((await line("good.create", good.body.id)).summary).toBe(`${admin.username} created the point good Sticker`);
  });
});

describe("GET /api/admin/audit: filters", () => {
  it("by actor (name or id) and by action (exact or a kind); the old audit-log route reads in words too", async () => {
    const author = await makeUser();
    const a = await makePost(author.id, { title: "Filter A", status: "PENDING" });
    const b = await makePost(author.id, { title: "Filter B", status: "PENDING" });
    const otherMod = await makeUser({ role: "MODERATOR" });
    await post$(approve, otherMod, "/x", a.id);
    await post$(reject, otherMod, "/x", b.id);
    await post$(pinPost, otherMod, "/x", a.id);

    const mine = auditPageSchema.parse((await audit$(`actor=${otherMod.username}`)).body);
    expect(mine.items.map((e) => e.action)).toEqual(["post.pin", "post.reject", "post.approve"]);
    expect(mine.items.every((e) => e.actor?.id === otherMod.id)).toBe(true);
    const byId = auditPageSchema.parse((await audit$(`actor=${otherMod.id}&action=post.approve`)).body);
    expect(byId.items.map((e) => e.targetId)).toEqual([a.id]);
    const kind = auditPageSchema.parse((await audit$(`actor=${otherMod.username.toUpperCase()}&action=post`)).body);
    expect(kind.items).toHaveLength(3);
    const subject = auditPageSchema.parse((await audit$(`subject=${author.id}`)).body);
    expect(subject.items).toHaveLength(3);
    const paged = auditPageSchema.parse((await audit$(`actor=${otherMod.username}&pageSize=2&page=0`)).body);
    expect(paged.hasMore).toBe(true);
    expect(auditPageSchema.parse((await audit$(`actor=${otherMod.username}&pageSize=2&page=1`)).body).hasMore).toBe(false);
    expect(auditPageSchema.parse((await audit$("actor=nobody_by_that_name")).body).items).toEqual([]);

    expect((await audit$("action=DROP TABLE")).status).toBe(400);
    expect((await audit$("pageSize=500")).status).toBe(400);
    expect((await audit$("", mod.token)).status).toBe(403);
    expect((await call(auditApi, "/api/admin/audit")).status).toBe(401);

    const old = await call(auditLogApi, "/api/admin/audit-log?page=0&size=5", { token: admin.token });
    expect(old.status).toBe(200);
    expect(typeof old.body[0].summary).toBe("string");
  });
});
