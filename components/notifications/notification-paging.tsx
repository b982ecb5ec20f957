import { notificationKeys } from "@/lib/client/query-keys";

/** Inbox paging shared by the server page (prefetch) and the client inbox (a plain module: no "use client"). */
export const INBOX_PAGE_SIZE = 20;

/** Groups the header's dropdown shows. */
export const DROPDOWN_GROUPS = 8;

export type InboxTab = "all" | "unread";

/** Pages of groups (GET /api/notifications/groups), per tab. */
export const inboxKey = (tab: InboxTab) => notificationKeys.groups({ view: "inbox", unread: tab === "unread", pageSize: INBOX_PAGE_SIZE });

export const dropdownKey = () => notificationKeys.groups({ view: "dropdown", pageSize: DROPDOWN_GROUPS });
