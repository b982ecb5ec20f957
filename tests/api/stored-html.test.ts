// Rendered HTML is stored when text is written (lib/services/content/stored-html.ts): a post, a comment
// and a message keep the HTML of their text, an edit replaces it, a text changed by any other path loses
// it (the trigger of migration 0053) and the next view stores it again; views read the store.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db, rawRows } from "@/db";
import { PUT as editComment } from "@/app/api/comments/[id]/route";
import { POST as sendMessage } from "@/app/api/messages/route";
import { GET as getConversation } from "@/app/api/messages/conversations/[id]/route";
import { POST as addComment } from "@/app/api/posts/[id]/comments/route";
import { PUT as editPost } from "@/app/api/posts/[id]/route";
import { POST as createPost } from "@/app/api/posts/route";
import { htmlOf, rerenderAll } from "@/lib/services/content/stored-html";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";
import { elapse } from "../time";

let author: TestUser;
let staff: TestUser;
let categoryId: number;
let tagId: number;

const stored = async (table: "posts" | "comments" | "messages", id: number) =>
  (await rawRows<{ html: string | null }>(db, sql`select content_html as html from ${sql.raw(table)} where id = ${id}`))[0]?.html;

beforeAll(async () => {
  author = await makeUser();
  staff = await makeUser({ role: "ADMIN" });
  categoryId = (await makeCategory()).id;
  tagId = (await makeTag()).id;
});

describe("stored rendered HTML", () => {
  it("a new post stores its HTML; an edit of its content stores the new HTML", async () => {
    const p = await call(createPost, "/api/posts", {
      token: author.token,
      body: { title: "stored", content: "**bold first** text", categoryId, tagIds: [tagId] },
    });
    expect(p.status).toBe(201);
    expect(await stored("posts", p.body.id)).toContain("<strong>bold first</strong>");

    const e = await call(editPost, `/api/posts/${p.body.id}`, {
      token: author.token,
      params: { id: String(p.body.id) },
      body: { content: "_emphasis now_" },
    });
    expect(e.status).toBe(200);
    const html = await stored("posts", p.body.id);
    expect(html).toContain("<em>emphasis now</em>");
    expect(html).not.toContain("bold first");

    // A title-only edit keeps the stored HTML.
    await call(editPost, `/api/posts/${p.body.id}`, { token: author.token, params: { id: String(p.body.id) }, body: { title: "renamed" } });
    expect(await stored("posts", p.body.id)).toBe(html);
  });

  it("a comment stores its HTML, and its edit the new one", async () => {
    const p = await call(createPost, "/api/posts", {
      token: author.token,
      body: { title: "c", content: "x", categoryId, tagIds: [tagId] },
    });
    const c = await call(addComment, `/api/posts/${p.body.id}/comments`, {
      token: author.token,
      params: { id: String(p.body.id) },
      body: { content: "`code in a comment`" },
    });
    expect(c.status).toBe(201);
    expect(await stored("comments", c.body.id)).toContain("<code>code in a comment</code>");
    const e = await call(editComment, `/api/comments/${c.body.id}`, {
      token: author.token,
      params: { id: String(c.body.id) },
      body: { content: "> quoted now" },
    });
    expect(e.status).toBe(200);
    const html = await stored("comments", c.body.id);
    expect(html).toContain("<blockquote>");
    expect(html).not.toContain("code in a comment");
  });

  it("a message stores its HTML, and the conversation is answered from the store", async () => {
    const m = await call(sendMessage, "/api/messages", {
      token: staff.token,
      body: { recipientId: author.id, content: "hello **there**" },
    });
    expect(m.status).toBe(200);
    expect(m.body.html).toContain("<strong>there</strong>");
    expect(await stored("messages", m.body.id)).toBe(m.body.html);
    // What the conversation shows is what was stored (a stored value changed by hand shows as changed).
    await db.execute(sql`update messages set content_html = '<p>from the store</p>' where id = ${m.body.id}`);
    const conv = await call(getConversation, `/api/messages/conversations/${m.body.conversationId}`, {
      token: author.token,
      params: { id: String(m.body.conversationId) },
    });
    expect(conv.status).toBe(200);
    const shown = (conv.body.messages.content as { id: number; html: string }[]).find((x: { id: number }) => x.id === m.body.id);
    expect(shown?.html).toBe("<p>from the store</p>");
  });

  it("a text changed without its HTML loses the stored HTML, and the next view renders and stores it", async () => {
    const p = await call(createPost, "/api/posts", {
      token: author.token,
      body: { title: "t", content: "old words", categoryId, tagIds: [tagId] },
    });
    const id = p.body.id as number;
    expect(await stored("posts", id)).toContain("old words");
    await db.execute(sql`update posts set content = 'changed *behind* its back' where id = ${id}`);
    expect(await stored("posts", id)).toBeNull();
    const html = await htmlOf("posts", [{ id, content: "changed *behind* its back" }]);
    expect(html.get(id)).toContain("<em>behind</em>");
    await vi.waitFor(async () => expect(await stored("posts", id)).toContain("<em>behind</em>"));
  });

  it("a view never stores the HTML of a text that is no longer the row's", async () => {
    const p = await call(createPost, "/api/posts", {
      token: author.token,
      body: { title: "r", content: "first", categoryId, tagIds: [tagId] },
    });
    const id = p.body.id as number;
    await db.execute(sql`update posts set content = 'second text' where id = ${id}`);
    // A view that read the row before the change renders the old text: shown, never stored.
    await htmlOf("posts", [{ id, content: "a text this row no longer has" }]);
    await elapse(200, "the view stores in the background: time for a wrong store to land");
    expect(await stored("posts", id)).toBeNull();
  });

  it("npm run markdown:rerender stores every row's HTML again", async () => {
    const p = await call(createPost, "/api/posts", {
      token: author.token,
      body: { title: "q", content: "# heading", categoryId, tagIds: [tagId] },
    });
    const id = p.body.id as number;
    await db.execute(sql`update posts set content_html = '<p>an old renderer</p>' where id = ${id}`);
    const seen: string[] = [];
    const done = await rerenderAll({ batch: 50, onProgress: ({ table }) => seen.push(table) });
    expect(done.posts).toBeGreaterThan(0);
    expect(seen).toEqual(expect.arrayContaining(["posts", "comments", "messages"]));
    expect(await stored("posts", id)).toContain("<h1");
  });
});
