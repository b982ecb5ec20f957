// The demo community's history after its posts: what members were told, what staff changed, polls,
// lotteries, redemptions and a consistent points ledger (rows inserted directly, in the seed's transaction).
import { eq, sql } from "drizzle-orm";
import type { DB } from "@/db";
import {
  lotteries,
  lotteryParticipants,
  lotteryWinners,
  pointGoods,
  pointHistories,
  polls,
  pollVotes,
  postSubscriptions,
  redemptions,
  users,
  type MedalType,
} from "@/db/schema";
import { env } from "@/lib/env";
import { newSeed, pickWinners } from "@/lib/services/posts/lottery-fair";
import { DEMO_GOODS, EDITED_VERSIONS } from "./data";
import { MIN, DAY, MUser, MPost, Notice, Log, insertChunks } from "./model";
import { insertChangeLogs, insertNotifications } from "./record-rows";
import type { World } from "./simulate";

/**
 * The second half of the demo: notifications, subscriptions, moderation and edit history, polls,
 * lotteries, the shop, the points ledger in time order and each user's final balance, experience and medal.
 */
export async function record(tx: DB, w: World, log: (m: string) => void): Promise<void> {
  const h = history();
  noticeActivity(w, h);
  await recordSubscriptions(tx, w, h);
  recordModeration(w, h);
  recordEdits(w, h);
  recordDonationsAndReview(w, h);
  const polls = await recordPolls(tx, w, h);
  const lotteries = await recordLotteries(tx, w, h);
  log(`polls: ${polls}, lotteries: ${lotteries}`);
  await recordShop(tx, w, h, log);
  const balances = await recordLedger(tx, w, log);
  await insertChangeLogs(tx, h.LG, log);
  await insertNotifications(tx, h.NT, { chance: (p) => w.r.chance(p), now: w.now }, log);
  await recordMembers(tx, w, balances);
  log("done");
}

/** What the history collects before it is written: notifications (never to their own actor) and change logs. */
type History = { NT: Notice[]; LG: Log[]; notice: (n: Notice) => void };

function history(): History {
  const NT: Notice[] = [];
  const notice = (n: Notice) => {
    if (n.from && n.from.id === n.user.id) return; // never notify the actor
    NT.push(n);
  };
  return { NT, LG: [], notice };
}

/** Who was told of replies, reactions and mentions. */
function noticeActivity(w: World, h: History): void {
  const { U, P, CM, RX } = w;
  const { notice } = h;
  for (const c of CM) {
    if (c.deletedAt) continue;
    const to = c.parent ? c.parent.author : c.post.author;
    notice({ user: to, type: "COMMENT_REPLY", at: c.createdAt, post: c.post, comment: c, from: c.author });
  }
  for (const x of RX) {
    notice({
      user: x.comment ? x.comment.author : x.post.author,
      type: "REACTION",
      at: x.createdAt,
      post: x.post,
      comment: x.comment,
      from: x.user,
      reactionType: x.type,
    });
  }
  const mentionRe = /@\[?([A-Za-z0-9_-]+)\]?/g;
  const mentions = (text: string) =>
    [...new Set([...text.matchAll(mentionRe)].map((m) => m[1]!))].filter((n) => U.has(n)).map((n) => U.get(n)!);
  for (const p of P) {
    if (p.status !== "PUBLISHED") continue;
    for (const m of mentions(p.content)) notice({ user: m, type: "MENTION", at: p.createdAt, post: p, from: p.author });
  }
  for (const c of CM) {
    if (c.deletedAt) continue;
    for (const m of mentions(c.content)) notice({ user: m, type: "MENTION", at: c.createdAt, post: c.post, comment: c, from: c.author });
  }
}

/** Subscriptions (some commenters and readers follow threads; the author hears of it), one unsubscription, and views by signed-in readers. */
async function recordSubscriptions(tx: DB, w: World, h: History): Promise<void> {
  const { r, clampPast, after, user, regulars, P, byKey, CM, visibleToRegulars } = w;
  const { notice } = h;
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
  await insertChunks(
    (rows) => tx.insert(postSubscriptions).values(rows),
    SUBS.map((s) => ({ userId: s.user.id, postId: s.post.id, createdAt: s.at })),
  );
  for (const s of SUBS) {
    notice({ user: s.post.author, type: "POST_SUBSCRIBED", at: s.at, post: s.post, from: s.user });
    for (const c of CM) {
      // Only the first days of activity after subscribing: enough to show the feature, not a flood.
      if (
        c.post !== s.post ||
        c.deletedAt ||
        c.createdAt <= s.at ||
        c.createdAt.getTime() > s.at.getTime() + 3 * DAY ||
        c.author.id === s.user.id
      )
        continue;
      notice({ user: s.user, type: "POST_UPDATED", at: c.createdAt, post: s.post, comment: c, from: c.author });
    }
  }
  // One reader unsubscribed again (no row left, only the notification).
  const welcome = byKey("welcome");
  notice({
    user: welcome.author,
    type: "POST_UNSUBSCRIBED",
    at: after(welcome.createdAt, 3 * 24 * 60, 4 * 24 * 60),
    post: welcome,
    from: user("dave"),
  });
  // Views by signed-in readers (recorded, hidden by default).
  for (const p of P.filter((x) => x.author.username === "alice" && x.status === "PUBLISHED").slice(0, 3)) {
    for (const v of r.sample(
      regulars.filter((u) => u.id !== p.author.id),
      2,
    ))
      notice({ user: p.author, type: "POST_VIEWED", at: clampPast(after(p.createdAt, 60, 600)), post: p, from: v });
  }
}

/** Staff and authors' changes found on the posts themselves: pins, closes, features and scopes. */
function recordModeration(w: World, h: History): void {
  const { after, admin, moderator, P } = w;
  const { notice, LG } = h;
  // Moderation: pinned, closed, featured, visibility, title, content, category and tag changes.
  for (const p of P) {
    if (p.pinnedAt)
      LG.push({
        post: p,
        actor: p.author.role === "USER" ? moderator : p.author,
        type: "PINNED",
        at: p.pinnedAt,
        oldPinnedAt: null,
        newPinnedAt: p.pinnedAt,
      });
    if (p.closedAt)
      LG.push({
        post: p,
        actor: p.author.role === "USER" ? moderator : p.author,
        type: "CLOSED",
        at: p.closedAt,
        oldClosed: false,
        newClosed: true,
      });
    if (p.featuredAt) {
      LG.push({
        post: p,
        actor: p.author.id === moderator.id ? admin : moderator,
        type: "FEATURED",
        at: p.featuredAt,
        oldFeatured: false,
        newFeatured: true,
      });
      notice({ user: p.author, type: "POST_FEATURED", at: p.featuredAt, post: p, from: p.author.id === moderator.id ? admin : moderator });
    }
    if (p.scope !== "ALL") {
      LG.push({
        post: p,
        actor: p.author,
        type: "VISIBLE_SCOPE",
        at: after(p.createdAt, 5, 120),
        oldVisibleScope: "ALL",
        newVisibleScope: p.scope,
      });
    }
  }
}

/** Edits with a story: a post featured by mistake and moved, one edited several times, retitled and retagged ones. */
function recordEdits(w: World, h: History): void {
  const { r, clampPast, after, moderator, catSnap, tagSnap, byKey } = w;
  const { LG } = h;
  // Feature/unfeature history on one post: featured by mistake, then unfeatured (points stay, as in OpenIsle).
  {
    const p = byKey("movedcat");
    const at = clampPast(after(p.createdAt, 4 * 60, 8 * 60));
    LG.push({ post: p, actor: moderator, type: "FEATURED", at, oldFeatured: false, newFeatured: true });
    LG.push({ post: p, actor: moderator, type: "FEATURED", at: after(at, 5, 20), oldFeatured: true, newFeatured: false });
    LG.push({
      post: p,
      actor: moderator,
      type: "CATEGORY",
      at: after(p.createdAt, 20, 90),
      oldCategory: catSnap("offtopic"),
      newCategory: catSnap("selfhost"),
    });
  }
  {
    const p = byKey("edited");
    let at = p.createdAt;
    for (let i = 1; i < EDITED_VERSIONS.length; i++) {
      at = clampPast(new Date(at.getTime() + r.int(6 * 60, 20 * 60) * MIN));
      LG.push({ post: p, actor: p.author, type: "CONTENT", at, oldContent: EDITED_VERSIONS[i - 1], newContent: EDITED_VERSIONS[i] });
    }
    LG.push({
      post: p,
      actor: p.author,
      type: "TITLE",
      at: after(p.createdAt, 3, 20),
      oldTitle: "Backup script for docker volumes",
      newTitle: p.title,
    });
  }
  {
    const p = byKey("retitled");
    LG.push({
      post: p,
      actor: p.author,
      type: "TITLE",
      at: after(p.createdAt, 5, 60),
      oldTitle: "skin tones look weird??",
      newTitle: p.title,
    });
    const q = byKey("retitled2");
    LG.push({
      post: q,
      actor: q.author,
      type: "TITLE",
      at: after(q.createdAt, 5, 60),
      oldTitle: "HELP starter smells weird",
      newTitle: q.title,
    });
    const t = byKey("retagged");
    LG.push({
      post: t,
      actor: t.author,
      type: "TAG",
      at: after(t.createdAt, 10, 120),
      oldTags: [tagSnap("help")],
      newTags: t.tagNames.map(tagSnap),
    });
  }
}

/** Donations (points from donor to author, a DONATE entry and a DONATION notice) and the review queue's notices. */
function recordDonationsAndReview(w: World, h: History): void {
  const { ago, clampPast, after, user, moderator, P, byKey, ledger, U } = w;
  const { notice, LG } = h;
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
    for (const a of [...U.values()].filter((u) => u.role === "ADMIN"))
      notice({ user: a, type: "POST_REVIEW_REQUEST", at: p.createdAt, post: p, from: p.author });
    notice({ user: p.author, type: "POST_REVIEW_REQUEST", at: p.createdAt, post: p });
    const approved = P.find((x) => x.author.username === "judy" && x.status === "PUBLISHED" && x.scope === "ALL")!;
    notice({
      user: approved.author,
      type: "POST_REVIEWED",
      at: after(approved.createdAt, 5, 60),
      post: approved,
      from: moderator,
      approved: true,
    });
    const spam = byKey("rejected");
    notice({ user: spam.author, type: "POST_REVIEWED", at: after(spam.createdAt, 5, 60), post: spam, from: moderator, approved: false });
    notice({ user: user("dave"), type: "POST_DELETED", at: ago(18), from: moderator, content: "Selling my old camera gear (cheap!)" });
  }
}

/** Polls, their votes and, for ended ones, the results. */
async function recordPolls(tx: DB, w: World, h: History): Promise<number> {
  const { r, now, clampPast, after, system, regulars, P } = w;
  const { notice, LG } = h;
  // ── polls
  const pollRows: (typeof polls.$inferInsert)[] = [];
  const voteRows: (typeof pollVotes.$inferInsert)[] = [];
  for (const p of P.filter((x) => x.spec.poll)) {
    const spec = p.spec.poll!;
    const endTime = new Date(now.getTime() + spec.endInDays * DAY + r.int(0, 120) * MIN);
    const ended = endTime < now;
    pollRows.push({
      postId: p.id,
      options: spec.options,
      multiple: spec.multiple,
      endTime,
      finalizedAt: ended ? new Date(endTime.getTime() + 2000) : null,
    });
    const voters = r.sample(
      regulars.filter((u) => u.createdAt < p.createdAt),
      spec.voters,
    );
    for (const v of voters) {
      const at = clampPast(
        after(p.createdAt, 20, Math.max(30, Math.floor(((ended ? endTime : now).getTime() - p.createdAt.getTime()) / MIN) - 10)),
      );
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
  return pollRows.length;
}

/** Lotteries (provably fair: the seed's hash is public, the seed revealed at the draw), participants and winners. */
async function recordLotteries(tx: DB, w: World, h: History): Promise<number> {
  const { r, now, clampPast, after, system, regulars, P, ledger, U } = w;
  const { notice, LG } = h;
  // ── lotteries (provably fair: the seed's hash is public, the seed revealed at the draw)
  const lotteryRows: (typeof lotteries.$inferInsert)[] = [];
  const participantRows: (typeof lotteryParticipants.$inferInsert)[] = [];
  const winnerRows: (typeof lotteryWinners.$inferInsert)[] = [];
  for (const p of P.filter((x) => x.spec.lottery)) {
    const spec = p.spec.lottery!;
    const startTime =
      spec.startInDays < 0
        ? new Date(Math.max(p.createdAt.getTime() + 10 * MIN, now.getTime() + spec.startInDays * DAY))
        : new Date(now.getTime() + spec.startInDays * DAY);
    const endTime = new Date(now.getTime() + spec.endInDays * DAY);
    const drawn = endTime < now;
    const { seed, seedHash } = newSeed();
    const people = r.sample(
      regulars.filter((u) => u.id !== p.author.id),
      spec.participants,
    );
    const joined = people.map((u) => ({
      u,
      at: clampPast(after(startTime, 10, Math.max(20, Math.floor(((drawn ? endTime : now).getTime() - startTime.getTime()) / MIN) - 10))),
    }));
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
      postId: p.id,
      prizeDescription: spec.prizeDescription,
      prizeIcon: spec.prizeIcon,
      prizeCount: spec.prizeCount,
      pointCost: spec.pointCost,
      startTime,
      endTime,
      seed,
      seedHash,
      drawnAt,
    });
    if (drawn && drawnAt) {
      const winners = pickWinners(
        seed,
        joined.map((j) => j.u.id),
        spec.prizeCount,
      );
      winners.forEach((id, i) => winnerRows.push({ postId: p.id, userId: id, rank: i + 1 }));
      LG.push({ post: p, actor: system, type: "LOTTERY_RESULT", at: drawnAt });
      for (const id of winners)
        notice({ user: [...U.values()].find((u) => u.id === id)!, type: "LOTTERY_WIN", at: drawnAt, post: p, from: p.author });
      notice({ user: p.author, type: "LOTTERY_DRAW", at: drawnAt, post: p });
    }
  }
  await tx.insert(lotteries).values(lotteryRows);
  if (participantRows.length) await tx.insert(lotteryParticipants).values(participantRows);
  if (winnerRows.length) await tx.insert(lotteryWinners).values(winnerRows);
  return lotteryRows.length;
}

/** The point goods and the redemptions each member could afford at the time. */
async function recordShop(tx: DB, w: World, h: History, log: (m: string) => void): Promise<void> {
  const { r, ago, user, ledger, U } = w;
  const { notice } = h;
  // ── point goods and redemptions
  const goods = await tx
    .insert(pointGoods)
    .values(DEMO_GOODS.map((g, i) => ({ ...g, createdAt: ago(45 - i) })))
    .returning();
  // alice's good was handed over (the admin's list shows it fulfilled); the later ones wait.
  const redeemPlan: { who: string; good: number; daysAgo: number; contact: string; fulfilledDaysAgo?: number }[] = [
    { who: "alice", good: 0, daysAgo: 9, contact: "Alice Example, 12 Harbour Lane, Bristol", fulfilledDaysAgo: 7 },
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
    const row: typeof redemptions.$inferInsert = {
      userId: u.id,
      goodId: g.id,
      goodName: g.name,
      cost: g.cost,
      contact: plan.contact,
      createdAt: at,
    };
    for (const a of [...U.values()].filter((x) => x.role === "ADMIN"))
      notice({ user: a, type: "POINT_REDEEM", at, from: u, content: `${g.name}: ${plan.contact}` });
    if (plan.fulfilledDaysAgo !== undefined) {
      const admin = user("admin");
      row.fulfilledAt = ago(plan.fulfilledDaysAgo);
      row.fulfilledById = admin.id;
      notice({ user: u, type: "REDEMPTION_FULFILLED", at: row.fulfilledAt, from: admin, content: g.name });
    }
    redemptionRows.push(row);
  }
  if (redemptionRows.length) await tx.insert(redemptions).values(redemptionRows);
  log(`goods: ${goods.length}, redemptions: ${redemptionRows.length}`);
}

/** The ledger in time order with running balances; answers each member's final balance. */
async function recordLedger(tx: DB, w: World, log: (m: string) => void): Promise<Map<number, number>> {
  const { ledger } = w;
  // ── the ledger: running balances in time order; users.point is the final balance
  ledger.sort((a, b) => a.at.getTime() - b.at.getTime());
  const balances = new Map<number, number>();
  const ledgerRows = ledger.map((l) => {
    const balance = (balances.get(l.user.id) ?? 0) + l.amount;
    if (balance < 0) throw new Error(`demo ledger: ${l.user.username} would go negative (${l.type})`);
    balances.set(l.user.id, balance);
    return {
      userId: l.user.id,
      type: l.type,
      amount: l.amount,
      balance,
      postId: l.post?.id ?? null,
      commentId: l.comment?.id ?? null,
      fromUserId: l.from?.id ?? null,
      createdAt: l.at,
    };
  });
  await insertChunks((rows) => tx.insert(pointHistories).values(rows), ledgerRows, 1000);
  // Each redemption's ledger row points at it, as redeemGood writes them (same member, moment and cost).
  await tx.execute(
    sql`update point_histories h set redemption_id = r.id from redemptions r
        where h.type = 'REDEEM' and h.redemption_id is null and h.user_id = r.user_id and h.created_at = r.created_at and h.amount = -r.cost`,
  );
  log(`point ledger: ${ledgerRows.length} rows`);
  return balances;
}

/** Each member's balance, experience (creations and daily sign-ins) and best earned medal. */
async function recordMembers(tx: DB, w: World, balances: Map<number, number>): Promise<void> {
  const { r, now, P, CM, RX, U } = w;
  // ── users: balance, experience (creations + daily sign-ins), best earned medal
  const seedBefore = new Date(env().SEED_MEDAL_BEFORE);
  const all = [...U.values()].sort((a, b) => a.id - b.id);
  for (const [i, u] of all.entries()) {
    const created = P.filter((p) => p.author === u);
    const live = CM.filter((c) => c.author === u);
    const earnedExp =
      created.reduce((s, p) => s + p.reward, 0) +
      live.reduce((s, c) => s + c.reward, 0) +
      RX.filter((x) => x.user === u).reduce((s, x) => s + x.reward, 0);
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
}
