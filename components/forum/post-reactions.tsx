"use client";

import { ReactionBar } from "@/components/forum/reaction-bar";
import { usePost, usePostMutation } from "@/components/forum/use-post";

export function PostReactions({ postId, me }: { postId: number; me: string | null }) {
  const { data: post } = usePost(postId);
  const change = usePostMutation(postId);
  if (!post) return null;
  return (
    <ReactionBar
      label="Post reactions"
      reactions={post.reactions}
      me={me}
      onToggle={async (type) => {
        await change.mutateAsync({ kind: "react", type, me: me ?? "" });
      }}
    />
  );
}
