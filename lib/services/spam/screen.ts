// The one call every write path makes (issue 58): watched words, the new-member limits, the link
// burst and Akismet, decided before the write's transaction; `applyScreen` records the outcome inside it.
//
//   const screen = await screenContent(viewer, { kind: "post", fields: { title, content } });
//   … status = screen.hold ? "PENDING" : …; in the transaction: await applyScreen(tx, screen, { postId });
import "server-only";
import { eq, sql } from "drizzle-orm";
import { db, rawRows, type DbOrTx } from "@/db";
import { users } from "@/db/schema";
import { AppError, msg, msgText, type Msg } from "@/lib/errors";
import { env } from "@/lib/env";
import { rateLimitHitSql } from "@/lib/limits/rate-limit";
import { isModerator } from "@/lib/permissions";
import { readSettings } from "@/lib/services/shared/site-settings";
import { countImages, countLinks, countMentions, hasLink } from "@/lib/services/spam/content";
import { extractMentions } from "@/lib/services/shared/mentions";
import { watchedWordMatcher } from "@/lib/services/spam/lists";
import { HELD_NOTE, isNewMember, raiseSystemFlag, recordSpamEvent, silenceMember } from "@/lib/services/spam/silence";
import { akismetSaysSpam } from "@/lib/services/spam/akismet";
import type { WordHit } from "@/lib/services/spam/matcher";
import type { Viewer } from "@/lib/viewer";

export type ScreenKind = "post" | "comment" | "message" | "profile" | "username";

/** What a write must do besides being written: wait for review (`hold`), raise a flag, silence its author. */
export type Screened = {
  userId: number;
  kind: ScreenKind;
  /** Wait in the review queue (a post: PENDING; a comment: hidden with a system flag). */
  hold: { rule: string; detail: Record<string, unknown> } | null;
  /** Published, with a system flag raised (watched word FLAG). */
  flag: { word: string } | null;
  /** The member posted more links than the burst allows: silenced and their writing hidden with this one. */
  burst: boolean;
  links: number;
};

const NONE = (userId: number, kind: ScreenKind): Screened => ({ userId, kind, hold: null, flag: null, burst: false, links: 0 });

function refuse(m: Msg, code: "watched_word" | "new_member_limit", field: string, details: Record<string, unknown>): AppError {
  return new AppError(code, m, { field, issues: [{ path: [field], message: msgText(m), msg: m }], details });
}

/** The strongest watched word in each field (BLOCK refuses at once, naming the word and the field). */
async function watchedWords(userId: number, kind: ScreenKind, fields: Record<string, string | null | undefined>) {
  const matcher = await watchedWordMatcher();
  if (!matcher.size) return { hold: null as WordHit | null, flag: null as WordHit | null };
  let hold: WordHit | null = null;
  let flag: WordHit | null = null;
  for (const [field, text] of Object.entries(fields)) {
    if (!text) continue;
    const hit = matcher.strongest(text);
    if (!hit) continue;
    // A message, a name or a profile cannot wait in a public queue: REQUIRE_APPROVAL refuses them as
    // BLOCK does; a name is never shown masked: CENSOR refuses a username or display name.
    const name = kind === "username" || field === "displayName";
    const refuses =
      hit.action === "BLOCK" ||
      (hit.action === "REQUIRE_APPROVAL" && kind !== "post" && kind !== "comment") ||
      (hit.action === "CENSOR" && name);
    if (refuses) {
      await recordSpamEvent(db, { userId, kind: "blocked", rule: "watched_word", detail: { word: hit.word, field, on: kind } });
      throw refuse(msg(kind === "message" ? "spamWatchedWordDm" : "spamWatchedWord", { word: hit.word }), "watched_word", field, {
        word: hit.word,
        rule: "watched_word",
      });
    }
    if (hit.action === "REQUIRE_APPROVAL") hold ??= hit;
    else if (hit.action === "FLAG") flag ??= hit;
  }
  return { hold, flag };
}

type Member = { role: "USER" | "MODERATOR" | "ADMIN"; bot: boolean; experience: number; email: string; username: string; written: number };

async function member(userId: number): Promise<Member | null> {
  const [u] = await rawRows<{ role: Member["role"]; bot: boolean; experience: number; email: string; username: string; written: number }>(
    db,
    sql`select u.role, u.bot, u.experience, u.email, u.username,
          (select count(*) from posts p where p.author_id = u.id and p.status = 'PUBLISHED')::int
            + (select count(*) from comments c where c.author_id = u.id and c.hidden_at is null and c.deleted_at is null)::int as written
        from users u where u.id = ${userId}`,
  );
  return u ? { ...u, experience: Number(u.experience), written: Number(u.written) } : null;
}

async function existingOthers(names: string[], userId: number): Promise<number> {
  if (!names.length) return 0;
  const [r] = await rawRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where lower(username) in (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )}) and id <> ${userId}`,
  );
  return Number(r?.n ?? 0);
}

async function bump(key: string, windowSec: number, n: number): Promise<{ count: number; resetAt: Date }> {
  const [r] = await rawRows<{ count: number; reset_at: Date | string }>(db, rateLimitHitSql(key, windowSec, n));
  return { count: Number(r!.count), resetAt: new Date(r!.reset_at) };
}

/**
 * Screens what `viewer` is about to write. Throws a 400 (`watched_word` or `new_member_limit`, naming
 * the field and the rule) or a 429 (`rate_limited`, rule `cooldown`) when it may not be written;
 * otherwise says whether it waits for review, is flagged, or trips the link burst. Staff are not screened.
 * `fields` maps each input field to its text (`title`, `content`, `displayName`, `introduction`…).
 */
export async function screenContent(
  viewer: Pick<Viewer, "id" | "role">,
  input: { kind: ScreenKind; fields: Record<string, string | null | undefined>; userId?: number; edit?: boolean },
): Promise<Screened> {
  const userId = input.userId ?? viewer.id;
  if (isModerator(viewer) && viewer.id === userId) return NONE(userId, input.kind);
  const words = await watchedWords(userId, input.kind, input.fields);
  const out: Screened = { ...NONE(userId, input.kind), flag: words.flag ? { word: words.flag.word } : null };
  // An edit of something already shown is not taken back into the queue: a REQUIRE_APPROVAL word flags it.
  if (words.hold && input.edit) out.flag ??= { word: words.hold.word };
  else if (words.hold) out.hold = { rule: "watched_word", detail: { word: words.hold.word } };
  if (input.kind === "username") return out;
  const m = await member(userId);
  if (!m || !isNewMember(m)) return out;
  const s = await readSettings();

  if (input.kind === "profile") {
    if (!s.newMemberProfileLinks && Object.values(input.fields).some((t) => t && hasLink(t))) {
      const field = Object.entries(input.fields).find(([, t]) => t && hasLink(t))![0];
      await recordSpamEvent(db, { userId, kind: "blocked", rule: "profile_links" });
      throw refuse(msg("spamNewMemberProfileLinks"), "new_member_limit", field, { rule: "profile_links", liftsAtLevel: 1 });
    }
    return out;
  }

  const text = Object.values(input.fields).filter(Boolean).join("\n");
  const content = input.fields.content ?? text;
  const counts = { links: countLinks(text), images: countImages(content), mentions: countMentions(content) };
  const limits = { links: s.newMemberMaxLinks, images: s.newMemberMaxImages, mentions: s.newMemberMaxMentions };
  // A mention is of another member who exists (the ones a notification would reach).
  if (counts.mentions > limits.mentions) counts.mentions = await existingOthers(extractMentions(content), userId);
  const keys = { links: "spamNewMemberLinks", images: "spamNewMemberImages", mentions: "spamNewMemberMentions" } as const;
  for (const rule of ["links", "images", "mentions"] as const) {
    if (counts[rule] > limits[rule]) {
      await recordSpamEvent(db, { userId, kind: "blocked", rule, detail: { count: counts[rule], max: limits[rule], on: input.kind } });
      throw refuse(msg(keys[rule], { max: limits[rule], count: counts[rule] }), "new_member_limit", "content", {
        rule,
        max: limits[rule],
        count: counts[rule],
        liftsAtLevel: 1,
      });
    }
  }
  out.links = counts.links;
  if (input.kind === "message" || input.edit) return out;

  if (s.newMemberCooldownSeconds > 0) {
    const r = await bump(`spam:cooldown:${userId}`, s.newMemberCooldownSeconds, 1);
    if (r.count > 1) {
      const seconds = Math.max(1, Math.ceil((r.resetAt.getTime() - Date.now()) / 1000));
      await recordSpamEvent(db, { userId, kind: "blocked", rule: "cooldown", detail: { on: input.kind } });
      throw new AppError("rate_limited", msg("spamNewMemberCooldown", { cooldown: s.newMemberCooldownSeconds, seconds }), {
        retryAfterSec: seconds,
        details: { rule: "cooldown", cooldownSeconds: s.newMemberCooldownSeconds, retryAfter: seconds, liftsAtLevel: 1 },
      });
    }
  }
  // `written` counts what staff let through (published posts, visible comments): a member's writes wait
  // until that many were approved, so a bot's fourth post does not pass while its first three still wait.
  if (!out.hold && m.written < s.newMemberReviewPosts)
    out.hold = { rule: "review", detail: { nth: m.written + 1, of: s.newMemberReviewPosts } };
  if (s.linkBurstLimit > 0 && counts.links > 0) {
    const r = await bump(`spam:links:${userId}`, s.linkBurstMinutes * 60, counts.links);
    if (r.count > s.linkBurstLimit) {
      out.burst = true;
      out.hold ??= { rule: "link_burst", detail: { links: r.count, minutes: s.linkBurstMinutes } };
    }
  }
  if (!out.hold && env().AKISMET_KEY && m.written < 3) {
    if (await akismetSaysSpam({ content: text, author: m.username, email: m.email, type: input.kind === "post" ? "forum-post" : "reply" }))
      out.hold = { rule: "akismet", detail: {} };
  }
  return out;
}

/**
 * Inside the write's transaction, once the row exists: records the hold or flag (spam_events), raises
 * the system flag that puts a held comment or a FLAG word in the flag queue, and silences the author
 * on a link burst. Returns true when the author was silenced (the caller's announcement then covers
 * the member: `silenced(userId)`).
 */
export async function applyScreen(
  tx: DbOrTx,
  s: Screened,
  target: { postId: number; commentId?: number | null; messageId?: number },
): Promise<boolean> {
  if (s.hold) {
    await recordSpamEvent(tx, { userId: s.userId, kind: "held", rule: s.hold.rule, detail: { ...s.hold.detail, on: s.kind, ...target } });
    if (s.kind === "comment") await raiseSystemFlag(tx, target, `${HELD_NOTE} ${s.hold.rule}`);
  }
  if (s.flag) {
    await recordSpamEvent(tx, {
      userId: s.userId,
      kind: "flagged",
      rule: "watched_word",
      detail: { word: s.flag.word, on: s.kind, ...target },
    });
    if (s.kind === "post" || s.kind === "comment") await raiseSystemFlag(tx, target, `Watched word: ${s.flag.word}`);
  }
  if (s.burst) {
    const [u] = await tx.select({ suspendedUntil: users.suspendedUntil }).from(users).where(eq(users.id, s.userId));
    if (!u?.suspendedUntil || u.suspendedUntil.getTime() < Date.now()) {
      await silenceMember(tx, { userId: s.userId, reason: "Many links in a short time", automatic: true, byId: null, rule: "link_burst" });
      return true;
    }
  }
  return false;
}

/** FLAG and hold events of profile texts and names (no row of their own to flag): the event alone tells staff. */
export async function recordScreened(s: Screened): Promise<void> {
  if (s.flag)
    await recordSpamEvent(db, { userId: s.userId, kind: "flagged", rule: "watched_word", detail: { word: s.flag.word, on: s.kind } });
}

/** The announcement after a write whose author the defence silenced (their pages and name change). */
export { silenced as silencedChanges } from "@/lib/services/spam/silence";

/** PUT /api/users/me: watched words on the username, display name and profile text; no links in a new member's profile. */
export async function screenProfile(
  viewer: Pick<Viewer, "id">,
  input: { username?: string; displayName?: string | null; introduction?: string },
): Promise<void> {
  const who = { id: viewer.id, role: "USER" as const };
  if (input.username !== undefined)
    await recordScreened(await screenContent(who, { kind: "username", fields: { username: input.username } }));
  if (input.displayName || input.introduction)
    await recordScreened(
      await screenContent(who, {
        kind: "profile",
        fields: { displayName: input.displayName ?? null, introduction: input.introduction ?? null },
      }),
    );
}
