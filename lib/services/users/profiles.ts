import "server-only";
import { screenProfile } from "@/lib/services/spam/screen";
import { censorText } from "@/lib/services/spam/censor";
import { and, desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, rawRows } from "@/db";
import { comments, posts, users, type MedalType, type ReactionType } from "@/db/schema";
import { AppError, badRequest, notFound, pgCode, msg } from "@/lib/errors";
import { iso, userSummary, userSummaryColumns } from "@/lib/services/dto";
import { markdownExcerpt } from "@/lib/markdown";
import { isModerator, visiblePostsWhere } from "@/lib/permissions";
import { readableCommentsWhere } from "@/lib/services/shared/comment-visibility";
import { earnedMedals, levelOf } from "@/lib/services/shared/medals";
import { loadPosts } from "@/lib/services/posts/loader";
import { saveImage } from "@/lib/services/uploads/uploads";
import { getMe } from "@/lib/services/shared/me";
import { renameUser, userIdByOldName } from "@/lib/services/users/usernames";
import { setLocale } from "@/lib/services/users/locale";
import type { ProfileDto } from "@/lib/validation/auth";
import type { MeDto, PostDto } from "@/lib/validation/responses";
import type { UpdateMeInput, UserActivityDto, UserListQuery, UserReplyDto } from "@/lib/validation/users";
import type { Viewer } from "@/lib/viewer";
import { announce } from "@/lib/changes/announce";
import { memberShown } from "@/lib/changes/written";

/**
 * Profiles (GET /api/users/{idOrUsername} and its lists, the /u/<name> page) and the member's own
 * profile settings. Every list is one query for the page (plus the shared post loader for posts),
 * ordered by an index on (author, created_at), and filtered by the same visibility rule as the
 * post lists: nobody sees another's ONLY_ME posts, anonymous callers no ONLY_REGISTER ones. Comments
 * follow the comment rule (comment-visibility.ts): one hidden by flags is listed and counted only for its
 * author and staff, and a reaction to it shows no excerpt to others.
 */

type UserRow = typeof users.$inferSelect;

const countPosts = alias(posts, "p");
/** `comments c` and `comments rc` in the raw queries below, for the comment rule's columns. */
const c = alias(comments, "c");
const rc = alias(comments, "rc");

/**
 * The user named by a numeric id or a username (case-insensitive); an id wins over a numeric username,
 * and a name someone holds now over a name a member had before a rename (username_history), which
 * still finds them.
 */
export async function findUser(idOrUsername: string): Promise<UserRow | null> {
  const key = idOrUsername.trim();
  if (!key || key.length > 64) return null;
  const byName = eq(sql`lower(${users.username})`, key.toLowerCase());
  const id = /^\d{1,9}$/.test(key) ? Number(key) : null;
  const rows = await db
    .select()
    .from(users)
    .where(id !== null ? or(eq(users.id, id), byName) : byName)
    .orderBy(id !== null ? sql`(${users.id} = ${id}) desc` : users.id)
    .limit(1);
  if (rows[0]) return rows[0];
  const formerOwner = await userIdByOldName(key);
  if (formerOwner === null) return null;
  const [u] = await db.select().from(users).where(eq(users.id, formerOwner)).limit(1);
  return u ?? null;
}

async function requireUser(idOrUsername: string): Promise<UserRow> {
  const u = await findUser(idOrUsername);
  if (!u) throw notFound(msg("userNotFound"));
  return u;
}

/**
 * A public profile (no email). Counts cover only what the caller may see: published posts,
 * comments on them, reactions received on them, featured posts. Six queries whatever the member.
 */
export async function getProfile(viewer: Viewer | null, { idOrUsername }: { idOrUsername: string }): Promise<ProfileDto> {
  const u = await requireUser(idOrUsername);
  const seen = visiblePostsWhere(viewer, { publishedOnly: true }, countPosts);
  const readable = readableCommentsWhere(viewer, c);
  const [medals, [counts]] = await Promise.all([
    earnedMedals(db, u.id),
    rawRows<{ posts: number; featured: number; comments: number; post_reactions: number; comment_reactions: number }>(
      db,
      sql`select
        (select count(*) from posts p where p.author_id = ${u.id} and ${seen})::int as posts,
        (select count(*) from posts p where p.author_id = ${u.id} and p.rss_excluded = false and ${seen})::int as featured,
        (select count(*) from comments c join posts p on p.id = c.post_id
          where c.author_id = ${u.id} and ${readable} and ${seen})::int as comments,
        (select count(*) from reactions r join posts p on p.id = r.post_id
          where r.comment_id is null and p.author_id = ${u.id} and ${seen})::int as post_reactions,
        (select count(*) from reactions r join comments c on c.id = r.comment_id join posts p on p.id = c.post_id
          where c.author_id = ${u.id} and ${readable} and ${seen})::int as comment_reactions`,
    ),
  ]);
  return {
    ...userSummary({ ...u, earnedMedal: u.earnedMedal ?? medals[0] ?? null }),
    role: u.role,
    introduction: censorText(u.introduction),
    point: u.point,
    experience: u.experience,
    ...levelOf(u.experience),
    medals,
    createdAt: iso(u.createdAt)!,
    postCount: Number(counts?.posts ?? 0),
    commentCount: Number(counts?.comments ?? 0),
    reactionCount: Number(counts?.post_reactions ?? 0) + Number(counts?.comment_reactions ?? 0),
    featuredCount: Number(counts?.featured ?? 0),
  };
}

/**
 * The member's posts the caller may see, newest first: one id query (posts_author_idx), then the batch
 * loader. The member themself and staff also see the posts waiting for review or rejected,
 * with their status and the rejection's reason; everyone else only published ones.
 */
export async function listUserPosts(viewer: Viewer | null, a: { idOrUsername: string } & UserListQuery): Promise<PostDto[]> {
  const u = await requireUser(a.idOrUsername);
  const unpublished = viewer?.id === u.id || isModerator(viewer);
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.authorId, u.id), visiblePostsWhere(viewer, { publishedOnly: !unpublished })))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(a.pageSize)
    .offset(a.page * a.pageSize);
  return loadPosts(
    rows.map((r) => r.id),
    viewer,
    { cache: true },
  );
}

const parent = alias(comments, "parent_comment");
const parentAuthor = alias(users, "parent_author");

/** The member's comments the caller may read (comment-visibility.ts) on posts they may see, newest first, with the post they answer: one query. */
export async function listUserReplies(viewer: Viewer | null, a: { idOrUsername: string } & UserListQuery): Promise<UserReplyDto[]> {
  const u = await requireUser(a.idOrUsername);
  const rows = await db
    .select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      postId: comments.postId,
      parentId: comments.parentId,
      postTitle: posts.title,
      replyTo: parentAuthor.username,
      author: userSummaryColumns,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(users, eq(users.id, comments.authorId))
    .leftJoin(parent, eq(parent.id, comments.parentId))
    .leftJoin(parentAuthor, eq(parentAuthor.id, parent.authorId))
    .where(and(eq(comments.authorId, u.id), readableCommentsWhere(viewer), visiblePostsWhere(viewer, { publishedOnly: true })))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(a.pageSize)
    .offset(a.page * a.pageSize);
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    createdAt: iso(r.createdAt)!,
    postId: r.postId,
    parentId: r.parentId,
    author: userSummary(r.author),
    post: { id: r.postId, title: r.postTitle },
    replyTo: r.replyTo ?? null,
  }));
}

const ap = alias(posts, "ap");
const bp = alias(posts, "bp");
const cp = alias(posts, "cp");

type ActivityRow = {
  kind: "post" | "reply" | "reaction";
  created_at: Date | string;
  post_id: number;
  title: string;
  comment_id: number | null;
  reaction_type: ReactionType | null;
  body: string | null;
};

/**
 * Recent activity: the member's posts, replies and the reactions they gave, newest first, on posts
 * the caller may see; replies the caller may read (comment-visibility.ts), and a reaction to a comment
 * they may not read without its excerpt. One UNION ALL query; each branch reads its (user, created_at)
 * index in order and stops after page+pageSize rows.
 */
export async function listUserActivity(viewer: Viewer | null, a: { idOrUsername: string } & UserListQuery): Promise<UserActivityDto[]> {
  const u = await requireUser(a.idOrUsername);
  const upTo = (a.page + 1) * a.pageSize;
  const seen = (t: typeof ap | typeof bp | typeof cp) => visiblePostsWhere(viewer, { publishedOnly: true }, t);
  const rows = await rawRows<ActivityRow>(
    db,
    sql`select * from (
      (select 'post' as kind, ${ap.createdAt} as created_at, ${ap.id} as post_id, ${ap.title} as title,
              null::int as comment_id, null::reaction_type as reaction_type, left(${ap.content}, 2000) as body
         from posts ap where ${ap.authorId} = ${u.id} and ${seen(ap)}
        order by ${ap.createdAt} desc limit ${upTo})
      union all
      (select 'reply', c.created_at, ${bp.id}, ${bp.title}, c.id, null::reaction_type, left(c.content, 2000)
         from comments c join posts bp on ${bp.id} = c.post_id
        where c.author_id = ${u.id} and ${readableCommentsWhere(viewer, c)} and ${seen(bp)}
        order by c.created_at desc limit ${upTo})
      union all
      (select 'reaction', r.created_at, ${cp.id}, ${cp.title}, r.comment_id, r.type,
              case when ${readableCommentsWhere(viewer, rc)} then rc.content end
         from reactions r
         left join comments rc on rc.id = r.comment_id
         join posts cp on ${cp.id} = coalesce(r.post_id, rc.post_id)
        where r.user_id = ${u.id} and (rc.id is null or rc.deleted_at is null) and ${seen(cp)}
        order by r.created_at desc limit ${upTo})
    ) a order by created_at desc, kind, post_id desc limit ${a.pageSize} offset ${a.page * a.pageSize}`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    createdAt: iso(r.created_at)!,
    post: { id: r.post_id, title: r.title },
    commentId: r.comment_id,
    reactionType: r.reaction_type,
    excerpt: r.body ? markdownExcerpt(r.body, 160) : "",
  }));
}

/** The medal the member picked to show (null: the best earned one is shown). */
export async function getChosenMedal(viewer: Pick<Viewer, "id">): Promise<MedalType | null> {
  const userId = viewer.id;
  const [row] = await db.select({ m: users.displayMedal }).from(users).where(eq(users.id, userId));
  return row?.m ?? null;
}

function usernameTaken(): AppError {
  return new AppError("conflict", msg("usernameTaken"), { field: "username" });
}

/**
 * PUT /api/users/me: introduction, display name, the displayed medal (an earned one, or null for the
 * best earned) and the username (usernames.ts: when the site allows renames and no one else holds or
 * held it, case-insensitively) and the interface language (locale.ts). One transaction.
 */
export async function updateMe(viewer: Pick<Viewer, "id">, input: UpdateMeInput): Promise<MeDto> {
  const userId = viewer.id;
  await screenProfile(viewer, input);
  const set: Partial<Pick<UserRow, "introduction" | "displayMedal" | "displayName">> = {};
  if (input.displayName !== undefined) set.displayName = input.displayName;
  if (input.introduction !== undefined) set.introduction = input.introduction.replace(/\s+$/, "");
  if (input.displayMedal !== undefined) {
    if (input.displayMedal !== null) {
      const medals: MedalType[] = await earnedMedals(db, userId);
      if (!medals.includes(input.displayMedal)) throw badRequest(msg("medalNotEarned"), "displayMedal");
    }
    set.displayMedal = input.displayMedal;
  }
  let changed = false;
  try {
    changed = await db.transaction(async (tx) => {
      const renamed = input.username !== undefined && (await renameUser(tx, userId, input.username));
      // The language shows on no page of others: no announcement for it.
      if (input.locale !== undefined) await setLocale({ id: userId }, { locale: input.locale }, tx);
      if (Object.keys(set).length) await tx.update(users).set(set).where(eq(users.id, userId));
      return renamed || Object.keys(set).length > 0;
    });
  } catch (err) {
    // Two members renaming to the same name at once: the unique index decides.
    if (pgCode(err) === "23505") throw usernameTaken();
    throw err;
  }
  // Names and medals show on every post and comment of the member.
  if (changed) await announce(memberShown(userId));
  return getMe(viewer);
}

/**
 * POST /api/users/me/avatar: the image goes through the upload pipeline (validated, re-encoded,
 * metadata stripped, deduplicated) and its stored URL becomes the avatar.
 */
export async function setAvatar(viewer: Pick<Viewer, "id">, a: { bytes: Buffer }): Promise<{ url: string; user: MeDto }> {
  const url = await saveImage({ bytes: a.bytes, ownerId: viewer.id });
  await db.update(users).set({ avatar: url }).where(eq(users.id, viewer.id));
  await announce(memberShown(viewer.id));
  return { url, user: await getMe(viewer) };
}
