import { expect, type Locator, type Page } from "@playwright/test";

/** /posts/[id]: the post, its widgets and its comments. */
export class PostPage {
  readonly title: Locator;
  readonly content: Locator;
  readonly comments: Locator;
  constructor(readonly page: Page) {
    this.title = page.getByRole("heading", { level: 1 });
    this.content = page.getByTestId("post-content");
    this.comments = page.getByTestId("comment");
  }

  async goto(id: number) {
    await this.page.goto(`/posts/${id}`);
    await expect(this.title).toBeVisible();
  }

  postReactions(): Locator {
    return this.page.getByRole("group", { name: "Post reactions" });
  }

  /** Opens the picker of the post's reaction bar and picks `label` (e.g. "Like"). */
  async reactToPost(label: string) {
    const bar = this.postReactions();
    await bar.getByRole("button", { name: "React" }).click();
    await bar.getByRole("group", { name: "Choose a reaction" }).getByRole("button", { name: label, exact: true }).click();
  }

  async comment(text: string) {
    await this.page.getByLabel("Write a comment").fill(text);
    await this.page.getByRole("button", { name: "Post comment" }).click();
    await expect(this.comments.filter({ hasText: text })).toBeVisible();
  }

  async replyTo(commentText: string, text: string) {
    const c = this.comments.filter({ hasText: commentText }).first();
    await c.getByRole("button", { name: "Reply" }).first().click();
    await c.getByRole("textbox").first().fill(text);
    await c.getByRole("button", { name: "Post reply" }).click();
    await expect(c.getByRole("list", { name: /Replies to/ }).getByText(text)).toBeVisible();
  }

  menu(): Locator {
    return this.page.getByRole("group", { name: "Post actions" });
  }
}
