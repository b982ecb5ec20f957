import type { NotificationGroupDto } from "@/lib/validation/notifications";

/**
 * Helpers for the groups the server answers (GET /api/notifications/groups, lib/services/notifications/
 * groups.ts): the notifications of one type on one post are one group with their true count; a plain
 * module, used by the inbox and the header's dropdown.
 */
export type NotificationGroup = NotificationGroupDto;

/** A group of one is shown as its notification. */
export const isSingle = (g: NotificationGroup) => g.kind === "single" || g.count === 1;

/** The message key (NotificationGroup namespace) of a group's sentence. */
export function groupMessage(g: NotificationGroup): string {
  switch (g.kind) {
    case "replies":
    case "comments":
    case "mentions":
      return g.read ? g.kind : `${g.kind}New`;
    default:
      return g.kind;
  }
}

/** Where a group leads: the newest reply, comment or mention, else the post. */
export function groupHref(g: NotificationGroup): string | null {
  const post = g.latest.post;
  if (!post) return null;
  const withComment = g.kind === "replies" || g.kind === "comments" || g.kind === "mentions";
  return withComment && g.latest.comment ? `/posts/${post.id}#comment-${g.latest.comment.id}` : `/posts/${post.id}`;
}

/** The group's members' names as message arguments: the latest three, and how many more acted. */
export function actorArgs(
  g: NotificationGroup,
  someone: string,
  nameOf: (username: string) => string = (u) => u,
): { key: string; values: Record<string, string | number> } {
  const names = g.actors.map((a) => nameOf(a.username));
  const others = Math.max(0, g.actorCount - names.length);
  const [a = someone, b = "", c = ""] = names;
  if (others > 0 && names.length === 3) return { key: "actorsMore", values: { a, b, c, others } };
  return { key: `actors${Math.max(1, names.length)}`, values: { a, b, c } };
}

/**
 * A lottery draw's numbers from the text the server stores ("1 winner of 2 participants", or OpenIsle's
 * "1 winner(s) of 2 participant(s)"), so the page says it in its own language; null for other text.
 */
export function lotteryDrawNumbers(content: string | null): { winners: number; participants: number } | null {
  const m = content ? /^(\d+) winners?(?:\(s\))? of (\d+) participants?(?:\(s\))?$/.exec(content.trim()) : null;
  return m ? { winners: Number(m[1]), participants: Number(m[2]) } : null;
}
