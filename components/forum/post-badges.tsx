import { Badge } from "@/components/ui/badge";
import type { PostDto } from "@/lib/validation/responses";

/** Pinned, featured, closed, restricted scope, review status and post type. */
export function PostBadges({ post }: { post: Pick<PostDto, "pinnedAt" | "closed" | "visibleScope" | "status" | "type" | "featured"> }) {
  return (
    <>
      {post.pinnedAt ? (
        <Badge tone="info" title="Pinned by a moderator">
          <span aria-hidden="true">📌</span> Pinned
        </Badge>
      ) : null}
      {post.featured ? (
        <Badge tone="success">
          <span aria-hidden="true">⭐</span> Featured
        </Badge>
      ) : null}
      {post.closed ? (
        <Badge tone="neutral" title="No new comments">
          <span aria-hidden="true">🔒</span> Closed
        </Badge>
      ) : null}
      {post.visibleScope === "ONLY_REGISTER" ? (
        <Badge tone="warning" title="Visible to signed-in users only">
          <span aria-hidden="true">🔐</span> Members only
        </Badge>
      ) : null}
      {post.visibleScope === "ONLY_ME" ? (
        <Badge tone="warning" title="Visible to the author and moderators only">
          <span aria-hidden="true">🔐</span> Only me
        </Badge>
      ) : null}
      {post.status === "PENDING" ? <Badge tone="warning">Pending review</Badge> : null}
      {post.status === "REJECTED" ? <Badge tone="danger">Rejected</Badge> : null}
      {post.type === "POLL" ? (
        <Badge>
          <span aria-hidden="true">📊</span> Poll
        </Badge>
      ) : null}
      {post.type === "LOTTERY" ? (
        <Badge>
          <span aria-hidden="true">🎁</span> Lottery
        </Badge>
      ) : null}
    </>
  );
}
