"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useLiveEvent } from "@/components/layout/live-events";
import { apiFetch } from "@/lib/client/api-client";
import { MESSAGE_PAGE } from "@/lib/validation/message-limits";
import type { ConversationDetailDto, ConversationDto, MessageDto } from "@/lib/validation/messages";

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
};

/** The member's unread message count (header, tab title); fresh from the server, then kept by live events. */
export function useUnreadMessages(enabled = true) {
  return useQuery({ queryKey: messageKeys.unread(), queryFn: messagesApi.unreadCount, staleTime: Infinity, enabled });
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
    onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.unread() }),
  });
}

/** Starts (or finds) a conversation; resolves to its id. */
export function useOpenConversation() {
  return useMutation({ mutationFn: messagesApi.open });
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
  onEvent?: (e: { type: "message" | "message_read"; conversationId: number; messageId: number; actorId: number }) => void,
) {
  const qc = useQueryClient();
  useLiveEvent((e) => {
    if (e.type !== "message" && e.type !== "message_read") return;
    void qc.invalidateQueries({ queryKey: messageKeys.unread() });
    void qc.invalidateQueries({ queryKey: messageKeys.conversations() });
    if (e.conversationId !== undefined)
      onEvent?.({ type: e.type, conversationId: e.conversationId, messageId: e.messageId ?? 0, actorId: e.actorId ?? 0 });
  });
}
