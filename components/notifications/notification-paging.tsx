import { notificationKeys } from "@/lib/client/query-keys";

/** Inbox paging shared by the server page (prefetch) and the client inbox (a plain module: no "use client"). */
export const INBOX_PAGE_SIZE = 20;

export type InboxTab = "all" | "unread";

export const inboxKey = (tab: InboxTab) => notificationKeys.list({ unreadOnly: tab === "unread", size: INBOX_PAGE_SIZE });
