import { createElement, Fragment } from "react";
import { renderToStaticMarkup as reactRender } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { escapeHtml, renderToStaticMarkup } from "@/lib/mail/render";
import { activityMail, digestMail, resetMail, verifyMail, type Footer } from "@/lib/mail/templates";

/** The mail renderer gives the same HTML as react-dom/server for every template, with hostile text escaped. */

const footer: Footer = {
  site: "Forum <&>",
  siteUrl: "http://x.test/",
  settingsUrl: "http://x.test/settings/email",
  unsubscribeUrl: "http://x.test/unsubscribe?u=1&t=abc",
};
const item = {
  kind: "reply" as const,
  from: "eve<script>",
  postTitle: `Q "&" A`,
  excerpt: "a < b && c > d\nnext line",
  link: "http://x.test/posts/1#comment-2",
};

describe("mail renderer", () => {
  it.each([
    ["verify", () => verifyMail({ username: "al'ice", code: "012345", link: "http://x.test/verify?username=a&code=012345", footer })],
    ["reset", () => resetMail({ username: "bob", link: "http://x.test/reset-password?token=abc", footer })],
    ["activity", () => activityMail({ username: "carol", item, footer })],
    [
      "digest",
      () =>
        digestMail({
          username: "dave",
          period: "weekly",
          items: [item, { ...item, kind: "mention" }],
          more: 3,
          inboxUrl: "http://x.test/notifications",
          footer,
        }),
    ],
  ])("renders the %s mail like react-dom/server and escapes user text", (_name, make) => {
    const mail = make();
    expect(mail.html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).toContain("Unsubscribe: http://x.test/unsubscribe?u=1&t=abc");
    expect(mail.html).toContain("http://x.test/unsubscribe?u=1&amp;t=abc");
  });

  it("matches react-dom/server on elements, fragments, styles and components", () => {
    const h = createElement;
    const Comp = ({ n }: { n: number }) =>
      h(Fragment, null, h("b", { style: { fontWeight: 700, marginTop: 4, lineHeight: 1.5, padding: "1px 2px" } }, n), null, false, [
        "x",
        1,
        h("i", { key: "k" }, "y & z"),
      ]);
    const tree = h(
      "div",
      { className: "a", "data-x": "1&2" },
      h("label", { htmlFor: "f" }, "L"),
      h(Comp, { n: 3 }),
      `text with "quotes" and <tags>`,
    );
    expect(renderToStaticMarkup(tree)).toBe(reactRender(tree));
    for (const make of [
      () => verifyMail({ username: "al'ice", code: "012345", link: "http://x.test/v?a=1&b=2", footer }).html,
      () => digestMail({ username: "d", period: "daily", items: [item], more: 0, inboxUrl: "http://x.test/n", footer }).html,
    ]) {
      expect(make().length).toBeGreaterThan(500);
    }
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;");
  });
});
