import { expect, test, type Page } from "@playwright/test";
import { schemaOrgProblems } from "../schema-org";

/*
 * What search engines and link previews read (docs/seo.md), on a production build: robots.txt, the
 * sitemap index and a sitemap file, and the head of the home, category, tag, profile and post pages
 * (canonical, hreflang, Open Graph, Twitter card, JSON-LD checked against schema.org's types), the
 * language alternates answered in their language, and noindex where a page is no search result.
 */

const origin = `http://localhost:${process.env.E2E_PORT || 3100}`;

async function head(page: Page) {
  return page.evaluate(() => {
    const meta = (sel: string) => document.head.querySelector<HTMLMetaElement>(sel)?.content ?? null;
    return {
      canonical: document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
      canonicals: document.head.querySelectorAll('link[rel="canonical"]').length,
      hreflang: Object.fromEntries(
        [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map((l) => [l.hreflang, l.href]),
      ),
      robots: meta('meta[name="robots"]'),
      ogTitle: meta('meta[property="og:title"]'),
      ogUrl: meta('meta[property="og:url"]'),
      ogImage: meta('meta[property="og:image"]'),
      ogType: meta('meta[property="og:type"]'),
      ogSite: meta('meta[property="og:site_name"]'),
      description: meta('meta[name="description"]'),
      twitterCard: meta('meta[name="twitter:card"]'),
      twitterImage: meta('meta[name="twitter:image"]'),
      ld: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? "null")),
      lang: document.documentElement.lang,
    };
  });
}

test("robots.txt, the sitemap index and a sitemap file", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain("Disallow: /search");
  expect(text).toContain("Disallow: /admin");
  expect(text).toContain("Allow: /api/rss");
  expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);

  const index = await request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toContain("application/xml");
  const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(files).toContain(`${origin}/sitemaps/pages.xml`);
  const postsFile = files.find((f) => /\/sitemaps\/posts-\d+\.xml$/.test(f))!;
  expect(postsFile).toBeTruthy();
  const one = await request.get(postsFile.replace(origin, ""));
  expect(one.status()).toBe(200);
  const body = await one.text();
  const urls = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(urls.length).toBeGreaterThan(10);
  expect(urls.length).toBeLessThanOrEqual(50_000);
  expect(body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  // Each listed post is there for a visitor.
  const sample = await request.get(urls[0]!.replace(origin, ""));
  expect(sample.status()).toBe(200);
  expect((await request.get("/favicon.ico")).headers()["content-type"]).toMatch(/icon/);
});

test("a post page: canonical, hreflang, Open Graph, Twitter card and valid JSON-LD", async ({ page }) => {
  await page.goto("/");
  const href = await page.locator('a[href^="/posts/"]').first().getAttribute("href");
  const id = Number(/\/posts\/(\d+)/.exec(href!)![1]);
  await page.goto(`/posts/${id}`);
  const h = await head(page);
  expect(h.canonicals).toBe(1);
  expect(h.canonical).toBe(`${origin}/posts/${id}`);
  expect(h.hreflang).toEqual({
    "x-default": `${origin}/posts/${id}`,
    en: `${origin}/posts/${id}?hl=en`,
    "zh-CN": `${origin}/posts/${id}?hl=zh-CN`,
  });
  expect(h.robots).toBeNull();
  expect(h.ogType).toBe("article");
  expect(h.ogUrl).toBe(`${origin}/posts/${id}`);
  expect(h.ogTitle).toBe(await page.getByRole("heading", { level: 1 }).textContent());
  expect(h.ogImage).toMatch(/^http:\/\/localhost:\d+\//);
  expect(h.twitterCard).toBe("summary_large_image");
  expect(h.description?.length).toBeGreaterThan(0);
  expect(h.ld).toHaveLength(1);
  expect(schemaOrgProblems(h.ld[0])).toEqual([]);
  const [posting, crumbs] = h.ld[0];
  expect(posting["@type"]).toBe("DiscussionForumPosting");
  expect(posting.url).toBe(`${origin}/posts/${id}`);
  expect(crumbs["@type"]).toBe("BreadcrumbList");

  // The zh-CN alternate is answered in Chinese and is its own canonical.
  await page.goto(`/posts/${id}?hl=zh-CN`);
  const zh = await head(page);
  expect(zh.lang).toBe("zh-CN");
  expect(zh.canonical).toBe(`${origin}/posts/${id}?hl=zh-CN`);
  expect(zh.ld[0][0].url).toBe(`${origin}/posts/${id}`);
  await page.goto(`/posts/${id}`);
  expect((await head(page)).lang).toBe("en");
});

test("list and profile pages: canonical with pagination and filters, noindex on filtered views", async ({ page }) => {
  await page.goto("/?page=1&tab=latest");
  let h = await head(page);
  expect(h.canonical).toBe(`${origin}/?page=1`);
  expect(h.robots).toBeNull();
  expect(h.ogSite).toBeTruthy();

  await page.goto("/?tagIds=1");
  h = await head(page);
  expect(h.canonical).toBe(`${origin}/?tagIds=1`);
  expect(h.robots).toBe("noindex, follow");

  await page.goto("/categories");
  const catHref = await page.locator('a[href^="/c/"]').first().getAttribute("href");
  await page.goto(`${catHref}?tab=activity`);
  h = await head(page);
  expect(h.canonical).toBe(`${origin}${catHref}?tab=activity`);
  expect(h.hreflang["zh-CN"]).toBe(`${origin}${catHref}?tab=activity&hl=zh-CN`);

  await page.goto("/u/alice?tab=replies");
  h = await head(page);
  expect(h.canonical).toBe(`${origin}/u/alice?tab=replies`);
  expect(h.ogType).toBe("profile");
  expect(h.robots).toBeNull();
  await page.goto("/u/alice?tab=followers");
  expect((await head(page)).robots).toBe("noindex, follow");
});

test("noindex where a page is no search result", async ({ page }) => {
  for (const path of ["/search?q=hello", "/login", "/register", "/forgot-password"]) {
    await page.goto(path);
    expect((await head(page)).robots, path).toBe("noindex, follow");
  }
});
