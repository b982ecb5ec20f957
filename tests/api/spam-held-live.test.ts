// Issue 58, follow-ups of the held comments (migration 0056): a comment held for review at insert sends
// no live event to readers, and the "comment" event when it is let through; the one-time recount of every
// post's comment_count / last_reply_at with recountComments' rule. Both databases (npm test runs both).
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { db, rawRows } from "@/db";
import { comments, posts } from "@/db/schema";
import { eventHub } from "@/lib/live/events";
import { liveEventSchema } from "@/lib/validation/events";
import { elapse } from "../time";
import { closeStreams, stream } from "./live-helpers";
import { category, comment, member, post, resolveCommentFlag, watch } from "./spam-helpers";

afterAll(async () => {
  await closeStreams();
  await eventHub.close();
});

describe("live events of a held comment (migration 0056)", () => {
  it("a comment held at insert reaches no reader's stream; let through, it arrives as a new comment", async () => {
    const author = await member(1);
    const regular = await member(1);
    const spammer = await member(0);
    const reader = await member(1);
    await watch("livecasino", "REQUIRE_APPROVAL");
    const p = (await post(author)).body;
    const streams = [await stream(), await stream(reader), await stream(author)];

    const held = await comment(spammer, p.id, "Try livecasino today");
    expect(held.status).toBe(201);
    expect(held.body.status).toBe("PENDING");
    // A visible comment after it: once every stream has it, the held one would have arrived before.
    const later = await comment(regular, p.id, "A real answer");
    expect(later.body.status).not.toBe("PENDING");
    for (const s of streams) await s.waitFor((e) => e.type === "comment" && e.commentId === later.body.id);
    await elapse(200, "and an announcement of the held one made late, out of that order, would show");
    for (const s of streams) expect(s.events.filter((e) => e.commentId === held.body.id)).toEqual([]);

    await resolveCommentFlag(held.body.id);
    for (const s of streams) {
      const e = await s.waitFor((x) => x.commentId === held.body.id);
      expect(liveEventSchema.parse(e)).toMatchObject({
        type: "comment",
        postId: p.id,
        commentId: held.body.id,
        parentId: null,
        actorId: spammer.id,
      });
    }
    await elapse(200, "time for a second (wrong) event about it to arrive");
    // Exactly one event for it: the "comment" of its approval.
    for (const s of streams) expect(s.events.filter((e) => e.commentId === held.body.id).map((e) => e.type)).toEqual(["comment"]);
  });

  it("hiding a visible comment is still a comment_changed, and lifting the hide a comment; a deleted hidden comment is a comment_changed", async () => {
    const author = await member(1);
    const u = await member(1);
    const p = (await post(author)).body;
    const s = await stream();
    const c = (await comment(u, p.id, "Plain words")).body;
    await s.waitFor((e) => e.type === "comment" && e.commentId === c.id);
    await db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, c.id));
    await s.waitFor((e) => e.type === "comment_changed" && e.commentId === c.id);
    await db.update(comments).set({ hiddenAt: null }).where(eq(comments.id, c.id));
    await vi.waitFor(() =>
      expect(s.events.filter((e) => e.commentId === c.id).map((e) => e.type)).toEqual(["comment", "comment_changed", "comment"]),
    );

    const d = (await comment(u, p.id, "Other words")).body;
    await db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, d.id));
    await db.update(comments).set({ hiddenAt: null, deletedAt: new Date() }).where(eq(comments.id, d.id));
    await vi.waitFor(() =>
      expect(s.events.filter((e) => e.commentId === d.id).map((e) => e.type)).toEqual(["comment", "comment_changed", "comment_changed"]),
    );
  });
});

/** The recount statement of migration 0056, as the migration runs it. */
function recountStatement(): string {
  const file = readFileSync(path.join(process.cwd(), "db/migrations/0056_visible_comment_counts.sql"), "utf8");
  const stmts = file.split("--> statement-breakpoint").filter((s) => /^\s*UPDATE "posts"/m.test(s));
  expect(stmts).toHaveLength(1);
  return stmts[0]!;
}

describe("the one-time recount of every post's figures (migration 0056)", () => {
  it("sets comment_count and last_reply_at from the comments every reader may read; leaves right rows untouched", async () => {
    const author = await member(1);
    const u = await member(1);
    const categoryId = await category();
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 12, m));
    const mk = async (o: { count: number; last: Date }) => {
      const [p] = await db
        .insert(posts)
        .values({
          title: "recount",
          content: "body",
          authorId: author.id,
          categoryId,
          createdAt: at(0),
          commentCount: o.count,
          lastReplyAt: o.last,
        })
        .returning({ id: posts.id });
      return p!.id;
    };
    const add = (postId: number, m: number, o: { hidden?: boolean; deleted?: boolean } = {}) =>
      db.insert(comments).values({
        postId,
        authorId: u.id,
        content: "c",
        createdAt: at(m),
        hiddenAt: o.hidden ? at(m) : null,
        deletedAt: o.deleted ? at(m + 1) : null,
      });

    // Counted with its hidden and deleted comments, and the hidden one as its latest reply.
    const mixed = await mk({ count: 4, last: at(40) });
    await add(mixed, 10);
    await add(mixed, 20);
    await add(mixed, 30, { deleted: true });
    await add(mixed, 40, { hidden: true });
    // Only a held comment: nothing to count, the latest reply is the post itself.
    const onlyHeld = await mk({ count: 1, last: at(5) });
    await add(onlyHeld, 5, { hidden: true });
    // A count too low (a comment shown again without a recount).
    const low = await mk({ count: 0, last: at(0) });
    await add(low, 7);
    // Already right, and one without comments: not rewritten.
    const right = await mk({ count: 1, last: at(15) });
    await add(right, 15);
    await add(right, 16, { hidden: true });
    const none = await mk({ count: 0, last: at(0) });

    const ids = [mixed, onlyHeld, low, right, none];
    const read = () =>
      rawRows<{ id: number; n: number; last: string; version: string }>(
        db,
        sql`select id, comment_count as n, to_char(last_reply_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as last, xmin::text as version
            from posts where id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )}) order by id`,
      );
    const before = await read();

    await db.execute(sql.raw(recountStatement()));

    const after = await read();
    const byId = new Map(after.map((r) => [r.id, r]));
    expect(byId.get(mixed)).toMatchObject({ n: 2, last: "2026-01-01T12:20" });
    expect(byId.get(onlyHeld)).toMatchObject({ n: 0, last: "2026-01-01T12:00" });
    expect(byId.get(low)).toMatchObject({ n: 1, last: "2026-01-01T12:07" });
    expect(byId.get(right)).toMatchObject({ n: 1, last: "2026-01-01T12:15" });
    expect(byId.get(none)).toMatchObject({ n: 0, last: "2026-01-01T12:00" });
    const version = (rows: typeof before, id: number) => rows.find((r) => r.id === id)!.version;
    for (const id of [right, none]) expect(version(after, id), "a right row is not rewritten").toBe(version(before, id));
    for (const id of [mixed, onlyHeld, low]) expect(version(after, id)).not.toBe(version(before, id));

    // A second run finds nothing to change.
    await db.execute(sql.raw(recountStatement()));
    expect(await read()).toEqual(after);
  });
});
