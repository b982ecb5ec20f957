import { expect, test } from "@playwright/test";

/** paging never offers a page past the end, and a page past the end says so clearly. */

test("Older is offered only while older posts exist; the last page says it is the last", async ({ page, request }) => {
  const cats = (await (await request.get("/api/categories")).json()) as { id: number; count: number }[];
  // A category with posts but fewer than a page: its list has exactly one page.
  const small = cats.find((c) => c.count > 0 && c.count < 20)!;
  await page.goto(`/c/${small.id}`);
  await expect(page.getByTestId("post-card")).toHaveCount(small.count);
  await expect(page.getByRole("link", { name: /Older/ })).toHaveCount(0);

  // The home page has more than 20 posts: walk Older until it stops, never reaching an empty page.
  await page.goto("/");
  for (let i = 0; i < 20; i++) {
    const older = page.getByRole("link", { name: /Older/ });
    if (!(await older.count())) break;
    await older.click();
    await page.waitForURL(new RegExp(`page=${i + 1}`));
    await expect(page.getByTestId("post-card").first()).toBeVisible();
  }
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("(the last)");
  await expect(page.getByTestId("no-more-posts")).toHaveCount(0);
});

test("a page past the end says there are no more posts and links back, without a page number", async ({ page }) => {
  await page.goto("/?page=999");
  const none = page.getByTestId("no-more-posts");
  await expect(none).toContainText("No more posts");
  await expect(page.getByText("Page 1000")).toHaveCount(0);
  await none.getByRole("link", { name: "Back to the newest posts" }).click();
  await page.waitForURL((u) => u.pathname === "/" && !u.searchParams.has("page"));
  await expect(page.getByTestId("post-card").first()).toBeVisible();
});
