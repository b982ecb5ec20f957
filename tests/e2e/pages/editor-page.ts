import { expect, type Page } from "@playwright/test";

/** /new and /posts/[id]/edit. */
export class EditorPage {
  constructor(readonly page: Page) {}

  async gotoNew() {
    await this.page.goto("/new");
    await expect(this.page.getByRole("heading", { name: "New post" })).toBeVisible();
  }

  async fill(opts: { title: string; category?: string; tag: string; content: string }) {
    await this.page.getByLabel("Title", { exact: true }).fill(opts.title);
    // No category is preselected: the first one when the test names none.
    const category = this.page.getByLabel("Category", { exact: true });
    await category.selectOption(opts.category ? { label: opts.category } : { index: 1 });
    const search = this.page.getByLabel("Tags", { exact: true });
    await search.fill(opts.tag);
    await this.page.getByRole("button", { name: `Add tag ${opts.tag}`, exact: true }).click();
    await expect(this.page.getByTestId("selected-tags")).toContainText(`#${opts.tag}`);
    await this.page.getByLabel("Content", { exact: true }).fill(opts.content);
  }

  async uploadImage(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.getByTestId("image-input").setInputFiles(file);
    // Inserted site-relative: the post must not keep the host of whoever uploaded it.
    await expect(this.page.getByLabel("Content", { exact: true })).toHaveValue(/!\[[^\]]*\]\(\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.\w+\)/, {
      timeout: 20_000,
    });
  }

  async publish() {
    await this.page.getByRole("button", { name: "Publish" }).click();
    await this.page.waitForURL(/\/posts\/\d+$/);
  }
}
