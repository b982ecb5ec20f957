import { Icon } from "@/components/ui/icon";
import { Badge } from "@/components/ui/badge";
import type { PostDto } from "@/lib/validation/responses";

/** Pinned, featured, closed, restricted scope, review status and post type. */
export function PostBadges({
  post,
}: {
  post: Partial<Pick<PostDto, "pinnedAt" | "closed" | "visibleScope" | "status" | "type" | "featured">>;
}) {
  return (
    <>
      {post.pinnedAt ? (
        <Badge tone="info" title="Pinned by a moderator">
          <Icon name="pin" /> Pinned
        </Badge>
      ) : null}
      {post.featured ? (
        <Badge tone="success">
          <Icon name="star" /> Featured
        </Badge>
      ) : null}
      {post.closed ? (
        <Badge tone="neutral" title="No new comments">
          <Icon name="lock" /> Closed
        </Badge>
      ) : null}
      {post.visibleScope === "ONLY_REGISTER" ? (
        <Badge tone="warning" title="Visible to signed-in users only">
          <Icon name="lock-keyhole" /> Members only
        </Badge>
      ) : null}
      {post.visibleScope === "ONLY_ME" ? (
        <Badge tone="warning" title="Visible to the author and moderators only">
          <Icon name="lock-keyhole" /> Only me
        </Badge>
      ) : null}
      {post.status === "PENDING" ? <Badge tone="warning">Pending review</Badge> : null}
      {post.status === "REJECTED" ? <Badge tone="danger">Rejected</Badge> : null}
      {post.type === "POLL" ? (
        <Badge>
          <Icon name="chart-column" /> Poll
        </Badge>
      ) : null}
      {post.type === "LOTTERY" ? (
        <Badge>
          <Icon name="gift" /> Lottery
        </Badge>
      ) : null}
    </>
  );
}
