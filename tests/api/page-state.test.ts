import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { eq } from "drizzle-orm";
import { comments, notifications, posts, userVisits, type VisibleScope } from "@/db/schema";
import { GET as pageState } from "@/app/api/users/me/page-state/route";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { touchVisit } from "@/lib/services/reads";
import { errorSchema } from "@/lib/validation/responses";
import { pageStateSchema } from "@/lib/validation/users";
import { call, makeCategory, makeUser, type TestUser } from "../helpers";

// GET /api/users/me/page-state: what a members' shared list page (served from the page cache to
// every member) fills in for the member in the browser: header and unread marks.
const tick = () => new Promise((r) => setTimeout(r, 15));

async function makePost(author: TestUser, categoryId: number, visibleScope: VisibleScope = "ALL"): Promise<number> {
  const [p] = await db.insert(posts).values({ title: "t", content: "c", authorId: author.id, categoryId, visibleScope }).returning({ id: posts.id });
  await tick();
  return p!.id;
}

const ask = (u: TestUser | null, ids: number[], visit = true) =>
  call(pageState as never, `/api/users/me/page-state?visit=${visit ? 1 : 0}${ids.map((i) => `&postIds=${i}`).join("")}`, u ? { token: u.token } : {});

describe("GET /api/users/me/page-state", () => {
  it("gives the member's header and the unread marks of the posts they may see, and nothing of the others", async () => {
    const alice = await makeUser();
    const bob = await makeUser();
    const cat = (await makeCategory()).id;
    const read = await makePost(bob, cat);
    await touchVisit(alice.id);
    await tick();
    // Alice opens `read`, then two comments by Bob arrive; `fresh` and Bob's private post come after her visit.
    expect((await call(getPost as never, `/api/posts/${read}`, { token: alice.token, params: { id: String(read) } })).status).toBe(200);
    await tick();
    await db.insert(comments).values([{ postId: read, authorId: bob.id, content: "1" }, { postId: read, authorId: bob.id, content: "2" }]);
    const fresh = await makePost(bob, cat);
    const secret = await makePost(bob, cat, "ONLY_ME");
    await db.insert(notifications).values({ userId: alice.id, type: "COMMENT_REPLY", fromUserId: bob.id, postId: read });

    const r = await ask(alice, [read, fresh, secret], false);
    expect(r.status).toBe(200);
    const s = pageStateSchema.parse(r.body);
    expect(s.me).toMatchObject({ username: alice.username, point: expect.any(Number) });
    expect(s.unreadNotifications).toBe(1);
    expect(new Map(s.marks.map((m) => [m.postId, m]))).toEqual(
      new Map([
        [read, { postId: read, newComments: 2, isNew: false }],
        [fresh, { postId: fresh, newComments: 0, isNew: true }],
      ]),
    );
  });

  it("counts as the member's visit only with visit=1", async () => {
    const carol = await makeUser();
    const seen = async () => (await db.select().from(userVisits).where(eq(userVisits.userId, carol.id))).length;
    expect((await ask(carol, [], false)).status).toBe(200);
    expect(await seen()).toBe(0);
    expect((await ask(carol, [], true)).status).toBe(200);
    expect(await seen()).toBe(1);
  });

  it("needs a signed-in caller and refuses bad ids with the API error body", async () => {
    const anon = await ask(null, [1]);
    expect(anon.status).toBe(401);
    expect(errorSchema.parse(anon.body).code).toBe("unauthorized");
    const u = await makeUser();
    const bad = await call(pageState as never, "/api/users/me/page-state?postIds=abc", { token: u.token });
    expect(bad.status).toBe(400);
    expect(errorSchema.parse(bad.body).field).toMatch(/^postIds/);
    const many = await ask(u, Array.from({ length: 51 }, (_, i) => i + 1));
    expect(many.status).toBe(400);
    const empty = await ask(u, []);
    expect(empty.status).toBe(200);
    expect(pageStateSchema.parse(empty.body).marks).toEqual([]);
  });
});
