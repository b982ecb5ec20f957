import { beforeAll, describe, expect, it } from "vitest";
import { POST as createPost } from "@/app/api/posts/route";
import { POST as createComment } from "@/app/api/posts/[id]/comments/route";
import { getPostDetail } from "@/lib/services/posts/detail";
import { markdownExcerpt } from "@/lib/markdown";
import { breadcrumbs, discussionForumPosting, firstImage, ldJson, LD_COMMENTS } from "@/lib/seo/structured-data";
import { listSeo } from "@/lib/seo/metadata";
import { call, makeCategory, makeUser, type TestUser } from "../helpers";
import { schemaOrgProblems } from "../schema-org";

const BASE = "http://localhost:3000";
let author: TestUser, replier: TestUser;
let postId: number;

beforeAll(async () => {
  author = await makeUser({ username: "ldauthor" });
  replier = await makeUser({ username: "ldreplier" });
  const cat = await makeCategory("LD </script> cat");
  const p = await call(createPost, "/api/posts", {
    method: "POST",
    token: author.token,
    body: { title: "Structured </script><b>data</b>", content: "Intro text.\n\n![shot](/uploads/shot.png)\n\nMore.", categoryId: cat.id },
  });
  expect(p.status).toBe(201);
  postId = p.body.id;
  for (let i = 0; i < LD_COMMENTS + 2; i++) {
    const c = await call(createComment, `/api/posts/${postId}/comments`, {
      method: "POST",
      token: replier.token,
      params: { id: String(postId) },
      body: { content: `Reply **${i}**` },
    });
    expect(c.status).toBe(201);
  }
});

async function structured() {
  const { comments, ...post } = await getPostDetail(null, { id: postId, markRead: false });
  return [
    discussionForumPosting({
      post,
      comments,
      text: markdownExcerpt(post.content, 500),
      dateModified: post.createdAt,
      commentText: (md) => markdownExcerpt(md, 300),
    }),
    breadcrumbs([
      { name: "Home", path: "/" },
      { name: post.category.name, path: `/c/${post.category.id}` },
      { name: post.title, path: `/posts/${post.id}` },
    ]),
  ];
}

describe("JSON-LD of a post page", () => {
  it("is a valid DiscussionForumPosting and BreadcrumbList by schema.org's types", async () => {
    const doc = await structured();
    expect(schemaOrgProblems(doc)).toEqual([]);
    const [posting, crumbs] = doc as [Record<string, any>, Record<string, any>];
    expect(posting.url).toBe(`${BASE}/posts/${postId}`);
    expect(posting.author).toMatchObject({ "@type": "Person", name: "ldauthor", url: `${BASE}/u/ldauthor` });
    expect(posting.image).toBe(`${BASE}/uploads/shot.png`);
    expect(posting.commentCount).toBe(LD_COMMENTS + 2);
    expect(posting.comment).toHaveLength(LD_COMMENTS);
    expect(posting.comment[0]).toMatchObject({ "@type": "Comment", text: "Reply 0", author: { name: "ldreplier" } });
    const comments = posting.interactionStatistic.find((s: any) => s.interactionType === "https://schema.org/CommentAction");
    expect(comments.userInteractionCount).toBe(LD_COMMENTS + 2);
    expect(crumbs.itemListElement.map((i: any) => i.item)).toEqual([
      `${BASE}/`,
      expect.stringMatching(/\/c\/\d+$/),
      `${BASE}/posts/${postId}`,
    ]);
  });

  it("the checker refuses what schema.org does not allow (so the test above can fail)", async () => {
    const [posting] = (await structured()) as [Record<string, any>];
    expect(schemaOrgProblems({ ...posting, author: "ldauthor" })).toContain("[0].author: expected an object");
    expect(schemaOrgProblems({ ...posting, commentCount: "12" })).toContain("[0].commentCount: expected a non-negative Integer");
    expect(schemaOrgProblems({ ...posting, upvotes: 3 }).join()).toMatch(/upvotes is not a property/);
    expect(schemaOrgProblems({ ...posting, datePublished: "yesterday" }).join()).toMatch(/ISO 8601/);
    const { text: _t, ...noText } = posting;
    expect(schemaOrgProblems(noText).join()).toMatch(/missing text/);
  });

  it("cannot close its script: no '<' survives in the JSON", async () => {
    const json = ldJson(await structured());
    expect(json).not.toContain("<");
    expect(JSON.parse(json)[0].headline).toBe("Structured </script><b>data</b>");
  });
});

describe("head helpers", () => {
  it("finds a post's first image in Markdown or HTML, absolute", () => {
    expect(firstImage("a ![x](https://cdn.example/a.png) b")).toBe("https://cdn.example/a.png");
    expect(firstImage('<img src="/uploads/b.png"> then ![y](/uploads/c.png)')).toBe(`${BASE}/uploads/b.png`);
    expect(firstImage("no image, [a link](/x.png)")).toBeNull();
    expect(firstImage("![proto](javascript:alert(1))")).toBeNull();
  });

  it("a list's canonical address is its normalized query; filters and Following are not indexed", () => {
    expect(listSeo("/", { tab: "latest", categoryId: null, tagIds: [], page: 0 })).toEqual({ path: "/", noindex: false });
    expect(listSeo("/", { tab: "activity", categoryId: null, tagIds: [], page: 2 })).toEqual({
      path: "/?tab=activity&page=2",
      noindex: false,
    });
    expect(listSeo("/c/3", { tab: "latest", categoryId: null, tagIds: [4, 5], page: 0 })).toEqual({
      path: "/c/3?tagIds=4%2C5",
      noindex: true,
    });
    expect(listSeo("/", { tab: "following", categoryId: null, tagIds: [], page: 0 }).noindex).toBe(true);
  });
});
