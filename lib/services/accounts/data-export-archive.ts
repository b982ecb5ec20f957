import "server-only";
import { tagNamesByPost } from "@/lib/services/taxonomy/tags";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, rawRows } from "@/db";
import {
  apiTokens,
  categories,
  comments,
  conversationParticipants,
  conversations,
  emailPrefs,
  lotteryParticipants,
  lotteryWinners,
  messageReactions,
  messages,
  notificationPrefs,
  notifications,
  pointHistories,
  pollVotes,
  postChangeLogs,
  posts,
  postSubscriptions,
  reactions,
  redemptions,
  tags,
  taxonomyWatches,
  uploads,
  userBlocks,
  userFollows,
  usernameHistory,
  users,
  userSessions,
  userTwoFactor,
} from "@/db/schema";
import { ArchiveWriter } from "@/lib/backup/archive";
import { readStoredUpload } from "@/lib/backup/uploads";
import type { BackupTarget } from "@/lib/backup/target";

/**
 * Writes one member's data archive (a gzip-compressed tar, lib/backup/archive.ts): a README.txt, one
 * JSON file per kind of data and their uploaded files under `uploads/`. Every table is read in pages of
 * BATCH rows by keyset (a constant number of queries per page, never one per row) and each JSON file is
 * first written to a scratch folder, since a tar entry needs its size before its bytes; the archive is
 * then streamed to the target. Direct messages: the conversations' metadata (names, members) and only
 * the member's own messages, never what the others wrote.
 */

export const BATCH = 500;

type Row = Record<string, unknown>;
/** One JSON file: rows after the keyset value `after`, ordered by the numeric field `key`. */
type Section = { file: string; about: string; key: string; count: SQL; page: (after: number) => Promise<Row[]> };

const u2 = alias(users, "other_user");

const postsSection = (me: number): Section => ({
  file: "posts.json",
  about: "Your posts (every status), with their category and tags.",
  key: "id",
  count: sql`(select count(*) from posts where author_id = ${me})`,
  page: async (after) => {
    const rows = await db
      .select({
        id: posts.id,
        title: posts.title,
        content: posts.content,
        category: categories.name,
        type: posts.type,
        status: posts.status,
        visibleScope: posts.visibleScope,
        views: posts.views,
        commentCount: posts.commentCount,
        closed: posts.closed,
        pinnedAt: posts.pinnedAt,
        featuredAt: posts.featuredAt,
        rejectedReason: posts.rejectedReason,
        createdAt: posts.createdAt,
        updatedAt: posts.updatedAt,
      })
      .from(posts)
      .leftJoin(categories, eq(categories.id, posts.categoryId))
      .where(and(eq(posts.authorId, me), gt(posts.id, after)))
      .orderBy(asc(posts.id))
      .limit(BATCH);
    if (!rows.length) return rows;
    const byPost = await tagNamesByPost(rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, tags: byPost.get(r.id) ?? [] }));
  },
});

const postHistorySection = (me: number): Section => ({
  file: "post-history.json",
  about: "The edit history of your posts (title, content, category, tags, closing, pinning...), whoever made each change.",
  key: "id",
  count: sql`(select count(*) from post_change_logs l join posts p on p.id = l.post_id where p.author_id = ${me} and l.comment_id is null)`,
  page: (after) =>
    db
      .select({
        id: postChangeLogs.id,
        postId: postChangeLogs.postId,
        type: postChangeLogs.type,
        by: users.username,
        oldTitle: postChangeLogs.oldTitle,
        newTitle: postChangeLogs.newTitle,
        oldContent: postChangeLogs.oldContent,
        newContent: postChangeLogs.newContent,
        oldCategory: postChangeLogs.oldCategory,
        newCategory: postChangeLogs.newCategory,
        oldTags: postChangeLogs.oldTags,
        newTags: postChangeLogs.newTags,
        oldClosed: postChangeLogs.oldClosed,
        newClosed: postChangeLogs.newClosed,
        oldVisibleScope: postChangeLogs.oldVisibleScope,
        newVisibleScope: postChangeLogs.newVisibleScope,
        createdAt: postChangeLogs.createdAt,
      })
      .from(postChangeLogs)
      .innerJoin(posts, eq(posts.id, postChangeLogs.postId))
      .leftJoin(users, eq(users.id, postChangeLogs.actorId))
      .where(and(eq(posts.authorId, me), isNull(postChangeLogs.commentId), gt(postChangeLogs.id, after)))
      .orderBy(asc(postChangeLogs.id))
      .limit(BATCH),
});

const commentsSection = (me: number): Section => ({
  file: "comments.json",
  about: "Your comments, with the post each is on. A deleted comment keeps its dates, its text is gone.",
  key: "id",
  count: sql`(select count(*) from comments where author_id = ${me})`,
  page: (after) =>
    db
      .select({
        id: comments.id,
        postId: comments.postId,
        postTitle: posts.title,
        parentId: comments.parentId,
        content: comments.content,
        createdAt: comments.createdAt,
        editedAt: comments.editedAt,
        deletedAt: comments.deletedAt,
        hiddenAt: comments.hiddenAt,
        pinnedAt: comments.pinnedAt,
      })
      .from(comments)
      .leftJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(comments.authorId, me), gt(comments.id, after)))
      .orderBy(asc(comments.id))
      .limit(BATCH),
});

const commentHistorySection = (me: number): Section => ({
  file: "comment-history.json",
  about: "The edit history of your comments: each earlier and later text.",
  key: "id",
  count: sql`(select count(*) from post_change_logs l join comments c on c.id = l.comment_id where c.author_id = ${me})`,
  page: (after) =>
    db
      .select({
        id: postChangeLogs.id,
        commentId: postChangeLogs.commentId,
        postId: postChangeLogs.postId,
        type: postChangeLogs.type,
        by: users.username,
        oldContent: postChangeLogs.oldContent,
        newContent: postChangeLogs.newContent,
        createdAt: postChangeLogs.createdAt,
      })
      .from(postChangeLogs)
      .innerJoin(comments, eq(comments.id, postChangeLogs.commentId))
      .leftJoin(users, eq(users.id, postChangeLogs.actorId))
      .where(and(eq(comments.authorId, me), gt(postChangeLogs.id, after)))
      .orderBy(asc(postChangeLogs.id))
      .limit(BATCH),
});

const conversationsSection = (me: number): Section => ({
  file: "messages/conversations.json",
  about:
    "The private conversations you take part in: their name, who is in them, when you joined and last read. The other members' messages are not included (they are theirs).",
  key: "id",
  count: sql`(select count(*) from conversation_participants where user_id = ${me})`,
  page: async (after) => {
    const rows = await db
      .select({
        id: conversations.id,
        name: conversations.name,
        direct: sql<boolean>`${conversations.directKey} is not null`,
        createdAt: conversations.createdAt,
        lastMessageAt: conversations.lastMessageAt,
        joinedAt: conversationParticipants.joinedAt,
        lastReadAt: conversationParticipants.lastReadAt,
      })
      .from(conversationParticipants)
      .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
      .where(and(eq(conversationParticipants.userId, me), gt(conversationParticipants.conversationId, after)))
      .orderBy(asc(conversationParticipants.conversationId))
      .limit(BATCH);
    if (!rows.length) return rows;
    const members = await db
      .select({ conversationId: conversationParticipants.conversationId, username: users.username })
      .from(conversationParticipants)
      .innerJoin(users, eq(users.id, conversationParticipants.userId))
      .where(
        inArray(
          conversationParticipants.conversationId,
          rows.map((r) => r.id),
        ),
      );
    const byConv = new Map<number, string[]>();
    for (const m of members) byConv.set(m.conversationId, [...(byConv.get(m.conversationId) ?? []), m.username]);
    return rows.map((r) => ({ ...r, members: byConv.get(r.id) ?? [] }));
  },
});

const messagesSection = (me: number): Section => ({
  file: "messages/messages.json",
  about: "The messages you sent, by conversation (conversationId matches messages/conversations.json).",
  key: "id",
  count: sql`(select count(*) from messages where sender_id = ${me})`,
  page: (after) =>
    db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        content: messages.content,
        replyToId: messages.replyToId,
        event: messages.event,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(and(eq(messages.senderId, me), gt(messages.id, after)))
      .orderBy(asc(messages.id))
      .limit(BATCH),
});

const messageReactionsSection = (me: number): Section => ({
  file: "messages/reactions.json",
  about: "Your reactions to messages.",
  key: "id",
  count: sql`(select count(*) from message_reactions where user_id = ${me})`,
  page: (after) =>
    db
      .select({
        id: messageReactions.id,
        messageId: messageReactions.messageId,
        conversationId: messages.conversationId,
        type: messageReactions.type,
        createdAt: messageReactions.createdAt,
      })
      .from(messageReactions)
      .innerJoin(messages, eq(messages.id, messageReactions.messageId))
      .where(and(eq(messageReactions.userId, me), gt(messageReactions.id, after)))
      .orderBy(asc(messageReactions.id))
      .limit(BATCH),
});

const reactionsSection = (me: number): Section => ({
  file: "reactions.json",
  about: "Your reactions to posts and comments.",
  key: "id",
  count: sql`(select count(*) from reactions where user_id = ${me})`,
  page: (after) =>
    db
      .select({
        id: reactions.id,
        type: reactions.type,
        postId: reactions.postId,
        commentId: reactions.commentId,
        createdAt: reactions.createdAt,
      })
      .from(reactions)
      .where(and(eq(reactions.userId, me), gt(reactions.id, after)))
      .orderBy(asc(reactions.id))
      .limit(BATCH),
});

const votesSection = (me: number): Section => ({
  file: "votes.json",
  about: "Your votes in polls: the post of the poll and the option you chose.",
  key: "id",
  count: sql`(select count(*) from poll_votes where user_id = ${me})`,
  page: (after) =>
    db
      .select({
        id: pollVotes.id,
        postId: pollVotes.postId,
        postTitle: posts.title,
        option: pollVotes.option,
        createdAt: pollVotes.createdAt,
      })
      .from(pollVotes)
      .leftJoin(posts, eq(posts.id, pollVotes.postId))
      .where(and(eq(pollVotes.userId, me), gt(pollVotes.id, after)))
      .orderBy(asc(pollVotes.id))
      .limit(BATCH),
});

const lotteriesSection = (me: number): Section => ({
  file: "lotteries.json",
  about: "The lotteries you entered, and your rank where you won.",
  key: "postId",
  count: sql`(select count(*) from lottery_participants where user_id = ${me})`,
  page: (after) =>
    db
      .select({
        postId: lotteryParticipants.postId,
        postTitle: posts.title,
        joinedAt: lotteryParticipants.joinedAt,
        wonRank: lotteryWinners.rank,
      })
      .from(lotteryParticipants)
      .leftJoin(posts, eq(posts.id, lotteryParticipants.postId))
      .leftJoin(lotteryWinners, and(eq(lotteryWinners.postId, lotteryParticipants.postId), eq(lotteryWinners.userId, me)))
      .where(and(eq(lotteryParticipants.userId, me), gt(lotteryParticipants.postId, after)))
      .orderBy(asc(lotteryParticipants.postId))
      .limit(BATCH),
});

const pointsSection = (me: number): Section => ({
  file: "points.json",
  about: "Your points ledger: every change of your balance, with the balance after it.",
  key: "id",
  count: sql`(select count(*) from point_histories where user_id = ${me})`,
  page: (after) =>
    db
      .select({
        id: pointHistories.id,
        type: pointHistories.type,
        amount: pointHistories.amount,
        balance: pointHistories.balance,
        postId: pointHistories.postId,
        commentId: pointHistories.commentId,
        from: u2.username,
        redemptionId: pointHistories.redemptionId,
        createdAt: pointHistories.createdAt,
      })
      .from(pointHistories)
      .leftJoin(u2, eq(u2.id, pointHistories.fromUserId))
      .where(and(eq(pointHistories.userId, me), gt(pointHistories.id, after)))
      .orderBy(asc(pointHistories.id))
      .limit(BATCH),
});

const redemptionsSection = (me: number): Section => ({
  file: "redemptions.json",
  about: "What you redeemed with points, the contact details you gave, and when it was handed over.",
  key: "id",
  count: sql`(select count(*) from redemptions where user_id = ${me})`,
  page: (after) =>
    db
      .select({
        id: redemptions.id,
        good: redemptions.goodName,
        cost: redemptions.cost,
        contact: redemptions.contact,
        createdAt: redemptions.createdAt,
        fulfilledAt: redemptions.fulfilledAt,
      })
      .from(redemptions)
      .where(and(eq(redemptions.userId, me), gt(redemptions.id, after)))
      .orderBy(asc(redemptions.id))
      .limit(BATCH),
});

const notificationsSection = (me: number): Section => ({
  file: "notifications.json",
  about: "The notifications you received.",
  key: "id",
  count: sql`(select count(*) from notifications where user_id = ${me})`,
  page: (after) =>
    db
      .select({
        id: notifications.id,
        type: notifications.type,
        postId: notifications.postId,
        commentId: notifications.commentId,
        from: u2.username,
        reactionType: notifications.reactionType,
        content: notifications.content,
        read: notifications.read,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .leftJoin(u2, eq(u2.id, notifications.fromUserId))
      .where(and(eq(notifications.userId, me), gt(notifications.id, after)))
      .orderBy(asc(notifications.id))
      .limit(BATCH),
});

const sessionsSection = (me: number): Section => ({
  file: "sign-ins/sessions.json",
  about: "Your browser sign-ins: browser, address, when each started, was last used, ends or was ended.",
  key: "id",
  count: sql`(select count(*) from user_sessions where user_id = ${me})`,
  page: (after) =>
    db
      .select({
        id: userSessions.id,
        userAgent: userSessions.userAgent,
        ip: userSessions.ip,
        createdAt: userSessions.createdAt,
        lastUsedAt: userSessions.lastUsedAt,
        expiresAt: userSessions.expiresAt,
        revokedAt: userSessions.revokedAt,
      })
      .from(userSessions)
      .where(and(eq(userSessions.userId, me), gt(userSessions.id, after)))
      .orderBy(asc(userSessions.id))
      .limit(BATCH),
});

const tokensSection = (me: number): Section => ({
  file: "sign-ins/tokens.json",
  about: "Your API tokens and app sign-ins (name, first characters, scopes, use). The secrets themselves are never stored.",
  key: "id",
  count: sql`(select count(*) from api_tokens where user_id = ${me})`,
  page: (after) =>
    db
      .select({
        id: apiTokens.id,
        name: apiTokens.name,
        kind: apiTokens.kind,
        prefix: apiTokens.prefix,
        scopes: apiTokens.scopes,
        userAgent: apiTokens.userAgent,
        createdAt: apiTokens.createdAt,
        lastUsedAt: apiTokens.lastUsedAt,
        expiresAt: apiTokens.expiresAt,
        revokedAt: apiTokens.revokedAt,
      })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, me), gt(apiTokens.id, after)))
      .orderBy(asc(apiTokens.id))
      .limit(BATCH),
});

const followingSection = (me: number): Section => ({
  file: "following.json",
  about: "The members you follow.",
  key: "userId",
  count: sql`(select count(*) from user_follows where follower_id = ${me})`,
  page: (after) =>
    db
      .select({ userId: userFollows.followeeId, username: users.username, since: userFollows.createdAt })
      .from(userFollows)
      .innerJoin(users, eq(users.id, userFollows.followeeId))
      .where(and(eq(userFollows.followerId, me), gt(userFollows.followeeId, after)))
      .orderBy(asc(userFollows.followeeId))
      .limit(BATCH),
});

const blockedSection = (me: number): Section => ({
  file: "blocked.json",
  about: "The members you blocked.",
  key: "userId",
  count: sql`(select count(*) from user_blocks where blocker_id = ${me})`,
  page: (after) =>
    db
      .select({ userId: userBlocks.blockedId, username: users.username, since: userBlocks.createdAt })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(and(eq(userBlocks.blockerId, me), gt(userBlocks.blockedId, after)))
      .orderBy(asc(userBlocks.blockedId))
      .limit(BATCH),
});

const subscriptionsSection = (me: number): Section => ({
  file: "subscriptions.json",
  about: "The posts you subscribed to (notified of new comments).",
  key: "postId",
  count: sql`(select count(*) from post_subscriptions where user_id = ${me})`,
  page: (after) =>
    db
      .select({ postId: postSubscriptions.postId, postTitle: posts.title, since: postSubscriptions.createdAt })
      .from(postSubscriptions)
      .leftJoin(posts, eq(posts.id, postSubscriptions.postId))
      .where(and(eq(postSubscriptions.userId, me), gt(postSubscriptions.postId, after)))
      .orderBy(asc(postSubscriptions.postId))
      .limit(BATCH),
});

const watchingSection = (me: number): Section => ({
  file: "watching.json",
  about: "The categories and tags you watch or muted.",
  key: "id",
  count: sql`(select count(*) from taxonomy_watches where user_id = ${me})`,
  page: (after) =>
    db
      .select({
        id: taxonomyWatches.id,
        category: categories.name,
        tag: tags.name,
        level: taxonomyWatches.level,
        since: taxonomyWatches.createdAt,
      })
      .from(taxonomyWatches)
      .leftJoin(categories, eq(categories.id, taxonomyWatches.categoryId))
      .leftJoin(tags, eq(tags.id, taxonomyWatches.tagId))
      .where(and(eq(taxonomyWatches.userId, me), gt(taxonomyWatches.id, after)))
      .orderBy(asc(taxonomyWatches.id))
      .limit(BATCH),
});

const uploadsSection = (me: number): Section => ({
  file: "uploads.json",
  about: "The images you uploaded; each file is in uploads/ under the name in `file` (null when the store keeps it elsewhere).",
  key: "id",
  count: sql`(select count(*) from uploads where owner_id = ${me})`,
  page: (after) =>
    db
      .select({
        id: uploads.id,
        key: uploads.key,
        url: uploads.url,
        mime: uploads.mime,
        size: uploads.size,
        width: uploads.width,
        height: uploads.height,
        createdAt: uploads.createdAt,
      })
      .from(uploads)
      .where(and(eq(uploads.ownerId, me), gt(uploads.id, after)))
      .orderBy(asc(uploads.id))
      .limit(BATCH),
});

/** Every JSON file of the archive but profile.json, in the order they are written. */
function sections(userId: number): Section[] {
  return [
    postsSection,
    postHistorySection,
    commentsSection,
    commentHistorySection,
    conversationsSection,
    messagesSection,
    messageReactionsSection,
    reactionsSection,
    votesSection,
    lotteriesSection,
    pointsSection,
    redemptionsSection,
    notificationsSection,
    sessionsSection,
    tokensSection,
    followingSection,
    blockedSection,
    subscriptionsSection,
    watchingSection,
    uploadsSection,
  ].map((section) => section(userId));
}

/** profile.json: the account and its settings, one small object (a handful of single-row reads). */
async function profile(userId: number): Promise<Row> {
  const [[u], former, mail, prefs, [tf]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        avatar: users.avatar,
        introduction: users.introduction,
        role: users.role,
        contributor: users.contributor,
        displayMedal: users.displayMedal,
        earnedMedal: users.earnedMedal,
        point: users.point,
        experience: users.experience,
        messagePolicy: users.messagePolicy,
        locale: users.locale,
        createdAt: users.createdAt,
        suspendedUntil: users.suspendedUntil,
        suspendedReason: users.suspendedReason,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ username: usernameHistory.username, changedAt: usernameHistory.changedAt })
      .from(usernameHistory)
      .where(eq(usernameHistory.userId, userId))
      .orderBy(asc(usernameHistory.changedAt))
      .limit(1000),
    db.select({ mode: emailPrefs.mode, lastDigestAt: emailPrefs.lastDigestAt }).from(emailPrefs).where(eq(emailPrefs.userId, userId)),
    db
      .select({ type: notificationPrefs.type, enabled: notificationPrefs.enabled })
      .from(notificationPrefs)
      .where(eq(notificationPrefs.userId, userId)),
    db.select({ confirmedAt: userTwoFactor.confirmedAt }).from(userTwoFactor).where(eq(userTwoFactor.userId, userId)),
  ]);
  return {
    account: u ?? null,
    formerUsernames: former,
    settings: {
      emailMode: mail[0]?.mode ?? "immediate",
      lastDigestAt: mail[0]?.lastDigestAt ?? null,
      notificationTypesChanged: prefs,
      twoFactor: { enabled: !!tf?.confirmedAt, since: tf?.confirmedAt ?? null },
    },
  };
}

function readme(p: { site: string; username: string; made: Date; files: Written[] }): string {
  const lines = [
    `Your data from ${p.site}`,
    "=".repeat(`Your data from ${p.site}`.length),
    "",
    `Member: ${p.username}`,
    `Made: ${p.made.toISOString()}`,
    "",
    "Every file is JSON (UTF-8); times are ISO 8601 in UTC. Ids are the forum's own: a postId in",
    "comments.json is the id of the post in posts.json or of someone else's post.",
    "",
    "profile.json",
    "  Your account (name, address, profile, points, medals, language) and settings (mail, notification",
    "  types, two-factor sign-in on or off). Passwords, two-factor secrets and token secrets are never",
    "  included: the forum only keeps hashes of them.",
    "",
    ...p.files.flatMap((f) => [`${f.file} (${f.rows})`, ...wrap(f.about).map((l) => `  ${l}`), ""]),
    "uploads/",
    "  The image files you uploaded, named as in uploads.json.",
    "",
    "Direct messages: for privacy, only the messages you sent are included, with each conversation's",
    "name and members; what the other members wrote stays theirs.",
    "",
  ];
  return lines.join("\n");
}

function wrap(text: string, width = 96): string[] {
  const out: string[] = [];
  let line = "";
  for (const w of text.split(" ")) {
    if (line && line.length + 1 + w.length > width) {
      out.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) out.push(line);
  return out;
}

async function writeChunk(out: WriteStream, s: string): Promise<void> {
  if (!out.write(s))
    await new Promise<void>((resolve, reject) => {
      out.once("drain", resolve);
      out.once("error", reject);
    });
}

async function closeStream(out: WriteStream): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    out.once("error", reject);
    out.end(() => resolve());
  });
}

export type ExportProgress = (percent: number) => Promise<void>;

type Written = { file: string; about: string; rows: number };

/** The row count of every section, in their order, from one query. */
async function countRows(all: Section[]): Promise<number[]> {
  const [counts] = await rawRows<Record<string, number | string>>(
    db,
    sql`select ${sql.join(
      all.map((s, i) => sql`${s.count} as ${sql.raw(`c${i}`)}`),
      sql`, `,
    )}`,
  );
  return all.map((_, i) => Number(counts?.[`c${i}`] ?? 0));
}

/** Passes whole percents, clamped to 0..99, to `onProgress`, each value only when it changes. */
function progressReporter(onProgress: ExportProgress): (pct: number) => Promise<void> {
  let shown = -1;
  return async (pct) => {
    const v = Math.min(99, Math.max(0, Math.floor(pct)));
    if (v !== shown) {
      shown = v;
      await onProgress(v);
    }
  };
}

/**
 * Streams section `s` as a JSON array into `file`, page by page; `onPage` hears each page's row count.
 * Upload rows get their name in the archive as `file`, and their keys are pushed to `uploadKeys`.
 * Returns the number of rows written.
 */
async function writeSectionFile(s: Section, file: string, uploadKeys: string[], onPage: (rows: number) => Promise<void>): Promise<number> {
  const out = createWriteStream(file, { mode: 0o600 });
  let n = 0;
  let after = 0;
  await writeChunk(out, "[");
  for (;;) {
    const rows = await s.page(after);
    for (const r of rows) {
      if (s.file === "uploads.json") {
        const key = String(r.key);
        uploadKeys.push(key);
        r.file = `uploads/${key}`;
      }
      await writeChunk(out, `${n++ ? "," : ""}\n  ${JSON.stringify(r)}`);
    }
    await onPage(rows.length);
    if (rows.length < BATCH) break;
    after = Number(rows[rows.length - 1]![s.key]);
  }
  await writeChunk(out, n ? "\n]\n" : "]\n");
  await closeStream(out);
  return n;
}

/**
 * Adds the README, profile.json, the section files from `scratch` and the uploaded files to `writer`
 * (an upload the store cannot read is listed in uploads/MISSING.txt), then finishes it; `onUpload`
 * hears how many uploads are done.
 */
async function fillArchive(
  writer: ArchiveWriter,
  p: {
    scratch: string;
    readme: Buffer;
    profile: Buffer;
    written: Written[];
    uploadKeys: string[];
    onUpload: (done: number) => Promise<void>;
  },
): Promise<void> {
  const missing: string[] = [];
  await writer.add("README.txt", p.readme, p.readme.length);
  await writer.add("profile.json", p.profile, p.profile.length);
  for (const f of p.written) {
    const file = path.join(p.scratch, f.file);
    await writer.add(f.file, createReadStream(file), (await stat(file)).size);
  }
  let done = 0;
  for (const key of p.uploadKeys) {
    const stored = await readStoredUpload(key);
    if (stored) await writer.add(`uploads/${key}`, stored.body, stored.size);
    else missing.push(key);
    await p.onUpload(++done);
  }
  if (missing.length) {
    const note = Buffer.from(`These uploads could not be read from the store when the archive was made:\n${missing.join("\n")}\n`);
    await writer.add("uploads/MISSING.txt", note, note.length);
  }
  await writer.finish();
}

/**
 * Makes the archive of member `userId` and stores it in `target` as `name`; `onProgress` hears 0..99
 * as it goes (rows read, then files written). Returns the stored size.
 */
export async function writeDataArchive(p: {
  userId: number;
  site: string;
  name: string;
  target: BackupTarget;
  scratch: string;
  onProgress: ExportProgress;
}): Promise<{ bytes: number }> {
  const all = sections(p.userId);
  const rowsOf = await countRows(all);
  const uploadsCount = rowsOf[all.findIndex((s) => s.file === "uploads.json")] ?? 0;
  // Reading rows is 80% of the bar, the archive (with the upload files) the rest.
  const total = Math.max(
    1,
    rowsOf.reduce((a, b) => a + b, 0),
  );
  const tell = progressReporter(p.onProgress);
  await tell(1);

  await rm(p.scratch, { recursive: true, force: true });
  await mkdir(path.join(p.scratch, "messages"), { recursive: true });
  await mkdir(path.join(p.scratch, "sign-ins"), { recursive: true });
  try {
    const me = await profile(p.userId);
    const written: Written[] = [];
    const uploadKeys: string[] = [];
    let readRows = 0;
    for (const s of all) {
      const rows = await writeSectionFile(s, path.join(p.scratch, s.file), uploadKeys, async (n) => {
        readRows += n;
        await tell((80 * readRows) / total);
      });
      written.push({ file: s.file, about: s.about, rows });
    }

    const account = me.account as { username?: string } | null;
    const readmeBytes = Buffer.from(readme({ site: p.site, username: account?.username ?? "", made: new Date(), files: written }));
    const profileBytes = Buffer.from(JSON.stringify(me, null, 2) + "\n");
    const writer = new ArchiveWriter();
    const writing = fillArchive(writer, {
      scratch: p.scratch,
      readme: readmeBytes,
      profile: profileBytes,
      written,
      uploadKeys,
      onUpload: (done) => tell(80 + (19 * done) / Math.max(1, uploadsCount)),
    });
    writing.catch((e) => writer.stream.destroy(e));
    const [{ bytes }] = await Promise.all([p.target.put(p.name, writer.stream), writing]);
    await tell(99);
    return { bytes };
  } finally {
    await rm(p.scratch, { recursive: true, force: true });
  }
}
