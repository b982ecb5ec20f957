import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, jsonValue, rawRows } from "@/db";
import { notifications, type NotificationType } from "@/db/schema";
import { userSummary } from "@/lib/services/dto";
import { notificationsByIds, visibleWhere } from "@/lib/services/notifications/notifications";
import { announce } from "@/lib/changes/announce";
import { notificationsRead } from "@/lib/changes/written";
import type { Viewer } from "@/lib/viewer";
import type {
  NotificationGroupDto,
  NotificationGroupKind,
  NotificationGroupPage,
  NotificationGroupsQuery,
} from "@/lib/validation/notification-groups";

/**
 * Notifications grouped on the server: the notifications of one type on one post
 * are one group (replies, comments on a followed post, mentions, poll votes, views, a lottery's draw
 * and win), with the true count, the latest members, the newest time; unread and read ones are
 * separate groups, so "3 new replies" counts unread ones. Every other notification is a group of its
 * own (REACTION rows are grouped per target when written, reactions.ts).
 *
 * A page of groups is a page of group heads (a notification with no newer one in its group), read in
 * the list's order through notifications_user_idx, each head's "is there a newer one" answered by
 * notifications_group_idx (user, post, type, read, time), which also serves each group's count and
 * members: one statement for the page, then the heads as the flat list answers them (notificationsByIds,
 * a constant number of queries).
 */
const GROUPED: Partial<Record<NotificationType, NotificationGroupKind>> = {
  COMMENT_REPLY: "replies",
  POST_UPDATED: "comments",
  MENTION: "mentions",
  POLL_VOTE: "votes",
  POST_VIEWED: "views",
  LOTTERY_WIN: "lottery",
  LOTTERY_DRAW: "lottery",
};
const GROUPED_TYPES = Object.keys(GROUPED) as NotificationType[];

/** Whether the notification in `t` joins a group: a grouped type on a post (an edit of a followed post stays on its own). */
function groupedSql(t: string): SQL {
  const types = sql.join(
    GROUPED_TYPES.map((x) => sql`${x}`),
    sql`, `,
  );
  const n = sql.raw(t);
  return sql`${n}.post_id is not null and ${n}.type::text in (${types}) and (${n}.type <> 'POST_UPDATED' or ${n}.comment_id is not null)`;
}

/** `m` is in the group of `h` (both grouped): same member, post, type and read state. */
const sameGroup = (h: string, userId: number) =>
  sql`m.user_id = ${userId} and m.post_id = ${sql.raw(h)}.post_id and m.type = ${sql.raw(h)}.type and m.read = ${sql.raw(h)}.read
    and (m.type <> 'POST_UPDATED' or m.comment_id is not null)`;

/**
 * The latest members are found among a group's newest 200 notifications (a 20,000-vote group reads 200
 * index entries, not 20,000); a group whose newest 200 came from fewer than 3 members shows fewer.
 */
const ACTOR_WINDOW = 200;

type HeadRow = {
  id: number;
  post_id: number | null;
  grouped: boolean;
  n: number | string | null;
  actor_count: number | string | null;
  actors: unknown;
};

/**
 * The statement of a page of groups (one row per group head, plus one to tell whether more follow),
 * with each group's count and latest members; exported for the plan test (EXPLAIN at scale).
 */
export function groupPageSql(userId: number, q: NotificationGroupsQuery): SQL {
  return sql`with heads as (
      select notifications.id, notifications.type, notifications.post_id, notifications.read, notifications.created_at,
        (${groupedSql("notifications")}) as grouped
      from notifications
      where ${visibleWhere(userId, q.unread)}
        and not (${groupedSql("notifications")} and exists (
          select 1 from notifications m
          where ${sameGroup("notifications", userId)}
            and (m.created_at, m.id) > (notifications.created_at, notifications.id)))
      order by notifications.created_at desc, notifications.id desc
      limit ${q.pageSize + 1} offset ${q.page * q.pageSize}
    )
    select h.id, h.post_id, h.grouped, g.n, g.actor_count, a.actors
    from heads h
    left join lateral (
      select count(*) as n, count(distinct m.from_user_id) as actor_count
      from notifications m where h.grouped and ${sameGroup("h", userId)}
    ) g on true
    left join lateral (
      select json_agg(json_build_object('id', u.id, 'username', u.username, 'avatar', u.avatar, 'displayMedal', u.display_medal,
        'earnedMedal', u.earned_medal, 'bot', u.bot, 'displayName', u.display_name) order by x.last desc) as actors
      from (
        select y.from_user_id, max(y.created_at) as last from (
          select m.from_user_id, m.created_at from notifications m
          where h.grouped and ${sameGroup("h", userId)} and m.from_user_id is not null
          order by m.created_at desc, m.id desc limit ${ACTOR_WINDOW}
        ) y
        group by y.from_user_id order by last desc limit 3
      ) x join users u on u.id = x.from_user_id
    ) a on true
    order by h.created_at desc, h.id desc`;
}

/** The caller's notifications as groups, newest group first (a group stands where its newest member is). */
export async function listNotificationGroups(viewer: Viewer, q: NotificationGroupsQuery): Promise<NotificationGroupPage> {
  const heads = await rawRows<HeadRow>(db, groupPageSql(viewer.id, q));
  const page = heads.slice(0, q.pageSize);
  const latest = new Map(
    (
      await notificationsByIds(
        viewer,
        page.map((h) => h.id),
      )
    ).map((n) => [n.id, n]),
  );
  const items = page.flatMap((h): NotificationGroupDto[] => {
    const n = latest.get(h.id);
    if (!n) return [];
    const kind = (h.grouped && GROUPED[n.type]) || "single";
    const members = jsonValue<Parameters<typeof userSummary>[0][] | null>(h.actors, null);
    const grouped = kind !== "single";
    return [
      {
        key: grouped ? `${n.type}:${h.post_id}:${n.read ? "r" : "u"}` : `n:${n.id}`,
        kind,
        type: n.type,
        count: grouped ? Number(h.n ?? 1) : 1,
        actorCount: grouped ? Number(h.actor_count ?? 0) : n.fromUser ? n.actorCount : 0,
        actors: grouped ? (members ?? []).map(userSummary) : n.fromUser ? [n.fromUser] : [],
        read: n.read,
        latestAt: n.createdAt,
        latestId: n.id,
        latest: n,
      },
    ];
  });
  return { items, page: q.page, pageSize: q.pageSize, hasMore: heads.length > q.pageSize };
}

const KEY = /^(?:n:(\d+)|([A-Z_]+):(\d+):[ur])$/;

/**
 * Marks a group read in one statement: every unread notification of the caller's in it, up to `upTo`
 * (the newest one the caller saw; one that arrived since stays unread). `n:<id>` is one notification.
 */
export async function markGroupRead(
  viewer: Pick<Viewer, "id">,
  { key, upTo }: { key: string; upTo?: number },
): Promise<{ updated: number }> {
  const userId = viewer.id;
  const m = KEY.exec(key);
  if (!m) return { updated: 0 };
  const bound = upTo === undefined ? sql`` : sql` and ${notifications.id} <= ${upTo}`;
  let where: SQL;
  if (m[1]) where = sql`${notifications.id} = ${Number(m[1])}`;
  else {
    const type = m[2] as NotificationType;
    if (!GROUPED[type]) return { updated: 0 };
    where = sql`${notifications.type} = ${type} and ${notifications.postId} = ${Number(m[3])}
      and (${notifications.type} <> 'POST_UPDATED' or ${notifications.commentId} is not null)`;
  }
  const updated = await rawRows<{ id: number }>(
    db,
    sql`update ${notifications} set read = true
      where ${notifications.userId} = ${userId} and ${notifications.read} = false and ${where}${bound}
      returning ${notifications.id}`,
  );
  if (updated.length) await announce(notificationsRead(updated.map((u) => Number(u.id))));
  return { updated: updated.length };
}
