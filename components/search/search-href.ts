import type { SearchHit } from "@/lib/client/api-client";

/** Where a search hit leads. */
export function hitHref(h: SearchHit): string {
  switch (h.type) {
    case "post":
      return `/posts/${h.id}`;
    case "comment":
      return `/posts/${h.postId}#comment-${h.id}`;
    case "user":
      return `/u/${encodeURIComponent(h.text)}`;
    case "category":
      return `/c/${h.id}`;
    case "tag":
      return `/t/${h.id}`;
  }
}

export const HIT_LABEL: Record<SearchHit["type"], string> = {
  post: "Post",
  comment: "Comment",
  user: "User",
  category: "Category",
  tag: "Tag",
};
