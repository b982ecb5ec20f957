// The demo community, simulated: the content of db/demo-data.ts becomes posts, comments, polls, lotteries,
// reactions, notifications, change logs and a consistent points ledger that follows the real rules
// (POINTS and EXPERIENCE of lib/services/points/points.ts). Rows are inserted directly (bulk, one transaction),
// with fixed pseudo-random choices so the demo is the same every time (only the dates move with "now").
import { eq, sql } from "drizzle-orm";
import type { DB } from "@/db";
import {
  categories, comments, lotteries, lotteryParticipants, lotteryWinners, notifications, pointGoods, pointHistories,
  polls, pollVotes, postChangeLogs, posts, postSubscriptions, postTags, reactions, redemptions, tags, users,
  type CategorySnapshot, type ChangeLogType, type MedalType, type NotificationType, type PointHistoryType,
  type PostStatus, type PostType, type ReactionType, type TagSnapshot, type VisibleScope,
} from "@/db/schema";
import { env } from "@/lib/env";
import { newSeed, pickWinners } from "@/lib/services/posts/lottery-fair";
import { hashPassword } from "@/lib/services/auth/passwords";
import { EXPERIENCE, POINTS } from "@/lib/services/points/points";
import { DEEP_POOL, DEMO_CATEGORIES, DEMO_GOODS, DEMO_POSTS, DEMO_TAGS, DEMO_USERS, EDITED_VERSIONS, OP_REPLY_POOL, REPLY_POOL, TOP_POOL } from "./demo-data";
import type { CatKey, PostSpec, Thread, UserSpec } from "./demo-data";


// ───────────────────────────── the generator ─────────────────────────────

/** mulberry32: a small, fast, seeded PRNG (the same sequence on every run). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(arr: readonly T[]): T => arr[Math.floor(next() * arr.length)]!;
  const chance = (p: number) => next() < p;
  const sample = <T>(arr: readonly T[], n: number): T[] => {
    const copy = [...arr];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, Math.max(0, n));
  };
  return { next, int, pick, chance, sample };
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

type MUser = UserSpec & { id: number; createdAt: Date; point: number; experience: number };
type MPost = {
  spec: PostSpec; id: number; author: MUser; categoryKey: CatKey; tagNames: string[]; title: string; content: string;
  type: PostType; status: PostStatus; scope: VisibleScope; createdAt: Date; pinnedAt: Date | null; closedAt: Date | null;
  featuredAt: Date | null; reward: number; pointReward: number; views: number;
};
type MComment = {
  id: number; post: MPost; author: MUser; parent: MComment | null; depth: number; content: string; createdAt: Date;
  deletedAt: Date | null; pinnedAt: Date | null; reward: number; pointReward: number;
};
type MReaction = { user: MUser; type: ReactionType; post: MPost; comment: MComment | null; createdAt: Date; reward: number };
type Ledger = { user: MUser; type: PointHistoryType; amount: number; at: Date; post?: MPost | null; comment?: MComment | null; from?: MUser | null };
type Notice = {
  user: MUser; type: NotificationType; at: Date; post?: MPost | null; comment?: MComment | null; from?: MUser | null;
  reactionType?: ReactionType | null; content?: string | null; approved?: boolean | null;
};
type Log = {
  post: MPost; actor: MUser; type: ChangeLogType; at: Date;
  oldTitle?: string; newTitle?: string; oldContent?: string; newContent?: string;
  oldCategory?: CategorySnapshot; newCategory?: CategorySnapshot; oldTags?: TagSnapshot[]; newTags?: TagSnapshot[];
  oldClosed?: boolean; newClosed?: boolean; oldPinnedAt?: Date | null; newPinnedAt?: Date | null;
  oldFeatured?: boolean; newFeatured?: boolean; oldVisibleScope?: VisibleScope; newVisibleScope?: VisibleScope; amount?: number;
};

const POSITIVE_REACTIONS: ReactionType[] = ["LIKE", "LIKE", "LIKE", "RECOMMEND", "FIRE", "STAR_STRUCK", "MIND_BLOWN", "SMILE", "CONGRATULATIONS", "HOT", "EAGLE"];
const OTHER_REACTIONS: ReactionType[] = ["ROFL", "EYES", "HOLDING_BACK_TEARS", "FLUSHED", "DISLIKE", "SKULL", "CLOWN", "FROWN", "ANGRY", "POOP", "SPIDER", "BAT", "CHINA", "USA", "JAPAN", "KOREA"];

async function insertChunks<T extends Record<string, unknown>>(
  run: (rows: T[]) => Promise<{ id: number }[] | unknown>,
  rows: T[],
  size = 500,
): Promise<{ id: number }[]> {
  const out: { id: number }[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const res = await run(rows.slice(i, i + size));
    if (Array.isArray(res)) out.push(...(res as { id: number }[]));
  }
  return out;
}

export type SeedOptions = { log?: (message: string) => void };

/** The demo community, inserted in one transaction. Expects empty forum tables. */
export async function seedDemo(database: DB, opts: SeedOptions = {}): Promise<void> {
  const log = opts.log ?? (() => {});
  const passwordHash = await hashPassword(env().DEMO_PASSWORD);
  await database.transaction(async (tx) => {
    await fill(tx as unknown as DB, passwordHash, log);
    // Demo replies and mentions are history, not news: nobody gets mail about them.
    await tx.execute(sql`delete from notification_mail_queue`);
  });
}

async function fill(tx: DB, passwordHash: string, log: (m: string) => void): Promise<void> {
  const r = prng(20261122);
  const now = new Date(Math.floor(Date.now() / MIN) * MIN);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const clampPast = (d: Date, marginMin = 5) => (d.getTime() > now.getTime() - marginMin * MIN ? new Date(now.getTime() - marginMin * MIN - r.int(0, 30) * MIN) : d);
  const after = (d: Date, minMin: number, maxMin: number) => new Date(d.getTime() + r.int(minMin, maxMin) * MIN);

  // ── users
  const U = new Map<string, MUser>();
  const userRows = DEMO_USERS.map((u) => ({
    username: u.username,
    email: `${u.username}@demo.forum.test`,
    passwordHash,
    introduction: u.intro,
    role: u.role ?? "USER",
    bot: u.bot ?? false,
    contributor: u.contributor ?? false,
    createdAt: new Date(ago(u.daysAgo).getTime() - r.int(0, 600) * MIN),
  }));
  const insertedUsers = await tx.insert(users).values(userRows).returning({ id: users.id });
  DEMO_USERS.forEach((spec, i) => U.set(spec.username, { ...spec, id: insertedUsers[i]!.id, createdAt: userRows[i]!.createdAt, point: 0, experience: 0 }));
  const user = (name: string) => {
    const u = U.get(name);
    if (!u) throw new Error(`demo: unknown user ${name}`);
    return u;
  };
  const admin = user("admin");
  const system = user("system");
  const moderator = user("moderator");
  const regulars = DEMO_USERS.filter((u) => !u.bot && u.username !== "mallory" && u.username !== "system").map((u) => user(u.username));
  log(`users: ${U.size}`);

  // ── categories and tags
  const catRows = await tx
    .insert(categories)
    .values(DEMO_CATEGORIES.map((c, i) => ({ name: c.name, description: c.description, icon: c.icon, smallIcon: c.smallIcon, createdAt: ago(290 - i) })))
    .returning();
  const C = new Map<CatKey, (typeof catRows)[number]>();
  DEMO_CATEGORIES.forEach((c, i) => C.set(c.key, catRows[i]!));
  const tagCreators = ["admin", "moderator", "alice", "bob", "carol", "grace", "erin", "frank", "dave", "ivan"];
  const tagRows = await tx
    .insert(tags)
    .values(DEMO_TAGS.map((t, i) => ({ name: t.name, description: t.description, icon: t.icon, smallIcon: t.icon, creatorId: user(tagCreators[i % tagCreators.length]!).id, createdAt: ago(260 - i * 7) })))
    .returning();
  const T = new Map(tagRows.map((t) => [t.name, t]));
  const catSnap = (k: CatKey): CategorySnapshot => {
    const c = C.get(k)!;
    return { id: c.id, name: c.name, description: c.description, icon: c.icon, smallIcon: c.smallIcon };
  };
  const tagSnap = (name: string): TagSnapshot => {
    const t = T.get(name)!;
    return { id: t.id, name: t.name, description: t.description, icon: t.icon, smallIcon: t.smallIcon, createdAt: t.createdAt.toISOString() };
  };
  log(`categories: ${catRows.length}, tags: ${tagRows.length}`);

  // ── posts (in memory first: rewards depend on the order of everything that happened)
  const N = DEMO_POSTS.length;
  const P: MPost[] = DEMO_POSTS.map((spec, i) => {
    const daysAgo = spec.daysAgo ?? 55 - (i / N) * 52 + (r.next() - 0.5) * 1.2;
    const createdAt = clampPast(new Date(ago(daysAgo).getTime() + r.int(0, 180) * MIN), 60);
    const author = user(spec.by);
    const content = spec.key === "edited" ? EDITED_VERSIONS[EDITED_VERSIONS.length - 1]! : spec.body;
    return {
      spec, id: 0, author, categoryKey: spec.cat, tagNames: spec.tags, title: spec.title, content,
      type: spec.poll ? "POLL" : spec.lottery ? "LOTTERY" : "NORMAL",
      status: spec.status ?? "PUBLISHED", scope: spec.scope ?? "ALL", createdAt,
      pinnedAt: spec.pinned ? after(createdAt, 30, 90) : null, closedAt: null,
      featuredAt: spec.featured ? clampPast(after(createdAt, 12 * 60, 3 * 24 * 60)) : null,
      reward: 0, pointReward: 0, views: 0,
    };
  });
  const byKey = (k: string) => {
    const p = P.find((x) => x.spec.key === k);
    if (!p) throw new Error(`demo: no post ${k}`);
    return p;
  };

  // ── comments (in memory)
  const CM: MComment[] = [];
  const visibleToRegulars = (p: MPost) => p.status === "PUBLISHED" && p.scope !== "ONLY_ME";
  const fill1 = (text: string, p: MPost, parent: MComment | null) =>
    text.replace(/\{op\}/g, p.author.username).replace(/\{parent\}/g, parent?.author.username ?? p.author.username);
  const addComment = (p: MPost, parent: MComment | null, author: MUser, text: string, at: Date) => {
    // Never before the thing it answers, even when clamped to "a few minutes ago".
    const floor = (parent ?? p).createdAt.getTime() + MIN;
    const c: MComment = {
      id: 0, post: p, author, parent, depth: parent ? parent.depth + 1 : 1, content: fill1(text, p, parent),
      createdAt: new Date(Math.max(floor, clampPast(at).getTime())), deletedAt: null, pinnedAt: null, reward: 0, pointReward: 0,
    };
    CM.push(c);
    return c;
  };
  const walk = (p: MPost, t: Thread, parent: MComment | null, base: Date) => {
    const at = after(base, 20, parent ? 8 * 60 : 30 * 60);
    const c = addComment(p, parent, user(t.by), t.text, at);
    if (t.deleted) c.deletedAt = clampPast(after(c.createdAt, 60, 600));
    if (t.pinned) c.pinnedAt = after(c.createdAt, 30, 120);
    let last = c.createdAt;
    for (const reply of t.replies ?? []) last = walk(p, reply, c, last).createdAt;
    return c;
  };
  for (const p of P) {
    if (!visibleToRegulars(p)) continue;
    if (p.spec.thread) {
      let base = p.createdAt;
      for (const t of p.spec.thread) base = walk(p, t, null, base).createdAt;
      continue;
    }
    const count = p.spec.chatter ?? r.pick([0, 1, 2, 2, 3, 3, 4, 5, 6]);
    const pool = r.sample(TOP_POOL[p.categoryKey], count);
    const candidates = regulars.filter((u) => u.id !== p.author.id && u.createdAt < p.createdAt);
    let base = p.createdAt;
    for (const text of pool) {
      const c = addComment(p, null, r.pick(candidates), text, after(base, 15, 30 * 60));
      base = c.createdAt;
      const replies = r.pick([0, 0, 1, 1, 2, 3]);
      let rb = c.createdAt;
      for (let k = 0; k < replies; k++) {
        const replier = r.chance(0.4) ? p.author : r.pick(regulars.filter((u) => u.id !== c.author.id));
        const rep = addComment(p, c, replier, r.pick(replier === p.author ? OP_REPLY_POOL : REPLY_POOL), after(rb, 10, 20 * 60));
        rb = rep.createdAt;
        if (r.chance(0.3)) {
          addComment(p, rep, c.author.id === rep.author.id ? p.author : c.author, r.pick(DEEP_POOL), after(rb, 10, 12 * 60));
        }
      }
    }
  }
  // Soft-deleted comments whose replies stay readable; one pinned comment per busy thread.
  const withReplies = CM.filter((c) => c.depth === 1 && CM.some((x) => x.parent === c) && !c.post.spec.thread);
  for (const c of r.sample(withReplies, 4)) {
    c.deletedAt = clampPast(after(c.createdAt, 60, 48 * 60));
  }
  for (const c of r.sample(withReplies.filter((c) => !c.deletedAt), 3)) c.pinnedAt = clampPast(after(c.createdAt, 60, 600));
  // Newest comments last: closed posts are closed after their discussion.
  CM.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.depth - b.depth);
  for (const p of P) {
    if (!p.spec.closed) continue;
    const last = CM.filter((c) => c.post === p).reduce((m, c) => Math.max(m, c.createdAt.getTime()), p.createdAt.getTime());
    p.closedAt = clampPast(new Date(last + r.int(60, 600) * MIN));
  }
  log(`comments: ${CM.length}`);

  // ── reactions (in memory)
  const RX: MReaction[] = [];
  const seen = new Set<string>();
  const react = (u: MUser, type: ReactionType, p: MPost, c: MComment | null, base: Date) => {
    const key = `${c ? "c" + CM.indexOf(c) : "p" + P.indexOf(p)}:${u.username}:${type}`;
    if (seen.has(key)) return;
    seen.add(key);
    RX.push({ user: u, type, post: p, comment: c, createdAt: clampPast(after(base, 5, 3 * 24 * 60)), reward: 0 });
  };
  for (const p of P) {
    if (!visibleToRegulars(p)) continue;
    const n = p.spec.featured || p.spec.pinned ? r.int(5, 9) : r.int(0, 5);
    for (const u of r.sample(regulars.filter((x) => x.id !== p.author.id), n)) {
      react(u, r.chance(0.8) ? r.pick(POSITIVE_REACTIONS) : r.pick(OTHER_REACTIONS), p, null, p.createdAt);
      if (r.chance(0.15)) react(u, r.pick(POSITIVE_REACTIONS), p, null, p.createdAt);
    }
  }
  for (const c of CM) {
    if (c.deletedAt) continue;
    const n = r.pick([0, 0, 0, 0, 1, 1, 2, 3]);
    for (const u of r.sample(regulars.filter((x) => x.id !== c.author.id), n)) {
      react(u, r.chance(0.85) ? r.pick(POSITIVE_REACTIONS) : r.pick(OTHER_REACTIONS), c.post, c, c.createdAt);
    }
  }
  RX.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  // ── experience and points of creations, within the daily caps, in the order they happened
  const dayKey = (u: MUser, d: Date, kind: string) => `${u.id}:${d.toISOString().slice(0, 10)}:${kind}`;
  const counters = new Map<string, number>();
  const take = (u: MUser, d: Date, kind: string, cap: number) => {
    const k = dayKey(u, d, kind);
    const n = (counters.get(k) ?? 0) + 1;
    counters.set(k, n);
    return n <= cap;
  };
  type Ev = { at: Date; run: () => void };
  const events: Ev[] = [];
  const ledger: Ledger[] = [];
  for (const u of U.values()) {
    ledger.push({ user: u, type: "SYSTEM_ONLINE", amount: 0, at: new Date(u.createdAt.getTime() + MIN) });
    if (!u.bot) ledger.push({ user: u, type: "ADMIN_GRANT", amount: 100, at: new Date(u.createdAt.getTime() + 2 * MIN), from: u.id === admin.id ? null : admin });
  }
  for (const p of P) {
    events.push({
      at: p.createdAt,
      run: () => {
        if (take(p.author, p.createdAt, "exp:post", EXPERIENCE.postDailyCap)) p.reward = EXPERIENCE.post;
        if (take(p.author, p.createdAt, "pt:post", POINTS.postDailyCap)) {
          p.pointReward = POINTS.post;
          ledger.push({ user: p.author, type: "POST", amount: POINTS.post, at: p.createdAt, post: p });
        }
      },
    });
  }
  for (const c of CM) {
    events.push({
      at: c.createdAt,
      run: () => {
        if (take(c.author, c.createdAt, "exp:comment", EXPERIENCE.commentDailyCap)) c.reward = EXPERIENCE.comment;
        if (c.parent || c.deletedAt) return;
        // A top-level comment: points to the commenter within the cap, and to the post's author when someone else.
        if (take(c.author, c.createdAt, "pt:comment", POINTS.commentDailyCap)) {
          c.pointReward = POINTS.comment;
          ledger.push({ user: c.author, type: "COMMENT", amount: POINTS.comment, at: c.createdAt, post: c.post, comment: c });
        }
        if (c.author.id !== c.post.author.id) {
          ledger.push({ user: c.post.author, type: "COMMENT", amount: POINTS.comment, at: c.createdAt, post: c.post, comment: c, from: c.author });
        }
      },
    });
  }
  for (const x of RX) {
    events.push({
      at: x.createdAt,
      run: () => {
        if (take(x.user, x.createdAt, "exp:reaction", EXPERIENCE.reactionDailyCap)) x.reward = EXPERIENCE.reaction;
        const owner = x.comment ? x.comment.author : x.post.author;
        if (owner.id === x.user.id) return;
        ledger.push({
          user: owner, type: x.comment ? "COMMENT_LIKED" : "POST_LIKED", amount: POINTS.reaction, at: x.createdAt,
          post: x.post, comment: x.comment, from: x.user,
        });
      },
    });
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const e of events) e.run();
  for (const p of P) {
    if (p.featuredAt) ledger.push({ user: p.author, type: "FEATURE", amount: POINTS.feature, at: p.featuredAt, post: p });
    const nComments = CM.filter((c) => c.post === p).length;
    const nReactions = RX.filter((x) => x.post === p && !x.comment).length;
    p.views = p.status === "PUBLISHED" ? 12 + nComments * r.int(8, 15) + nReactions * r.int(4, 9) + r.int(0, 120) + (p.featuredAt ? 300 : 0) : r.int(0, 3);
  }

  // ── insert posts, tags of posts, comments (level by level), reactions
  const postIds = await tx
    .insert(posts)
    .values(P.map((p) => {
      const live = CM.filter((c) => c.post === p && !c.deletedAt);
      const lastReply = live.reduce((m, c) => Math.max(m, c.createdAt.getTime()), 0);
      return {
        title: p.title, content: p.content, authorId: p.author.id, categoryId: C.get(p.categoryKey)!.id, type: p.type,
        status: p.status, visibleScope: p.scope, views: p.views, commentCount: live.length, pinnedAt: p.pinnedAt,
        lastReplyAt: lastReply ? new Date(lastReply) : p.createdAt, closed: p.closedAt !== null, rssExcluded: p.featuredAt === null,
        featuredAt: p.featuredAt, reward: p.reward, pointReward: p.pointReward, createdAt: p.createdAt,
        updatedAt: p.spec.key === "edited" ? clampPast(new Date(p.createdAt.getTime() + 3 * DAY)) : p.createdAt,
      };
    }))
    .returning({ id: posts.id });
  P.forEach((p, i) => (p.id = postIds[i]!.id));
  await tx.insert(postTags).values(P.flatMap((p) => p.tagNames.map((name) => ({ postId: p.id, tagId: T.get(name)!.id }))));
  log(`posts: ${P.length}`);

  for (const depth of [1, 2, 3, 4, 5]) {
    const level = CM.filter((c) => c.depth === depth);
    if (level.length === 0) continue;
    const ids = await insertChunks(
      (rows) => tx.insert(comments).values(rows).returning({ id: comments.id }),
      level.map((c) => ({
        postId: c.post.id, authorId: c.author.id, parentId: c.parent ? c.parent.id : null, content: c.content, pinnedAt: c.pinnedAt,
        deletedAt: c.deletedAt, reward: c.reward, pointReward: c.pointReward, createdAt: c.createdAt,
      })),
    );
    level.forEach((c, i) => (c.id = ids[i]!.id));
  }
  await insertChunks(
    (rows) => tx.insert(reactions).values(rows),
    RX.map((x) => ({ userId: x.user.id, type: x.type, postId: x.comment ? null : x.post.id, commentId: x.comment ? x.comment.id : null, reward: x.reward, createdAt: x.createdAt })),
  );
  log(`reactions: ${RX.length}`);

  // ── notifications and change logs collected from here on
  const NT: Notice[] = [];
  const notice = (n: Notice) => {
    if (n.from && n.from.id === n.user.id) return; // never notify the actor
    NT.push(n);
  };
  const LG: Log[] = [];

  for (const c of CM) {
    if (c.deletedAt) continue;
    const to = c.parent ? c.parent.author : c.post.author;
    notice({ user: to, type: "COMMENT_REPLY", at: c.createdAt, post: c.post, comment: c, from: c.author });
  }
  for (const x of RX) {
    notice({ user: x.comment ? x.comment.author : x.post.author, type: "REACTION", at: x.createdAt, post: x.post, comment: x.comment, from: x.user, reactionType: x.type });
  }
  const mentionRe = /@\[?([A-Za-z0-9_-]+)\]?/g;
  const mentions = (text: string) => [...new Set([...text.matchAll(mentionRe)].map((m) => m[1]!))].filter((n) => U.has(n)).map((n) => U.get(n)!);
  for (const p of P) {
    if (p.status !== "PUBLISHED") continue;
    for (const m of mentions(p.content)) notice({ user: m, type: "MENTION", at: p.createdAt, post: p, from: p.author });
  }
  for (const c of CM) {
    if (c.deletedAt) continue;
    for (const m of mentions(c.content)) notice({ user: m, type: "MENTION", at: c.createdAt, post: c.post, comment: c, from: c.author });
  }

  // Subscriptions: some commenters and readers follow threads; the author hears about it.
  const subs = new Map<string, { user: MUser; post: MPost; at: Date }>();
  for (const p of P) {
    if (!visibleToRegulars(p)) continue;
    const commenters = [...new Set(CM.filter((c) => c.post === p).map((c) => c.author))];
    const readers = r.sample(regulars, r.int(0, 1));
    for (const u of [...commenters.filter(() => r.chance(0.25)), ...readers]) {
      if (u.id === p.author.id) continue;
      const at = clampPast(after(p.createdAt, 30, 36 * 60));
      subs.set(`${u.id}:${p.id}`, { user: u, post: p, at });
    }
  }
  const SUBS = [...subs.values()];
  await insertChunks((rows) => tx.insert(postSubscriptions).values(rows), SUBS.map((s) => ({ userId: s.user.id, postId: s.post.id, createdAt: s.at })));
  for (const s of SUBS) {
    notice({ user: s.post.author, type: "POST_SUBSCRIBED", at: s.at, post: s.post, from: s.user });
    for (const c of CM) {
      // Only the first days of activity after subscribing: enough to show the feature, not a flood.
      if (c.post !== s.post || c.deletedAt || c.createdAt <= s.at || c.createdAt.getTime() > s.at.getTime() + 3 * DAY || c.author.id === s.user.id) continue;
      notice({ user: s.user, type: "POST_UPDATED", at: c.createdAt, post: s.post, comment: c, from: c.author });
    }
  }
  // One reader unsubscribed again (no row left, only the notification).
  const welcome = byKey("welcome");
  notice({ user: welcome.author, type: "POST_UNSUBSCRIBED", at: after(welcome.createdAt, 3 * 24 * 60, 4 * 24 * 60), post: welcome, from: user("dave") });
  // Views by signed-in readers (recorded, hidden by default).
  for (const p of P.filter((x) => x.author.username === "alice" && x.status === "PUBLISHED").slice(0, 3)) {
    for (const v of r.sample(regulars.filter((u) => u.id !== p.author.id), 2)) notice({ user: p.author, type: "POST_VIEWED", at: clampPast(after(p.createdAt, 60, 600)), post: p, from: v });
  }

  // Moderation: pinned, closed, featured, visibility, title, content, category and tag changes.
  for (const p of P) {
    if (p.pinnedAt) LG.push({ post: p, actor: p.author.role === "USER" ? moderator : p.author, type: "PINNED", at: p.pinnedAt, oldPinnedAt: null, newPinnedAt: p.pinnedAt });
    if (p.closedAt) LG.push({ post: p, actor: p.author.role === "USER" ? moderator : p.author, type: "CLOSED", at: p.closedAt, oldClosed: false, newClosed: true });
    if (p.featuredAt) {
      LG.push({ post: p, actor: p.author.id === moderator.id ? admin : moderator, type: "FEATURED", at: p.featuredAt, oldFeatured: false, newFeatured: true });
      notice({ user: p.author, type: "POST_FEATURED", at: p.featuredAt, post: p, from: p.author.id === moderator.id ? admin : moderator });
    }
    if (p.scope !== "ALL") {
      LG.push({ post: p, actor: p.author, type: "VISIBLE_SCOPE", at: after(p.createdAt, 5, 120), oldVisibleScope: "ALL", newVisibleScope: p.scope });
    }
  }
  // Feature/unfeature history on one post: featured by mistake, then unfeatured (points stay, as in OpenIsle).
  {
    const p = byKey("movedcat");
    const at = clampPast(after(p.createdAt, 4 * 60, 8 * 60));
    LG.push({ post: p, actor: moderator, type: "FEATURED", at, oldFeatured: false, newFeatured: true });
    LG.push({ post: p, actor: moderator, type: "FEATURED", at: after(at, 5, 20), oldFeatured: true, newFeatured: false });
    LG.push({ post: p, actor: moderator, type: "CATEGORY", at: after(p.createdAt, 20, 90), oldCategory: catSnap("offtopic"), newCategory: catSnap("selfhost") });
  }
  {
    const p = byKey("edited");
    let at = p.createdAt;
    for (let i = 1; i < EDITED_VERSIONS.length; i++) {
      at = clampPast(new Date(at.getTime() + r.int(6 * 60, 20 * 60) * MIN));
      LG.push({ post: p, actor: p.author, type: "CONTENT", at, oldContent: EDITED_VERSIONS[i - 1], newContent: EDITED_VERSIONS[i] });
    }
    LG.push({ post: p, actor: p.author, type: "TITLE", at: after(p.createdAt, 3, 20), oldTitle: "Backup script for docker volumes", newTitle: p.title });
  }
  {
    const p = byKey("retitled");
    LG.push({ post: p, actor: p.author, type: "TITLE", at: after(p.createdAt, 5, 60), oldTitle: "skin tones look weird??", newTitle: p.title });
    const q = byKey("retitled2");
    LG.push({ post: q, actor: q.author, type: "TITLE", at: after(q.createdAt, 5, 60), oldTitle: "HELP starter smells weird", newTitle: q.title });
    const t = byKey("retagged");
    LG.push({ post: t, actor: t.author, type: "TAG", at: after(t.createdAt, 10, 120), oldTags: [tagSnap("help")], newTags: t.tagNames.map(tagSnap) });
  }
  // Donations: points move from donor to author, with a DONATE entry and a DONATION notice.
  const donations: { from: string; key: string; amount: number }[] = [
    { from: "carol", key: "edited", amount: 50 },
    { from: "grace", key: "edited", amount: 30 },
    { from: "heidi", key: "retitled2", amount: 20 },
  ];
  for (const d of donations) {
    const p = byKey(d.key);
    const donor = user(d.from);
    const at = clampPast(after(p.createdAt, 2 * 24 * 60, 5 * 24 * 60));
    ledger.push({ user: donor, type: "DONATE_SENT", amount: -d.amount, at, post: p });
    ledger.push({ user: p.author, type: "DONATE_RECEIVED", amount: d.amount, at, post: p, from: donor });
    LG.push({ post: p, actor: donor, type: "DONATE", at, amount: d.amount });
    notice({ user: p.author, type: "DONATION", at, post: p, from: donor, content: String(d.amount) });
  }
  // Review: the pending post asks the admins; an older post was approved; the spam was rejected.
  {
    const p = byKey("pending");
    for (const a of [...U.values()].filter((u) => u.role === "ADMIN")) notice({ user: a, type: "POST_REVIEW_REQUEST", at: p.createdAt, post: p, from: p.author });
    notice({ user: p.author, type: "POST_REVIEW_REQUEST", at: p.createdAt, post: p });
    const approved = P.find((x) => x.author.username === "judy" && x.status === "PUBLISHED" && x.scope === "ALL")!;
    notice({ user: approved.author, type: "POST_REVIEWED", at: after(approved.createdAt, 5, 60), post: approved, from: moderator, approved: true });
    const spam = byKey("rejected");
    notice({ user: spam.author, type: "POST_REVIEWED", at: after(spam.createdAt, 5, 60), post: spam, from: moderator, approved: false });
    notice({ user: user("dave"), type: "POST_DELETED", at: ago(18), from: moderator, content: "Selling my old camera gear (cheap!)" });
  }

  // ── polls
  const pollRows: (typeof polls.$inferInsert)[] = [];
  const voteRows: (typeof pollVotes.$inferInsert)[] = [];
  for (const p of P.filter((x) => x.spec.poll)) {
    const spec = p.spec.poll!;
    const endTime = new Date(now.getTime() + spec.endInDays * DAY + r.int(0, 120) * MIN);
    const ended = endTime < now;
    pollRows.push({ postId: p.id, options: spec.options, multiple: spec.multiple, endTime, finalizedAt: ended ? new Date(endTime.getTime() + 2000) : null });
    const voters = r.sample(regulars.filter((u) => u.createdAt < p.createdAt), spec.voters);
    for (const v of voters) {
      const at = clampPast(after(p.createdAt, 20, Math.max(30, Math.floor(((ended ? endTime : now).getTime() - p.createdAt.getTime()) / MIN) - 10)));
      const chosen = spec.multiple ? r.sample(spec.options, r.int(1, 3)) : [r.pick(spec.options)];
      for (const o of chosen) voteRows.push({ postId: p.id, userId: v.id, option: o, createdAt: at });
      notice({ user: p.author, type: "POLL_VOTE", at, post: p, from: v });
    }
    if (ended) {
      const at = new Date(endTime.getTime() + 2000);
      LG.push({ post: p, actor: system, type: "VOTE_RESULT", at });
      notice({ user: p.author, type: "POLL_RESULT_OWNER", at, post: p });
      for (const v of voters) notice({ user: v, type: "POLL_RESULT_PARTICIPANT", at, post: p });
    }
  }
  await tx.insert(polls).values(pollRows);
  await tx.insert(pollVotes).values(voteRows);

  // ── lotteries (provably fair: the seed's hash is public, the seed revealed at the draw)
  const lotteryRows: (typeof lotteries.$inferInsert)[] = [];
  const participantRows: (typeof lotteryParticipants.$inferInsert)[] = [];
  const winnerRows: (typeof lotteryWinners.$inferInsert)[] = [];
  for (const p of P.filter((x) => x.spec.lottery)) {
    const spec = p.spec.lottery!;
    const startTime = spec.startInDays < 0 ? new Date(Math.max(p.createdAt.getTime() + 10 * MIN, now.getTime() + spec.startInDays * DAY)) : new Date(now.getTime() + spec.startInDays * DAY);
    const endTime = new Date(now.getTime() + spec.endInDays * DAY);
    const drawn = endTime < now;
    const { seed, seedHash } = newSeed();
    const people = r.sample(regulars.filter((u) => u.id !== p.author.id), spec.participants);
    const joined = people.map((u) => ({ u, at: clampPast(after(startTime, 10, Math.max(20, Math.floor(((drawn ? endTime : now).getTime() - startTime.getTime()) / MIN) - 10))) }));
    joined.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const j of joined) {
      participantRows.push({ postId: p.id, userId: j.u.id, joinedAt: j.at });
      if (spec.pointCost > 0) {
        ledger.push({ user: j.u, type: "LOTTERY_JOIN", amount: -spec.pointCost, at: j.at, post: p });
        ledger.push({ user: p.author, type: "LOTTERY_REWARD", amount: spec.pointCost, at: j.at, post: p, from: j.u });
      }
    }
    const drawnAt = drawn ? new Date(endTime.getTime() + 1500) : null;
    lotteryRows.push({
      postId: p.id, prizeDescription: spec.prizeDescription, prizeIcon: spec.prizeIcon, prizeCount: spec.prizeCount,
      pointCost: spec.pointCost, startTime, endTime, seed, seedHash, drawnAt,
    });
    if (drawn && drawnAt) {
      const winners = pickWinners(seed, joined.map((j) => j.u.id), spec.prizeCount);
      winners.forEach((id, i) => winnerRows.push({ postId: p.id, userId: id, rank: i + 1 }));
      LG.push({ post: p, actor: system, type: "LOTTERY_RESULT", at: drawnAt });
      for (const id of winners) notice({ user: [...U.values()].find((u) => u.id === id)!, type: "LOTTERY_WIN", at: drawnAt, post: p, from: p.author });
      notice({ user: p.author, type: "LOTTERY_DRAW", at: drawnAt, post: p });
    }
  }
  await tx.insert(lotteries).values(lotteryRows);
  if (participantRows.length) await tx.insert(lotteryParticipants).values(participantRows);
  if (winnerRows.length) await tx.insert(lotteryWinners).values(winnerRows);
  log(`polls: ${pollRows.length}, lotteries: ${lotteryRows.length}`);

  // ── point goods and redemptions
  const goods = await tx
    .insert(pointGoods)
    .values(DEMO_GOODS.map((g, i) => ({ ...g, createdAt: ago(45 - i) })))
    .returning();
  const redeemPlan: { who: string; good: number; daysAgo: number; contact: string }[] = [
    { who: "alice", good: 0, daysAgo: 9, contact: "Alice Example, 12 Harbour Lane, Bristol" },
    { who: "bob", good: 1, daysAgo: 6, contact: "bob@demo.forum.test" },
    { who: "grace", good: 1, daysAgo: 4, contact: "Grace H., Postfach 42, Berlin" },
    { who: "frank", good: 0, daysAgo: 2, contact: "frank@demo.forum.test" },
  ];
  const redemptionRows: (typeof redemptions.$inferInsert)[] = [];
  // Balances before the redemptions decide what each user could afford.
  const balanceAt = (u: MUser, at: Date) => ledger.filter((l) => l.user === u && l.at <= at).reduce((s, l) => s + l.amount, 0);
  for (const plan of redeemPlan) {
    const u = user(plan.who);
    const g = goods[plan.good]!;
    const at = new Date(ago(plan.daysAgo).getTime() + r.int(0, 600) * MIN);
    if (balanceAt(u, at) < g.cost) continue;
    ledger.push({ user: u, type: "REDEEM", amount: -g.cost, at });
    redemptionRows.push({ userId: u.id, goodId: g.id, goodName: g.name, cost: g.cost, contact: plan.contact, createdAt: at });
    for (const a of [...U.values()].filter((x) => x.role === "ADMIN")) notice({ user: a, type: "POINT_REDEEM", at, from: u, content: `${g.name}: ${plan.contact}` });
  }
  if (redemptionRows.length) await tx.insert(redemptions).values(redemptionRows);
  log(`goods: ${goods.length}, redemptions: ${redemptionRows.length}`);

  // ── the ledger: running balances in time order; users.point is the final balance
  ledger.sort((a, b) => a.at.getTime() - b.at.getTime());
  const balances = new Map<number, number>();
  const ledgerRows = ledger.map((l) => {
    const balance = (balances.get(l.user.id) ?? 0) + l.amount;
    if (balance < 0) throw new Error(`demo ledger: ${l.user.username} would go negative (${l.type})`);
    balances.set(l.user.id, balance);
    return {
      userId: l.user.id, type: l.type, amount: l.amount, balance, postId: l.post?.id ?? null, commentId: l.comment?.id ?? null,
      fromUserId: l.from?.id ?? null, createdAt: l.at,
    };
  });
  await insertChunks((rows) => tx.insert(pointHistories).values(rows), ledgerRows, 1000);
  log(`point ledger: ${ledgerRows.length} rows`);

  // ── change logs
  LG.sort((a, b) => a.at.getTime() - b.at.getTime());
  await insertChunks(
    (rows) => tx.insert(postChangeLogs).values(rows),
    LG.map((l) => ({
      postId: l.post.id, actorId: l.actor.id, type: l.type, createdAt: l.at,
      oldTitle: l.oldTitle ?? null, newTitle: l.newTitle ?? null, oldContent: l.oldContent ?? null, newContent: l.newContent ?? null,
      oldCategory: l.oldCategory ?? null, newCategory: l.newCategory ?? null, oldTags: l.oldTags ?? null, newTags: l.newTags ?? null,
      oldClosed: l.oldClosed ?? null, newClosed: l.newClosed ?? null, oldPinnedAt: l.oldPinnedAt ?? null, newPinnedAt: l.newPinnedAt ?? null,
      oldFeatured: l.oldFeatured ?? null, newFeatured: l.newFeatured ?? null, oldVisibleScope: l.oldVisibleScope ?? null,
      newVisibleScope: l.newVisibleScope ?? null, amount: l.amount ?? null,
    })),
  );
  log(`change logs: ${LG.length}`);

  // ── notifications: older ones mostly read, the last few days unread
  NT.sort((a, b) => a.at.getTime() - b.at.getTime());
  await insertChunks(
    (rows) => tx.insert(notifications).values(rows),
    NT.map((n) => ({
      userId: n.user.id, type: n.type, postId: n.post?.id ?? null, commentId: n.comment?.id ?? null, fromUserId: n.from?.id ?? null,
      reactionType: n.reactionType ?? null, content: n.content ?? null, approved: n.approved ?? null, createdAt: n.at,
      read: n.at.getTime() < now.getTime() - 4 * DAY ? r.chance(0.9) : r.chance(0.15),
    })),
    800,
  );
  const byType = new Map<string, number>();
  for (const n of NT) byType.set(n.type, (byType.get(n.type) ?? 0) + 1);
  log(`notifications: ${NT.length} (${[...byType].map(([t, k]) => `${t} ${k}`).join(", ")})`);

  // ── users: balance, experience (creations + daily sign-ins), best earned medal
  const seedBefore = new Date(env().SEED_MEDAL_BEFORE);
  const all = [...U.values()].sort((a, b) => a.id - b.id);
  for (const [i, u] of all.entries()) {
    const created = P.filter((p) => p.author === u);
    const live = CM.filter((c) => c.author === u);
    const earnedExp = created.reduce((s, p) => s + p.reward, 0) + live.reduce((s, c) => s + c.reward, 0) + RX.filter((x) => x.user === u).reduce((s, x) => s + x.reward, 0);
    const signIns = u.bot ? 0 : Math.floor((now.getTime() - u.createdAt.getTime()) / DAY / r.int(2, 4)) * 5;
    const medals: MedalType[] = [];
    if (live.filter((c) => !c.deletedAt).length >= 100) medals.push("COMMENT");
    if (created.length >= 100) medals.push("POST");
    if (created.some((p) => p.featuredAt)) medals.push("FEATURED");
    if (u.contributor) medals.push("CONTRIBUTOR");
    if (i < 1000) medals.push("PIONEER");
    if (u.createdAt < seedBefore) medals.push("SEED");
    await tx
      .update(users)
      .set({ point: balances.get(u.id) ?? 0, experience: earnedExp + signIns, earnedMedal: medals[0] ?? null })
      .where(eq(users.id, u.id));
  }
  log("done");
}
