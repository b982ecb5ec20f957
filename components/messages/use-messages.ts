"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useLiveEvent } from "@/components/layout/live-events";
import { apiFetch } from "@/lib/client/api-client";
import { MESSAGE_PAGE } from "@/lib/validation/message-limits";
import type { ReactionType } from "@/db/schema/enums";
import type { AddParticipantsResponse, ConversationDetailDto, ConversationDto, MessageDto } from "@/lib/validation/messages";
import type { ReactionDto } from "@/lib/validation/responses";

/** React Query keys of direct messages (invalidated by the live `message` and `message_read` events). */
export const messageKeys = {
  all: ["messages"] as const,
  unread: () => [...messageKeys.all, "unread-count"] as const,
  conversations: () => [...messageKeys.all, "conversations"] as const,
  conversation: (id: number) => [...messageKeys.all, "conversation", id] as const,
};

const id = (n: number) => encodeURIComponent(String(n));

export const messagesApi = {
  unreadCount: () => apiFetch<number>("/api/messages/unread-count"),
  conversations: () => apiFetch<ConversationDto[]>("/api/messages/conversations?size=100"),
  conversation: (conversationId: number, before?: number) =>
    apiFetch<ConversationDetailDto>(
      `/api/messages/conversations/${id(conversationId)}?size=${MESSAGE_PAGE}${before ? `&before=${id(before)}` : ""}`,
    ),
  send: (conversationId: number, content: string, replyToId?: number | null) =>
    apiFetch<MessageDto>(`/api/messages/conversations/${id(conversationId)}/messages`, {
      body: { content, replyToId: replyToId ?? null },
    }),
  read: (conversationId: number) => apiFetch<null>(`/api/messages/conversations/${id(conversationId)}/read`, { method: "POST" }),
  open: (body: { recipientId: number } | { recipientIds: number[]; name?: string }) =>
    apiFetch<{ conversationId: number }>("/api/messages/conversations", { body }),
  addPeople: (conversationId: number, userIds: number[]) =>
    apiFetch<AddParticipantsResponse>(`/api/messages/conversations/${id(conversationId)}/participants`, { body: { userIds } }),
  react: (messageId: number, type: ReactionType) =>
    apiFetch<ReactionDto | null>(`/api/messages/${id(messageId)}/reactions`, { body: { type } }),
};

/**
 * The member's unread message count (header, tab title). It never asks on its own when a page opens:
 * the server gives it with the header (`initial`), or page-state does on a shared page
 * (components/layout/shell-marks.tsx); live events and reading a conversation refresh it.
 * `enabled` false: signed out, nothing to count.
 */
export function useUnreadMessages(enabled = true, initial?: number) {
  const q = useQuery({
    queryKey: messageKeys.unread(),
    queryFn: messagesApi.unreadCount,
    staleTime: Infinity,
    enabled: false,
    initialData: initial,
  });
  return enabled ? q : { ...q, data: undefined };
}

/**
 * Asks the server for the unread count again (after a live event, or reading a conversation). A fetch
 * still under way is cancelled first: it may have started before the read it should reflect (a
 * `message` event, then the `message_read` of the open page), and fetchQuery would otherwise return it.
 */
export async function refreshUnread(qc: QC): Promise<number> {
  await qc.cancelQueries({ queryKey: messageKeys.unread() });
  return qc.fetchQuery({ queryKey: messageKeys.unread(), queryFn: messagesApi.unreadCount, staleTime: 0 });
}

export function useConversations(initial?: ConversationDto[]) {
  return useQuery({ queryKey: messageKeys.conversations(), queryFn: messagesApi.conversations, initialData: initial, staleTime: 10_000 });
}

/** A conversation's messages, newest page first; older pages come from `before` (scrolling up). */
export function useConversation(conversationId: number, initial?: ConversationDetailDto) {
  return useInfiniteQuery({
    queryKey: messageKeys.conversation(conversationId),
    queryFn: ({ pageParam }) => messagesApi.conversation(conversationId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.messages.last ? undefined : last.messages.content.at(-1)?.id),
    initialData: initial
      ? ({ pages: [initial], pageParams: [undefined] } as InfiniteData<ConversationDetailDto, number | undefined>)
      : undefined,
    staleTime: Infinity,
  });
}

/** Sends in a conversation; afterwards the conversation and the list are stale (the live event says so too). */
export function useSendMessage(conversationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: { content: string; replyToId?: number | null }) => messagesApi.send(conversationId, m.content, m.replyToId),
    onSuccess: () => Promise.all([refreshNewest(qc, conversationId), qc.invalidateQueries({ queryKey: messageKeys.conversations() })]),
  });
}

export function useMarkRead(conversationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => messagesApi.read(conversationId),
    onSuccess: () => refreshUnread(qc),
  });
}

/** Starts (or finds) a conversation; resolves to its id. */
export function useOpenConversation() {
  return useMutation({ mutationFn: messagesApi.open });
}

/** Adds people to a group; the newest page (with the members and the system line) is fetched again. */
export function useAddPeople(conversationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) => messagesApi.addPeople(conversationId, userIds),
    onSuccess: () => Promise.all([refreshNewest(qc, conversationId), qc.invalidateQueries({ queryKey: messageKeys.conversations() })]),
  });
}

/** Toggles a reaction on a message and applies the answer to the loaded pages (the others see it live). */
export function useReactToMessage(conversationId: number, me: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { messageId: number; type: ReactionType }) => messagesApi.react(v.messageId, v.type),
    onSuccess: (added, v) =>
      qc.setQueryData<InfiniteData<ConversationDetailDto, number | undefined>>(messageKeys.conversation(conversationId), (cur) =>
        cur
          ? {
              ...cur,
              pages: cur.pages.map((p) => ({
                ...p,
                messages: {
                  ...p.messages,
                  content: p.messages.content.map((m) =>
                    m.id === v.messageId
                      ? {
                          ...m,
                          reactions: added
                            ? [...m.reactions.filter((r) => r.id !== added.id), added]
                            : m.reactions.filter((r) => !(r.user === me && r.type === v.type)),
                        }
                      : m,
                  ),
                },
              })),
            }
          : cur,
      ),
  });
}

type QC = ReturnType<typeof useQueryClient>;

/**
 * Refetches the newest page of an open conversation and keeps the older pages already loaded (a
 * plain invalidation would refetch every page the member scrolled through).
 */
export async function refreshNewest(qc: QC, conversationId: number): Promise<void> {
  const key = messageKeys.conversation(conversationId);
  const data = qc.getQueryData<InfiniteData<ConversationDetailDto, number | undefined>>(key);
  if (!data) return;
  const fresh = await messagesApi.conversation(conversationId);
  qc.setQueryData<InfiniteData<ConversationDetailDto, number | undefined>>(key, (cur) => {
    if (!cur) return cur;
    const seen = new Set(fresh.messages.content.map((m) => m.id));
    const older = cur.pages
      .slice(1)
      .map((p) => ({ ...p, messages: { ...p.messages, content: p.messages.content.filter((m) => !seen.has(m.id)) } }));
    return { pages: [fresh, ...older], pageParams: cur.pageParams };
  });
}

/**
 * Live events of direct messages for this tab (the server sends them to the conversation's members
 * only): the unread count and the list follow them; `onEvent` lets an open conversation follow too.
 */
export function useMessageEvents(
  onEvent?: (e: {
    type: "message" | "message_read";
    /** "reaction": a reaction to `messageId` was added or taken back (no new message). */
    kind?: string;
    conversationId: number;
    messageId: number;
    actorId: number;
  }) => void,
) {
  const qc = useQueryClient();
  useLiveEvent((e) => {
    if (e.type !== "message" && e.type !== "message_read") return;
    // A `message` event of kind `reaction` (migration 0038) changes no count and no list.
    const kind = (e as { kind?: string }).kind;
    if (kind !== "reaction") {
      void refreshUnread(qc).catch(() => {});
      void qc.invalidateQueries({ queryKey: messageKeys.conversations() });
    }
    if (e.conversationId !== undefined)
      onEvent?.({ type: e.type, kind, conversationId: e.conversationId, messageId: e.messageId ?? 0, actorId: e.actorId ?? 0 });
  });
}
