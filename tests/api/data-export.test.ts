// A member's data export (issue 60 item 4, the export half): POST/GET /api/users/me/export, the
// background job that makes the archive, the owner-only download, expiry and the once-a-day limit.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, db, dbStats } from "@/db";
import { comments, conversationParticipants, conversations, dataExports, messages, posts, reactions, users } from "@/db/schema";
import { GET as getExport, POST as startExport } from "@/app/api/users/me/export/route";
import { GET as download } from "@/app/api/users/me/export/[token]/download/route";
import { PUT as editComment } from "@/app/api/comments/[id]/route";
import { GET as listNotifications } from "@/app/api/notifications/route";
import { POST as upload } from "@/app/api/upload/route";
import { DELETE as deleteMe } from "@/app/api/users/me/route";
import { readAll, readArchive } from "@/lib/backup/archive";
import { drainOutbox, outboxIdle } from "@/lib/jobs/mail-drain";
import { dataExportsSettled, processDataExports } from "@/lib/services/accounts/data-export";
import { BATCH } from "@/lib/services/accounts/data-export-archive";
import { call, makeCategory, makeUser, req, sessionCookie, type TestUser } from "../helpers";
import { linkIn, TestSmtp } from "./mail-helpers";
import { png } from "./upload-fixtures";

const smtp = new TestSmtp();
beforeAll(async () => {
  await smtp.start();
});
afterAll(async () => {
  await outboxIdle();
  await smtp.stop();
});

const state = (u: TestUser | null) => call(getExport, "/api/users/me/export", { token: u?.token });
const start = (u: TestUser | null) => call(startExport, "/api/users/me/export", { method: "POST", token: u?.token });

/** Runs the scheduler's job once and waits for the export it started. */
async function runJob() {
  await processDataExports();
  await dataExportsSettled();
}

async function fetchArchive(url: string, token?: string, headers: Record<string, string> = {}) {
  const m = /^\/api\/users\/me\/export\/([^/]+)\/download$/.exec(new URL(url, "http://localhost:3000").pathname);
  expect(m, url).not.toBeNull();
  const res = await (download as unknown as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>)(
    req(new URL(url, "http://localhost:3000").pathname, { token, headers }),
    { params: Promise.resolve({ token: m![1]! }) },
  );
  return res;
}

async function entries(bytes: Buffer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for await (const e of readArchive(Readable.from([bytes]))) out.set(e.name, await readAll(e.body));
  return out;
}

const json = (files: Map<string, Buffer>, name: string) => JSON.parse(files.get(name)!.toString("utf8"));

async function exportFiles() {
  return (await readdir(path.join(dataDir(), "exports")).catch(() => [] as string[])).filter((f) => f.endsWith(".tar.gz"));
}

describe("data export", () => {
  it("is made in the background with the member's posts, comments, own messages and uploads, and only them", async () => {
    const me = await makeUser({ username: "exporter" });
    const friend = await makeUser({ username: "export_friend" });
    const stranger = await makeUser({ username: "export_stranger" });
    const cat = await makeCategory();
    const [post] = await db
      .insert(posts)
      .values({ authorId: me.id, categoryId: cat.id, title: "My exported post", content: "post body words" })
      .returning();
    const [otherPost] = await db
      .insert(posts)
      .values({ authorId: friend.id, categoryId: cat.id, title: "Friend's post", content: "friend body" })
      .returning();
    const [c] = await db.insert(comments).values({ authorId: me.id, postId: otherPost!.id, content: "first comment text" }).returning();
    const edited = await call(editComment, `/api/comments/${c!.id}`, {
      method: "PUT",
      token: me.token,
      body: { content: "second comment text" },
      params: { id: String(c!.id) },
    });
    expect(edited.status).toBe(200);
    await db.insert(reactions).values({ userId: me.id, postId: otherPost!.id, type: "LIKE" });
    await db.insert(comments).values({ authorId: friend.id, postId: post!.id, content: "friend's comment" });
    // A conversation with the friend, and one between the friend and a stranger the member is not in.
    const [conv] = await db.insert(conversations).values({ directKey: `${me.id}:${friend.id}`, createdById: me.id }).returning();
    const [privateConv] = await db
      .insert(conversations)
      .values({ directKey: `${friend.id}:${stranger.id}`, createdById: friend.id })
      .returning();
    await db.insert(conversationParticipants).values([
      { conversationId: conv!.id, userId: me.id },
      { conversationId: conv!.id, userId: friend.id },
      { conversationId: privateConv!.id, userId: friend.id },
      { conversationId: privateConv!.id, userId: stranger.id },
    ]);
    await db.insert(messages).values([
      { conversationId: conv!.id, senderId: me.id, content: "my own message words" },
      { conversationId: conv!.id, senderId: friend.id, content: "the friend's reply words" },
      { conversationId: privateConv!.id, senderId: stranger.id, content: "stranger private secret" },
    ]);
    const up = await call(upload, "/api/upload", { method: "POST", token: me.token, body: { file: (await png(9, 7)).toString("base64") } });
    expect(up.status).toBe(201);
    const strangerUp = await call(upload, "/api/upload", {
      method: "POST",
      token: stranger.token,
      body: { file: (await png(5, 5, "blue")).toString("base64") },
    });
    expect(strangerUp.status).toBe(201);

    const { cookie } = await sessionCookie(me.id, { userAgent: "export-browser" });
    expect((await state(me)).body).toMatchObject({ status: "none", progress: null, url: null, expiresAt: null, nextRequestAt: null });
    const first = await start(me);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ status: "pending", progress: 0, url: null });
    // A second request while it waits is the same export, not a new one.
    const second = await start(me);
    expect(second.status).toBe(202);
    expect(second.body).toEqual(first.body);
    expect(await db.select().from(dataExports).where(eq(dataExports.userId, me.id))).toHaveLength(1);
    // Nothing was made on the request: the job makes it.
    expect(await exportFiles()).toEqual([]);

    await runJob();
    const ready = await state(me);
    expect(ready.body).toMatchObject({ status: "ready", progress: 100, nextRequestAt: expect.any(String) });
    expect(ready.body.url).toMatch(/^http:\/\/localhost:3000\/api\/users\/me\/export\/[A-Za-z0-9_-]{43}\/download$/);
    const hours = (Date.parse(ready.body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(await exportFiles()).toHaveLength(1);

    // A notification in the inbox, and the mail with the link.
    const inbox = await call(listNotifications, "/api/notifications", { token: me.token });
    expect(inbox.body.filter((n: { type: string }) => n.type === "DATA_EXPORT_READY")).toHaveLength(1);

    await drainOutbox();
    const mail = smtp.to("exporter@example.test").find((m) => m.subject.includes("is ready"));
    expect(mail, JSON.stringify(smtp.received.map((m) => m.subject))).toBeDefined();
    expect(linkIn(mail!, "/settings/data").pathname).toBe("/settings/data");

    // The owner downloads it, by token and by browser session.
    const res = await fetchArchive(ready.body.url, me.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="data-exporter-\d{4}-\d{2}-\d{2}\.tar\.gz"$/);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
    expect((await fetchArchive(ready.body.url, undefined, { cookie })).status).toBe(200);

    const files = await entries(bytes);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        "README.txt",
        "profile.json",
        "posts.json",
        "comments.json",
        "comment-history.json",
        "messages/conversations.json",
        "messages/messages.json",
        "reactions.json",
        "votes.json",
        "points.json",
        "redemptions.json",
        "notifications.json",
        "sign-ins/sessions.json",
        "sign-ins/tokens.json",
        "uploads.json",
      ]),
    );
    expect(files.get("README.txt")!.toString()).toContain("only the messages you sent are included");
    const profile = json(files, "profile.json");
    expect(profile.account).toMatchObject({ id: me.id, username: "exporter", email: "exporter@example.test" });
    expect(JSON.stringify(profile)).not.toMatch(/passwordHash|argon2/);
    expect(json(files, "posts.json")).toEqual([expect.objectContaining({ id: post!.id, title: "My exported post", tags: [] })]);
    expect(json(files, "comments.json")).toEqual([
      expect.objectContaining({ id: c!.id, content: "second comment text", postTitle: "Friend's post" }),
    ]);
    expect(json(files, "comment-history.json")).toEqual([
      expect.objectContaining({ commentId: c!.id, oldContent: "first comment text", newContent: "second comment text" }),
    ]);
    expect(json(files, "reactions.json")).toEqual([expect.objectContaining({ postId: otherPost!.id, type: "LIKE" })]);
    const convs = json(files, "messages/conversations.json");
    expect(convs).toEqual([expect.objectContaining({ id: conv!.id, direct: true })]);
    expect([...convs[0].members].sort()).toEqual(["export_friend", "exporter"]);
    expect(json(files, "messages/messages.json")).toEqual([
      expect.objectContaining({ conversationId: conv!.id, content: "my own message words" }),
    ]);
    const tokens = json(files, "sign-ins/tokens.json");
    expect(tokens.length).toBeGreaterThan(0);
    expect(JSON.stringify(tokens)).not.toContain(me.token);
    expect(json(files, "sign-ins/sessions.json")).toEqual([expect.objectContaining({ userAgent: "export-browser" })]);
    // The member's upload, byte for byte; not the stranger's.
    const ups = json(files, "uploads.json");
    expect(ups).toHaveLength(1);
    const file = files.get(ups[0].file);
    expect(file, ups[0].file).toBeDefined();
    expect(file!.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(file!.length).toBe(ups[0].size);
    const everything = [...files.values()].map((b) => b.toString("latin1")).join("\n");
    expect(everything).not.toContain("stranger private secret");
    expect(everything).not.toContain("the friend's reply words");
    expect(everything).not.toContain("friend's comment");
    expect([...files.keys()].filter((k) => k.startsWith("uploads/"))).toEqual([ups[0].file]);

    // Nobody else gets it: another member 404, anonymous 401, a made-up id 404.
    const other = await fetchArchive(ready.body.url, friend.token);
    expect(other.status).toBe(404);
    expect((await other.json()).code).toBe("not_found");
    expect((await fetchArchive(ready.body.url)).status).toBe(401);
    expect((await fetchArchive(`/api/users/me/export/${"A".repeat(43)}/download`, me.token)).status).toBe(404);
    expect((await fetchArchive("/api/users/me/export/..%2F..%2Fpglite/download", me.token)).status).toBe(404);
    expect((await state(friend)).body.status).toBe("none");
    expect((await state(null)).status).toBe(401);
    expect((await start(null)).status).toBe(401);

    // Once a day: a new request before 24 hours answers 429 with Retry-After.
    const soon = await start(me);
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe("rate_limited");
    expect(soon.body.error).toMatch(/new export of your data on/);
    const retry = Number(soon.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(23 * 3600);
    expect(retry).toBeLessThanOrEqual(24 * 3600);
    expect(soon.headers.get("ratelimit-limit")).toBe("1");
    expect(soon.headers.get("ratelimit-remaining")).toBe("0");
    const zh = await call(startExport, "/api/users/me/export", { method: "POST", token: me.token, headers: { "accept-language": "zh-CN" } });
    expect(zh.status).toBe(429);
    expect(zh.body.error).toMatch(/再次申请导出数据/);

    // After 48 hours the link is gone and the scheduler deletes the file.
    await db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.userId, me.id));
    const late = await fetchArchive(ready.body.url, me.token);
    expect(late.status).toBe(404);
    expect((await late.json()).error).toMatch(/expired/);
    expect((await state(me)).body.status).toBe("none");
    await runJob();
    expect(await exportFiles()).toEqual([]);
    const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, me.id));
    expect(row).toMatchObject({ status: "expired", fileName: null });
    expect((await fetchArchive(ready.body.url, me.token)).status).toBe(404);

    // A day after the last one, a new export may be asked for.
    await db
      .update(dataExports)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(dataExports.userId, me.id));
    const again = await start(me);
    expect(again.status).toBe(202);
    expect(again.body.status).toBe("pending");
    await runJob();
    expect((await state(me)).body.status).toBe("ready");
  });

  it("survives a restart: a running export whose maker stopped is taken over", async () => {
    const me = await makeUser();
    await db.insert(posts).values({ authorId: me.id, categoryId: (await makeCategory()).id, title: "Before the crash", content: "x" });
    // As a process that died mid-way leaves it: running, its lease run out.
    await db.insert(dataExports).values({
      userId: me.id,
      token: "B".repeat(43),
      status: "running",
      progress: 40,
      attempts: 1,
      claimedBy: "gone-host:1",
      lockedUntil: new Date(Date.now() - 1000),
      startedAt: new Date(Date.now() - 60_000),
    });
    expect((await state(me)).body).toMatchObject({ status: "running", progress: 40 });
    // Asking again while it runs answers the same one.
    expect((await start(me)).body).toMatchObject({ status: "running" });
    await runJob();
    const done = await state(me);
    expect(done.body.status).toBe("ready");
    const files = await entries(Buffer.from(await (await fetchArchive(done.body.url, me.token)).arrayBuffer()));
    expect(json(files, "posts.json")[0].title).toBe("Before the crash");
    const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, me.id));
    expect(row!.attempts).toBe(2);
  });

  it("reads in pages: the statements grow with the pages, not the rows", async () => {
    const cat = await makeCategory();
    const count = async (n: number) => {
      const u = await makeUser();
      if (n)
        await db
          .insert(posts)
          .values(Array.from({ length: n }, (_, i) => ({ authorId: u.id, categoryId: cat.id, title: `p${i}`, content: "c" })));
      await start(u);
      const before = dbStats.queries;
      await processDataExports();
      // Progress moves while it is made (read from the table, as another process would see it).
      const seen = new Set<number>();
      let polls = 0;
      const poll = setInterval(() => {
        polls++;
        void db
          .select({ p: dataExports.progress })
          .from(dataExports)
          .where(eq(dataExports.userId, u.id))
          .then(([r]) => r && seen.add(r.p));
      }, 5);
      await dataExportsSettled();
      clearInterval(poll);
      const used = dbStats.queries - before - polls;
      if (n > BATCH) expect([...seen].some((p) => p > 0 && p < 100), JSON.stringify([...seen])).toBe(true);
      const s = await state(u);
      expect(s.body.status).toBe("ready");
      const files = await entries(Buffer.from(await (await fetchArchive(s.body.url, u.token)).arrayBuffer()));
      expect(json(files, "posts.json")).toHaveLength(n);
      return used;
    };
    const few = await count(3);
    const many = await count(BATCH + 20);
    // One more page of posts (its read and its tags) and a progress write or two, not one per row (520 rows).
    expect(many - few).toBeLessThanOrEqual(8);
  });

  it("outside probes: staff get another member's archive no more than anyone (404); a read-only token and a cross-origin cookie cannot start one (403)", async () => {
    const me = await makeUser();
    await start(me);
    await runJob();
    const { url } = (await state(me)).body;
    for (const role of ["ADMIN", "MODERATOR"] as const) {
      const staff = await makeUser({ role });
      expect((await fetchArchive(url, staff.token)).status).toBe(404);
      expect((await state(staff)).body.status).toBe("none");
    }
    const reader = await makeUser({ scopes: ["read"] });
    expect((await start(reader)).status).toBe(403);
    expect((await state(reader)).status).toBe(200);
    const other = await makeUser();
    const { cookie } = await sessionCookie(other.id);
    const cross = await call(startExport, "/api/users/me/export", { method: "POST", headers: { cookie, origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    expect(await db.select().from(dataExports).where(eq(dataExports.userId, other.id))).toEqual([]);
    expect((await call(getExport, "/api/users/me/export", { token: "not-a-token" })).status).toBe(401);
  });

  it("deleting the account ends its exports: a made archive is deleted by the next pass, a waiting one fails", async () => {
    const me = await makeUser({ username: "export_leaver", password: "leaver-password" });
    await start(me);
    await runJob();
    const { url } = (await state(me)).body;
    expect(await exportFiles()).not.toEqual([]);
    const before = (await exportFiles()).length;
    const gone = await call(deleteMe, "/api/users/me", {
      method: "DELETE",
      token: me.token,
      body: { password: "leaver-password", content: "keep" },
    });
    expect(gone.status).toBe(200);
    await runJob();
    expect((await exportFiles()).length).toBe(before - 1);
    const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, me.id));
    expect(row).toMatchObject({ status: "expired", fileName: null });
    expect((await fetchArchive(url, me.token)).status).toBe(401);
  });

  it("a failed export can be asked for again at once", async () => {
    const me = await makeUser();
    await db.insert(dataExports).values({ userId: me.id, token: "C".repeat(43), status: "failed", error: "disk full" });
    expect((await state(me)).body).toMatchObject({ status: "failed", nextRequestAt: null, url: null });
    const r = await start(me);
    expect(r.status).toBe(202);
    expect(r.body.status).toBe("pending");
  });

  it("is cut when the member is deleted", async () => {
    const me = await makeUser();
    await start(me);
    await db.delete(users).where(eq(users.id, me.id));
    expect(await db.select().from(dataExports).where(eq(dataExports.userId, me.id))).toEqual([]);
  });
});
