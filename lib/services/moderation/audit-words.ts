// The audit log in words: "moderator approved alice's post “Title”", as pieces the admin pages link.
// The sentences are catalog messages (namespace AuditWords in messages/<locale>/admin.json), so each
// language orders them its own way ("moderator 通过了 alice 的帖子《Title》"); the API speaks English.
import { createTranslator } from "next-intl";
import enAdmin from "@/messages/en/admin.json";
import type { AuditEntryDto, AuditPart } from "@/lib/validation/admin-users";

type Mini = { id: number; username: string };
type Json = Record<string, unknown> | null;

/** What a line needs: who, what, whose, on what (its current or remembered name), the raw before/after. */
export type AuditFacts = {
  action: string;
  actor: Mini | null;
  subject: Mini | null;
  target: { type: string; id: number | null; label: string | null; href: string | null; postTitle: string | null };
  before: Json;
  after: Json;
};

/** A translator of the AuditWords namespace and the language its dates are written in. */
export type AuditWords = {
  t: (key: string, values?: Record<string, string | number>) => string;
  locale: string;
};

/** English, as the API and the audit log's plain-text summary speak it. */
export const ENGLISH_AUDIT_WORDS: AuditWords = {
  t: createTranslator({ locale: "en", messages: enAdmin, namespace: "AuditWords" }) as unknown as AuditWords["t"],
  locale: "en",
};

/** Every action staff can take, for the audit log's filter (the key is the stored action, the label in AuditActions). */
export const AUDIT_ACTIONS = [
  "post.approve",
  "post.reject",
  "post.edit",
  "post.delete",
  "post.close",
  "post.reopen",
  "post.pin",
  "post.unpin",
  "post.feature",
  "post.unfeature",
  "post.slow-mode",
  "comment.edit",
  "comment.delete",
  "comment.pin",
  "comment.unpin",
  "flag.dismiss",
  "flag.hide",
  "flag.delete",
  "flag.close_post",
  "user.suspend",
  "user.unsuspend",
  "user.role",
  "user.delete",
  "settings.update",
  "category.create",
  "category.update",
  "category.delete",
  "category.reorder",
  "tag.create",
  "tag.update",
  "tag.delete",
  "tag.merge",
  "good.create",
  "good.update",
  "good.retire",
  "good.offer",
  "good.delete",
  "redemption.fulfil",
  "backup.create",
  "backup.download",
  "backup.delete",
  "backup.schedule",
] as const;

const POST_VERBS = new Set(["approve", "reject", "delete", "close", "reopen", "pin", "unpin", "feature", "unfeature"]);
const COMMENT_VERBS = new Set(["edit", "delete", "pin", "unpin"]);
const FLAG_VERBS = new Set(["dismiss", "hide", "delete", "close_post"]);

const str = (o: Json, k: string): string | null => (o && typeof o[k] === "string" ? (o[k] as string) : null);
const num = (o: Json, k: string): number | null => (o && typeof o[k] === "number" ? (o[k] as number) : null);

/** "4 December 2026" (en) or "2026年12月4日" (zh-CN): a human date, the same on the server and in every browser (UTC). */
export function humanDate(iso: string, locale = "en"): string {
  return new Date(iso).toLocaleDateString(locale === "en" ? "en-GB" : locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

// A link in a sentence stands as a marker while the message is formatted, then becomes its own piece.
const MARK = "\u0001";
const mark = (name: string) => `${MARK}${name}${MARK}`;

/** What the sentence of an entry is made from; `user` and `target` stand links in the sentence. */
type Phrasing = {
  f: AuditFacts;
  t: AuditWords["t"];
  words: AuditWords;
  user: (name: string, u: Mini | null, fallback: string) => string;
  target: (text: string, href?: string | null) => string;
  /** The flagged or acted-on thing: "alice's post “Title”" or "alice's comment on “Title”". */
  what: () => string;
  actor: string;
  member: string;
  title: string | null;
  kind: string;
  verb: string;
};

/** The sentence of a post, comment or flag action; null for another action. */
function contentLine({ f, t, what, actor, kind, verb }: Phrasing): string | null {
  const a = f.action;
  const reason = str(f.after, "reason");
  let line: string;
  if (kind === "post" && POST_VERBS.has(verb) && f.target.type === "post") {
    line = t("post", { actor, verb, what: what() });
    if (a === "post.reject" && reason) line += t("quotedReason", { reason });
  } else if (a === "post.edit") {
    const restored = num(f.after, "restoredVersion");
    const fields = Array.isArray(f.after?.fields) ? (f.after!.fields as string[]) : [];
    const cat = str(f.after, "category");
    const only = fields.length === 1 ? fields[0] : null;
    if (restored !== null) line = t("postRestored", { actor, version: restored, what: what() });
    else if (only === "category" && cat) line = t("postMovedTo", { actor, what: what(), category: cat });
    else if (only === "category") line = t("postMoved", { actor, what: what() });
    else if (only === "tags") line = t("postRetagged", { actor, what: what() });
    else line = t("postEdited", { actor, what: what() });
  } else if (a === "post.slow-mode") {
    const seconds = num(f.after, "seconds") ?? 0;
    line = seconds ? t("slowModeOn", { actor, what: what(), seconds }) : t("slowModeOff", { actor, what: what() });
  } else if (kind === "comment" && COMMENT_VERBS.has(verb)) {
    line = t("comment", { actor, verb, what: what() });
  } else if (kind === "flag" && FLAG_VERBS.has(verb)) {
    const count = num(f.after, "flags") ?? 0;
    line =
      a === "flag.dismiss"
        ? t(f.after?.restored === true ? "flagDismissRestored" : "flagDismiss", { actor, what: what(), count })
        : t("flag", { actor, verb, what: what(), count });
  } else return null;
  return line;
}

/** The sentence of an action on a member; null for another action. */
function memberLine({ f, t, words, user, actor, member }: Phrasing): string | null {
  const a = f.action;
  let line: string;
  if (a === "user.suspend") {
    const until = str(f.after, "suspendedUntil");
    const subject = user("subject", f.subject, member);
    line = until ? t("suspendUntil", { actor, subject, date: humanDate(until, words.locale) }) : t("suspend", { actor, subject });
    const why = str(f.after, "suspendedReason");
    if (why) line += t("quotedReason", { reason: why });
  } else if (a === "user.unsuspend") {
    line = t("unsuspend", { actor, subject: user("subject", f.subject, member) });
  } else if (a === "user.role") {
    const subject = user("subject", f.subject, member);
    line = t("role", { actor, subject, role: str(f.after, "role") ?? "" });
    const was = str(f.before, "role");
    if (was) line += t("roleWas", { was });
  } else if (a === "user.delete") {
    // The subject's name is the deleted one now (deleted-<id>); the old name was never logged.
    line = t("userDeleted", { actor, subject: user("subject", f.subject, member), content: str(f.after, "content") ?? "keep" });
  } else return null;
  return line;
}

/** The sentence of an action on the site's settings, catalog (categories, tags, goods) or backups; null for another action. */
function siteLine({ f, t, user, target, actor, member, title, kind, verb }: Phrasing): string | null {
  const a = f.action;
  let line: string;
  if (a === "settings.update") {
    const keys = Object.keys(f.after ?? {}).map((key) => t("setting", { key, words: key.replace(/([A-Z])/g, " $1").toLowerCase() }));
    line = t("settings", { actor, target: target(t("siteSettings"), "/admin/settings") });
    if (keys.length) line += t("settingsWhich", { list: keys.join(t("listSeparator")) });
  } else if (a === "category.reorder") {
    line = t("categoriesReordered", { actor, target: target(t("categories"), "/admin/categories") });
  } else if (a === "tag.merge") {
    const from = (f.before?.merged as { name?: string } | undefined)?.name;
    const into = (f.before?.into as { name?: string } | undefined)?.name ?? title;
    line = t("tagMerged", {
      actor,
      from: from ? `#${from}` : t("aTag"),
      target: target(into ? `#${into}` : t("anotherTag")),
    });
  } else if (a === "redemption.fulfil") {
    const good = str(f.before, "goodName");
    line = t("redemptionFulfilled", {
      actor,
      subject: user("subject", f.subject, member),
      target: target(good ?? `#${f.target.id ?? "?"}`),
    });
  } else if (a.startsWith("backup.")) {
    const name = str(f.before, "name") ?? str(f.after, "name") ?? "";
    line = t("backup", {
      actor,
      verb,
      name,
      frequency: str(f.after, "frequency") ?? "",
      keep: num(f.after, "keep") ?? 0,
      target: target(t("backups"), "/admin/backups"),
    });
  } else if (/^(category|tag|good)\./.test(a)) {
    const name = title ?? str(f.before, "name") ?? str(f.after, "name");
    const it = target(name ? (kind === "tag" ? `#${name}` : name) : `#${f.target.id ?? "?"}`, verb === "delete" ? null : f.target.href);
    line = t("catalog", { actor, verb, kind, target: it });
    const moved = num(f.after, "moved");
    if (a === "category.delete" && moved) line += t("categoryMoved", { count: moved });
  } else return null;
  return line;
}

/** The line of one audit entry as pieces (text, member links and the target's link), in `words`' language. */
export function auditParts(f: AuditFacts, words: AuditWords = ENGLISH_AUDIT_WORDS): AuditPart[] {
  const { t } = words;
  const links = new Map<string, AuditPart>();
  const user = (name: string, u: Mini | null, fallback: string) => {
    if (!u) return fallback;
    links.set(name, { kind: "user", id: u.id, username: u.username });
    return mark(name);
  };
  const target = (text: string, href = f.target.href) => {
    links.set("target", { kind: "target", text, href });
    return mark("target");
  };

  const title = f.target.label ?? str(f.before, "title") ?? str(f.after, "title");
  const postTitle = f.target.postTitle ?? str(f.before, "postTitle") ?? str(f.after, "postTitle");
  const quoted = (s: string | null, fallback: string) => (s ? t("quoted", { title: s }) : fallback);
  const member = t("aMember");
  const what = () => {
    const subject = f.subject ? user("subject", f.subject, "") : null;
    if (f.target.type === "comment") {
      const on = target(quoted(postTitle, t("aPost")), f.target.href);
      return subject ? t("commentOf", { subject, target: on }) : t("aComment", { target: on });
    }
    const it = target(quoted(title, `#${f.target.id ?? "?"}`));
    return subject ? t("postOf", { subject, target: it }) : t("aPostNamed", { target: it });
  };

  const actor = user("actor", f.actor, t("someoneDeleted"));
  const [kind = "", verb = ""] = f.action.split(".");
  const c: Phrasing = { f, t, words, user, target, what, actor, member, title, kind, verb };
  const line =
    contentLine(c) ??
    memberLine(c) ??
    siteLine(c) ??
    t(f.target.id !== null ? "otherWithId" : "other", { actor, action: f.action, type: f.target.type, id: f.target.id ?? "" });

  const out: AuditPart[] = [];
  line.split(MARK).forEach((piece, i) => {
    // Odd pieces are the names of links, even ones text.
    const link = i % 2 ? links.get(piece) : undefined;
    if (link) out.push(link);
    else if (piece) out.push({ kind: "text", text: piece });
  });
  return out;
}

/** The facts of an entry the API returned, to say it again in another language. */
export function auditFactsOf(e: AuditEntryDto): AuditFacts {
  const comment = e.targetType === "comment";
  return {
    action: e.action,
    actor: e.actor,
    subject: e.subject,
    target: { ...e.target, label: comment ? null : e.target.label, postTitle: comment ? e.target.label : null },
    before: (e.before as Json) ?? null,
    after: (e.after as Json) ?? null,
  };
}

/** Entries with their line said in `words`' language (the page's), the rest unchanged. */
export function auditEntriesIn<E extends AuditEntryDto>(entries: E[], words: AuditWords): E[] {
  if (words.locale === "en") return entries;
  return entries.map((e) => {
    const parts = auditParts(auditFactsOf(e), words);
    return { ...e, parts, summary: auditSummary(parts) };
  });
}

/** The same line as plain text. */
export const auditSummary = (parts: AuditPart[]) => parts.map((p) => (p.kind === "user" ? p.username : p.text)).join("");
