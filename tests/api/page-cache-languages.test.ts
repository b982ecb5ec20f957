import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lookupPage, pageCandidate, releasePage, storePage, type SharedRender } from "@/lib/front/page-cache";
import { makeCategory } from "../helpers";

// The page cache keys a public page by the language it is rendered in: a Chinese visitor never
// gets the English document stored for the same URL, nor the reverse; the language is read as the render
// reads it (the `lang` cookie, then Accept-Language, then English).
const request = (url: string, headers: Record<string, string> = {}) =>
  ({ method: "GET", url, headers: { "sec-fetch-dest": "document", accept: "text/html", ...headers } }) as unknown as IncomingMessage;

const response = () => {
  const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
  return { statusCode: 200, getHeader: (k: string) => headers[k], getHeaders: () => headers } as unknown as ServerResponse;
};

async function lookup(req: IncomingMessage) {
  const candidate = pageCandidate(req);
  expect(candidate).toBe("anon");
  return lookupPage(req, candidate!);
}

function store(result: Awaited<ReturnType<typeof lookup>>, html: string): SharedRender {
  expect(result && "stamp" in result, "a miss, to be rendered").toBe(true);
  const render = result as SharedRender;
  storePage(render.stamp, response(), Buffer.from(html), undefined, "default-src 'self'");
  return render;
}

const body = (result: Awaited<ReturnType<typeof lookup>>) => {
  expect(result && "entry" in result, "a hit").toBe(true);
  return (result as { entry: { body: Buffer } }).entry.body.toString();
};

describe("page cache by language", () => {
  // The tests' setup turns the read caches off (LIST_CACHE=0); this file is about one of them.
  beforeAll(() => void (process.env.LIST_CACHE = "1"));
  afterAll(() => void (process.env.LIST_CACHE = "0"));

  it("stores and serves one document per language for the same URL", async () => {
    const c = await makeCategory();
    const url = `/c/${c.id}`;
    const en = store(await lookup(request(url)), '<html lang="en">Discussions</html>');
    // A Chinese visitor (the switcher's cookie) misses the English entry and gets a render of their own.
    const zh = store(await lookup(request(url, { cookie: "theme=dark; lang=zh-CN" })), '<html lang="zh-CN">讨论</html>');
    expect(zh.stamp.key).not.toBe(en.stamp.key);

    expect(body(await lookup(request(url)))).toContain("Discussions");
    expect(body(await lookup(request(url, { cookie: "lang=zh-CN" })))).toContain("讨论");
    // Accept-Language alone chooses too; the cookie comes first; an unknown cookie value is ignored.
    expect(body(await lookup(request(url, { "accept-language": "zh-CN,zh;q=0.9,en;q=0.8" })))).toContain("讨论");
    expect(body(await lookup(request(url, { "accept-language": "zh-TW,fr;q=0.9" })))).toContain("Discussions");
    expect(body(await lookup(request(url, { cookie: "lang=en", "accept-language": "zh-CN" })))).toContain("Discussions");
    expect(body(await lookup(request(url, { cookie: "lang=fr", "accept-language": "zh" })))).toContain("讨论");
  });

  it("keeps English keys as they were (the bare URL for anonymous visitors)", async () => {
    const c = await makeCategory();
    const url = `/c/${c.id}`;
    const en = (await lookup(request(url, { "accept-language": "en-GB" }))) as SharedRender;
    expect(en.stamp.key).toBe(url);
    releasePage(en.stamp);
    const zh = (await lookup(request(url, { cookie: "lang=zh-CN" }))) as SharedRender;
    expect(zh.stamp.key).toBe(`zh-CN ${url}`);
    releasePage(zh.stamp);
  });
});
