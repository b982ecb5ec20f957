import type { PageStateQuery } from "@/lib/client/api-client";
/**
 * React Query key factories, shared by server prefetching (HydrationBoundary) and client hooks, and
 * used to invalidate after mutations (`queryClient.invalidateQueries({ queryKey: postKeys.detail(id) })`).
 */

export const postKeys = {
  all: ["posts"] as const,
  lists: () => [...postKeys.all, "list"] as const,
  details: () => [...postKeys.all, "detail"] as const,
  detail: (id: number) => [...postKeys.details(), id] as const,
  changeLogs: (id: number) => [...postKeys.detail(id), "change-logs"] as const,
};

export const notificationKeys = {
  all: ["notifications"] as const,
  unreadCount: () => [...notificationKeys.all, "unread-count"] as const,
  list: (opts: { page?: number; size?: number; unreadOnly?: boolean } = {}) => [...notificationKeys.all, "list", opts] as const,
  /** The grouped list (GET /api/notifications/groups): the inbox's tabs and the header's dropdown. */
  groups: (opts: { unread?: boolean; pageSize?: number; view?: "inbox" | "dropdown" } = {}) =>
    [...notificationKeys.all, "groups", opts] as const,
  prefs: () => [...notificationKeys.all, "prefs"] as const,
  emailPrefs: () => [...notificationKeys.all, "email-prefs"] as const,
};

export const pointKeys = {
  all: ["points"] as const,
  trend: (days = 30) => [...pointKeys.all, "trend", days] as const,
  goods: () => [...pointKeys.all, "goods"] as const,
};

export const userKeys = {
  all: ["users"] as const,
  me: () => [...userKeys.all, "me"] as const,
  /** The member as the header shows them on a shared page (filled by usePageState, never fetched itself). */
  header: () => [...userKeys.all, "header"] as const,
  /** The member's running suspension on a page rendered for them alone (components/layout/suspension-notice.tsx). */
  suspension: () => [...userKeys.all, "suspension"] as const,
  pageState: (q: PageStateQuery) => [...userKeys.all, "page-state", q] as const,
  profile: (username: string) => [...userKeys.all, "profile", username] as const,
  suggest: (prefix: string, postId?: number) => [...userKeys.all, "suggest", prefix.toLowerCase(), postId ?? 0] as const,
  tokens: () => [...userKeys.all, "tokens"] as const,
  /** The member's watched and muted categories and tags (GET /api/users/me/watches). */
  watches: () => [...userKeys.all, "watches"] as const,
  /** The member's address and a change waiting for its code (GET /api/users/me/email). */
  emailChange: () => [...userKeys.all, "email-change"] as const,
  sessions: () => [...userKeys.all, "sessions"] as const,
  /** Two-factor sign-in of the caller (GET /api/users/me/two-factor). */
  twoFactor: () => [...userKeys.all, "two-factor"] as const,
  /** The caller's passkeys (GET /api/users/me/passkeys). */
  passkeys: () => [...userKeys.all, "passkeys"] as const,
};

/** Follows, blocks and the message policy: the caller's own, always fetched by the browser. */
export const socialKeys = {
  all: ["social"] as const,
  relation: (username: string) => [...socialKeys.all, "relation", username.toLowerCase()] as const,
  blocks: () => [...socialKeys.all, "blocks"] as const,
  privacy: () => [...socialKeys.all, "privacy"] as const,
  followingPosts: (page: number) => [...socialKeys.all, "following-posts", page] as const,
};

export const tagKeys = {
  all: ["tags"] as const,
  search: (keyword: string) => [...tagKeys.all, "search", keyword.toLowerCase()] as const,
};

export const searchKeys = {
  all: ["search"] as const,
  suggestions: (keyword: string) => [...searchKeys.all, "global", keyword] as const,
};

export const moderationKeys = {
  all: ["moderation"] as const,
  pendingCount: () => [...moderationKeys.all, "pending-count"] as const,
  flags: (status: "open" | "resolved", page = 0) => [...moderationKeys.all, "flags", status, page] as const,
};

/** Groups (issue 57): the admin list, one group with its members, and a category's permissions. */
export const groupKeys = {
  all: ["groups"] as const,
  list: () => [...groupKeys.all, "list"] as const,
  detail: (id: number) => [...groupKeys.all, "detail", id] as const,
  /** A member's groups as the signed-in reader may see them (their profile). */
  ofMember: (username: string) => [...groupKeys.all, "of-member", username.toLowerCase()] as const,
  categoryPermissions: (categoryId: number) => [...groupKeys.all, "category-permissions", categoryId] as const,
  categoryModerators: (categoryId: number) => [...groupKeys.all, "category-moderators", categoryId] as const,
};
