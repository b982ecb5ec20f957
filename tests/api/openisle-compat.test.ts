// OpenIsle's clients against our route handlers. tests/api/openisle-requests.json records every
// request form that OpenIsle's Nuxt client (frontend_nuxt/) and MCP server (mcp/) send, as they send it,
// with the fields each reads from the answer. Each entry runs here in-process, in file order (a few
// depend on the ones before: close then reopen, save a draft then read it), against a fixture world:
// - answered "yes": the status the client accepts (2xx, or the one given) and every field it reads, of
//   the JSON type it expects; "equals" values; "missing" fields stay absent (we differ on purpose);
// - answered "no": still no route or method for it (a reason is recorded: docs/openisle-compat.md);
// - answered "pending": not built yet; expected to fail until it lands.
// The counts in docs/openisle-compat.md are checked against the recorded set.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import {
  notifications,
  pointGoods,
  postChangeLogs,
  postReads,
  posts,
  postSubscriptions,
  reactions,
  tags,
  userFollows,
  users,
} from "@/db/schema";
import { ROUTE_MODULES } from "@/app/api/openapi.json/route-index";
import { POST as createPost } from "@/app/api/posts/route";
import { POST as createComment } from "@/app/api/posts/[id]/comments/route";
import { POST as sendMessage } from "@/app/api/messages/route";
import { BASE, call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";
import { png } from "./upload-fixtures";

type Entry = {
  id: string;
  by: string;
  calls: string[];
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  query?: string;
  body?: unknown;
  multipart?: Record<string, "png">;
  headers?: Record<string, string>;
  as: "anon" | "member" | "other" | "admin";
  reads?: Record<string, string>;
  status?: number;
  equals?: Record<string, unknown>;
  missing?: Record<string, string>;
  notes?: string;
  answered: "yes" | "no" | "pending";
  reason?: string;
  /** For "no": what we answer instead (a route of ours at that path, in our own shape). */
  instead?: { status: number; reads?: Record<string, string> };
};

const doc = JSON.parse(readFileSync("tests/api/openisle-requests.json", "utf8")) as { requests: Entry[] };
const entries = doc.requests;

// ---------- routing: the handler Next.js would pick (a static segment beats a dynamic one)

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ROUTES = ROUTE_MODULES.map((r) => ({ ...r, segs: r.path.split("/").filter(Boolean) }));

/** The route module for a path (a trailing slash is Next.js's 308 to the path without it), or null: the JSON 404. */
function resolveRoute(path: string): { module: Record<string, unknown>; params: Record<string, string>; pattern: string } | null {
  const segs = path.replace(/\/+$/, "").split("/").filter(Boolean);
  let best: { module: Record<string, unknown>; params: Record<string, string>; pattern: string; score: string } | null = null;
  for (const r of ROUTES) {
    if (r.segs.length !== segs.length) continue;
    const params: Record<string, string> = {};
    let score = "";
    let ok = true;
    r.segs.forEach((s, i) => {
      const m = /^\{(\w+)\}$/.exec(s);
      if (m) {
        params[m[1]!] = decodeURIComponent(segs[i]!);
        score += "0";
      } else if (s === segs[i]) score += "1";
      else ok = false;
    });
    if (ok && (!best || score > best.score)) best = { module: r.module, params, pattern: r.path, score };
  }
  return best;
}

// ---------- reading an answer as the client does

type Step = { key: string } | { each: true } | { where: [string, string] };
function steps(path: string): Step[] {
  const out: Step[] = [];
  for (const m of path.matchAll(/\[([^\]]*)\]|[^.[\]]+/g)) {
    if (m[1] === undefined) out.push({ key: m[0] });
    else if (m[1] === "") out.push({ each: true });
    else out.push({ where: m[1].split("=") as [string, string] });
  }
  return out;
}

/** The values at `path` in `body` ('[]' every element, '[k=v]' the elements whose k is v); throws where the client would find nothing to read. */
function select(body: unknown, path: string, { parentsOnly = false } = {}): unknown[] {
  let values: unknown[] = [body];
  const all = steps(path);
  const walk = parentsOnly ? all.slice(0, -1) : all;
  for (const [i, step] of walk.entries()) {
    const at =
      all
        .slice(0, i)
        .map((s) => ("key" in s ? s.key : "each" in s ? "[]" : `[${s.where.join("=")}]`))
        .join(".") || "(body)";
    if ("key" in step) {
      values = values.map((v) => {
        if (v === null || typeof v !== "object" || Array.isArray(v))
          throw new Error(`${at} is ${JSON.stringify(v)?.slice(0, 80)}, not an object`);
        return (v as Record<string, unknown>)[step.key];
      });
    } else {
      values = values.flatMap((v) => {
        if (!Array.isArray(v)) throw new Error(`${at} is not an array`);
        const picked = "each" in step ? v : v.filter((x) => x && String((x as Record<string, unknown>)[step.where[0]]) === step.where[1]);
        if (!picked.length)
          throw new Error(
            `${at} has no element${"where" in step ? ` with ${step.where.join("=")}` : ""}: the fixture leaves the client nothing to read`,
          );
        return picked;
      });
    }
  }
  return values;
}

function typeOk(v: unknown, spec: string): boolean {
  return spec.split("|").some((t) => {
    if (t === "null") return v === null;
    if (t === "array") return Array.isArray(v);
    if (t === "object") return v !== null && typeof v === "object" && !Array.isArray(v);
    if (t === "number") return typeof v === "number" && Number.isFinite(v);
    return typeof v === t;
  });
}

// ---------- the fixture world and the requests

const fx: Record<string, string | number> = {};
const tokens: Record<string, string> = {};

function fill(v: unknown): unknown {
  if (typeof v === "string") {
    const whole = /^\{(\w+)\}$/.exec(v);
    if (whole && whole[1]! in fx) return fx[whole[1]!];
    return v.replace(/\{(\w+)\}/g, (m, k: string) => (k in fx ? encodeURIComponent(String(fx[k])) : m));
  }
  if (Array.isArray(v)) return v.map(fill);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
  return v;
}
const fillText = (s: string) => s.replace(/\{(\w+)\}/g, (m, k: string) => (k in fx ? encodeURIComponent(String(fx[k])) : m));

async function send(e: Entry): Promise<{ status: number; body: unknown; text: string; routed: boolean }> {
  const path = fillText(e.path);
  const route = resolveRoute(path);
  const handler = route?.module[e.method] as Handler | undefined;
  if (!route || !handler) return { status: route ? 405 : 404, body: null, text: "", routed: false };
  const headers = new Headers(e.headers ?? {});
  if (!headers.has("authorization") && e.as !== "anon") headers.set("authorization", `Bearer ${tokens[e.as]}`);
  let body: BodyInit | undefined;
  if (e.multipart) {
    const form = new FormData();
    for (const [k] of Object.entries(e.multipart))
      form.append(k, new File([new Uint8Array(await png(16, 12))], "photo.png", { type: "image/png" }));
    body = form;
  } else if (e.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(fill(e.body));
  }
  const url = `${BASE}${path}${e.query ? `?${fillText(e.query)}` : ""}`;
  const res = await handler(new Request(url, { method: e.method, headers, body }), { params: Promise.resolve(route.params) });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, text, routed: true };
}

/** Everything the client relies on, as assertions. */
async function check(e: Entry) {
  const r = await send(e);
  verify(e, r);
}

function verify(e: Entry, r: Awaited<ReturnType<typeof send>>) {
  const label = `${e.method} ${e.path}${e.query ? `?${e.query}` : ""}`;
  expect(r.routed, `${label}: no route answers it (404/405)`).toBe(true);
  if (e.status) expect(r.status, `${label}: ${r.text.slice(0, 300)}`).toBe(e.status);
  else expect(r.status >= 200 && r.status < 300, `${label} answered ${r.status}: ${r.text.slice(0, 300)}`).toBe(true);
  for (const [path, type] of Object.entries(e.reads ?? {})) {
    for (const v of select(r.body, path))
      expect(typeOk(v, type), `${label}: ${path || "(body)"} should be ${type}, is ${JSON.stringify(v)?.slice(0, 120)}`).toBe(true);
  }
  for (const [path, value] of Object.entries(e.equals ?? {})) {
    for (const v of select(r.body, path)) expect(v, `${label}: ${path}`).toEqual(fill(value));
  }
  for (const path of Object.keys(e.missing ?? {})) {
    const key = steps(path).at(-1) as { key: string };
    for (const parent of select(r.body, path, { parentsOnly: true })) {
      expect(
        (parent as Record<string, unknown>)[key.key],
        `${label}: ${path} is answered now; move it from "missing" to "reads"`,
      ).toBeUndefined();
    }
  }
}

beforeAll(async () => {
  const admin = await makeUser({ role: "ADMIN" });
  const member = await makeUser({ point: 1000 });
  const other = await makeUser({ point: 100 });
  Object.assign(tokens, { admin: admin.token, member: member.token, other: other.token });
  // Level 1 and up may create tags (TAG_CREATE_MIN_LEVEL).
  await db.update(users).set({ experience: 1000 }).where(eq(users.id, member.id));
  const cat = await makeCategory();
  const tag = await makeTag(`compat-${Date.now().toString(36)}`);
  const ownTag = await makeTag();
  await db.update(tags).set({ creatorId: member.id }).where(eq(tags.id, ownTag.id));

  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const make = async (who: TestUser, title: string, extra: Record<string, unknown> = {}) => {
    const r = await call(createPost, "/api/posts", {
      token: who.token,
      body: { title, content: `Compat fixture: ${title}`, categoryId: cat.id, tagIds: [tag.id], ...extra },
    });
    expect(r.status, r.text).toBe(201);
    return r.body.id as number;
  };
  const postId = await make(member, "Compat fixture post");
  const editPostId = await make(member, "Compat fixture post to edit");
  const deletablePostId = await make(member, "Compat fixture post to delete");
  const pollId = await make(member, "Compat fixture poll", {
    type: "POLL",
    poll: { options: ["red", "blue"], multiple: false, endTime: inAWeek },
  });
  const multiPollId = await make(member, "Compat fixture multiple poll", {
    type: "POLL",
    poll: { options: ["a", "b", "c"], multiple: true, endTime: inAWeek },
  });
  const lotteryId = await make(member, "Compat fixture lottery", {
    type: "LOTTERY",
    lottery: {
      prizeDescription: "A mug",
      prizeIcon: "/goods/mug.png",
      prizeCount: 1,
      pointCost: 0,
      startTime: new Date(Date.now() - 60_000).toISOString(),
      endTime: inAWeek,
    },
  });
  const pending = await db
    .insert(posts)
    .values([
      { title: "Compat fixture pending", content: "waits", authorId: other.id, categoryId: cat.id, status: "PENDING" },
      { title: "Compat fixture pending 2", content: "waits", authorId: other.id, categoryId: cat.id, status: "PENDING" },
    ])
    .returning({ id: posts.id });

  const comment = async (who: TestUser, id: number, content: string) => {
    const r = await call(createComment, `/api/posts/${id}/comments`, {
      token: who.token,
      body: { content },
      params: { id: String(id) },
    });
    expect(r.status, r.text).toBe(201);
    return r.body.id as number;
  };
  const commentId = await comment(other, postId, "A fixture comment by the other member");
  const deletableCommentId = await comment(other, postId, "A fixture comment to delete");
  const ownComment = await comment(member, postId, "The author answers");
  // What the profile lists show: a LIKE on the member's post and comment, a read, a subscription, a change-log entry.
  await db.insert(reactions).values([
    { postId, userId: admin.id, type: "LIKE" },
    { postId, commentId: ownComment, userId: admin.id, type: "LIKE" },
  ]);
  await db.insert(postReads).values({ userId: member.id, postId }).onConflictDoNothing();
  await db.insert(postSubscriptions).values({ userId: member.id, postId }).onConflictDoNothing();
  // Follows both ways, so the followers and following lists have someone to read.
  await db.insert(userFollows).values([
    { followerId: other.id, followeeId: member.id },
    { followerId: member.id, followeeId: other.id },
  ]);
  await db
    .insert(postChangeLogs)
    .values({ postId, actorId: member.id, type: "TITLE", oldTitle: "Before", newTitle: "Compat fixture post" });
  // A direct message from the admin (staff may always write), for the member's reaction to it.
  const dm = await call(sendMessage, "/api/messages", {
    token: admin.token,
    body: { recipientId: member.id, content: "A fixture message" },
  });
  expect(dm.status, dm.text).toBe(200);
  const [good] = await db.insert(pointGoods).values({ name: "Sticker", cost: 10, image: "/goods/sticker.png" }).returning();
  const [note] = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, member.id)).limit(1);
  expect(note, "the other member's comment notified the author").toBeDefined();

  const suffix = Date.now().toString(36);
  Object.assign(fx, {
    postId,
    editPostId,
    deletablePostId,
    pollId,
    multiPollId,
    lotteryId,
    commentId,
    deletableCommentId,
    pendingPostId: pending[0]!.id,
    rejectPostId: pending[1]!.id,
    categoryId: cat.id,
    tagId: tag.id,
    tagKeyword: tag.name.slice(0, 6),
    username: member.username,
    userId: member.id,
    email: `${member.username.toLowerCase()}@example.test`,
    otherUsername: other.username,
    otherUserId: other.id,
    notificationId: note!.id,
    goodId: good!.id,
    keyword: "fixture",
    messageId: dm.body.id as number,
    newTagName: `made-${suffix}`,
    newUsername: `new_${suffix}`,
    newEmail: `new_${suffix}@example.test`,
    now: new Date().toISOString(),
    inAWeek,
  });
  // The draft trigger, the live events and the caches see a consistent world.
  await db.execute(sql`select 1`);
});

describe("OpenIsle's client requests (tests/api/openisle-requests.json)", () => {
  for (const e of entries) {
    const label = `${e.id}: ${e.method} ${e.path}${e.query ? `?${e.query}` : ""}`;
    if (e.answered === "yes") {
      it(`answers ${label}`, () => check(e));
    } else if (e.answered === "pending") {
      it.fails(`not yet answered (pending: ${e.reason}) ${label}`, () => check(e));
    } else {
      it(`does not answer ${label}: ${e.reason}`, async () => {
        if (e.instead) {
          // Our own endpoint at this path, in our own shape: it still answers that, not the client's.
          verify({ ...e, status: e.instead.status, reads: e.instead.reads, equals: undefined, missing: undefined }, await send(e));
          return;
        }
        const route = resolveRoute(fillText(e.path));
        const served = !!route && typeof route.module[e.method] === "function";
        expect(served, `${label} is answered now (${route?.pattern}): record what it answers ("answered": "yes", with its reads)`).toBe(
          false,
        );
      });
    }
  }
});

describe("the recorded set", () => {
  it("names real client call sites and keeps its ids unique", () => {
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const e of entries) {
      expect(e.calls.length, e.id).toBeGreaterThan(0);
      if (e.answered !== "yes") expect(e.reason, `${e.id} needs a reason`).toBeTruthy();
    }
  });

  it("docs/openisle-compat.md states the counts measured here", () => {
    const yes = entries.filter((e) => e.answered === "yes").length;
    const no = entries.filter((e) => e.answered === "no").length;
    const pending = entries.filter((e) => e.answered === "pending").length;
    const calls = entries.reduce((n, e) => n + e.calls.length, 0);
    const text = readFileSync("docs/openisle-compat.md", "utf8");
    const line = `${entries.length} request forms (${calls} call sites): ${yes} answered, ${no} not answered${pending ? `, ${pending} pending` : ""}`;
    expect(text, `docs/openisle-compat.md should say: ${line}`).toContain(line);
  });
});
