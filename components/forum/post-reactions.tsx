"use client";

import { ReactionBar, applyToggle } from "@/components/forum/reaction-bar";
import { usePost, useSetPost } from "@/components/forum/use-post";
import { api } from "@/lib/api-client";

export function PostReactions({ postId, me }: { postId: number; me: string | null }) {
  const { data: post } = usePost(postId);
  const setPost = useSetPost(postId);
  if (!post) return null;
  return (
    <ReactionBar
      label="Post reactions"
      reactions={post.reactions}
      me={me}
      onToggle={async (type) => {
        const added = await api.reactPost(postId, type);
        setPost((p) => ({ ...p, reactions: applyToggle(p.reactions, me ?? "", type, added) }));
      }}
    />
  );
}
