import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/db";
import { comments, posts } from "@/db/schema";
import { GET as suggest } from "@/app/api/users/suggest/route";
import { errorSchema } from "@/lib/validation/responses";
import { userSuggestionSchema } from "@/lib/validation/search";
import { call, makeCategory, makeUser, type TestUser } from "../helpers";

const list = z.array(userSuggestionSchema);
const names = (b: { username: string }[]) => b.map((u) => u.username);

describe("GET /api/users/suggest (@ mentions)", () => {
  // A random stem keeps these members apart from any other test's.
  const stem = `al${Math.random().toString(36).slice(2, 6)}`;
  let alice: TestUser, alfred: TestUser, alina: TestUser, albert: TestUser, bob: TestUser;
  let open: number, hidden: number;

  beforeAll(async () => {
    alice = await makeUser({ username: `${stem}_alice` });
    alfred = await makeUser({ username: `${stem}_Alfred` });
    alina = await makeUser({ username: `${stem}_alina` });
    albert = await makeUser({ username: `${stem}_albert` });
    bob = await makeUser({ username: `${stem}x_bob` });
    const categoryId = (await makeCategory()).id;
    [{ id: open }] = (await db
      .insert(posts)
      .values({ title: "t", content: "c", authorId: alina.id, categoryId })
      .returning({ id: posts.id })) as [{ id: number }];
    [{ id: hidden }] = (await db
      .insert(posts)
      .values({ title: "t", content: "c", authorId: albert.id, categoryId, visibleScope: "ONLY_ME" })
      .returning({ id: posts.id })) as [{ id: number }];
    await db.insert(comments).values([
      { postId: open, authorId: alfred.id, content: "hi" },
      { postId: hidden, authorId: alfred.id, content: "hi" },
    ]);
  });

  it("matches the prefix case-insensitively, by name, and nothing that merely contains it", async () => {
    const r = await call(suggest, `/api/users/suggest?prefix=${stem.toUpperCase()}_AL`);
    expect(r.status).toBe(200);
    const body = list.parse(r.body);
    expect(names(body)).toEqual(
      [alfred.username, alice.username, alina.username, albert.username].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(body.every((u) => !u.inThread)).toBe(true);
    expect(names(list.parse((await call(suggest, `/api/users/suggest?prefix=_alice`)).body))).not.toContain(alice.username);
  });

  it("puts the post's author and commenters first", async () => {
    const r = await call(suggest, `/api/users/suggest?prefix=${stem}_al&postId=${open}`, { token: bob.token });
    const body = list.parse(r.body);
    expect(names(body).slice(0, 2)).toEqual([alfred.username, alina.username]);
    expect(body.slice(0, 2).every((u) => u.inThread)).toBe(true);
    expect(body.slice(2).every((u) => !u.inThread)).toBe(true);
    expect(body).toHaveLength(4);
  });

  it("ignores a post the caller may not see, so its participants do not leak", async () => {
    const r = await call(suggest, `/api/users/suggest?prefix=${stem}_al&postId=${hidden}`, { token: bob.token });
    expect(list.parse(r.body).every((u) => !u.inThread)).toBe(true);
    const own = await call(suggest, `/api/users/suggest?prefix=${stem}_al&postId=${hidden}`, { token: albert.token });
    expect(
      list
        .parse(own.body)
        .filter((u) => u.inThread)
        .map((u) => u.username)
        .sort(),
    ).toEqual([alfred.username, albert.username].sort());
  });

  it("honours limit, and treats % and _ as plain characters", async () => {
    expect(list.parse((await call(suggest, `/api/users/suggest?prefix=${stem}&limit=2`)).body)).toHaveLength(2);
    expect(list.parse((await call(suggest, `/api/users/suggest?prefix=${stem}%25`)).body)).toEqual([]);
    expect(names(list.parse((await call(suggest, `/api/users/suggest?prefix=${stem}x_`)).body))).toEqual([bob.username]);
  });

  it("answers 400 with the docs/api.md error body for a missing or bad parameter", async () => {
    for (const q of ["", "?prefix=", "?prefix=%20%20", `?prefix=a&postId=abc`, `?prefix=a&limit=0`, `?prefix=${"a".repeat(65)}`]) {
      const r = await call(suggest, `/api/users/suggest${q}`);
      expect(r.status, q).toBe(400);
      expect(errorSchema.safeParse(r.body).success, q).toBe(true);
    }
  });
});
