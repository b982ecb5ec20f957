import { z } from "zod";
import { NOTIFICATION_TYPES, PUBLISH_MODES } from "@/db/schema/enums";
import {
  apiTokenSchema, authResultSchema, changePasswordSchema, createTokenSchema, createdTokenSchema, loginSchema, logoutSchema, profileSchema,
  registerSchema, revokedCountSchema, selectMedalSchema, signInSchema,
} from "@/lib/validation/auth";
import {
  createCommentSchema, listCommentsQuerySchema, reactionInputSchema, reactionTypesSchema, subscriptionStateSchema,
} from "@/lib/validation/comments";
import {
  lotteryVerifySchema, pageQuerySchema, pointGoodInputSchema, pointGoodPatchSchema, pointHistorySchema, pollVoteSchema,
  redeemResultSchema, redeemSchema, trendPointSchema, trendQuerySchema,
} from "@/lib/validation/economy";
import {
  markReadSchema, notificationListQuerySchema, notificationPrefSchema, unreadCountSchema, updatePrefsSchema, updatedCountSchema,
} from "@/lib/validation/notifications";
import {
  categorySchema, changeLogSchema, commentSchema, errorSchema, lotterySchema, meSchema, notificationSchema, pointGoodSchema,
  pollSchema, postDetailSchema, postSchema, reactionSchema, tagSchema,
} from "@/lib/validation/responses";
import {
  LIST_ARRAY_KEYS, createPostSchema, listPostsQuerySchema, pendingPostsQuerySchema, recentPostsQuerySchema, updatePostSchema,
} from "@/lib/validation/posts";
import {
  createCategorySchema, createTagSchema, tagListQuerySchema, updateCategorySchema, updateTagSchema,
} from "@/lib/validation/taxonomy";
import { uploadFileSchema, uploadResponseSchema, uploadUrlSchema } from "@/lib/validation/uploads";
import * as authModule from "@/lib/validation/auth";
import * as commentsModule from "@/lib/validation/comments";
import * as economyModule from "@/lib/validation/economy";
import * as notificationsModule from "@/lib/validation/notifications";
import * as objectsModule from "@/lib/validation/responses";
import * as postsModule from "@/lib/validation/posts";
import * as taxonomyModule from "@/lib/validation/taxonomy";
import * as uploadsModule from "@/lib/validation/uploads";
import * as searchModule from "@/lib/validation/search";
import * as eventsModule from "@/lib/validation/events";
import { eventStreamQuerySchema } from "@/lib/validation/events";
import {
  SEARCH_ARRAY_KEYS, searchPostSchema, searchPostsQuerySchema, searchQuerySchema, searchResultSchema, searchUserSchema,
} from "@/lib/validation/search";
import * as mailModule from "@/lib/validation/mail";
import * as usersModule from "@/lib/validation/users";
import * as moderationModule from "@/lib/validation/moderation";
import {
  adminFlagSchema, createFlagSchema, flagSchema, listFlagsQuerySchema, pendingCountSchema, resolveFlagSchema, resolvedFlagsSchema, reviewPostSchema,
} from "@/lib/validation/moderation";
import { avatarResultSchema, updateMeSchema, userActivitySchema, userListQuerySchema, userReplySchema } from "@/lib/validation/users";
import {
  acceptedSchema, emailPrefsSchema, forgotPasswordSchema, resendResultSchema, resetPasswordSchema, unsubscribeQuerySchema,
  updateEmailPrefsSchema, verifyEmailSchema, verifyResultSchema,
} from "@/lib/validation/mail";

/**
 * The OpenAPI 3.1 document of the whole API (GET /api/openapi.json, /api-docs), generated from the
 * same zod schemas that validate requests and type responses, so it cannot drift from the code.
 * Each area's endpoints are rows of OPERATIONS below; a new endpoint is one more row.
 */

type Schema = z.ZodType;
type JsonSchema = Record<string, unknown>;
type Auth = "none" | "optional" | "required";
type ResponseSpec = {
  status: number;
  description: string;
  schema?: Schema;
  array?: boolean;
  /** Non-JSON bodies. */
  media?: "application/rss+xml" | "image/svg+xml" | "text/event-stream";
};
export type Operation = {
  method: "get" | "post" | "put" | "delete";
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  /** The least role allowed (403 below it). */
  role?: "MODERATOR" | "ADMIN";
  query?: Schema;
  arrayParams?: readonly string[];
  body?: Schema;
  /** The body may be left out (every field optional). */
  bodyOptional?: boolean;
  responses: ResponseSpec[];
  /** Error statuses beyond the ones derived from the row (400, 401, 403, 404, 413). */
  errors?: number[];
};

// Response objects without an id in lib/validation: named here so they become components.
const healthSchema = z.object({ status: z.enum(["ok", "degraded"]), db: z.enum(["ok", "down"]) });
const siteConfigSchema = z.object({ publishMode: z.enum(PUBLISH_MODES) });
const notificationPrefsSchema = z.array(notificationPrefSchema).length(NOTIFICATION_TYPES.length);
// Mirrors the inline schema of app/api/markdown/preview/route.ts.
const markdownPreviewSchema = z.object({ markdown: z.string().max(100_000) });
const postReadSchema = z.object({ postId: z.number().int(), read: z.literal(true) });
const allReadSchema = z.object({ allReadAt: z.iso.datetime() });
const markdownHtmlSchema = z.object({ html: z.string().meta({ description: "sanitized HTML" }) });

const NAMES = new Map<Schema, string>([
  [errorSchema, "Error"],
  [healthSchema, "Health"],
  [siteConfigSchema, "SiteConfig"],
  [notificationPrefsSchema, "NotificationPrefs"],
  [uploadResponseSchema, "UploadedUrl"],
  [updatePostSchema, "UpdatePost"],
  [createPostSchema, "CreatePost"],
  [markdownPreviewSchema, "MarkdownPreview"],
  [markdownHtmlSchema, "RenderedMarkdown"],
  [postReadSchema, "PostRead"],
  [allReadSchema, "AllRead"],
]);

const ok = (schema: Schema, description = "OK", array = false): ResponseSpec => ({ status: 200, description, schema, array });
const list = (schema: Schema, description = "OK"): ResponseSpec => ok(schema, description, true);
const made = (schema: Schema, description = "Created"): ResponseSpec => ({ status: 201, description, schema });
const none = (description = "No content"): ResponseSpec => ({ status: 204, description });

const postAction = (path: string, summary: string, role?: "MODERATOR", tag = "Posts"): Operation => ({
  method: "post", path, tag, summary, auth: "required", role, responses: [ok(postSchema)],
});

export const OPERATIONS: Operation[] = [
  // Posts (interface-spec §4.1–4.3, API.md §4–5)
  {
    method: "get", path: "/api/posts", tag: "Posts", summary: "List posts",
    description: "PUBLISHED posts visible to the caller: pinned first, then newest. `categoryId`/`tagId` replace their lists; categories OR, tags AND.",
    auth: "optional", query: listPostsQuerySchema, arrayParams: LIST_ARRAY_KEYS, responses: [list(postSchema)],
  },
  { method: "post", path: "/api/posts", tag: "Posts", summary: "Create a post", auth: "required", body: createPostSchema, responses: [made(postSchema)], errors: [409, 429] },
  {
    method: "get", path: "/api/posts/recent", tag: "Posts", summary: "Posts created in the last N minutes",
    description: "At most the 500 newest.", auth: "optional", query: recentPostsQuerySchema, responses: [list(postSchema)],
  },
  { method: "get", path: "/api/posts/featured", tag: "Posts", summary: "Featured posts", auth: "optional", query: listPostsQuerySchema, arrayParams: LIST_ARRAY_KEYS, responses: [list(postSchema)] },
  { method: "get", path: "/api/posts/latest-reply", tag: "Posts", summary: "Posts by latest reply", auth: "optional", query: listPostsQuerySchema, arrayParams: LIST_ARRAY_KEYS, responses: [list(postSchema)] },
  {
    method: "get", path: "/api/posts/{id}", tag: "Posts", summary: "A post with its first 100 top-level comments",
    description: "Counts a view (once per viewer per 30 minutes).", auth: "optional", responses: [ok(postDetailSchema)],
  },
  { method: "put", path: "/api/posts/{id}", tag: "Posts", summary: "Edit a post (author, moderator)", description: "One change-log entry per changed field.", auth: "required", body: updatePostSchema, responses: [ok(postSchema)] },
  { method: "delete", path: "/api/posts/{id}", tag: "Posts", summary: "Delete a post (author, moderator)", auth: "required", responses: [none()] },
  {
    method: "get", path: "/api/posts/{id}/change-logs", tag: "Posts", summary: "Change history of a post, oldest first",
    auth: "optional", responses: [list(changeLogSchema)],
  },
  postAction("/api/posts/{id}/close", "Close a post to comments (author, moderator)"),
  postAction("/api/posts/{id}/reopen", "Reopen a closed post (author, moderator)"),
  postAction("/api/posts/{id}/pin", "Pin a post", "MODERATOR"),
  postAction("/api/posts/{id}/unpin", "Unpin a post", "MODERATOR"),
  postAction("/api/posts/{id}/feature", "Feature a post (+500 points to its author)", "MODERATOR"),
  postAction("/api/posts/{id}/unfeature", "Unfeature a post", "MODERATOR"),
  {
    method: "post", path: "/api/posts/{id}/reactions", tag: "Reactions", summary: "Toggle a reaction on a post",
    auth: "required", body: reactionInputSchema, responses: [ok(reactionSchema, "Reaction added"), none("The same reaction was removed")],
  },
  { method: "post", path: "/api/subscriptions/posts/{id}", tag: "Posts", summary: "Subscribe to a post", auth: "required", responses: [ok(subscriptionStateSchema)] },
  { method: "delete", path: "/api/subscriptions/posts/{id}", tag: "Posts", summary: "Unsubscribe from a post", auth: "required", responses: [ok(subscriptionStateSchema)] },

  // Comments
  { method: "get", path: "/api/posts/{id}/comments", tag: "Comments", summary: "Top-level comments with nested replies", auth: "optional", query: listCommentsQuerySchema, responses: [list(commentSchema)] },
  { method: "post", path: "/api/posts/{id}/comments", tag: "Comments", summary: "Comment on a post", auth: "required", body: createCommentSchema, responses: [made(commentSchema)], errors: [409, 429] },
  { method: "get", path: "/api/comments/{id}", tag: "Comments", summary: "A comment with its replies", auth: "optional", responses: [ok(commentSchema)] },
  { method: "delete", path: "/api/comments/{id}", tag: "Comments", summary: "Delete a comment (author, moderator)", auth: "required", responses: [none()] },
  { method: "post", path: "/api/comments/{id}/replies", tag: "Comments", summary: "Reply to a comment", auth: "required", body: createCommentSchema, responses: [made(commentSchema)], errors: [409, 429] },
  { method: "post", path: "/api/comments/{id}/pin", tag: "Comments", summary: "Pin a comment (post author, moderator)", auth: "required", responses: [ok(commentSchema)] },
  { method: "post", path: "/api/comments/{id}/unpin", tag: "Comments", summary: "Unpin a comment (post author, moderator)", auth: "required", responses: [ok(commentSchema)] },
  {
    method: "post", path: "/api/comments/{id}/reactions", tag: "Reactions", summary: "Toggle a reaction on a comment",
    auth: "required", body: reactionInputSchema, responses: [ok(reactionSchema, "Reaction added"), none("The same reaction was removed")],
  },
  { method: "get", path: "/api/reaction-types", tag: "Reactions", summary: "The reaction types", auth: "none", responses: [ok(reactionTypesSchema)] },

  // Polls and lotteries
  {
    method: "post", path: "/api/posts/{id}/poll/vote", tag: "Polls and lotteries", summary: "Vote on a poll (once, final)",
    description: "Body `{options}` with option strings; OpenIsle's repeated `?option=<index>` is also accepted.",
    auth: "required", body: pollVoteSchema, responses: [ok(pollSchema)], errors: [409],
  },
  { method: "get", path: "/api/posts/{id}/poll/progress", tag: "Polls and lotteries", summary: "Current poll state", auth: "optional", responses: [ok(pollSchema)] },
  {
    method: "post", path: "/api/posts/{id}/lottery/join", tag: "Polls and lotteries", summary: "Join a lottery",
    description: "The point cost moves from the joiner to the author; a second join charges nothing.",
    auth: "required", responses: [ok(lotterySchema)], errors: [409],
  },
  {
    method: "get", path: "/api/posts/{id}/lottery/verify", tag: "Polls and lotteries", summary: "Re-run a drawn lottery from its published seed",
    auth: "optional", responses: [ok(lotteryVerifySchema)], errors: [409],
  },

  // Notifications
  {
    method: "get", path: "/api/notifications", tag: "Notifications", summary: "The caller's notifications, newest first",
    description: "Types the caller turned off are left out (still recorded). An embedded post the caller may not see is null.",
    auth: "required", query: notificationListQuerySchema, responses: [list(notificationSchema)],
  },
  { method: "get", path: "/api/notifications/unread", tag: "Notifications", summary: "The caller's unread notifications", auth: "required", query: notificationListQuerySchema, responses: [list(notificationSchema)] },
  { method: "get", path: "/api/notifications/unread-count", tag: "Notifications", summary: "Number of unread notifications (enabled types)", auth: "required", responses: [ok(unreadCountSchema)] },
  { method: "post", path: "/api/notifications/read", tag: "Notifications", summary: "Mark notifications read", description: "Ids of other users' notifications are ignored.", auth: "required", body: markReadSchema, responses: [ok(updatedCountSchema)] },
  { method: "post", path: "/api/notifications/read-all", tag: "Notifications", summary: "Mark every notification read", auth: "required", responses: [ok(updatedCountSchema)] },
  { method: "get", path: "/api/notifications/email-prefs", tag: "Notifications", summary: "Email preference: immediate, daily or weekly digest, or off", auth: "required", responses: [ok(emailPrefsSchema)] },
  { method: "put", path: "/api/notifications/email-prefs", tag: "Notifications", summary: "Change the email preference", auth: "required", body: updateEmailPrefsSchema, responses: [ok(emailPrefsSchema)] },
  { method: "post", path: "/api/notifications/email-prefs", tag: "Notifications", summary: "Change the email preference (OpenIsle's verb)", auth: "required", body: updateEmailPrefsSchema, responses: [ok(emailPrefsSchema)] },
  {
    method: "post", path: "/api/notifications/unsubscribe", tag: "Notifications", summary: "One-click unsubscribe (RFC 8058)",
    description: "The target of every mail's `List-Unsubscribe` header: turns notification mail off for member `u`; `t` is the signed token from the mail. No sign-in needed; a body of `List-Unsubscribe=One-Click` is accepted and ignored.",
    auth: "none", query: unsubscribeQuerySchema, responses: [ok(emailPrefsSchema)],
  },
  { method: "get", path: "/api/notifications/prefs", tag: "Notifications", summary: "Notification preferences of every type", auth: "required", responses: [ok(notificationPrefsSchema)] },
  { method: "put", path: "/api/notifications/prefs", tag: "Notifications", summary: "Turn notification types on or off", auth: "required", body: updatePrefsSchema, responses: [ok(notificationPrefsSchema)] },
  { method: "post", path: "/api/notifications/prefs", tag: "Notifications", summary: "Turn notification types on or off (OpenIsle's verb)", auth: "required", body: updatePrefsSchema, responses: [ok(notificationPrefsSchema)] },

  // Categories and tags
  { method: "get", path: "/api/categories", tag: "Categories and tags", summary: "All categories, by post count then name", auth: "none", responses: [list(categorySchema)] },
  { method: "post", path: "/api/categories", tag: "Categories and tags", summary: "Create a category", auth: "required", role: "ADMIN", body: createCategorySchema, responses: [made(categorySchema)], errors: [409] },
  { method: "get", path: "/api/categories/{id}", tag: "Categories and tags", summary: "A category", auth: "none", responses: [ok(categorySchema)] },
  { method: "put", path: "/api/categories/{id}", tag: "Categories and tags", summary: "Edit a category", auth: "required", role: "ADMIN", body: updateCategorySchema, responses: [ok(categorySchema)], errors: [409] },
  { method: "delete", path: "/api/categories/{id}", tag: "Categories and tags", summary: "Delete an unused category", description: "409 while posts still use it.", auth: "required", role: "ADMIN", responses: [none()], errors: [409] },
  { method: "get", path: "/api/tags", tag: "Categories and tags", summary: "Tags, by post count then name", auth: "none", query: tagListQuerySchema, responses: [list(tagSchema)] },
  { method: "post", path: "/api/tags", tag: "Categories and tags", summary: "Create a tag (any signed-in user)", auth: "required", body: createTagSchema, responses: [made(tagSchema)], errors: [409] },
  { method: "get", path: "/api/tags/{id}", tag: "Categories and tags", summary: "A tag", auth: "none", responses: [ok(tagSchema)] },
  { method: "put", path: "/api/tags/{id}", tag: "Categories and tags", summary: "Edit a tag", auth: "required", role: "MODERATOR", body: updateTagSchema, responses: [ok(tagSchema)], errors: [409] },
  { method: "delete", path: "/api/tags/{id}", tag: "Categories and tags", summary: "Delete a tag (removed from its posts)", auth: "required", role: "MODERATOR", responses: [none()] },

  // Points and the shop
  { method: "get", path: "/api/point-goods", tag: "Points", summary: "All point goods, by cost then id", auth: "none", responses: [list(pointGoodSchema)] },
  {
    method: "post", path: "/api/point-goods/redeem", tag: "Points", summary: "Redeem a good", description: "Every admin gets a POINT_REDEEM notification.",
    auth: "required", body: redeemSchema, responses: [ok(redeemResultSchema)], errors: [409],
  },
  { method: "get", path: "/api/point-histories", tag: "Points", summary: "The caller's points ledger, newest first", auth: "required", query: pageQuerySchema, responses: [list(pointHistorySchema)] },
  { method: "get", path: "/api/point-histories/trend", tag: "Points", summary: "The caller's balance per day", auth: "required", query: trendQuerySchema, responses: [list(trendPointSchema)] },

  // Uploads
  {
    method: "post", path: "/api/upload", tag: "Uploads", summary: "Upload an image",
    description: "Body `{file}` (data URL or base64), or multipart/form-data with a `file` part. PNG, JPEG, GIF, WebP, AVIF; re-encoded without metadata. Answers the absolute URL.",
    auth: "required", body: uploadFileSchema, responses: [made(uploadResponseSchema)], errors: [413, 415, 429],
  },
  {
    method: "post", path: "/api/upload/url", tag: "Uploads", summary: "Fetch and store a remote image",
    description: "SSRF-safe: private, loopback and reserved addresses are refused (400 `url_not_allowed`).",
    auth: "required", body: uploadUrlSchema, responses: [made(uploadResponseSchema)], errors: [413, 415, 429],
  },

  // Accounts and tokens
  { method: "post", path: "/api/auth/register", tag: "Accounts", summary: "Register", auth: "none", body: registerSchema, responses: [made(authResultSchema)], errors: [409, 429] },
  { method: "post", path: "/api/auth/login", tag: "Accounts", summary: "Sign in and get a 30-day token", auth: "none", body: loginSchema, responses: [ok(authResultSchema)], errors: [429] },
  { method: "get", path: "/api/users/me", tag: "Accounts", summary: "The signed-in user", auth: "required", responses: [ok(meSchema)] },
  {
    method: "put", path: "/api/users/me", tag: "Accounts", summary: "Change introduction, displayed medal or username",
    description: "Every field optional. `displayMedal` must be an earned medal (400) or null for the best earned one; a `username` someone else holds (case-insensitively) is a 409 on `username`.",
    auth: "required", body: updateMeSchema, responses: [ok(meSchema)], errors: [409],
  },
  {
    method: "post", path: "/api/users/me/avatar", tag: "Accounts", summary: "Upload a new avatar",
    description: "Multipart `file` or JSON `{file}` (data URL or base64) as POST /api/upload takes it, through the same pipeline (validated, re-encoded, metadata stripped). Answers the new avatar URL and the account.",
    auth: "required", body: uploadFileSchema, responses: [ok(avatarResultSchema)], errors: [413, 415, 429],
  },
  {
    method: "get", path: "/api/users/{idOrUsername}", tag: "Users", summary: "A public profile",
    description: "By numeric id or username (case-insensitive; an id wins over a numeric username). Counts cover only posts the caller may see.",
    auth: "optional", responses: [ok(profileSchema)],
  },
  {
    method: "get", path: "/api/users/{idOrUsername}/posts", tag: "Users", summary: "The member's posts, newest first",
    description: "Published posts the caller may see (never another member's ONLY_ME posts; ONLY_REGISTER ones only when signed in).",
    auth: "optional", query: userListQuerySchema, responses: [list(postSchema)],
  },
  {
    method: "get", path: "/api/users/{idOrUsername}/replies", tag: "Users", summary: "The member's comments with the post they answer, newest first",
    auth: "optional", query: userListQuerySchema, responses: [list(userReplySchema)],
  },
  {
    method: "get", path: "/api/users/{idOrUsername}/activity", tag: "Users", summary: "The member's posts, replies and reactions given, newest first",
    auth: "optional", query: userListQuerySchema, responses: [list(userActivitySchema)],
  },
  { method: "post", path: "/api/medals/select", tag: "Accounts", summary: "Choose the medal to show", auth: "required", body: selectMedalSchema, responses: [ok(meSchema)] },
  {
    method: "post", path: "/api/auth/logout", tag: "Accounts", summary: "Sign out",
    description: "Ends the sign-in in use (the login token, or the browser session and its cookie). `{\"everywhere\": true}` ends every browser session and login token of the account. The body is optional.",
    auth: "required", body: logoutSchema, responses: [ok(revokedCountSchema)],
  },
  { method: "get", path: "/api/sessions", tag: "Accounts", summary: "The caller's active sign-ins (browser sessions and login tokens)", auth: "required", responses: [list(signInSchema)] },
  { method: "delete", path: "/api/sessions/{id}", tag: "Accounts", summary: "End one browser session (login tokens: DELETE /api/tokens/{id})", auth: "required", responses: [none()] },
  {
    method: "post", path: "/api/users/me/password", tag: "Accounts", summary: "Change the password",
    description: "A wrong `currentPassword` is a 400 (and counts as a failed sign-in). Every other browser session and login token of the account ends; the one making the request stays.",
    auth: "required", body: changePasswordSchema, responses: [ok(revokedCountSchema)], errors: [429],
  },
  {
    method: "post", path: "/api/auth/verify", tag: "Accounts", summary: "Confirm the email address with the code from the mail",
    description: "`username` names the account (as OpenIsle's sign-up page sends it); signed in, it may be left out. A wrong or expired code is a 400 on `code` (five tries per code). Until verified, a member may write UNVERIFIED_POST_ALLOWANCE posts and comments (then 403 `email_unverified`).",
    auth: "optional", body: verifyEmailSchema, responses: [ok(verifyResultSchema)],
  },
  { method: "post", path: "/api/auth/verify/resend", tag: "Accounts", summary: "Mail a new verification code", auth: "required", responses: [ok(resendResultSchema)], errors: [409, 429] },
  {
    method: "post", path: "/api/auth/forgot", tag: "Accounts", summary: "Ask for a password reset link by mail",
    description: "Always 202 with the same body, whether or not an account uses the address (the lookup happens when the mail is sent). The link works once and expires in 1 hour.",
    auth: "none", body: forgotPasswordSchema, responses: [{ status: 202, description: "Accepted", schema: acceptedSchema }], errors: [429],
  },
  {
    method: "post", path: "/api/auth/reset", tag: "Accounts", summary: "Set a new password with a reset token",
    description: "Uses the token up; every browser session and login token of the account ends; answers with a new 30-day login token. An unknown, used or expired token is a 400 on `token`.",
    auth: "none", body: resetPasswordSchema, responses: [ok(authResultSchema)],
  },
  { method: "get", path: "/api/tokens", tag: "Accounts", summary: "The caller's API tokens (personal and login tokens)", auth: "required", responses: [list(apiTokenSchema)] },
  { method: "post", path: "/api/tokens", tag: "Accounts", summary: "Create a personal API token (shown once)", auth: "required", body: createTokenSchema, responses: [made(createdTokenSchema)] },
  { method: "delete", path: "/api/tokens/{id}", tag: "Accounts", summary: "Revoke a token", auth: "required", responses: [none()] },

  // Administration
  { method: "get", path: "/api/admin/posts/pending", tag: "Administration", summary: "Posts waiting for review", auth: "required", role: "MODERATOR", query: pendingPostsQuerySchema, responses: [list(postSchema)] },
  { method: "get", path: "/api/admin/posts/pending/count", tag: "Administration", summary: "How many posts wait for review", auth: "required", role: "MODERATOR", responses: [ok(pendingCountSchema)] },
  {
    method: "post", path: "/api/admin/posts/{id}/approve", tag: "Administration", summary: "Approve a pending (or rejected) post",
    description: "POST_REVIEWED to the author (approved), with the optional `reason` as its text.",
    auth: "required", role: "MODERATOR", body: reviewPostSchema, bodyOptional: true, responses: [ok(postSchema)], errors: [409],
  },
  {
    method: "post", path: "/api/admin/posts/{id}/reject", tag: "Administration", summary: "Reject a pending post",
    description: "POST_REVIEWED to the author (not approved), with the optional `reason` as its text.",
    auth: "required", role: "MODERATOR", body: reviewPostSchema, bodyOptional: true, responses: [ok(postSchema)], errors: [409],
  },
  postAction("/api/admin/posts/{id}/pin", "Pin a post (OpenIsle's path)", "MODERATOR", "Administration"),
  postAction("/api/admin/posts/{id}/unpin", "Unpin a post (OpenIsle's path)", "MODERATOR", "Administration"),
  postAction("/api/admin/posts/{id}/rss-include", "Feature a post (OpenIsle's path)", "MODERATOR", "Administration"),
  postAction("/api/admin/posts/{id}/rss-exclude", "Unfeature a post (OpenIsle's path)", "MODERATOR", "Administration"),
  {
    method: "post", path: "/api/flags", tag: "Moderation", summary: "Flag a post or a comment",
    description: "Exactly one of `postId` / `commentId`; one flag per member per target (409 again), never one's own content (403). Open flags from the site's threshold of distinct members (default 3) hide the target until staff review it.",
    auth: "required", body: createFlagSchema, responses: [made(flagSchema)], errors: [409],
  },
  {
    method: "get", path: "/api/admin/flags", tag: "Moderation", summary: "The flag queue",
    description: "`status=open` (oldest first, the default) or `resolved` (newest first), with target, reporter and the target's open flag count.",
    auth: "required", role: "MODERATOR", query: listFlagsQuerySchema, responses: [list(adminFlagSchema)],
  },
  {
    method: "post", path: "/api/admin/flags/{id}/resolve", tag: "Moderation", summary: "Resolve a flag with an action",
    description: "Acts on the flag's target and resolves every open flag on it: DISMISS (unhide), HIDE (a post becomes REJECTED), DELETE, CLOSE_POST (unhide, close). Each flagger gets FLAG_RESOLVED with the outcome.",
    auth: "required", role: "MODERATOR", body: resolveFlagSchema, responses: [ok(resolvedFlagsSchema)], errors: [409],
  },
  { method: "get", path: "/api/admin/config", tag: "Administration", summary: "Site settings", auth: "required", role: "ADMIN", responses: [ok(siteConfigSchema)] },
  { method: "put", path: "/api/admin/config", tag: "Administration", summary: "Change site settings", auth: "required", role: "ADMIN", body: siteConfigSchema, responses: [ok(siteConfigSchema)] },
  { method: "get", path: "/api/admin/point-goods", tag: "Administration", summary: "All point goods (admin view)", auth: "required", role: "ADMIN", responses: [list(pointGoodSchema)] },
  { method: "post", path: "/api/admin/point-goods", tag: "Administration", summary: "Create a point good", auth: "required", role: "ADMIN", body: pointGoodInputSchema, responses: [made(pointGoodSchema)] },
  { method: "put", path: "/api/admin/point-goods/{id}", tag: "Administration", summary: "Edit a point good", auth: "required", role: "ADMIN", body: pointGoodPatchSchema, responses: [ok(pointGoodSchema)] },
  { method: "delete", path: "/api/admin/point-goods/{id}", tag: "Administration", summary: "Delete a point good", auth: "required", role: "ADMIN", responses: [none()] },

  // Search (issue 19): Postgres full text, trigram substring and typo matching; list visibility rules
  {
    method: "get", path: "/api/search/global", tag: "Search", summary: "Search everything",
    description: "Typed hits, each type best first: up to 8 posts, 5 comments, 5 users, 3 categories, 5 tags. Keyword 1–100 characters.",
    auth: "optional", query: searchQuerySchema, responses: [list(searchResultSchema)],
  },
  {
    method: "get", path: "/api/search/posts", tag: "Search", summary: "Search posts (titles and contents)",
    description: "Full text (title weighs more, last word as a prefix), substring from 3 characters (CJK), and small typos when nothing matches exactly. Only posts the caller may list.",
    auth: "optional", query: searchPostsQuerySchema, arrayParams: SEARCH_ARRAY_KEYS, responses: [list(searchPostSchema)],
  },
  { method: "get", path: "/api/search/posts/title", tag: "Search", summary: "Search post titles", auth: "optional", query: searchPostsQuerySchema, arrayParams: SEARCH_ARRAY_KEYS, responses: [list(searchPostSchema)] },
  { method: "get", path: "/api/search/posts/content", tag: "Search", summary: "Search post contents", auth: "optional", query: searchPostsQuerySchema, arrayParams: SEARCH_ARRAY_KEYS, responses: [list(searchPostSchema)] },
  { method: "get", path: "/api/search/users", tag: "Search", summary: "Search users by name", auth: "optional", query: searchQuerySchema, responses: [list(searchUserSchema)] },
  {
    method: "get", path: "/api/events", tag: "Live", summary: "Live events (Server-Sent Events)",
    description: "A text/event-stream of LiveEvent objects (`data:` JSON, `id:` the event id) the caller may see: their own notifications, and comments, new posts, changes and counts of posts they may read. `Last-Event-ID` (or `lastEventId`) replays what was missed from a 15-minute outbox, or sends a `reload` event when too far behind; `postId` limits post events to one post; `: ping` comments every 20 s. Works across processes through Postgres LISTEN/NOTIFY.",
    auth: "optional", query: eventStreamQuerySchema, responses: [{ status: 200, description: "SSE stream of LiveEvent", media: "text/event-stream" }],
  },
  // Unread tracking (issue 19)
  {
    method: "post", path: "/api/posts/{id}/read", tag: "Posts", summary: "Mark a post read now",
    description: "Opening a post (GET /api/posts/{id}) also marks it read; this is for comments shown live on an open page.",
    auth: "required", responses: [ok(postReadSchema)],
  },
  {
    method: "post", path: "/api/posts/read-all", tag: "Posts", summary: "Mark all read",
    description: "From now, no post counts as new and no comment before now as unread (`isNew`, `newComments` on Post objects).",
    auth: "required", responses: [ok(allReadSchema)],
  },
  // Other
  {
    method: "post", path: "/api/markdown/preview", tag: "Other", summary: "Render markdown as posts are rendered (editor preview)",
    auth: "required", body: markdownPreviewSchema, responses: [ok(markdownHtmlSchema)],
  },
  {
    method: "get", path: "/api/rss", tag: "Other", summary: "RSS 2.0 of the newest featured public posts", auth: "none",
    responses: [{ status: 200, description: "RSS 2.0", media: "application/rss+xml" }],
  },
  { method: "get", path: "/api/avatars/{username}", tag: "Other", summary: "A generated default avatar", auth: "none", responses: [{ status: 200, description: "SVG image", media: "image/svg+xml" }] },
  { method: "get", path: "/api/health", tag: "Other", summary: "Liveness and database check", auth: "none", responses: [ok(healthSchema), { status: 503, description: "Database down", schema: healthSchema }] },
  { method: "get", path: "/api/openapi.json", tag: "Other", summary: "This document", auth: "none", responses: [{ status: 200, description: "OpenAPI 3.1 document" }] },
];

const STATUS_TEXT: Record<number, [string, string]> = {
  400: ["BadRequest", "Invalid parameter or body (`field` and `issues` name the problem)"],
  401: ["Unauthorized", "Missing credentials, or an invalid, expired or revoked token"],
  403: ["Forbidden", "Not allowed (role, read-only token, or cross-site cookie request)"],
  404: ["NotFound", "No such resource, or one the caller may not see"],
  409: ["Conflict", "Conflicts with the current state (`insufficient_points` for a short balance)"],
  413: ["PayloadTooLarge", "Body over its size limit"],
  415: ["UnsupportedMediaType", "Not an accepted image type"],
  429: ["RateLimited", "Too many requests; see Retry-After and RateLimit-* headers"],
};

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

function pascal(s: string): string {
  return s.replace(/[{}]/g, "").split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

export function operationId(op: Operation): string {
  const p = pascal(op.path.replace(/^\/api\//, "").replace(/\{(\w+)\}/g, "by-$1"));
  return op.method + p;
}

/** The zod object behind a query schema (unwrapping `.transform()` pipes). */
function objectShape(schema: Schema): Record<string, Schema> {
  const def = (schema as unknown as { _zod: { def: { type: string; in?: Schema; shape?: Record<string, Schema> } } })._zod.def;
  if (def.type === "object") return def.shape!;
  if (def.type === "pipe" && def.in) return objectShape(def.in);
  throw new Error("query schemas must be zod objects");
}

/** Drops noise zod emits: the safe-integer bounds of every int, the long date-time regex, `$schema`/`$id`. */
function tidy(ctx: { jsonSchema: JsonSchema }): void {
  const js = ctx.jsonSchema;
  if (js.type === "integer") {
    if (js.minimum === Number.MIN_SAFE_INTEGER) delete js.minimum;
    if (js.maximum === Number.MAX_SAFE_INTEGER) delete js.maximum;
  }
  if (js.format === "date-time") delete js.pattern;
}

function cleanTop(js: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = js;
  return rest;
}

function parameterSchema(field: Schema): JsonSchema {
  return cleanTop(z.toJSONSchema(field, { io: "output", unrepresentable: "any", override: tidy }) as JsonSchema);
}

function rewriteRefs(value: unknown, rename: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, rename));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") {
        const id = v.replace("#/components/schemas/", "");
        out[k] = rename.has(id) ? `#/components/schemas/${rename.get(id)}` : v;
      } else out[k] = rewriteRefs(v, rename);
    }
    return out;
  }
  return value;
}

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) return value.forEach((v) => collectRefs(v, into));
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string" && v.startsWith("#/components/schemas/")) into.add(v.slice("#/components/schemas/".length));
      else collectRefs(v, into);
    }
  }
}

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema>; responses: Record<string, JsonSchema> };
};

/** Builds the document; request bodies use zod's input view (defaults optional), responses the output view. */
export function buildOpenApiDocument(): OpenApiDocument {
  // Every schema with an id (from `.meta({id})` in lib/validation) plus the names given above.
  const named = new Map<string, Schema>();
  // Only this module graph's copies: a production build can load lib/validation twice, and zod's
  // global registry then holds two schemas per id (toJSONSchema refuses such duplicates).
  const modules = [authModule, commentsModule, economyModule, notificationsModule, objectsModule, postsModule, taxonomyModule, uploadsModule, searchModule, eventsModule, mailModule, usersModule, moderationModule];
  for (const mod of modules) {
    for (const value of Object.values(mod)) {
      if (!(value instanceof z.ZodType)) continue;
      const id = (z.globalRegistry.get(value) as { id?: unknown } | undefined)?.id;
      if (typeof id === "string" && !named.has(id)) named.set(id, value);
    }
  }
  const idOf = new Map<Schema, string>();
  for (const [id, schema] of named) idOf.set(schema, id);
  for (const [schema, id] of NAMES) {
    if (idOf.has(schema)) continue;
    named.set(id, schema);
    idOf.set(schema, id);
  }
  for (const op of OPERATIONS) {
    if (op.body && !idOf.has(op.body)) {
      const id = `${pascal(operationId(op))}Body`;
      named.set(id, op.body);
      idOf.set(op.body, id);
    }
  }

  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of named) registry.add(schema, { id });
  const uri = (id: string) => `#/components/schemas/${id}`;
  const convert = (io: "input" | "output") =>
    (z.toJSONSchema(registry, { uri, io, unrepresentable: "any", override: tidy, metadata: registry } as Parameters<typeof z.toJSONSchema>[1]) as { schemas: Record<string, JsonSchema> }).schemas;
  const outputs = convert("output");
  const inputs = convert("input");

  // Responses use the output view, request bodies the input view (defaults optional, transforms'
  // inputs). A component reached from both sides whose views differ gets a separate `<Id>Input`.
  const closure = (roots: Iterable<string>, views: Record<string, JsonSchema>) => {
    const seen = new Set<string>();
    const todo = [...roots];
    while (todo.length) {
      const id = todo.pop()!;
      if (seen.has(id) || !views[id]) continue;
      seen.add(id);
      const refs = new Set<string>();
      collectRefs(views[id], refs);
      todo.push(...refs);
    }
    return seen;
  };
  const responseRoots = ["Error"];
  const requestRoots: string[] = [];
  for (const op of OPERATIONS) {
    for (const r of op.responses) if (r.schema && idOf.has(r.schema)) responseRoots.push(idOf.get(r.schema)!);
    if (op.body) requestRoots.push(idOf.get(op.body)!);
  }
  const responseSide = closure(responseRoots, outputs);
  const requestSide = closure(requestRoots, inputs);
  const rename = new Map<string, string>();
  for (const id of requestSide) {
    if (responseSide.has(id) && JSON.stringify(inputs[id]) !== JSON.stringify(outputs[id])) {
      rename.set(id, named.has(`${id}Input`) ? `${id}Request` : `${id}Input`);
    }
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const id of responseSide) schemas[id] = cleanTop(outputs[id]!);
  for (const id of requestSide) schemas[rename.get(id) ?? id] = cleanTop(rewriteRefs(inputs[id], rename) as JsonSchema);
  const requestRef = (schema: Schema) => {
    const id = idOf.get(schema)!;
    return ref(rename.get(id) ?? id);
  };

  const paths: OpenApiDocument["paths"] = {};
  for (const op of OPERATIONS) {
    const parameters: JsonSchema[] = [];
    for (const m of op.path.matchAll(/\{(\w+)\}/g)) {
      const name = m[1]!;
      parameters.push({
        name, in: "path", required: true,
        schema: name === "username" ? { type: "string" } : { type: "integer", format: "int64", minimum: 1 },
      });
    }
    if (op.query) {
      for (const [name, field] of Object.entries(objectShape(op.query))) {
        const array = op.arrayParams?.includes(name);
        const meta = z.globalRegistry.get(field) as { description?: string } | undefined;
        parameters.push({
          name, in: "query", required: !field.safeParse(undefined).success,
          ...(array ? { style: "form", explode: true, description: "repeated keys or a comma-separated list" } : meta?.description ? { description: meta.description } : {}),
          schema: parameterSchema(field),
        });
      }
    }

    const responses: Record<string, JsonSchema> = {};
    for (const r of op.responses) {
      if (r.status === 204) responses["204"] = { description: r.description };
      else if (r.media) responses[String(r.status)] = { description: r.description, content: { [r.media]: { schema: { type: "string" } } } };
      else if (!r.schema) responses[String(r.status)] = { description: r.description, content: { "application/json": { schema: { type: "object" } } } };
      else {
        const id = idOf.get(r.schema);
        const schema = id ? ref(id) : parameterSchema(r.schema);
        responses[String(r.status)] = {
          description: r.description,
          content: { "application/json": { schema: r.array ? { type: "array", items: schema } : schema } },
        };
      }
    }
    const errors = new Set<number>(op.errors ?? []);
    if (op.query || op.body || /\{\w+\}/.test(op.path)) errors.add(400);
    errors.add(401); // a bad bearer token is a 401 on every endpoint
    if (op.role || (op.auth === "required" && op.method !== "get")) errors.add(403);
    if (/\{\w+\}/.test(op.path)) errors.add(404);
    if (op.body) errors.add(413);
    for (const status of [...errors].sort()) responses[String(status)] = { $ref: `#/components/responses/${STATUS_TEXT[status]![0]}` };
    responses.default = { $ref: "#/components/responses/ServerError" };

    const security =
      op.auth === "required" ? [{ bearerAuth: [] }, { cookieAuth: [] }] : op.auth === "optional" ? [{}, { bearerAuth: [] }, { cookieAuth: [] }] : [{}, { bearerAuth: [] }];
    const roleNote = op.role ? `Requires the ${op.role} role${op.role === "MODERATOR" ? " (or ADMIN)" : ""}.` : "";
    const description = [op.description, roleNote].filter(Boolean).join(" ");
    const operation: JsonSchema = {
      operationId: operationId(op),
      tags: [op.tag],
      summary: op.summary,
      ...(description ? { description } : {}),
      security,
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: !op.bodyOptional, content: { "application/json": { schema: requestRef(op.body) } } } } : {}),
      responses,
      ...(op.role ? { "x-required-role": op.role } : {}),
    };
    (paths[op.path] ??= {})[op.method] = operation;
  }

  const componentResponses: Record<string, JsonSchema> = {
    ServerError: { description: "Unexpected error (500, generic message) or database unavailable (503)", content: { "application/json": { schema: ref("Error") } } },
  };
  for (const [, [name, description]] of Object.entries(STATUS_TEXT)) {
    componentResponses[name] = { description, content: { "application/json": { schema: ref("Error") } } };
  }

  const kept = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));

  const tagNames = [...new Set(OPERATIONS.map((o) => o.tag))];
  return {
    openapi: "3.1.0",
    info: {
      title: "Forum API",
      version: "1.0.0",
      description:
        "JSON in and out; timestamps ISO 8601 UTC with milliseconds. Errors always have the body `{error, code, field?, issues?}`. " +
        "Authenticate with `Authorization: Bearer <token>` (tokens from POST /api/auth/login or /api/tokens) or the site's session cookie; " +
        "cookie-authenticated writes must be same-origin. In request bodies, `null` for an optional field means the same as leaving it out. " +
        "Unknown /api paths answer 404 and unsupported methods 405, both with the error body.",
    },
    servers: [{ url: "/" }],
    tags: tagNames.map((name) => ({ name })),
    paths,
    components: {
      schemas: kept,
      responses: componentResponses,
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "fp_ opaque token", description: "A login token or a personal API token (scopes read, write)." },
        cookieAuth: { type: "apiKey", in: "cookie", name: "authjs.session-token", description: "The browser session of the forum's own pages (Auth.js)." },
      },
    },
  };
}

let cached: OpenApiDocument | undefined;
/** The document, built once per process. */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument();
  return cached;
}

/**
 * Checks a value against a component of the document: the subset of JSON Schema that zod emits
 * (type, properties, required, additionalProperties, items, anyOf/oneOf/allOf, enum, const, $ref,
 * minimum/maximum, minItems/maxItems, minLength/maxLength). Returns the list of problems (empty when valid).
 */
export function validateWithDocument(doc: OpenApiDocument, schema: JsonSchema, value: unknown, path = "$"): string[] {
  if (typeof schema.$ref === "string") {
    const id = schema.$ref.replace("#/components/schemas/", "");
    const target = doc.components.schemas[id];
    if (!target) return [`${path}: unresolved $ref ${schema.$ref}`];
    return validateWithDocument(doc, target, value, path);
  }
  const errs: string[] = [];
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[];
    if (!options.some((s) => validateWithDocument(doc, s, value, path).length === 0)) errs.push(`${path}: matches none of ${options.length} alternatives`);
  }
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf as JsonSchema[]) errs.push(...validateWithDocument(doc, s, value, path));
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) errs.push(`${path}: ${JSON.stringify(value)} not in enum`);
  if ("const" in schema && schema.const !== value) errs.push(`${path}: expected const ${JSON.stringify(schema.const)}`);
  const type = schema.type as string | string[] | undefined;
  if (type) {
    const types = Array.isArray(type) ? type : [type];
    const actual =
      value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? (Number.isInteger(value) ? "integer" : "number") : typeof value;
    const fits = types.some((t) => t === actual || (t === "number" && actual === "integer"));
    if (!fits) return [...errs, `${path}: expected ${types.join("|")}, got ${actual}`];
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) errs.push(`${path}: below minimum`);
    if (typeof schema.maximum === "number" && value > schema.maximum) errs.push(`${path}: above maximum`);
  }
  if (typeof value === "string") {
    if (typeof schema.minLength === "number" && value.length < schema.minLength) errs.push(`${path}: too short`);
    if (typeof schema.maxLength === "number" && value.length > schema.maxLength) errs.push(`${path}: too long`);
    if (schema.format === "date-time" && Number.isNaN(Date.parse(value))) errs.push(`${path}: not a date-time`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems) errs.push(`${path}: too few items`);
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) errs.push(`${path}: too many items`);
    if (schema.items && typeof schema.items === "object") value.forEach((v, i) => errs.push(...validateWithDocument(doc, schema.items as JsonSchema, v, `${path}[${i}]`)));
  } else if (value && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const key of (schema.required ?? []) as string[]) if (!(key in obj)) errs.push(`${path}: missing required ${key}`);
    for (const [key, v] of Object.entries(obj)) {
      if (props[key]) errs.push(...validateWithDocument(doc, props[key], v, `${path}.${key}`));
      else if (schema.additionalProperties === false) errs.push(`${path}: unexpected property ${key}`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
        errs.push(...validateWithDocument(doc, schema.additionalProperties as JsonSchema, v, `${path}.${key}`));
      }
    }
  }
  return errs;
}
