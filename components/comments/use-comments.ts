"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import { postKeys } from "@/lib/client/query-keys";

/** Every change to the comments of one post: write (or reply), edit, pin, react, delete. */
export type CommentChange =
  | { kind: "create"; content: string; parentId?: number }
  | { kind: "edit"; commentId: number; content: string }
  | { kind: "pin"; commentId: number; pin: boolean }
  | { kind: "react"; commentId: number; type: string }
  | { kind: "delete"; commentId: number };

function send(postId: number, c: CommentChange): Promise<unknown> {
  switch (c.kind) {
    case "create":
      return c.parentId ? api.reply(c.parentId, c.content) : api.comment(postId, c.content);
    case "edit":
      return api.editComment(c.commentId, c.content);
    case "pin":
      return api.pinComment(c.commentId, c.pin);
    case "react":
      return api.reactComment(c.commentId, c.type);
    case "delete":
      return api.deleteComment(c.commentId);
  }
}

/**
 * The one mutation hook of a post's comments. Afterwards the post (its comments and counts) and the
 * lists (comment counts, last reply) are stale; a reaction changes neither.
 */
export function useCommentMutation(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: CommentChange) => send(postId, c),
    onSuccess: async (_data, c) => {
      if (c.kind === "react") return;
      await Promise.all([
        qc.invalidateQueries({ queryKey: postKeys.detail(postId) }),
        qc.invalidateQueries({ queryKey: postKeys.lists() }),
      ]);
    },
  });
}
