// Shared pieces of the spam-defence tests (tests/api/spam-*.test.ts).
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { db } from "@/db";
import { flags, users } from "@/db/schema";
import { PUT as putConfig } from "@/app/api/admin/config/route";
import { POST as createPost } from "@/app/api/posts/route";
import { POST as createComment } from "@/app/api/posts/[id]/comments/route";
import { POST as addWord } from "@/app/api/admin/watched-words/route";
import { POST as resolveFlag } from "@/app/api/admin/flags/[id]/resolve/route";
import { forgetSpamLists } from "@/lib/services/spam/lists";
import { call, makeCategory, makeUser, type TestUser } from "../helpers";

export { call, makeUser, type TestUser };

let catId = 0;
export async function category(): Promise<number> {
  return (catId ||= (await makeCategory()).id);
}

/** A member of level `level` (0: a new member; 1: 100 experience). */
export async function member(level = 0, opts: { username?: string } = {}): Promise<TestUser> {
  const u = await makeUser(opts);
  if (level > 0)
    await db
      .update(users)
      .set({ experience: [0, 100, 200, 300][level]! })
      .where(eq(users.id, u.id));
  return u;
}

let admin: TestUser | null = null;
export async function theAdmin(): Promise<TestUser> {
  return (admin ??= await makeUser({ role: "ADMIN" }));
}

export async function config(body: Record<string, unknown>) {
  const r = await call(putConfig, "/api/admin/config", { method: "PUT", token: (await theAdmin()).token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

export async function watch(word: string, action: "BLOCK" | "REQUIRE_APPROVAL" | "CENSOR" | "FLAG") {
  const r = await call(addWord, "/api/admin/watched-words", { token: (await theAdmin()).token, body: { word, action } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  forgetSpamLists();
  return r.body as { id: number };
}

export async function post(u: TestUser, o: { title?: string; content?: string; headers?: Record<string, string> } = {}) {
  return call(createPost, "/api/posts", {
    token: u.token,
    headers: o.headers,
    body: { title: o.title ?? "A title", content: o.content ?? "Some words", categoryId: await category(), tagIds: [] },
  });
}

export async function comment(u: TestUser, postId: number, content: string) {
  return call(createComment, `/api/posts/${postId}/comments`, { token: u.token, body: { content }, params: { id: String(postId) } });
}

/** Resolves a comment's open flag from the flag queue as an admin: DISMISS lets a held comment through. */
export async function resolveCommentFlag(commentId: number, action: "DISMISS" | "HIDE" = "DISMISS") {
  const [f] = await db
    .select({ id: flags.id })
    .from(flags)
    .where(and(eq(flags.commentId, commentId), eq(flags.status, "OPEN")));
  expect(f, "the comment's open flag").toBeDefined();
  const r = await call(resolveFlag, `/api/admin/flags/${f!.id}/resolve`, {
    token: (await theAdmin()).token,
    body: { action },
    params: { id: String(f!.id) },
  });
  expect(r.status, r.text).toBe(200);
}
