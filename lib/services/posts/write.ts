// Writing a post: create, edit (one change log per changed field), delete.
import "server-only";
import { renderForStore, storeHtml } from "@/lib/services/content/stored-html";
import { asc, eq, inArray } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { categories, posts, postTags, tags, users, type CategorySnapshot, type PostStatus, type TagSnapshot } from "@/db/schema";
import { badRequest, msg } from "@/lib/errors";
import { assertCanSeePost, assertNotRejected, assertOnPost, isModerator } from "@/lib/permissions";
import { actingOn } from "@/lib/permissions/category-moderators";
import { assertCategoryAction, assertCategoryVisible } from "@/lib/permissions/category-access";
import { categorySnapshot, tagSnapshot, writeChangeLogs, type NewChangeLog } from "@/lib/services/shared/change-logs";
import { createLottery } from "@/lib/services/posts/lotteries";
import { auditPost } from "@/lib/services/shared/audit";
import { extractMentions, notifyMentions, withdrawHiddenMentions } from "@/lib/services/shared/mentions";
import { notifyWatchers } from "@/lib/services/shared/watchers";
import { notifyFollowersOfPost } from "@/lib/services/shared/follower-notices";
import { notify } from "@/lib/services/shared/notification-writer";
import { resolveNewTags } from "@/lib/services/taxonomy/tags";
import { applyPoints, earnExperience, POINTS, refreshMedal, takeDailySlot } from "@/lib/services/points/points";
import { createPoll } from "@/lib/services/posts/polls";
import { loadPost } from "@/lib/services/posts/loader";
import { hitSiteRateLimit } from "@/lib/limits/rate-limit";
import { assertMayWrite } from "@/lib/services/auth/verification";
import { getPublishMode, getTagRules } from "@/lib/services/shared/site-settings";
import type { PostDto } from "@/lib/validation/responses";
import type { CreatePostInput, UpdatePostInput } from "@/lib/validation/posts";
import type { Viewer } from "@/lib/viewer";
import { afterCommit } from "@/lib/changes/announce";
import { postChanged, postCreated } from "@/lib/changes/written";
import { accessRow } from "@/lib/services/posts/access";
import { applyScreen, screenContent, silencedChanges } from "@/lib/services/spam/screen";

async function categoryOr400(tx: DbOrTx, id: number): Promise<CategorySnapshot> {
  const [c] = await tx
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      icon: categories.icon,
      smallIcon: categories.smallIcon,
    })
    .from(categories)
    .where(eq(categories.id, id));
  if (!c) throw badRequest(msg("categoryMissing", { id }), "categoryId");
  return categorySnapshot(c);
}

/** The admin's least number of tags (site settings minPostTags; 0: tags are optional): 400 on `tagIds` below it. */
async function assertEnoughTags(tx: DbOrTx, count: number): Promise<void> {
  const { minPostTags } = await getTagRules(tx);
  if (count < minPostTags) throw badRequest(msg("minPostTags", { count: minPostTags }), "tagIds");
}

async function tagsOr400(tx: DbOrTx, ids: number[]): Promise<TagSnapshot[]> {
  if (!ids.length) return [];
  const rows = await tx.select().from(tags).where(inArray(tags.id, ids)).orderBy(asc(tags.id));
  if (rows.length !== new Set(ids).size) {
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    throw badRequest(msg("tagsMissing", { ids: missing.join(", ") }), "tagIds");
  }
  return rows.map(tagSnapshot);
}

async function currentTags(tx: DbOrTx, postId: number): Promise<TagSnapshot[]> {
  const rows = await tx
    .select({
      id: tags.id,
      name: tags.name,
      description: tags.description,
      icon: tags.icon,
      smallIcon: tags.smallIcon,
      createdAt: tags.createdAt,
    })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(eq(postTags.postId, postId))
    .orderBy(asc(tags.id));
  return rows.map(tagSnapshot);
}

/** POST_REVIEW_REQUEST to every moderator and admin (the author excluded by notify). */
async function requestReview(tx: DbOrTx, postId: number, authorId: number): Promise<void> {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, ["MODERATOR", "ADMIN"]));
  await notify(
    tx,
    staff.map((s) => ({ userId: s.id, type: "POST_REVIEW_REQUEST" as const, fromUserId: authorId, postId })),
  );
}

/** POST /api/posts: the post, its tags, poll or lottery, points, experience and notifications in one transaction. */
export async function createPost(viewer: Viewer, input: CreatePostInput): Promise<PostDto> {
  await assertMayWrite(viewer.id);
  await hitSiteRateLimit(`post:${viewer.id}`, "posts");
  const screen = await screenContent(viewer, { kind: "post", fields: { title: input.title, content: input.content } });
  const mode = await getPublishMode();
  const status: PostStatus = mode === "REVIEW" || screen.hold ? "PENDING" : "PUBLISHED";
  // Rendered in a worker before the transaction, stored with the text (lib/services/content/stored-html.ts).
  const html = await renderForStore(input.content);
  let medalChanged = false;
  let silenced = false;
  const id = await afterCommit(
    db.transaction(async (tx) => {
      await categoryOr400(tx, input.categoryId);
      await assertCategoryAction(viewer, input.categoryId, "post", tx);
      const tagIds = [...new Set([...input.tagIds, ...(await resolveNewTags(tx, viewer, input.newTags ?? []))])];
      await tagsOr400(tx, tagIds);
      await assertEnoughTags(tx, tagIds.length);
      const now = new Date();
      const [row] = await tx
        .insert(posts)
        .values({
          title: input.title,
          content: input.content,
          authorId: viewer.id,
          categoryId: input.categoryId,
          type: input.type,
          status,
          visibleScope: input.visibleScope,
          createdAt: now,
          lastReplyAt: now,
          updatedAt: now,
        })
        .returning({ id: posts.id });
      const postId = row!.id;
      await storeHtml(tx, "posts", postId, html);
      silenced = await applyScreen(tx, screen, { postId });
      if (tagIds.length) await tx.insert(postTags).values(tagIds.map((tagId) => ({ postId, tagId })));
      if (input.type === "POLL" && input.poll) await createPoll(tx, postId, input.poll);
      if (input.type === "LOTTERY" && input.lottery) await createLottery(tx, postId, input.lottery);

      let pointReward = 0;
      if (await takeDailySlot(tx, viewer.id, "points:post", POINTS.postDailyCap)) {
        await applyPoints(tx, { userId: viewer.id, type: "POST", amount: POINTS.post, postId });
        pointReward = POINTS.post;
      }
      const reward = await earnExperience(tx, viewer.id, "post");
      await tx.update(posts).set({ reward, pointReward }).where(eq(posts.id, postId));

      if (status === "PENDING") await requestReview(tx, postId, viewer.id);
      else {
        const mentioned = await notifyMentions(tx, { content: input.content, actorId: viewer.id, postId });
        await notifyFollowersOfPost(tx, { postId, authorId: viewer.id, skip: mentioned });
        await notifyWatchers(tx, postId);
      }
      medalChanged = await refreshMedal(tx, viewer.id);
      return postId;
    }),
    (postId) => [...postCreated({ id: postId, authorId: viewer.id }, medalChanged), ...(silenced ? silencedChanges(viewer.id) : [])],
  );
  return (await loadPost(viewer, { id }))!;
}

/** PUT /api/posts/{id}: one change log per changed field, with the edit, in one transaction. */
type PostRow = typeof posts.$inferSelect;
type PostSet = Partial<typeof posts.$inferInsert>;

/**
 * What an edit changes, field by field: the columns to set and one change log per changed field. A
 * change of tags is written here (post_tags replaced), the rest by the caller.
 */
async function diffPostEdit(
  tx: DbOrTx,
  viewer: Viewer,
  post: PostRow,
  input: UpdatePostInput,
): Promise<{ set: PostSet; logs: NewChangeLog[]; restoredVersion: number | null }> {
  const id = post.id;
  const logs: NewChangeLog[] = [];
  const set: PostSet = {};
  const restoredVersion = input.restoredVersion ?? null;
  const log = (l: Omit<NewChangeLog, "postId" | "actorId">) => logs.push({ postId: id, actorId: viewer.id, restoredVersion, ...l });

  if (input.title !== undefined && input.title !== post.title) {
    set.title = input.title;
    log({ type: "TITLE", oldTitle: post.title, newTitle: input.title });
  }
  if (input.content !== undefined && input.content !== post.content) {
    set.content = input.content;
    log({ type: "CONTENT", oldContent: post.content, newContent: input.content });
  }
  if (input.categoryId !== undefined && input.categoryId !== post.categoryId) {
    const next = await categoryOr400(tx, input.categoryId);
    // Moving a post needs the right to start posts in the new category (issue 57).
    await assertCategoryAction(viewer, input.categoryId, "post", tx);
    const prev = await categoryOr400(tx, post.categoryId);
    set.categoryId = input.categoryId;
    log({ type: "CATEGORY", oldCategory: prev, newCategory: next });
  }
  if (input.tagIds !== undefined) {
    const ids = [...new Set([...input.tagIds, ...(await resolveNewTags(tx, viewer, input.newTags ?? []))])];
    const next = await tagsOr400(tx, ids);
    await assertEnoughTags(tx, next.length);
    const prev = await currentTags(tx, id);
    const same = prev.length === next.length && prev.every((t, i) => t.id === next[i]!.id);
    if (!same) {
      await tx.delete(postTags).where(eq(postTags.postId, id));
      if (next.length) await tx.insert(postTags).values(next.map((t) => ({ postId: id, tagId: t.id })));
      log({ type: "TAG", oldTags: prev, newTags: next });
    }
  }
  if (input.visibleScope !== undefined && input.visibleScope !== post.visibleScope) {
    set.visibleScope = input.visibleScope;
    log({ type: "VISIBLE_SCOPE", oldVisibleScope: post.visibleScope, newVisibleScope: input.visibleScope });
  }
  return { set, logs, restoredVersion };
}

/** A staff edit of someone's post: the audit entry, and the author told what was changed. */
async function reportStaffEdit(
  tx: DbOrTx,
  viewer: Viewer,
  post: PostRow,
  edit: { set: PostSet; logs: NewChangeLog[]; restoredVersion: number | null },
): Promise<void> {
  const { set, logs, restoredVersion } = edit;
  const fields = [...new Set(logs.map((l) => AUDIT_FIELD[l.type] ?? l.type.toLowerCase()))];
  const category = logs.find((l) => l.type === "CATEGORY");
  await auditPost(
    tx,
    viewer.id,
    { ...post, id: post.id },
    "post.edit",
    {},
    {
      fields,
      restoredVersion,
      ...(set.title !== undefined ? { title: set.title } : {}),
      ...(category ? { category: category.newCategory?.name ?? null } : {}),
    },
  );
  const content = staffEditPhrase(logs, restoredVersion);
  await notify(tx, { userId: post.authorId, type: "CONTENT_MODERATED", fromUserId: viewer.id, postId: post.id, content });
}

/** Only users newly mentioned by this edit are notified. */
async function notifyAddedMentions(tx: DbOrTx, viewer: Viewer, post: PostRow, content: string): Promise<void> {
  const before = new Set(extractMentions(post.content));
  const added = extractMentions(content).filter((n) => !before.has(n));
  if (added.length) await notifyMentions(tx, { content: added.map((n) => `@[${n}]`).join(" "), actorId: viewer.id, postId: post.id });
}

export async function updatePost(viewer: Viewer, a: { id: number; input: UpdatePostInput }): Promise<PostDto> {
  const { id, input } = a;
  const screen = await screenContent(viewer, { kind: "post", edit: true, fields: { title: input.title, content: input.content } });
  const html = input.content === undefined ? null : await renderForStore(input.content);
  await afterCommit(
    db.transaction(async (tx) => {
      const post = await accessRow(tx, id, true);
      // A change of category alone is a move, which a member of a group moderating the post's category
      // may make as a moderator there (issue 57); the target still needs the right to start posts.
      const moveOnly = input.categoryId !== undefined && Object.entries(input).every(([k, v]) => k === "categoryId" || v === undefined);
      const editor = moveOnly && post ? await actingOn(viewer, post.categoryId, tx) : viewer;
      assertCanSeePost(editor, post);
      await assertCategoryVisible(editor, post.categoryId, undefined, tx);
      assertOnPost(editor, post, "edit");
      if (!isModerator(editor)) assertNotRejected(post);
      const edit = await diffPostEdit(tx, viewer, post, input);
      const { set, logs } = edit;
      if (!logs.length) return;
      await applyScreen(tx, screen, { postId: id });
      const now = new Date();
      const staff = viewer.id !== post.authorId;
      // "edited by staff" is for what the author wrote (title or content, by an edit or a restore); a
      // move, a re-tag or a change of visibility is in the history and told to the author, but is no edit.
      const rewritten = set.title !== undefined || set.content !== undefined;
      await tx
        .update(posts)
        .set({ ...set, updatedAt: now, ...(staff && rewritten ? { staffEditedAt: now } : {}) })
        .where(eq(posts.id, id));
      if (set.content !== undefined && html !== null) await storeHtml(tx, "posts", id, html);
      await writeChangeLogs(tx, logs);
      if (staff) await reportStaffEdit(tx, viewer, post, edit);
      if (set.visibleScope !== undefined) await withdrawHiddenMentions(tx, id);
      if (set.content !== undefined && post.status === "PUBLISHED") await notifyAddedMentions(tx, viewer, post, set.content);
    }),
    postChanged(id),
  );
  return (await loadPost(viewer, { id }))!;
}

/** The audit entry's name for each kind of change log a staff edit writes. */
const AUDIT_FIELD: Partial<Record<NewChangeLog["type"], string>> = {
  TITLE: "title",
  CONTENT: "content",
  CATEGORY: "category",
  TAG: "tags",
  VISIBLE_SCOPE: "visibility",
};

/**
 * What a staff edit did, in the words of the author's notification ("<moderator> … <post title>"):
 * a restore names its version; a change of category or tags alone says so; anything else is an edit.
 */
function staffEditPhrase(logs: NewChangeLog[], restoredVersion: number | null): string {
  if (restoredVersion !== null) return `restored version ${restoredVersion} of your post`;
  const types = new Set(logs.map((l) => l.type));
  if (types.size === 1 && types.has("CATEGORY")) return `moved your post to ${logs[0]!.newCategory?.name ?? "another category"}:`;
  if (types.size === 1 && types.has("TAG")) return "re-tagged your post";
  if (types.size === 1 && types.has("VISIBLE_SCOPE")) return "changed who can see your post";
  return "edited your post";
}

/** DELETE /api/posts/{id}: POST_DELETED to the author when someone else (a moderator) deletes it. */
export async function deletePost(viewer: Viewer, a: { id: number; audit?: boolean }): Promise<void> {
  const { id } = a;
  await afterCommit(
    db.transaction(async (tx) => {
      const post = await accessRow(tx, id, true);
      assertCanSeePost(viewer, post);
      await assertCategoryVisible(viewer, post.categoryId, undefined, tx);
      assertOnPost(viewer, post, "delete");
      await tx.delete(posts).where(eq(posts.id, id));
      if (viewer.id !== post.authorId && a.audit !== false)
        await auditPost(tx, viewer.id, { ...post, id }, "post.delete", { status: post.status }, null);
      await notify(tx, { userId: post.authorId, type: "POST_DELETED", fromUserId: viewer.id, postId: null, content: post.title });
    }),
    postChanged(id),
  );
}
