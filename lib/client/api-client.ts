import type {
  ChangeLogDto,
  CommentDto,
  LotteryDto,
  MeDto,
  NotificationDto,
  PointGoodDto,
  PollDto,
  PostDto,
  ReactionDto,
  TagDto,
  CategoryDto,
  SiteConfigDto,
  SiteConfigInput,
} from "@/lib/validation/responses";
import type { ProfileDto } from "@/lib/validation/auth";
import type { BlockedMemberDto, BlockStateDto, FollowStateDto, MessagePolicy, PrivacyDto, RelationDto } from "@/lib/validation/social";
import type { UserSuggestionDto } from "@/lib/validation/search";
import type { PageStateDto } from "@/lib/validation/users";
import type { AdminUserDto } from "@/lib/validation/admin-users";
import type { AdminFlagDto, FlagDto, PendingCountDto } from "@/lib/validation/moderation";
import type { FlagAction, FlagReason, MedalType } from "@/db/schema/enums";
import type { ApiTokenDto, CreatedTokenDto, SignInDto } from "@/lib/validation/auth";
import type { PointHistoryDto, RedemptionDto, TrendPointDto } from "@/lib/validation/economy";
import type { NotificationGroupPage, NotificationPref } from "@/lib/validation/notifications";

/** What signing out (or a password change) ended. */
export type EndedSignIns = { sessions: number; tokens: number };

/** The error a browser call to our /api throws: the API's `{error, code, field}` body and the status. */
export class ApiClientError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public field?: string,
    public issues?: { path: (string | number)[]; message: string }[],
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

type Json = Record<string, unknown> | unknown[] | string | number | boolean | null;

/**
 * Fetches one of our /api endpoints with the session cookie and parses the JSON answer; any non-2xx
 * answer throws ApiClientError carrying the body's `error` and `field`. 204 resolves to null.
 */
export async function apiFetch<T>(path: string, init: { method?: string; body?: Json; signal?: AbortSignal } = {}): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? (init.body !== undefined ? "POST" : "GET"),
    headers: init.body !== undefined ? { "content-type": "application/json" } : undefined,
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    credentials: "same-origin",
    signal: init.signal,
  });
  if (res.status === 204) return null as T;
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const body = (data && typeof data === "object" ? data : {}) as {
      error?: string;
      code?: string;
      field?: string;
      issues?: ApiClientError["issues"];
    };
    throw new ApiClientError(res.status, body.code ?? "error", body.error ?? `Request failed (${res.status})`, body.field, body.issues);
  }
  return data as T;
}

/** Maps an error to a per-field message table (`field` of the body, or each issue's first path part). */
export function fieldErrors(err: unknown): { form: string | null; fields: Record<string, string> } {
  if (!(err instanceof ApiClientError)) return { form: err instanceof Error ? err.message : "Something went wrong", fields: {} };
  const fields: Record<string, string> = {};
  for (const i of err.issues ?? []) {
    // "tagIds.0" and "poll.options.2" are reported on their list field.
    const key = i.path.filter((p) => typeof p === "string").join(".");
    if (key && !fields[key]) fields[key] = i.message;
  }
  if (err.field && !fields[err.field]) fields[err.field] = err.message;
  return { form: Object.keys(fields).length ? null : err.message, fields };
}

/**
 * The one message a text box shows under itself: "Write something first" for an empty submit, else the
 * failed request's message for `content` (or its form message, or its first field's), else `fallback`.
 */
export function textBoxError(empty: boolean, err: unknown, fallback: string): string | null {
  if (empty) return "Write something first";
  if (!err) return null;
  const f = fieldErrors(err);
  return f.fields.content ?? f.form ?? Object.values(f.fields)[0] ?? fallback;
}

export type PostInput = {
  title: string;
  content: string;
  categoryId: number;
  tagIds: number[];
  /** New tags by name, created with the post (only members allowed to create tags). */
  newTags?: string[];
  type?: "NORMAL" | "POLL" | "LOTTERY";
  visibleScope?: "ALL" | "ONLY_ME" | "ONLY_REGISTER";
  poll?: { options: string[]; multiple: boolean; endTime: string } | null;
  lottery?: {
    prizeDescription: string;
    prizeIcon: string;
    prizeCount: number;
    pointCost: number;
    startTime?: string;
    endTime: string;
  } | null;
};

const id = (n: number) => encodeURIComponent(String(n));

/** One hit of GET /api/search/global (highlighted fields are escaped HTML with <mark>). */
export type SearchHit = {
  type: "post" | "comment" | "user" | "category" | "tag";
  id: number;
  text: string;
  subText: string | null;
  extra: string | null;
  postId: number | null;
  highlightedText: string;
  highlightedSubText: string | null;
};

/** What a shared page asks for: its listed posts' marks (and a visit), its post's state (and a view). */
export type PageStateQuery = { postIds?: number[]; visit?: boolean; postId?: number; view?: boolean; muted?: boolean; upTo?: number };

/**
 * The search parameters of a page-state query: GET /api/users/me/page-state's own names, or with a
 * `prefix` those GET /api/events takes for the same query (`state` gives stateVisit, statePostIds, …).
 */
export function pageStateParams(q: PageStateQuery, prefix = ""): string {
  const n = (name: string) => (prefix ? prefix + name[0]!.toUpperCase() + name.slice(1) : name);
  return `${n("visit")}=${q.visit ? 1 : 0}&${n("view")}=${q.view ? 1 : 0}${q.muted ? `&${n("muted")}=1` : ""}${q.postId ? `&${n("postId")}=${id(q.postId)}` : ""}${q.upTo !== undefined ? `&${n("upTo")}=${Math.max(0, Math.trunc(q.upTo))}` : ""}${(q.postIds ?? []).map((p) => `&${n("postIds")}=${id(p)}`).join("")}`;
}

export const api = {
  searchGlobal: (keyword: string, signal?: AbortSignal) =>
    apiFetch<SearchHit[]>(`/api/search/global?keyword=${encodeURIComponent(keyword)}`, { signal }),
  markAllRead: () => apiFetch<{ allReadAt: string }>("/api/posts/read-all", { method: "POST" }),
  markPostRead: (postId: number, upTo?: number) =>
    apiFetch<{ postId: number; read: true }>(`/api/posts/${id(postId)}/read`, {
      method: "POST",
      ...(upTo === undefined ? {} : { body: { upTo } }),
    }),
  me: () => apiFetch<MeDto>("/api/users/me"),
  /** The member's part of a shared page (lib/services/users/page-state.ts): a list's marks, a post's state. */
  pageState: (q: PageStateQuery) => apiFetch<PageStateDto>(`/api/users/me/page-state?${pageStateParams(q)}`),
  profile: (username: string) => apiFetch<ProfileDto>(`/api/users/${encodeURIComponent(username)}`),
  relation: (username: string) => apiFetch<RelationDto>(`/api/users/${encodeURIComponent(username)}/relation`),
  follow: (username: string, on: boolean) =>
    apiFetch<FollowStateDto>(`/api/subscriptions/users/${encodeURIComponent(username)}`, { method: on ? "POST" : "DELETE" }),
  block: (username: string, on: boolean) =>
    apiFetch<BlockStateDto>(`/api/users/${encodeURIComponent(username)}/block`, { method: on ? "POST" : "DELETE" }),
  blocks: () => apiFetch<BlockedMemberDto[]>("/api/users/me/blocks"),
  privacy: () => apiFetch<PrivacyDto>("/api/users/me/privacy"),
  updatePrivacy: (messagePolicy: MessagePolicy) =>
    apiFetch<PrivacyDto>("/api/users/me/privacy", { method: "PUT", body: { messagePolicy } }),
  followingPosts: (page: number, pageSize: number) => apiFetch<PostDto[]>(`/api/posts/following?page=${page}&pageSize=${pageSize}`),
  /** For a number of days from now, or until a date-time. */
  suspendUser: (id: number, length: { days: number } | { until: string }, reason: string) =>
    apiFetch<AdminUserDto>(`/api/admin/users/${id}/suspend`, { body: { ...length, reason } }),
  unsuspendUser: (id: number) => apiFetch<AdminUserDto>(`/api/admin/users/${id}/unsuspend`, { method: "POST" }),
  createCategory: (body: CategoryInput) => apiFetch<CategoryDto>("/api/categories", { body }),
  updateCategory: (categoryId: number, body: Partial<CategoryInput>) =>
    apiFetch<CategoryDto>(`/api/categories/${id(categoryId)}`, { method: "PUT", body }),
  reorderCategories: (ids: number[]) => apiFetch<CategoryDto[]>("/api/categories/order", { method: "PUT", body: { ids } }),
  deleteCategory: (categoryId: number, moveTo?: number) =>
    apiFetch<null>(`/api/categories/${id(categoryId)}${moveTo ? `?moveTo=${id(moveTo)}` : ""}`, { method: "DELETE" }),
  updateTag: (tagId: number, body: Partial<TaxonomyInput>) => apiFetch<TagDto>(`/api/tags/${id(tagId)}`, { method: "PUT", body }),
  mergeTag: (tagId: number, intoId: number) => apiFetch<TagDto>(`/api/tags/${id(tagId)}/merge`, { body: { intoId } }),
  deleteTag: (tagId: number) => apiFetch<null>(`/api/tags/${id(tagId)}`, { method: "DELETE" }),
  createGood: (body: GoodInput) => apiFetch<PointGoodDto>("/api/admin/point-goods", { body }),
  updateGood: (goodId: number, body: Partial<GoodInput> & { retired?: boolean }) =>
    apiFetch<PointGoodDto>(`/api/admin/point-goods/${id(goodId)}`, { method: "PUT", body }),
  deleteGood: (goodId: number) => apiFetch<null>(`/api/admin/point-goods/${id(goodId)}`, { method: "DELETE" }),
  fulfilRedemption: (redemptionId: number) =>
    apiFetch<RedemptionDto>(`/api/admin/redemptions/${id(redemptionId)}/fulfil`, { method: "POST" }),
  updateSiteConfig: (body: SiteConfigInput) => apiFetch<SiteConfigDto>("/api/admin/config", { method: "PUT", body }),
  setUserRole: (id: number, role: AdminUserDto["role"]) =>
    apiFetch<AdminUserDto>(`/api/admin/users/${id}/role`, { method: "PUT", body: { role } }),
  setSlowMode: (postId: number, seconds: number) =>
    apiFetch<{ postId: number; seconds: number }>(`/api/posts/${postId}/slow-mode`, { method: "PUT", body: { seconds } }),
  suggestUsers: (prefix: string, postId?: number) =>
    apiFetch<UserSuggestionDto[]>(`/api/users/suggest?prefix=${encodeURIComponent(prefix)}${postId ? `&postId=${postId}` : ""}`),
  updateMe: (body: { introduction?: string; displayMedal?: MedalType | null; username?: string }) =>
    apiFetch<MeDto>("/api/users/me", { method: "PUT", body }),
  uploadAvatar: (dataUrl: string) => apiFetch<{ url: string; user: MeDto }>("/api/users/me/avatar", { body: { file: dataUrl } }),
  unreadCount: () => apiFetch<{ count: number }>("/api/notifications/unread-count"),
  post: (postId: number) => apiFetch<PostDto & { comments: CommentDto[] }>(`/api/posts/${id(postId)}`),
  createPost: (body: PostInput) => apiFetch<PostDto>("/api/posts", { body }),
  updatePost: (postId: number, body: Partial<PostInput> & { restoredVersion?: number }) =>
    apiFetch<PostDto>(`/api/posts/${id(postId)}`, { method: "PUT", body }),
  deletePost: (postId: number) => apiFetch<null>(`/api/posts/${id(postId)}`, { method: "DELETE" }),
  postAction: (postId: number, action: "close" | "reopen" | "pin" | "unpin" | "feature" | "unfeature") =>
    apiFetch<PostDto>(`/api/posts/${id(postId)}/${action}`, { method: "POST" }),
  reviewPost: (postId: number, approve: boolean, reason?: string) =>
    apiFetch<PostDto>(`/api/admin/posts/${id(postId)}/${approve ? "approve" : "reject"}`, { body: reason ? { reason } : {} }),
  flag: (body: { postId?: number; commentId?: number; reason: FlagReason; note?: string }) => apiFetch<FlagDto>("/api/flags", { body }),
  pendingCount: () => apiFetch<PendingCountDto>("/api/admin/posts/pending/count"),
  flags: (status: "open" | "resolved", page = 0) => apiFetch<AdminFlagDto[]>(`/api/admin/flags?status=${status}&page=${page}&pageSize=50`),
  resolveFlag: (flagId: number, action: FlagAction) =>
    apiFetch<{ action: FlagAction; resolved: number }>(`/api/admin/flags/${id(flagId)}/resolve`, { body: { action } }),
  reactPost: (postId: number, type: string) => apiFetch<ReactionDto | null>(`/api/posts/${id(postId)}/reactions`, { body: { type } }),
  reactComment: (commentId: number, type: string) =>
    apiFetch<ReactionDto | null>(`/api/comments/${id(commentId)}/reactions`, { body: { type } }),
  subscribe: (postId: number, on: boolean) =>
    apiFetch<unknown>(`/api/subscriptions/posts/${id(postId)}`, { method: on ? "POST" : "DELETE" }),
  comments: (postId: number, page = 0) => apiFetch<CommentDto[]>(`/api/posts/${id(postId)}/comments?page=${page}&pageSize=100`),
  comment: (postId: number, content: string) => apiFetch<CommentDto>(`/api/posts/${id(postId)}/comments`, { body: { content } }),
  reply: (commentId: number, content: string) => apiFetch<CommentDto>(`/api/comments/${id(commentId)}/replies`, { body: { content } }),
  deleteComment: (commentId: number) => apiFetch<null>(`/api/comments/${id(commentId)}`, { method: "DELETE" }),
  editComment: (commentId: number, content: string) =>
    apiFetch<CommentDto>(`/api/comments/${id(commentId)}`, { method: "PUT", body: { content } }),
  pinComment: (commentId: number, pin: boolean) =>
    apiFetch<CommentDto>(`/api/comments/${id(commentId)}/${pin ? "pin" : "unpin"}`, { method: "POST" }),
  vote: (postId: number, options: string[]) => apiFetch<PollDto>(`/api/posts/${id(postId)}/poll/vote`, { body: { options } }),
  joinLottery: (postId: number) => apiFetch<LotteryDto>(`/api/posts/${id(postId)}/lottery/join`, { method: "POST" }),
  searchTags: (keyword: string) => apiFetch<TagDto[]>(`/api/tags?keyword=${encodeURIComponent(keyword)}&pageSize=20`),
  createTag: (name: string, description = "") => apiFetch<TagDto>("/api/tags", { body: { name, description } }),
  categories: () => apiFetch<CategoryDto[]>("/api/categories"),
  upload: (dataUrl: string) => apiFetch<string>("/api/upload", { body: { file: dataUrl } }),
  preview: (markdown: string) => apiFetch<{ html: string }>("/api/markdown/preview", { body: { markdown } }),
  verifyEmail: (body: { username?: string; code: string }) => apiFetch<{ verified: true; user: MeDto }>("/api/auth/verify", { body }),
  resendVerification: () => apiFetch<{ sent: boolean; email: string }>("/api/auth/verify/resend", { method: "POST" }),
  forgotPassword: (email: string) => apiFetch<{ accepted: true; message: string }>("/api/auth/forgot", { body: { email } }),
  resetPassword: (token: string, password: string) =>
    apiFetch<{ token: string; user: MeDto }>("/api/auth/reset", { body: { token, password } }),
  emailPrefs: () => apiFetch<EmailPrefs>("/api/notifications/email-prefs"),
  updateEmailPrefs: (mode: EmailMode) => apiFetch<EmailPrefs>("/api/notifications/email-prefs", { method: "PUT", body: { mode } }),
  changeLogs: (postId: number) => apiFetch<ChangeLogDto[]>(`/api/posts/${id(postId)}/change-logs`),
  notifications: (o: { unreadOnly: boolean; page: number; size: number }) =>
    apiFetch<NotificationDto[]>(`/api/notifications${o.unreadOnly ? "/unread" : ""}?page=${o.page}&size=${o.size}`),
  markNotificationsRead: (ids: number[]) => apiFetch<{ updated: number }>("/api/notifications/read", { body: { ids } }),
  notificationGroups: (o: { unread: boolean; page: number; pageSize: number }) =>
    apiFetch<NotificationGroupPage>(`/api/notifications/groups?page=${o.page}&pageSize=${o.pageSize}${o.unread ? "&unread=true" : ""}`),
  markNotificationGroupRead: (key: string, upTo: number) =>
    apiFetch<{ updated: number }>("/api/notifications/groups/read", { body: { key, upTo } }),
  markAllNotificationsRead: () => apiFetch<{ updated: number }>("/api/notifications/read-all", { method: "POST" }),
  notificationPrefs: () => apiFetch<NotificationPref[]>("/api/notifications/prefs"),
  updateNotificationPref: (p: NotificationPref) => apiFetch<NotificationPref[]>("/api/notifications/prefs", { method: "PUT", body: p }),
  changePassword: (body: { currentPassword: string; newPassword: string }) => apiFetch<EndedSignIns>("/api/users/me/password", { body }),
  pointTrend: (days: number) => apiFetch<TrendPointDto[]>(`/api/point-histories/trend?days=${days}`),
  pointHistories: (page: number, pageSize: number) => apiFetch<PointHistoryDto[]>(`/api/point-histories?page=${page}&pageSize=${pageSize}`),
  pointGoods: () => apiFetch<PointGoodDto[]>("/api/point-goods"),
  redeem: (goodId: number, contact: string) => apiFetch<{ point: number }>("/api/point-goods/redeem", { body: { goodId, contact } }),
  signIns: () => apiFetch<SignInDto[]>("/api/sessions"),
  /** Ends one sign-in: a browser session, or a login token (through the tokens endpoint). */
  endSignIn: (s: Pick<SignInDto, "kind" | "id">) =>
    apiFetch<null>(s.kind === "browser" ? `/api/sessions/${id(s.id)}` : `/api/tokens/${id(s.id)}`, { method: "DELETE" }),
  logoutEverywhere: () => apiFetch<EndedSignIns>("/api/auth/logout", { body: { everywhere: true } }),
  tokens: () => apiFetch<ApiTokenDto[]>("/api/tokens"),
  createToken: (body: { name: string; scopes: string[]; expiresInDays: number | null }) =>
    apiFetch<CreatedTokenDto>("/api/tokens", { body }),
  revokeToken: (tokenId: number) => apiFetch<null>(`/api/tokens/${id(tokenId)}`, { method: "DELETE" }),
  register: (body: { username: string; email: string; password: string; website?: string; formToken?: string; captchaToken?: string }) =>
    apiFetch<{ token: string }>("/api/auth/register", { body }),
  unsubscribe: (u: string, t: string) =>
    apiFetch<EmailPrefs>(`/api/notifications/unsubscribe?u=${encodeURIComponent(u)}&t=${encodeURIComponent(t)}`, { method: "POST" }),
};

export type TaxonomyInput = { name: string; description: string };
/** A category's fields as the admin editor sends them (issue 57 item 5: icon, slug, colour, parent). */
export type CategoryInput = TaxonomyInput & { icon?: string; slug?: string | null; color?: string | null; parentId?: number | null };
export type GoodInput = { name: string; cost: number; image: string; description: string };

export type EmailMode = "immediate" | "daily" | "weekly" | "off";
export type EmailPrefs = { mode: EmailMode; awayMinutes: number };
