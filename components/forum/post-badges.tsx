import { ChartColumn, Gift, Lock, LockKeyhole, Pin, Star } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { PostDto } from "@/lib/validation/responses";

/** Pinned, featured, closed, restricted scope, review status and post type. */
export function PostBadges({ post }: { post: Pick<PostDto, "pinnedAt" | "closed" | "visibleScope" | "status" | "type" | "featured"> }) {
  return (
    <>
      {post.pinnedAt ? (
        <Badge tone="info" title="Pinned by a moderator">
          <Pin aria-hidden="true" className="inline h-3.5 w-3.5 align-[-2px]" /> Pinned
        </Badge>
      ) : null}
      {post.featured ? (
        <Badge tone="success">
          <Star aria-hidden="true" className="inline h-3.5 w-3.5 align-[-2px]" /> Featured
        </Badge>
      ) : null}
      {post.closed ? (
        <Badge tone="neutral" title="No new comments">
          <Lock aria-hidden="true" className="inline h-3.5 w-3.5 align-[-2px]" /> Closed
        </Badge>
      ) : null}
      {post.visibleScope === "ONLY_REGISTER" ? (
        <Badge tone="warning" title="Visible to signed-in users only">
          <LockKeyhole aria-hidden="true" className="inline h-3.5 w-3.5 align-[-2px]" /> Members only
        </Badge>
      ) : null}
      {post.visibleScope === "ONLY_ME" ? (
        <Badge tone="warning" title="Visible to the author and moderators only">
          <LockKeyhole aria-hidden="true" className="inline h-3.5 w-3.5 align-[-2px]" /> Only me
        </Badge>
      ) : null}
      {post.status === "PENDING" ? <Badge tone="warning">Pending review</Badge> : null}
      {post.status === "REJECTED" ? <Badge tone="danger">Rejected</Badge> : null}
      {post.type === "POLL" ? (
        <Badge>
          <ChartColumn aria-hidden="true" className="inline h-3.5 w-3.5 align-[-2px]" /> Poll
        </Badge>
      ) : null}
      {post.type === "LOTTERY" ? (
        <Badge>
          <Gift aria-hidden="true" className="inline h-3.5 w-3.5 align-[-2px]" /> Lottery
        </Badge>
      ) : null}
    </>
  );
}
