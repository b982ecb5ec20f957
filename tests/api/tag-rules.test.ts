import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { auditLogs, posts, postTags, siteSettings, tags, users } from "@/db/schema";
import { POST as create } from "@/app/api/posts/route";
import { PUT as update } from "@/app/api/posts/[id]/route";
import { POST as createTagRoute } from "@/app/api/tags/route";
import { GET as getConfig, PUT as putConfig } from "@/app/api/admin/config/route";
import { errorSchema, postSchema, siteConfigSchema } from "@/lib/validation/responses";
import { editorTagRules } from "@/lib/services/taxonomy/tags";
import { asViewer, call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

// tags are optional by default; an admin sets the least number of tags a post needs
// (site_settings.min_post_tags) and who may create new tags (EVERYONE, LEVEL from a level, STAFF).

let catId: number, tagA: number, tagB: number;
let admin: TestUser, mod: TestUser, newcomer: TestUser, veteran: TestUser;

beforeAll(async () => {
  catId = (await makeCategory()).id;
  [tagA, tagB] = [(await makeTag()).id, (await makeTag()).id];
  [admin, mod, newcomer, veteran] = await Promise.all([
    makeUser({ role: "ADMIN" }),
    makeUser({ role: "MODERATOR" }),
    makeUser(),
    makeUser(),
  ]);
  // Level 2 (200 experience points).
  await db.update(users).set({ experience: 250 }).where(eq(users.id, veteran.id));
});

const setRules = (body: Record<string, unknown>, who: TestUser = admin) =>
  call(putConfig, "/api/admin/config", { method: "PUT", token: who.token, body });
const postAs = (u: TestUser, o: Record<string, unknown> = {}) =>
  call(create, "/api/posts", { token: u.token, body: { title: "Tag rules", content: "Body", categoryId: catId, ...o } });
const tagNamed = (name: string) =>
  db
    .select()
    .from(tags)
    .where(eq(sql`lower(${tags.name})`, name.toLowerCase()));
const postsBy = (u: TestUser) => db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, u.id));

describe("defaults", () => {
  it("a fresh site asks for no tags: a post without tagIds (or with none) is published, with no tags", async () => {
    const cfg = siteConfigSchema.parse((await call(getConfig, "/api/admin/config", { token: admin.token })).body);
    expect(cfg).toMatchObject({ minPostTags: 0, tagCreators: "LEVEL", tagCreateMinLevel: 1 });

    const omitted = await postAs(newcomer);
    expect(omitted.status, JSON.stringify(omitted.body)).toBe(201);
    expect(postSchema.parse(omitted.body).tags).toEqual([]);
    const empty = await postAs(newcomer, { tagIds: [] });
    expect(empty.status).toBe(201);
    expect(await db.select().from(postTags).where(eq(postTags.postId, empty.body.id))).toEqual([]);
    // The upper bound stays: at most 5 tags.
    const six = await postAs(newcomer, { tagIds: [tagA, tagB], newTags: ["n1", "n2", "n3", "n4"] });
    expect(six.status).toBe(400);
    expect(errorSchema.parse(six.body).field).toBe("tagIds");
  });

  it("an edit may take every tag off while tags are optional", async () => {
    const r = await postAs(newcomer, { tagIds: [tagA] });
    const id = String(r.body.id);
    const put = await call(update, `/api/posts/${id}`, { method: "PUT", token: newcomer.token, params: { id }, body: { tagIds: [] } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.tags).toEqual([]);
  });
});

describe("minimum number of tags", () => {
  it("only admins set it, 0 to 5; a bad value is a 400 with the field and changes nothing", async () => {
    expect((await setRules({ minPostTags: 2 }, mod)).status).toBe(403);
    for (const minPostTags of [-1, 6, 1.5, "2"]) {
      const r = await setRules({ minPostTags });
      expect(r.status).toBe(400);
      expect(errorSchema.parse(r.body)).toMatchObject({ code: "validation_failed", field: "minPostTags" });
    }
    expect((await setRules({ tagCreators: "ROBOTS" })).body.field).toBe("tagCreators");
    expect((await setRules({ tagCreateMinLevel: 7 })).body.field).toBe("tagCreateMinLevel");
    const [row] = await db.select({ n: siteSettings.minPostTags }).from(siteSettings);
    expect(row?.n ?? 0).toBe(0);
  });

  it("with 2 required, a post with fewer is refused (400 on tagIds, in words, nothing written); 2 pass; audited", async () => {
    const r = await setRules({ minPostTags: 2 });
    expect(r.status).toBe(200);
    expect(r.body.minPostTags).toBe(2);
    const before = (await postsBy(veteran)).length;

    for (const o of [{}, { tagIds: [tagA] }, { newTags: ["lonely-new-tag"] }]) {
      const refused = await postAs(veteran, o);
      expect(refused.status, JSON.stringify(o)).toBe(400);
      expect(errorSchema.parse(refused.body)).toMatchObject({
        error: "Add at least 2 tags to the post",
        code: "validation_failed",
        field: "tagIds",
        issues: [{ path: ["tagIds"], message: "Add at least 2 tags to the post" }],
      });
    }
    // The refused post's new tag was not created either (one transaction).
    expect(await tagNamed("lonely-new-tag")).toEqual([]);
    expect((await postsBy(veteran)).length).toBe(before);
    // A tag named twice (by id and by name) counts once.
    const [a] = await db.select({ name: tags.name }).from(tags).where(eq(tags.id, tagA));
    expect((await postAs(veteran, { tagIds: [tagA], newTags: [a!.name.toUpperCase()] })).status).toBe(400);

    const ok = await postAs(veteran, { tagIds: [tagA], newTags: ["second-tag"] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.tags).toHaveLength(2);

    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "settings.update"), eq(auditLogs.actorId, admin.id)))
      .orderBy(asc(auditLogs.id));
    expect(entry).toMatchObject({ before: { minPostTags: 0 }, after: { minPostTags: 2 } });
  });

  it("an edit that leaves too few tags is refused; an edit that does not touch tags is not", async () => {
    const r = await postAs(veteran, { tagIds: [tagA, tagB] });
    const id = String(r.body.id);
    const put = (body: unknown) => call(update, `/api/posts/${id}`, { method: "PUT", token: veteran.token, params: { id }, body });
    const fewer = await put({ tagIds: [tagB] });
    expect(fewer.status).toBe(400);
    expect(fewer.body).toMatchObject({ code: "validation_failed", field: "tagIds" });
    expect(
      (
        await db
          .select()
          .from(postTags)
          .where(eq(postTags.postId, Number(id)))
      ).length,
    ).toBe(2);
    expect((await put({ title: "Renamed" })).status).toBe(200);
  });

  it("the editor is told the rule before Publish", async () => {
    expect(await editorTagRules(asViewer(veteran))).toMatchObject({ minTags: 2 });
    expect((await setRules({ minPostTags: 0 })).status).toBe(200);
    expect(await editorTagRules(asViewer(veteran))).toMatchObject({ minTags: 0 });
  });
});

describe("who may create tags", () => {
  const viewer = asViewer;

  it("LEVEL (default, level 1): a newcomer picks existing tags only (403 on newTags), a level-2 member creates", async () => {
    const refused = await postAs(newcomer, { newTags: ["newcomer-made"] });
    expect(refused.status).toBe(403);
    expect(errorSchema.parse(refused.body)).toMatchObject({
      code: "forbidden",
      field: "newTags",
      error: "New tags are created by members from level 1, and moderators; pick existing tags",
    });
    expect(await tagNamed("newcomer-made")).toEqual([]);
    expect((await postAs(veteran, { newTags: ["veteran-made"] })).status).toBe(201);
    expect(await editorTagRules(viewer(newcomer))).toMatchObject({ canCreate: false, creators: "members from level 1, and moderators" });
    expect(await editorTagRules(viewer(veteran))).toMatchObject({ canCreate: true });

    // Raising the level to 3 stops the level-2 member too (posting earned experience: back to 250).
    await db.update(users).set({ experience: 250 }).where(eq(users.id, veteran.id));
    expect((await setRules({ tagCreateMinLevel: 3 })).status).toBe(200);
    expect((await postAs(veteran, { newTags: ["veteran-made-2"] })).status).toBe(403);
    expect(await tagNamed("veteran-made-2")).toEqual([]);
  });

  it("EVERYONE: a brand-new member creates tags, with a post and with POST /api/tags", async () => {
    expect((await setRules({ tagCreators: "EVERYONE" })).status).toBe(200);
    const r = await postAs(newcomer, { newTags: ["everyone-made"] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await tagNamed("everyone-made"))[0]).toMatchObject({ creatorId: newcomer.id });
    const direct = await call(createTagRoute, "/api/tags", {
      token: newcomer.token,
      body: { name: "direct-everyone", description: "made directly" },
    });
    expect(direct.status).toBe(201);
    expect(await editorTagRules(viewer(newcomer))).toMatchObject({ canCreate: true, creators: "every member" });
  });

  it("STAFF: members, whatever their level, pick existing tags; moderators create", async () => {
    expect((await setRules({ tagCreators: "STAFF" })).status).toBe(200);
    await db.update(users).set({ experience: 100_000 }).where(eq(users.id, veteran.id));
    const refused = await postAs(veteran, { tagIds: [tagA], newTags: ["staff-only-try"] });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      field: "newTags",
      error: "New tags are created by moderators and admins only; pick existing tags",
    });
    const direct = await call(createTagRoute, "/api/tags", {
      token: veteran.token,
      body: { name: "staff-only-direct", description: "x" },
    });
    expect(direct.status).toBe(403);
    expect(await tagNamed("staff-only-try")).toEqual([]);
    expect(await tagNamed("staff-only-direct")).toEqual([]);
    // An existing tag named by a member is reused, not created: allowed.
    expect((await postAs(veteran, { newTags: ["everyone-made"] })).status).toBe(201);

    expect((await postAs(mod, { newTags: ["mod-made"] })).status).toBe(201);
    expect(await tagNamed("mod-made")).toHaveLength(1);
    expect(await editorTagRules(viewer(veteran))).toMatchObject({ canCreate: false, creators: "moderators and admins only" });
    expect(await editorTagRules(viewer(mod))).toMatchObject({ canCreate: true });
  });
});
