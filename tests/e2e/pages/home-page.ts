import { expect, type Locator, type Page } from "@playwright/test";

/** The post list pages: /, /c/[id], /t/[id]. */
export class HomePage {
  readonly list: Locator;
  readonly cards: Locator;
  constructor(readonly page: Page) {
    this.list = page.getByTestId("post-list");
    this.cards = page.getByTestId("post-card");
  }

  async goto(path = "/") {
    await this.page.goto(path);
    await expect(this.page.getByRole("main")).toBeVisible();
  }

  /** Every card's title, read from the DOM: rows below the screen skip rendering (content-visibility: auto),
   *  so their innerText is "" until scrolled near, while their text content is always there. */
  async titles(): Promise<string[]> {
    return (await this.cards.locator("h2").allTextContents()).map((t) => t.trim());
  }

  async chooseCategory(name: string) {
    const select = this.page.getByLabel("Category", { exact: true });
    const value = await select.locator("option", { hasText: name }).first().getAttribute("value");
    await Promise.all([this.page.waitForURL((u) => u.searchParams.get("categoryId") === value), select.selectOption(value!)]);
  }

  async toggleTag(name: string) {
    const link = this.page.getByTestId("tag-filter").getByRole("link", { name: new RegExp(`tag filter ${name}$`) });
    await link.click();
  }

  async tab(name: "Latest" | "Recent activity" | "Featured") {
    await this.page.getByRole("navigation", { name: "Post order" }).getByRole("link", { name }).click();
  }
}
