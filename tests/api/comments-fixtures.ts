// Shared fixtures of the comments/reactions/subscriptions tests: posts inserted directly, ledger checks.
import { eq, sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { notifications, pointHistories, posts, users, type PostStatus, type VisibleScope } from "@/db/schema";
import { makeCategory } from "../helpers";

let categoryId: number | undefined;

export async function makePost(
  authorId: number,
  o: { status?: PostStatus; visibleScope?: VisibleScope; closed?: boolean; title?: string } = {},
) {
  categoryId ??= (await makeCategory()).id;
  const [p] = await db
    .insert(posts)
    .values({
      title: o.title ?? "A post",
      content: "Post body",
      authorId,
      categoryId,
      status: o.status ?? "PUBLISHED",
      visibleScope: o.visibleScope ?? "ALL",
      closed: o.closed ?? false,
    })
    .returning();
  return p!;
}

export async function postRow(id: number) {
  const [p] = await db.select().from(posts).where(eq(posts.id, id));
  return p!;
}

export async function balance(userId: number) {
  const [u] = await db.select({ point: users.point, experience: users.experience }).from(users).where(eq(users.id, userId));
  return u!;
}

/** The user's balance must equal the sum of their ledger (docs/api.md §5). */
export async function ledgerSum(userId: number) {
  const [r] = await rawRows<{ s: number }>(
    db,
    sql`select coalesce(sum(amount), 0)::int as s from point_histories where user_id = ${userId}`,
  );
  return Number(r!.s);
}

export async function ledger(userId: number) {
  return db.select().from(pointHistories).where(eq(pointHistories.userId, userId)).orderBy(pointHistories.id);
}

export async function notificationsOf(userId: number) {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
}

export async function liveCommentCount(postId: number) {
  const [r] = await rawRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from comments where post_id = ${postId} and deleted_at is null`,
  );
  return Number(r!.n);
}
