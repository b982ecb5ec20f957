// The audit log in words: "moderator approved alice's post “Title”", as pieces the admin pages link.
import type { AuditPart } from "@/lib/validation/admin-users";

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

/** Every action staff can take, for the audit log's filter; the key is the stored action. */
export const AUDIT_ACTIONS: Record<string, string> = {
  "post.approve": "Approved a post",
  "post.reject": "Rejected a post",
  "post.edit": "Edited someone's post",
  "post.delete": "Deleted someone's post",
  "post.close": "Closed someone's post",
  "post.reopen": "Reopened someone's post",
  "post.pin": "Pinned a post",
  "post.unpin": "Unpinned a post",
  "post.feature": "Featured a post",
  "post.unfeature": "Unfeatured a post",
  "post.slow-mode": "Set slow mode",
  "comment.edit": "Edited someone's comment",
  "comment.delete": "Deleted someone's comment",
  "comment.pin": "Pinned a comment",
  "comment.unpin": "Unpinned a comment",
  "flag.dismiss": "Dismissed flags",
  "flag.hide": "Hid flagged content",
  "flag.delete": "Deleted flagged content",
  "flag.close_post": "Closed a flagged post",
  "user.suspend": "Suspended a member",
  "user.unsuspend": "Lifted a suspension",
  "user.role": "Changed a role",
  "settings.update": "Changed site settings",
  "category.create": "Created a category",
  "category.update": "Edited a category",
  "category.delete": "Deleted a category",
  "category.reorder": "Reordered categories",
  "tag.create": "Created a tag",
  "tag.update": "Edited a tag",
  "tag.delete": "Deleted a tag",
  "tag.merge": "Merged tags",
  "good.create": "Added a point good",
  "good.update": "Edited a point good",
  "good.retire": "Retired a point good",
  "good.offer": "Offered a point good again",
  "good.delete": "Deleted a point good",
};

const ROLE_WORDS: Record<string, string> = { USER: "a member", MODERATOR: "a moderator", ADMIN: "an admin" };

const SETTING_WORDS: Record<string, string> = {
  publishMode: "publish mode",
  registrationMode: "registration",
  usernameChangeDays: "username changes",
  flagHideThreshold: "flag threshold",
};

const str = (o: Json, k: string): string | null => (o && typeof o[k] === "string" ? (o[k] as string) : null);
const num = (o: Json, k: string): number | null => (o && typeof o[k] === "number" ? (o[k] as number) : null);

/** "4 December 2026": a human date, the same on the server and in every browser (UTC). */
export function humanDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

const FLAG_VERBS: Record<string, string> = {
  "flag.dismiss": "dismissed the flags on",
  "flag.hide": "hid",
  "flag.delete": "deleted",
  "flag.close_post": "closed",
};

const POST_VERBS: Record<string, string> = {
  "post.approve": "approved",
  "post.reject": "rejected",
  "post.delete": "deleted",
  "post.close": "closed",
  "post.reopen": "reopened",
  "post.pin": "pinned",
  "post.unpin": "unpinned",
  "post.feature": "featured",
  "post.unfeature": "unfeatured",
};

const COMMENT_VERBS: Record<string, string> = {
  "comment.edit": "edited",
  "comment.delete": "deleted",
  "comment.pin": "pinned",
  "comment.unpin": "unpinned",
};

/** The line of one audit entry as pieces: text, member links and the target's link. */
export function auditParts(f: AuditFacts): AuditPart[] {
  const out: AuditPart[] = [];
  const text = (t: string) => out.push({ kind: "text", text: t });
  const user = (u: Mini | null, fallback: string) => (u ? out.push({ kind: "user", id: u.id, username: u.username }) : text(fallback));
  const target = (t: string, href = f.target.href) => out.push({ kind: "target", text: t, href });
  const whose = () => {
    if (f.subject) {
      user(f.subject, "");
      text("'s ");
    } else text("a ");
  };
  const title = f.target.label ?? str(f.before, "title") ?? str(f.after, "title");
  const postTitle = f.target.postTitle ?? str(f.before, "postTitle") ?? str(f.after, "postTitle");
  const quoted = (t: string | null, fallback: string) => (t ? `“${t}”` : fallback);
  const what = () => {
    // The flagged or acted-on thing: "alice's post “Title”" or "alice's comment on “Title”".
    if (f.target.type === "comment") {
      whose();
      text("comment on ");
      target(quoted(postTitle, "a post"), f.target.href);
    } else {
      whose();
      text("post ");
      target(quoted(title, `#${f.target.id ?? "?"}`));
    }
  };

  user(f.actor, "someone (deleted)");
  text(" ");
  const a = f.action;
  const reason = str(f.after, "reason");

  if (a in POST_VERBS && f.target.type === "post") {
    text(`${POST_VERBS[a]} `);
    what();
    if (a === "post.reject" && reason) text(`: “${reason}”`);
  } else if (a === "post.edit") {
    const restored = num(f.after, "restoredVersion");
    const fields = Array.isArray(f.after?.fields) ? (f.after!.fields as string[]) : [];
    if (restored !== null) text(`restored version ${restored} of `);
    else if (fields.length === 1 && fields[0] === "category") text("moved ");
    else if (fields.length === 1 && fields[0] === "tags") text("re-tagged ");
    else text("edited ");
    what();
    const cat = str(f.after, "category");
    if (restored === null && fields.length === 1 && fields[0] === "category" && cat) text(` to ${cat}`);
  } else if (a === "post.slow-mode") {
    const s = num(f.after, "seconds") ?? 0;
    text(s ? "set slow mode on " : "turned off slow mode on ");
    what();
    if (s) text(` to one comment every ${s} s`);
  } else if (a in COMMENT_VERBS) {
    text(`${COMMENT_VERBS[a]} `);
    what();
  } else if (a in FLAG_VERBS) {
    const n = num(f.after, "flags") ?? 0;
    text(`${FLAG_VERBS[a]} `);
    what();
    if (a === "flag.dismiss" && f.after?.restored === true) text(" and restored it");
    text(` (${n} ${n === 1 ? "flag" : "flags"})`);
  } else if (a === "user.suspend") {
    text("suspended ");
    user(f.subject, "a member");
    const until = str(f.after, "suspendedUntil");
    if (until) text(` until ${humanDate(until)}`);
    const why = str(f.after, "suspendedReason");
    if (why) text(`: “${why}”`);
  } else if (a === "user.unsuspend") {
    text("lifted the suspension of ");
    user(f.subject, "a member");
  } else if (a === "user.role") {
    text("made ");
    user(f.subject, "a member");
    text(` ${ROLE_WORDS[str(f.after, "role") ?? ""] ?? "something else"}`);
    const was = str(f.before, "role");
    if (was) text(` (was ${ROLE_WORDS[was]?.replace(/^an? /, "") ?? was})`);
  } else if (a === "settings.update") {
    const keys = Object.keys(f.after ?? {}).map((k) => SETTING_WORDS[k] ?? k.replace(/([A-Z])/g, " $1").toLowerCase());
    text("changed the ");
    target("site settings", "/admin/settings");
    if (keys.length) text(`: ${keys.join(", ")}`);
  } else if (a === "category.reorder") {
    text("reordered the ");
    target("categories", "/admin/categories");
  } else if (a === "tag.merge") {
    const from = (f.before?.merged as { name?: string } | undefined)?.name;
    const into = (f.before?.into as { name?: string } | undefined)?.name ?? title;
    text(`merged the tag ${from ? `#${from}` : "a tag"} into `);
    target(into ? `#${into}` : "another tag");
  } else if (/^(category|tag|good)\./.test(a)) {
    const [kind, verb] = a.split(".") as [string, string];
    const name = title ?? str(f.before, "name") ?? str(f.after, "name");
    const noun = kind === "good" ? "the point good" : `the ${kind}`;
    const verbs: Record<string, string> = {
      create: "created",
      update: "edited",
      delete: "deleted",
      retire: "retired",
      offer: "offered again",
    };
    text(`${verbs[verb] ?? verb} ${noun} `);
    target(name ? (kind === "tag" ? `#${name}` : name) : `#${f.target.id ?? "?"}`, verb === "delete" ? null : f.target.href);
    if (a === "category.delete" && num(f.after, "moved")) text(`, moving its ${num(f.after, "moved")} posts`);
  } else {
    text(`${a} on ${f.target.type}`);
    if (f.target.id !== null) text(` #${f.target.id}`);
  }
  return out;
}

/** The same line as plain text. */
export const auditSummary = (parts: AuditPart[]) => parts.map((p) => (p.kind === "user" ? p.username : p.text)).join("");
