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

/** The catalog key (messages/*.json, "Search") of each kind of hit's label. */
export const HIT_LABEL = {
  post: "hitPost",
  comment: "hitComment",
  user: "hitUser",
  category: "hitCategory",
  tag: "hitTag",
} as const satisfies Record<SearchHit["type"], string>;
