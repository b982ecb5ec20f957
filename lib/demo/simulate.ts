// The demo community, simulated: the content of lib/demo/content/ becomes users, posts, comments and
// reactions whose rewards follow the real rules (POINTS and EXPERIENCE of lib/services/points/points.ts),
// with fixed pseudo-random choices so the demo is the same every time (only the dates move with "now").
import type { DB } from "@/db";
import {
  categories,
  comments,
  posts,
  postTags,
  reactions,
  tags,
  users,
  type CategorySnapshot,
  type ReactionType,
  type TagSnapshot,
} from "@/db/schema";
import { EXPERIENCE, POINTS } from "@/lib/services/points/points";
import {
  DEEP_POOL,
  DEMO_CATEGORIES,
  DEMO_POSTS,
  DEMO_TAGS,
  DEMO_USERS,
  EDITED_VERSIONS,
  OP_REPLY_POOL,
  REPLY_POOL,
  TOP_POOL,
} from "./data";
import type { CatKey, Thread } from "./data";
import { prng, MIN, DAY, MUser, MPost, MComment, MReaction, Ledger, POSITIVE_REACTIONS, OTHER_REACTIONS, insertChunks } from "./model";

/** The simulation's seeded generator and its clock: "now" to the minute, and helpers that move from it. */
function makeClock() {
  const r = prng(20261122);
  const now = new Date(Math.floor(Date.now() / MIN) * MIN);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const clampPast = (d: Date, marginMin = 5) =>
    d.getTime() > now.getTime() - marginMin * MIN ? new Date(now.getTime() - marginMin * MIN - r.int(0, 30) * MIN) : d;
  const after = (d: Date, minMin: number, maxMin: number) => new Date(d.getTime() + r.int(minMin, maxMin) * MIN);
  return { r, now, ago, clampPast, after };
}
type Clock = ReturnType<typeof makeClock>;

const visibleToRegulars = (p: MPost) => p.status === "PUBLISHED" && p.scope !== "ONLY_ME";

async function insertUsers(tx: DB, passwordHash: string, { r, ago }: Clock) {
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
  DEMO_USERS.forEach((spec, i) =>
    U.set(spec.username, { ...spec, id: insertedUsers[i]!.id, createdAt: userRows[i]!.createdAt, point: 0, experience: 0 }),
  );
  const user = (name: string) => {
    const u = U.get(name);
    if (!u) throw new Error(`demo: unknown user ${name}`);
    return u;
  };
  return { U, user };
}

async function insertTaxonomy(tx: DB, { ago }: Clock, user: (name: string) => MUser) {
  const catRows = await tx
    .insert(categories)
    .values(
      DEMO_CATEGORIES.map((c, i) => ({
        name: c.name,
        description: c.description,
        icon: c.icon,
        smallIcon: c.smallIcon,
        createdAt: ago(290 - i),
      })),
    )
    .returning();
  const C = new Map<CatKey, (typeof catRows)[number]>();
  DEMO_CATEGORIES.forEach((c, i) => C.set(c.key, catRows[i]!));
  const tagCreators = ["admin", "moderator", "alice", "bob", "carol", "grace", "erin", "frank", "dave", "ivan"];
  const tagRows = await tx
    .insert(tags)
    .values(
      DEMO_TAGS.map((t, i) => ({
        name: t.name,
        description: t.description,
        icon: t.icon,
        smallIcon: t.icon,
        creatorId: user(tagCreators[i % tagCreators.length]!).id,
        createdAt: ago(260 - i * 7),
      })),
    )
    .returning();
  const T = new Map(tagRows.map((t) => [t.name, t]));
  const catSnap = (k: CatKey): CategorySnapshot => {
    const c = C.get(k)!;
    return { id: c.id, name: c.name, description: c.description, icon: c.icon, smallIcon: c.smallIcon };
  };
  const tagSnap = (name: string): TagSnapshot => {
    const t = T.get(name)!;
    return {
      id: t.id,
      name: t.name,
      description: t.description,
      icon: t.icon,
      smallIcon: t.smallIcon,
      createdAt: t.createdAt.toISOString(),
    };
  };
  return { C, T, catSnap, tagSnap, categoryCount: catRows.length, tagCount: tagRows.length };
}

/** The posts, in memory first: rewards depend on the order of everything that happened. */
function planPosts({ r, ago, clampPast, after }: Clock, user: (name: string) => MUser): MPost[] {
  const N = DEMO_POSTS.length;
  return DEMO_POSTS.map((spec, i) => {
    const daysAgo = spec.daysAgo ?? 55 - (i / N) * 52 + (r.next() - 0.5) * 1.2;
    const createdAt = clampPast(new Date(ago(daysAgo).getTime() + r.int(0, 180) * MIN), 60);
    const author = user(spec.by);
    const content = spec.key === "edited" ? EDITED_VERSIONS[EDITED_VERSIONS.length - 1]! : spec.body;
    return {
      spec,
      id: 0,
      author,
      categoryKey: spec.cat,
      tagNames: spec.tags,
      title: spec.title,
      content,
      type: spec.poll ? "POLL" : spec.lottery ? "LOTTERY" : "NORMAL",
      status: spec.status ?? "PUBLISHED",
      scope: spec.scope ?? "ALL",
      createdAt,
      pinnedAt: spec.pinned ? after(createdAt, 30, 90) : null,
      closedAt: null,
      featuredAt: spec.featured ? clampPast(after(createdAt, 12 * 60, 3 * 24 * 60)) : null,
      reward: 0,
      pointReward: 0,
      views: 0,
    };
  });
}

const fill1 = (text: string, p: MPost, parent: MComment | null) =>
  text.replace(/\{op\}/g, p.author.username).replace(/\{parent\}/g, parent?.author.username ?? p.author.username);

/**
 * The comments, in memory: each post's scripted thread, or chatter from the pools by random regulars;
 * then a few soft-deleted and pinned ones, sorted by time, and the closed posts closed after them.
 */
function planComments(clock: Clock, P: MPost[], regulars: MUser[], user: (name: string) => MUser): MComment[] {
  const { r, clampPast, after } = clock;
  const CM: MComment[] = [];
  const addComment = (p: MPost, parent: MComment | null, author: MUser, text: string, at: Date) => {
    // Never before the thing it answers, even when clamped to "a few minutes ago".
    const floor = (parent ?? p).createdAt.getTime() + MIN;
    const c: MComment = {
      id: 0,
      post: p,
      author,
      parent,
      depth: parent ? parent.depth + 1 : 1,
      content: fill1(text, p, parent),
      createdAt: new Date(Math.max(floor, clampPast(at).getTime())),
      deletedAt: null,
      pinnedAt: null,
      reward: 0,
      pointReward: 0,
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
    addChatter(clock, p, regulars, addComment);
  }
  markDeletedAndPinned(clock, CM);
  // Newest comments last: closed posts are closed after their discussion.
  CM.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.depth - b.depth);
  for (const p of P) {
    if (!p.spec.closed) continue;
    const last = CM.filter((c) => c.post === p).reduce((m, c) => Math.max(m, c.createdAt.getTime()), p.createdAt.getTime());
    p.closedAt = clampPast(new Date(last + r.int(60, 600) * MIN));
  }
  return CM;
}

type AddComment = (p: MPost, parent: MComment | null, author: MUser, text: string, at: Date) => MComment;

/** An unscripted post's discussion: top-level comments from the pool, some replies and a few deeper ones. */
function addChatter({ r, after }: Clock, p: MPost, regulars: MUser[], addComment: AddComment): void {
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

/** Soft-deleted comments whose replies stay readable; one pinned comment per busy thread. */
function markDeletedAndPinned({ r, clampPast, after }: Clock, CM: MComment[]): void {
  const withReplies = CM.filter((c) => c.depth === 1 && CM.some((x) => x.parent === c) && !c.post.spec.thread);
  for (const c of r.sample(withReplies, 4)) {
    c.deletedAt = clampPast(after(c.createdAt, 60, 48 * 60));
  }
  for (const c of r.sample(
    withReplies.filter((c) => !c.deletedAt),
    3,
  ))
    c.pinnedAt = clampPast(after(c.createdAt, 60, 600));
}

/** The reactions, in memory, sorted by time: on visible posts and on comments not deleted, one of a kind per member. */
function planReactions({ r, clampPast, after }: Clock, P: MPost[], CM: MComment[], regulars: MUser[]): MReaction[] {
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
    for (const u of r.sample(
      regulars.filter((x) => x.id !== p.author.id),
      n,
    )) {
      react(u, r.chance(0.8) ? r.pick(POSITIVE_REACTIONS) : r.pick(OTHER_REACTIONS), p, null, p.createdAt);
      if (r.chance(0.15)) react(u, r.pick(POSITIVE_REACTIONS), p, null, p.createdAt);
    }
  }
  for (const c of CM) {
    if (c.deletedAt) continue;
    const n = r.pick([0, 0, 0, 0, 1, 1, 2, 3]);
    for (const u of r.sample(
      regulars.filter((x) => x.id !== c.author.id),
      n,
    )) {
      react(u, r.chance(0.85) ? r.pick(POSITIVE_REACTIONS) : r.pick(OTHER_REACTIONS), c.post, c, c.createdAt);
    }
  }
  RX.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return RX;
}

/**
 * Experience and points of creations, within the daily caps, in the order they happened: sets the
 * rewards on posts, comments and reactions and returns the ledger (sign-up grants included).
 */
function settleRewards(U: Map<string, MUser>, admin: MUser, P: MPost[], CM: MComment[], RX: MReaction[]): Ledger[] {
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
    if (!u.bot)
      ledger.push({
        user: u,
        type: "ADMIN_GRANT",
        amount: 100,
        at: new Date(u.createdAt.getTime() + 2 * MIN),
        from: u.id === admin.id ? null : admin,
      });
  }
  for (const p of P) events.push({ at: p.createdAt, run: () => rewardPost(p, take, ledger) });
  for (const c of CM) events.push({ at: c.createdAt, run: () => rewardComment(c, take, ledger) });
  for (const x of RX) events.push({ at: x.createdAt, run: () => rewardReaction(x, take, ledger) });
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const e of events) e.run();
  return ledger;
}

/** Counts one more `kind` for the member that day; true while within `cap`. */
type Take = (u: MUser, d: Date, kind: string, cap: number) => boolean;

function rewardPost(p: MPost, take: Take, ledger: Ledger[]): void {
  if (take(p.author, p.createdAt, "exp:post", EXPERIENCE.postDailyCap)) p.reward = EXPERIENCE.post;
  if (take(p.author, p.createdAt, "pt:post", POINTS.postDailyCap)) {
    p.pointReward = POINTS.post;
    ledger.push({ user: p.author, type: "POST", amount: POINTS.post, at: p.createdAt, post: p });
  }
}

function rewardComment(c: MComment, take: Take, ledger: Ledger[]): void {
  if (take(c.author, c.createdAt, "exp:comment", EXPERIENCE.commentDailyCap)) c.reward = EXPERIENCE.comment;
  if (c.parent || c.deletedAt) return;
  // A top-level comment: points to the commenter within the cap, and to the post's author when someone else.
  if (take(c.author, c.createdAt, "pt:comment", POINTS.commentDailyCap)) {
    c.pointReward = POINTS.comment;
    ledger.push({ user: c.author, type: "COMMENT", amount: POINTS.comment, at: c.createdAt, post: c.post, comment: c });
  }
  if (c.author.id !== c.post.author.id) {
    ledger.push({
      user: c.post.author,
      type: "COMMENT",
      amount: POINTS.comment,
      at: c.createdAt,
      post: c.post,
      comment: c,
      from: c.author,
    });
  }
}

function rewardReaction(x: MReaction, take: Take, ledger: Ledger[]): void {
  if (take(x.user, x.createdAt, "exp:reaction", EXPERIENCE.reactionDailyCap)) x.reward = EXPERIENCE.reaction;
  const owner = x.comment ? x.comment.author : x.post.author;
  if (owner.id === x.user.id) return;
  ledger.push({
    user: owner,
    type: x.comment ? "COMMENT_LIKED" : "POST_LIKED",
    amount: POINTS.reaction,
    at: x.createdAt,
    post: x.post,
    comment: x.comment,
    from: x.user,
  });
}

/** Featured posts' points, and every post's views from its comments and reactions. */
function settleFeaturesAndViews({ r }: Clock, P: MPost[], CM: MComment[], RX: MReaction[], ledger: Ledger[]): void {
  for (const p of P) {
    if (p.featuredAt) ledger.push({ user: p.author, type: "FEATURE", amount: POINTS.feature, at: p.featuredAt, post: p });
    const nComments = CM.filter((c) => c.post === p).length;
    const nReactions = RX.filter((x) => x.post === p && !x.comment).length;
    p.views =
      p.status === "PUBLISHED"
        ? 12 + nComments * r.int(8, 15) + nReactions * r.int(4, 9) + r.int(0, 120) + (p.featuredAt ? 300 : 0)
        : r.int(0, 3);
  }
}

/** Inserts the posts and their tags, and sets each MPost's id. */
async function insertPosts(
  tx: DB,
  { clampPast }: Clock,
  p: { P: MPost[]; CM: MComment[]; C: Map<CatKey, { id: number }>; T: Map<string, { id: number }>; moderator: MUser },
): Promise<void> {
  const { P, CM, C, T, moderator } = p;
  const postIds = await tx
    .insert(posts)
    .values(
      P.map((p) => {
        const live = CM.filter((c) => c.post === p && !c.deletedAt);
        const lastReply = live.reduce((m, c) => Math.max(m, c.createdAt.getTime()), 0);
        return {
          title: p.title,
          content: p.content,
          authorId: p.author.id,
          categoryId: C.get(p.categoryKey)!.id,
          type: p.type,
          status: p.status,
          visibleScope: p.scope,
          views: p.views,
          commentCount: live.length,
          pinnedAt: p.pinnedAt,
          lastReplyAt: lastReply ? new Date(lastReply) : p.createdAt,
          closed: p.closedAt !== null,
          // record.ts logs the close by the moderator on a member's post, by its author otherwise.
          closedById: p.closedAt === null ? null : p.author.role === "USER" ? moderator.id : p.author.id,
          rssExcluded: p.featuredAt === null,
          featuredAt: p.featuredAt,
          reward: p.reward,
          pointReward: p.pointReward,
          createdAt: p.createdAt,
          updatedAt: p.spec.key === "edited" ? clampPast(new Date(p.createdAt.getTime() + 3 * DAY)) : p.createdAt,
        };
      }),
    )
    .returning({ id: posts.id });
  P.forEach((p, i) => (p.id = postIds[i]!.id));
  await tx.insert(postTags).values(P.flatMap((p) => p.tagNames.map((name) => ({ postId: p.id, tagId: T.get(name)!.id }))));
}

/** Inserts the comments level by level (a reply needs its parent's id), setting each MComment's id. */
async function insertComments(tx: DB, CM: MComment[]): Promise<void> {
  for (const depth of [1, 2, 3, 4, 5]) {
    const level = CM.filter((c) => c.depth === depth);
    if (level.length === 0) continue;
    const ids = await insertChunks(
      (rows) => tx.insert(comments).values(rows).returning({ id: comments.id }),
      level.map((c) => ({
        postId: c.post.id,
        authorId: c.author.id,
        parentId: c.parent ? c.parent.id : null,
        content: c.content,
        pinnedAt: c.pinnedAt,
        // The demo's pinned comments are their post's author's arrangement.
        pinnedById: c.pinnedAt ? c.post.author.id : null,
        deletedAt: c.deletedAt,
        reward: c.reward,
        pointReward: c.pointReward,
        createdAt: c.createdAt,
      })),
    );
    level.forEach((c, i) => (c.id = ids[i]!.id));
  }
}

async function insertReactions(tx: DB, RX: MReaction[]): Promise<void> {
  await insertChunks(
    (rows) => tx.insert(reactions).values(rows),
    RX.map((x) => ({
      userId: x.user.id,
      type: x.type,
      postId: x.comment ? null : x.post.id,
      commentId: x.comment ? x.comment.id : null,
      reward: x.reward,
      createdAt: x.createdAt,
    })),
  );
}

/**
 * The first half of the demo: users, categories and tags inserted; posts, comments and reactions
 * simulated in memory (rewards depend on the order of everything that happened), then inserted. Returns
 * the world the second half (record.ts) writes the rest of the history from.
 */
export async function simulate(tx: DB, passwordHash: string, log: (m: string) => void) {
  const clock = makeClock();
  const { r, now, ago, clampPast, after } = clock;

  const { U, user } = await insertUsers(tx, passwordHash, clock);
  const admin = user("admin");
  const system = user("system");
  const moderator = user("moderator");
  const regulars = DEMO_USERS.filter((u) => !u.bot && u.username !== "mallory" && u.username !== "system").map((u) => user(u.username));
  log(`users: ${U.size}`);

  const { C, T, catSnap, tagSnap, categoryCount, tagCount } = await insertTaxonomy(tx, clock, user);
  log(`categories: ${categoryCount}, tags: ${tagCount}`);

  const P = planPosts(clock, user);
  const byKey = (k: string) => {
    const p = P.find((x) => x.spec.key === k);
    if (!p) throw new Error(`demo: no post ${k}`);
    return p;
  };
  const CM = planComments(clock, P, regulars, user);
  log(`comments: ${CM.length}`);
  const RX = planReactions(clock, P, CM, regulars);
  const ledger = settleRewards(U, admin, P, CM, RX);
  settleFeaturesAndViews(clock, P, CM, RX, ledger);

  await insertPosts(tx, clock, { P, CM, C, T, moderator });
  log(`posts: ${P.length}`);
  await insertComments(tx, CM);
  await insertReactions(tx, RX);
  log(`reactions: ${RX.length}`);
  return {
    r,
    now,
    ago,
    clampPast,
    after,
    U,
    user,
    admin,
    system,
    moderator,
    regulars,
    catSnap,
    tagSnap,
    P,
    byKey,
    CM,
    visibleToRegulars,
    RX,
    ledger,
  };
}

export type World = Awaited<ReturnType<typeof simulate>>;
