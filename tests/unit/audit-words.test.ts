import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import zhAdmin from "@/messages/zh-CN/admin.json";
import { auditParts, auditSummary, type AuditFacts, type AuditWords } from "@/lib/services/moderation/audit-words";

// the audit log is said in the reader's language by catalog sentences (AuditWords), each
// language in its own word order; the member and target links stay pieces of their own.
const zh: AuditWords = {
  t: createTranslator({ locale: "zh-CN", messages: zhAdmin, namespace: "AuditWords" }) as unknown as AuditWords["t"],
  locale: "zh-CN",
};
const mod = { id: 2, username: "moderator" };
const alice = { id: 3, username: "alice" };
const facts = (over: Partial<AuditFacts>): AuditFacts => ({
  action: "post.approve",
  actor: mod,
  subject: alice,
  target: { type: "post", id: 7, label: "Title", href: "/posts/7", postTitle: null },
  before: null,
  after: null,
  ...over,
});
const both = (f: AuditFacts) => ({ en: auditSummary(auditParts(f)), zh: auditSummary(auditParts(f, zh)) });

describe("the audit log in words", () => {
  it("says a post's approval in English and in Chinese word order, with the same links", () => {
    expect(both(facts({}))).toEqual({ en: "moderator approved alice's post “Title”", zh: "moderator 通过了 alice 的帖子《Title》" });
    expect(auditParts(facts({}), zh)).toEqual([
      { kind: "user", id: 2, username: "moderator" },
      { kind: "text", text: " 通过了 " },
      { kind: "user", id: 3, username: "alice" },
      { kind: "text", text: " 的帖子" },
      { kind: "target", text: "《Title》", href: "/posts/7" },
    ]);
  });

  it("moves the verb where Chinese puts it, and counts flags without an English plural", () => {
    expect(both(facts({ action: "post.feature" })).zh).toBe("moderator 将 alice 的帖子《Title》设为精选");
    expect(both(facts({ action: "flag.hide", after: { flags: 3 } }))).toEqual({
      en: "moderator hid alice's post “Title” (3 flags)",
      zh: "moderator 隐藏了被举报的 alice 的帖子《Title》（3 条举报）",
    });
    const comment = facts({
      action: "comment.delete",
      target: { type: "comment", id: 9, label: null, href: "/posts/7#comment-9", postTitle: "Host" },
    });
    expect(both(comment)).toEqual({ en: "moderator deleted alice's comment on “Host”", zh: "moderator 删除了 alice 在《Host》下的评论" });
  });

  it("writes a suspension's end as a Chinese date, roles and settings in Chinese", () => {
    const suspend = facts({
      action: "user.suspend",
      target: { type: "user", id: 3, label: "alice", href: "/admin/users/3", postTitle: null },
      after: { suspendedUntil: "2026-12-04T10:00:00.000Z", suspendedReason: "冷静一下" },
    });
    expect(both(suspend)).toEqual({
      en: "moderator suspended alice until 4 December 2026: “冷静一下”",
      zh: "moderator 封禁了 alice，直至 2026年12月4日：“冷静一下”",
    });
    const role = facts({ action: "user.role", before: { role: "USER" }, after: { role: "MODERATOR" } });
    expect(both(role).zh).toBe("moderator 将 alice 设为版主（原为普通成员）");
    const settings = facts({
      action: "settings.update",
      subject: null,
      target: { type: "site-settings", id: null, label: "site settings", href: "/admin/settings", postTitle: null },
      after: { flagHideThreshold: 3, publishMode: "REVIEW" },
    });
    expect(both(settings)).toEqual({
      en: "moderator changed the site settings: flag threshold, publish mode",
      zh: "moderator 修改了站点设置：举报隐藏阈值、发布方式",
    });
  });
});
