import { expect, type Locator, type Page } from "@playwright/test";

/** The composer of a post page's top-level comment form (components/composer/composer.tsx). */
export class CommentComposer {
  readonly box: Locator;
  readonly toolbar: Locator;
  readonly suggestions: Locator;
  constructor(readonly page: Page) {
    this.box = page.getByLabel("Write a comment");
    this.toolbar = page.getByRole("toolbar", { name: "Formatting" }).first();
    this.suggestions = page.getByTestId("composer-suggestions");
  }

  /** Selects `text` inside the box, as a person would by dragging over it. */
  async select(text: string) {
    await this.box.evaluate((el, t) => {
      const ta = el as HTMLTextAreaElement;
      const i = ta.value.indexOf(t);
      ta.focus();
      ta.setSelectionRange(i, i + t.length);
    }, text);
  }

  /** Pastes an image file into the box, as Ctrl+V with an image on the clipboard does. */
  async pasteImage(name: string, png: Buffer) {
    await this.box.evaluate(
      (el, { name, bytes }) => {
        const file = new File([new Uint8Array(bytes)], name, { type: "image/png" });
        const dt = new DataTransfer();
        dt.items.add(file);
        el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
      },
      { name, bytes: [...png] },
    );
  }

  async submit() {
    await this.page.getByRole("button", { name: "Post comment" }).click();
    await expect(this.box).toHaveValue("");
  }

  /** The rendered comment whose text contains `text`. */
  comment(text: string | RegExp): Locator {
    return this.page.getByTestId("comment").filter({ hasText: text }).first();
  }
}
