import { changed, type Change } from "@/lib/changes/announce";

/**
 * What each kind of write changed, one helper per thing that happens, so a service says what it did
 * (`commentWritten(c)`) and never lists change kinds itself. Which cached pages each kind reaches is
 * lib/cache/page-versions.ts's business (pagesChanged, listsChanged); lib/cache/README.md has the table.
 *
 * The kinds, as the caches read them:
 * - "post": the post itself (text, title, place, state, visibility): it may move to other lists or
 *   change their counts.
 * - "activity", "poll", "lottery", "subscription": what members did on a post (ids: post ids); it stays
 *   on the same lists with the same counts.
 * - "comment" (ids: comment ids, their posts are looked up); "reaction" comes with its post or comment.
 * - "user": what shows beside a member's name on every page (name, avatar, medal, role, suspension);
 *   "account": the rest of their row (points, experience, preferences), on their own profile only.
 * - "category", "tag", "site-settings": shown on every page; "notification", "token", "point-good":
 *   on no cached page.
 */
/** A member was rewarded (points, experience) for a write; when that gave them a new medal, it shows beside their name everywhere. */
const rewarded = (userId: number, newMedal: boolean): Change => changed(newMedal ? "user" : "account", userId);

// Posts

/** A new post, and its author's reward. */
export const postCreated = (p: { id: number; authorId: number }, newMedal: boolean): Change[] => [
  changed("post", p.id),
  rewarded(p.authorId, newMedal),
];

/**
 * A post edited, restored, moved, closed, reopened, pinned, featured, reviewed, flagged, deleted, or its
 * slow mode set; `medalOf`: a member whose medal it changed (a featured post's author).
 */
export const postChanged = (postId: number, medalOf: number | null = null): Change[] => [
  changed("post", postId),
  ...(medalOf === null ? [] : [changed("user", medalOf)]),
];

/** A vote on a post's poll. */
export const pollVoted = (postId: number): Change[] => [changed("poll", postId)];
/** A poll closed and its results written. */
export const pollClosed = (postId: number): Change[] => [changed("poll", postId), changed("post", postId)];

/** A member joined a post's lottery (and paid for it). */
export const lotteryJoined = (postId: number, memberId: number): Change[] => [changed("lottery", postId), changed("account", memberId)];
/** A lottery drawn. */
export const lotteryDrawn = (postId: number): Change[] => [changed("lottery", postId), changed("post", postId)];

/** A member subscribed to a post or left it (shown on no cached page: the member's own state is read fresh; announced as activity on the post). */
export const subscriptionChanged = (postId: number): Change[] => [changed("subscription", postId)];

/** A reaction added or taken back, on a post or on one of its comments, and the reacting member's experience. */
export const reactionToggled = (r: { postId: number; commentId: number | null; memberId: number }): Change[] => [
  changed("reaction"),
  r.commentId === null ? changed("activity", r.postId) : changed("comment", r.commentId),
  changed("account", r.memberId),
];

// Comments

/** A new comment or reply, and its author's reward. */
export const commentWritten = (c: { id: number; postId: number; authorId: number }, newMedal: boolean): Change[] => [
  changed("comment", c.id),
  changed("activity", c.postId),
  rewarded(c.authorId, newMedal),
];
/** A comment edited, deleted, hidden or shown again; `medalOf`: a member whose medal it changed (a deleted comment's author). */
export const commentChanged = (c: { id: number; postId: number }, medalOf: number | null = null): Change[] => [
  changed("comment", c.id),
  changed("activity", c.postId),
  ...(medalOf === null ? [] : [changed("user", medalOf)]),
];
/** A comment pinned to the top of its post, or unpinned. */
export const commentPinned = (commentId: number): Change[] => [changed("comment", commentId)];

// Moderation

/** A flag raised on a post or one of its comments (enough flags hide it). */
export const flagRaised = (f: { postId: number; commentId: number | null }): Change[] => [
  changed("post", f.postId),
  ...(f.commentId === null ? [] : [changed("comment", f.commentId)]),
];
/** Flags resolved (the content kept, hidden or removed), and the flaggers told. */
export const flagsResolved = (f: { postId: number; commentId: number | null }): Change[] => [...flagRaised(f), changed("notification")];

/** Site settings saved. */
export const settingsChanged = (): Change[] => [changed("site-settings")];

// Members

/** A member signed up (a new row: on no cached page until they write). */
export const memberJoined = (userId: number): Change[] => [changed("account", userId)];
/** What shows beside a member's name on every page: name, avatar, displayed medal, role, suspension. */
export const memberShown = (userId: number): Change[] => [changed("user", userId)];
/** The rest of a member's row: points, experience, preferences, settings (their own profile and settings pages). */
export const accountChanged = (userId: number): Change[] => [changed("account", userId)];
/** A member followed or unfollowed another, or blocked them (which ends follows): both profiles' follower counts, and the notice sent. */
export const followChanged = (followerId: number, followeeId: number): Change[] => [
  changed("account", followerId, followeeId),
  changed("notification"),
];
/** An API token issued or revoked (ids: token ids). */
export const tokenChanged = (tokenId: number): Change[] => [changed("token", tokenId)];
/** Notifications marked read (ids: notification ids). */
export const notificationsRead = (ids: readonly number[]): Change[] => [changed("notification", ...ids)];

// Points

/** A member redeemed a good: their points, and the notifications that tell the admins. */
export const goodRedeemed = (memberId: number): Change[] => [changed("account", memberId), changed("notification")];
/** An admin marked a redemption fulfilled: the member's ledger shows it, and a notification tells them. */
export const redemptionFulfilled = (memberId: number): Change[] => [changed("account", memberId), changed("notification")];
/** A member's data export is ready: a notification in their inbox (lib/services/accounts/data-export.ts). */
export const dataExportReady = (): Change[] => [changed("notification")];
/** A good of the points shop created (no id), edited or removed. */
export const pointGoodChanged = (goodId?: number): Change[] => [changed("point-good", ...(goodId === undefined ? [] : [goodId]))];

// Taxonomy

/** A category created, edited, removed or reordered (no id: several or a new one). */
export const categoryChanged = (categoryId?: number): Change[] => [changed("category", ...(categoryId === undefined ? [] : [categoryId]))];
/** Tags created (no id), edited, removed or merged. */
export const tagsChanged = (...tagIds: number[]): Change[] => [changed("tag", ...tagIds)];
