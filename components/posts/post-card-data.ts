import { markdownExcerpt } from "@/lib/markdown";
import { avatarUnlessDefault } from "@/lib/avatar-url";
import type { PostDto } from "@/lib/validation/responses";

/**
 * What one row of a post list shows, and nothing more. The row is a client component, so these props
 * are the only copy of the post in the page's RSC payload: the markdown source, reactions, poll and
 * lottery stay on the server (a 20-post home page went from ~4.7 KB to ~0.6 KB of payload per post).
 */
export type PostCardData = Pick<PostDto, "id" | "title" | "createdAt" | "commentCount" | "views"> &
  Partial<
    Pick<
      PostDto,
      "lastReplyAt" | "pinnedAt" | "closed" | "visibleScope" | "status" | "rejectedReason" | "type" | "featured" | "isNew" | "newComments"
    >
  > & {
    excerpt: string;
    /** `avatar` only when it is not the default one (`defaultAvatar`). */
    author: { username: string; avatar?: string; displayName?: string };
    category: { id: number; name: string };
    tags: { id: number; name: string }[];
    participants: { username: string; avatar?: string }[];
  };

/** The row's props; flags, times and avatars that are at their usual value are left out (they would be most of the bytes). */
export function toPostCard(p: PostDto, excerptLength = 140): PostCardData {
  return {
    id: p.id,
    title: p.title,
    excerpt: markdownExcerpt(p.content, excerptLength),
    createdAt: p.createdAt,
    commentCount: p.commentCount,
    views: p.views,
    ...(p.lastReplyAt && p.commentCount > 0 ? { lastReplyAt: p.lastReplyAt } : {}),
    ...(p.pinnedAt ? { pinnedAt: p.pinnedAt } : {}),
    ...(p.closed ? { closed: true } : {}),
    ...(p.featured ? { featured: true } : {}),
    ...(p.visibleScope !== "ALL" ? { visibleScope: p.visibleScope } : {}),
    ...(p.status !== "PUBLISHED" ? { status: p.status } : {}),
    ...(p.rejectedReason ? { rejectedReason: p.rejectedReason } : {}),
    ...(p.type !== "NORMAL" ? { type: p.type } : {}),
    ...(p.isNew ? { isNew: true } : {}),
    ...(p.newComments ? { newComments: p.newComments } : {}),
    author: {
      username: p.author.username,
      ...avatarUnlessDefault(p.author.username, p.author.avatar),
      ...(p.author.displayName ? { displayName: p.author.displayName } : {}),
    },
    category: { id: p.category.id, name: p.category.name },
    tags: p.tags.map((t) => ({ id: t.id, name: t.name })),
    participants: p.participants.map((u) => ({ username: u.username, ...avatarUnlessDefault(u.username, u.avatar) })),
  };
}
