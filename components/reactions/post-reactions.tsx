"use client";

import { useTranslations } from "next-intl";
import { ReactionBar } from "@/components/reactions/reaction-bar";
import { useShellViewer } from "@/components/layout/shell-marks";
import { usePost, usePostMutation } from "@/components/posts/use-post";
import { useSuspension } from "@/components/layout/suspension-banner";

/** `me`: the member's name (their reactions are marked), null signed out, "deferred" on a shared page. */
export function PostReactions({ postId, me: given }: { postId: number; me: string | null | "deferred" }) {
  const t = useTranslations("Reactions");
  const me = useShellViewer(given, (m) => m.username, "");
  const { data: post } = usePost(postId);
  const change = usePostMutation(postId);
  const suspended = !!useSuspension();
  if (!post) return null;
  return (
    <ReactionBar
      label={t("postLabel")}
      reactions={post.reactions}
      me={me}
      readOnly={suspended || post.status === "REJECTED"}
      onToggle={async (type) => {
        await change.mutateAsync({ kind: "react", type, me: me ?? "" });
      }}
    />
  );
}
