"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import { moderationKeys, postKeys, tagKeys } from "@/lib/client/query-keys";
import { applyToggle } from "@/components/reactions/reaction-bar";
import type { ReactionType } from "@/db/schema/enums";
import type { LotteryDto, PollDto, PostDto, ReactionDto } from "@/lib/validation/responses";

/** The post of the detail page, hydrated from the server under postKeys.detail(id). */
export function usePost(id: number, initial?: PostDto) {
  return useQuery({
    queryKey: postKeys.detail(id),
    queryFn: () => api.post(id) as Promise<PostDto>,
    initialData: initial,
    staleTime: Infinity,
  });
}

/** Every change a member or staff can make to one post from the browser. */
export type PostChange =
  | { kind: "create"; body: Parameters<typeof api.createPost>[0] }
  | { kind: "update"; body: Parameters<typeof api.updatePost>[1] }
  | { kind: "action"; action: Parameters<typeof api.postAction>[1] }
  | { kind: "review"; approve: boolean; reason?: string }
  | { kind: "slow-mode"; seconds: number }
  | { kind: "delete" }
  | { kind: "react"; type: ReactionType; me: string }
  | { kind: "subscribe"; on: boolean }
  | { kind: "vote"; options: string[] }
  | { kind: "join-lottery" }
  | { kind: "mark-read"; upTo?: number };

function send(postId: number | undefined, c: PostChange): Promise<unknown> {
  if (c.kind === "create") return api.createPost(c.body);
  if (postId === undefined) throw new Error(`${c.kind} needs a post`);
  switch (c.kind) {
    case "update":
      return api.updatePost(postId, c.body);
    case "action":
      return api.postAction(postId, c.action);
    case "review":
      return api.reviewPost(postId, c.approve, c.reason);
    case "slow-mode":
      return api.setSlowMode(postId, c.seconds);
    case "delete":
      return api.deletePost(postId);
    case "react":
      return api.reactPost(postId, c.type);
    case "subscribe":
      return api.subscribe(postId, c.on);
    case "vote":
      return api.vote(postId, c.options);
    case "join-lottery":
      return api.joinLottery(postId);
    case "mark-read":
      return api.markPostRead(postId, c.upTo);
  }
}

/** Changes answered with the part of the post they changed, applied to the cached post in place. */
function applyInPlace(p: PostDto, c: PostChange, data: unknown): PostDto | null {
  switch (c.kind) {
    case "react":
      return { ...p, reactions: applyToggle(p.reactions, c.me, c.type, data as ReactionDto | null) };
    case "subscribe":
      return { ...p, subscribed: c.on };
    case "vote":
      return { ...p, poll: data as PollDto };
    case "join-lottery":
      return { ...p, lottery: data as LotteryDto };
    default:
      return null;
  }
}

/**
 * The one mutation hook of a post: create (no id yet), edit (and restore), close/pin/feature, review, slow mode, delete,
 * a member's react/subscribe/vote/join, and marking it read (once shown, or after live comments). React,
 * subscribe, vote and join answer with what changed, which is put into the cached post in place; after a
 * mark-read only the member's own counts of new comments are stale; after the others the post, its
 * history, the lists and (after a review) the staff counts are stale.
 */
export function usePostMutation(postId?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: PostChange) => send(postId, c),
    onSuccess: async (data, c) => {
      // A saved post may have created tags (newTags): the picker's searches are stale too.
      if (c.kind === "create" || c.kind === "update") void qc.invalidateQueries({ queryKey: tagKeys.all });
      if (postId === undefined) return void (await qc.invalidateQueries({ queryKey: postKeys.all }));
      if (c.kind === "mark-read") {
        // Nothing anyone else sees changed (no cache on the server either: reads are not announced).
        qc.setQueryData<PostDto>(postKeys.detail(postId), (p) => p && { ...p, newComments: 0 });
        return void (await qc.invalidateQueries({ queryKey: postKeys.lists(), refetchType: "none" }));
      }
      const cached = qc.getQueryData<PostDto>(postKeys.detail(postId));
      const next = cached ? applyInPlace(cached, c, data) : null;
      if (next) return void qc.setQueryData<PostDto>(postKeys.detail(postId), next);
      await Promise.all([
        qc.invalidateQueries({ queryKey: postKeys.lists() }),
        c.kind === "delete"
          ? qc.removeQueries({ queryKey: postKeys.detail(postId) })
          : qc.invalidateQueries({ queryKey: postKeys.detail(postId) }),
        c.kind === "review" ? qc.invalidateQueries({ queryKey: moderationKeys.all }) : null,
      ]);
    },
  });
}
