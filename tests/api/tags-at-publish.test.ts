import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { postTags, posts, tags, users } from "@/db/schema";
import { POST as create } from "@/app/api/posts/route";
import { PUT as update } from "@/app/api/posts/[id]/route";
import { errorSchema, postSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

// a new tag is created only when a post carrying it is saved, and only by members allowed
// to create tags (staff, members from TAG_CREATE_MIN_LEVEL, default 1): an abandoned draft or a refused
// post leaves no tag behind.

let catId: number, existing: { id: number; name: string };
let veteran: TestUser, newcomer: TestUser, mod: TestUser;

beforeAll(async () => {
  catId = (await makeCategory()).id;
  existing = await makeTag("Photography-Gear");
  [veteran, newcomer, mod] = await Promise.all([makeUser(), makeUser(), makeUser({ role: "MODERATOR" })]);
  await db.update(users).set({ experience: 150 }).where(eq(users.id, veteran.id));
});

const tagRow = async (name: string) =>
  db
    .select()
    .from(tags)
    .where(eq(sql`lower(${tags.name})`, name.toLowerCase()));
const postAs = (u: TestUser, o: Record<string, unknown>) =>
  call(create, "/api/posts", {
    token: u.token,
    body: { title: "Tags at publish", content: "Body", categoryId: catId, tagIds: [], ...o },
  });
const postCount = async () => Number((await db.select({ n: sql<number>`count(*)` }).from(posts))[0]!.n);

describe("newTags on POST /api/posts", () => {
  it("a member allowed to create tags publishes with a new one: it exists now, with its creator, on the post", async () => {
    const r = await postAs(veteran, { newTags: ["Darkroom"] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const post = postSchema.parse(r.body);
    expect(post.tags.map((t) => t.name)).toEqual(["Darkroom"]);
    const [row] = await tagRow("darkroom");
    expect(row).toMatchObject({ name: "Darkroom", creatorId: veteran.id });

    // The same name again, in another case, is the same tag.
    const again = await postAs(newcomer, { newTags: ["darkroom"] });
    expect(again.status).toBe(201);
    expect(again.body.tags.map((t: { id: number }) => t.id)).toEqual([row!.id]);
    expect(await tagRow("darkroom")).toHaveLength(1);
  });

  it("a brand-new account cannot create tags: 403 on newTags, and neither the tag nor the post is written", async () => {
    const before = await postCount();
    const r = await postAs(newcomer, { tagIds: [existing.id], newTags: ["my-own-tag"] });
    expect(r.status).toBe(403);
    expect(errorSchema.parse(r.body)).toMatchObject({ field: "newTags" });
    expect(await tagRow("my-own-tag")).toEqual([]);
    expect(await postCount()).toBe(before);
    // Naming an existing tag is fine for them (it is reused, not created).
    const ok = await postAs(newcomer, { newTags: ["photography-gear"] });
    expect(ok.status).toBe(201);
    expect(ok.body.tags.map((t: { id: number }) => t.id)).toEqual([existing.id]);
  });

  it("staff create tags whatever their level", async () => {
    const r = await postAs(mod, { newTags: ["Announcements-2027"] });
    expect(r.status).toBe(201);
    expect(await tagRow("announcements-2027")).toHaveLength(1);
  });

  it("a post that is refused for any other reason leaves no tag behind", async () => {
    const r = await postAs(veteran, { categoryId: 999_999, newTags: ["orphan-tag"] });
    expect(r.status).toBe(400);
    expect(await tagRow("orphan-tag")).toEqual([]);
  });

  it("validates the tag count across tagIds and newTags (at most 5; the least is the admin's setting, tests/api/tag-rules.test.ts)", async () => {
    expect((await postAs(veteran, { newTags: ["a1", "a2", "a3", "a4", "a5", "a6"] })).status).toBe(400);
    expect((await postAs(veteran, { tagIds: [existing.id], newTags: ["b1", "b2", "b3", "b4", "b5"] })).status).toBe(400);
    expect((await postAs(veteran, { newTags: ["  "] })).status).toBe(400);
    expect((await postAs(veteran, { newTags: ["x".repeat(65)] })).status).toBe(400);
    expect(await tagRow("a1")).toEqual([]);
  });
});

describe("newTags on PUT /api/posts/{id}", () => {
  it("an edit can add a new tag; it needs the full list in tagIds", async () => {
    const r = await postAs(veteran, { tagIds: [existing.id] });
    const id = String(r.body.id);
    const put = (body: unknown) => call(update, `/api/posts/${id}`, { method: "PUT", token: veteran.token, params: { id }, body });
    expect((await put({ newTags: ["Film"] })).status).toBe(400);
    const ok = await put({ tagIds: [existing.id], newTags: ["Film"] });
    expect(ok.status).toBe(200);
    expect(ok.body.tags.map((t: { name: string }) => t.name).sort()).toEqual(["Film", "Photography-Gear"]);
    const film = (await tagRow("film"))[0]!;
    expect(await db.select().from(postTags).where(eq(postTags.tagId, film.id))).toHaveLength(1);
  });
});
