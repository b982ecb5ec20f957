import { expect, type APIRequestContext } from "@playwright/test";

/** Direct API calls used to set up what a browser test needs (bearer tokens, no cookies). */

export const DEMO_PASSWORD = "demo-password";

export async function apiLogin(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function firstCategory(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const cats = await (await request.get("/api/categories")).json();
  expect(cats.length).toBeGreaterThan(0);
  return cats[0];
}

export async function anyTag(request: APIRequestContext, token: string): Promise<{ id: number; name: string }> {
  const tags = await (await request.get("/api/tags?pageSize=5")).json();
  if (tags.length) return tags[0];
  const res = await request.post("/api/tags", { headers: auth(token), data: { name: `e2e-${Date.now().toString(36)}` } });
  return res.json();
}

export type NewPost = {
  title: string;
  content?: string;
  type?: "NORMAL" | "POLL" | "LOTTERY";
  visibleScope?: "ALL" | "ONLY_REGISTER" | "ONLY_ME";
  categoryId?: number;
  poll?: unknown;
  lottery?: unknown;
};

export async function apiCreatePost(request: APIRequestContext, token: string, p: NewPost): Promise<{ id: number; title: string }> {
  const cat = await firstCategory(request);
  const tag = await anyTag(request, token);
  const res = await request.post("/api/posts", {
    headers: auth(token),
    data: { content: "Created by an end-to-end test.", categoryId: cat.id, tagIds: [tag.id], type: "NORMAL", ...p },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
