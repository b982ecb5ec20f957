import type { NotificationDto } from "@/lib/validation/responses";

/**
 * Notifications grouped per post for the inbox and the header's dropdown (a plain module: the pages,
 * the dropdown and the tests use it). The API answers one notification per event, as OpenIsle does;
 * grouping is how they are shown: replies on one post ("3 new replies in 'Title'"), votes in one poll
 * ("5 people voted in 'Title'"), views of one post. Unread and read notifications never share a group,
 * so "new" always means unread, and a group is shown where its newest member is.
 */
export type GroupKind = "replies" | "votes" | "views";

export type NotificationGroup =
  | { kind: "single"; key: string; item: NotificationDto }
  | {
      kind: GroupKind;
      key: string;
      /** Newest first. */
      items: NotificationDto[];
      /** Every member is unread (false: every member is read). */
      unread: boolean;
      post: NonNullable<NotificationDto["post"]>;
    };

/** The group a notification may join, or null when it stays on its own. */
function kindOf(n: NotificationDto): GroupKind | null {
  if (!n.post) return null;
  switch (n.type) {
    case "COMMENT_REPLY":
      return n.comment ? "replies" : null;
    case "POST_UPDATED":
      // A comment on a post the member follows is a reply in it too; an edit of the post is not.
      return n.comment ? "replies" : null;
    case "POLL_VOTE":
      return "votes";
    case "POST_VIEWED":
      return "views";
    default:
      return null;
  }
}

/**
 * Groups a page (or several pages) of notifications, newest first, keeping the list's order: a group
 * stands where its newest member is. A group of one is shown as that notification.
 */
export function groupNotifications(items: readonly NotificationDto[]): NotificationGroup[] {
  const byKey = new Map<string, NotificationDto[]>();
  const order: (string | NotificationDto)[] = [];
  for (const n of items) {
    const kind = kindOf(n);
    if (!kind) {
      order.push(n);
      continue;
    }
    const key = `${kind}:${n.post!.id}:${n.read ? "read" : "unread"}`;
    const members = byKey.get(key);
    if (members) members.push(n);
    else {
      byKey.set(key, [n]);
      order.push(key);
    }
  }
  return order.map((entry): NotificationGroup => {
    if (typeof entry !== "string") return { kind: "single", key: `n${entry.id}`, item: entry };
    const members = byKey.get(entry)!;
    if (members.length === 1) return { kind: "single", key: `n${members[0]!.id}`, item: members[0]! };
    return {
      kind: entry.split(":")[0] as GroupKind,
      key: entry,
      items: members,
      unread: !members[0]!.read,
      post: members[0]!.post!,
    };
  });
}

const rules = new Intl.PluralRules("en");

/** `count` with the word's form for it: plural(1, "reply", "replies") → "1 reply". */
export function plural(count: number, one: string, other: string): string {
  return `${count} ${rules.select(count) === "one" ? one : other}`;
}

/** "alice", "alice and bob", "alice, bob and carol", "alice, bob and 3 others". */
export function actorList(names: readonly string[], shown = 2): string {
  const unique = [...new Set(names)];
  if (unique.length <= 1) return unique[0] ?? "";
  if (unique.length <= shown + 1) return `${unique.slice(0, -1).join(", ")} and ${unique.at(-1)}`;
  const rest = unique.length - shown;
  return `${unique.slice(0, shown).join(", ")} and ${plural(rest, "other", "others")}`;
}

/** The distinct members who acted in a group, newest first (a deleted member's events count as one "someone"). */
export function groupActors(items: readonly NotificationDto[]): string[] {
  return [...new Set(items.map((n) => n.fromUser?.username ?? "someone"))];
}

/** The sentence of a group, without its post's title: "3 new replies in", "5 people voted in". */
export function groupAction(g: Exclude<NotificationGroup, { kind: "single" }>): string {
  const n = g.items.length;
  switch (g.kind) {
    case "replies":
      return `${g.unread ? plural(n, "new reply", "new replies") : plural(n, "reply", "replies")} in`;
    case "votes": {
      const people = groupActors(g.items).length;
      return `${plural(people, "person", "people")} voted in`;
    }
    case "views": {
      const people = groupActors(g.items).length;
      return `${plural(people, "person", "people")} viewed`;
    }
  }
}

/** The whole label of a group, as a screen reader and the tests read it: "3 new replies in “Title”". */
export function groupLabel(g: Exclude<NotificationGroup, { kind: "single" }>): string {
  return `${groupAction(g)} “${g.post.title}”`;
}

/** Where a group leads: the newest reply's comment, or the post. */
export function groupHref(g: Exclude<NotificationGroup, { kind: "single" }>): string {
  const newest = g.items[0]!;
  return g.kind === "replies" && newest.comment ? `/posts/${g.post.id}#comment-${newest.comment.id}` : `/posts/${g.post.id}`;
}

/** The ids a "mark read" of an entry marks: every unread member of a group. */
export function unreadIdsOf(g: NotificationGroup): number[] {
  return g.kind === "single" ? (g.item.read ? [] : [g.item.id]) : g.items.filter((n) => !n.read).map((n) => n.id);
}

/**
 * A lottery draw's summary with the right word forms: the content OpenIsle-compatible rows carry was
 * "1 winner(s) of 2 participant(s)" before the forms were fixed where it is written; shown either way.
 */
export function lotteryDrawSummary(content: string | null): string | null {
  if (!content) return content;
  const m = /^(\d+) winners?(?:\(s\))? of (\d+) participants?(?:\(s\))?$/.exec(content.trim());
  if (!m) return content;
  const winners = Number(m[1]);
  const participants = Number(m[2]);
  return `${plural(winners, "winner", "winners")} of ${plural(participants, "participant", "participants")}`;
}
