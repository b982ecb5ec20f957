// The demo's change logs and notifications, written in time order (lib/demo/record.ts collects them).
import type { DB } from "@/db";
import { notifications, postChangeLogs } from "@/db/schema";
import { DAY, insertChunks, type Log, type Notice } from "./model";

/** The posts' change logs, oldest first. */
export async function insertChangeLogs(tx: DB, LG: Log[], log: (m: string) => void): Promise<void> {
  LG.sort((a, b) => a.at.getTime() - b.at.getTime());
  await insertChunks(
    (rows) => tx.insert(postChangeLogs).values(rows),
    LG.map((l) => ({
      postId: l.post.id,
      actorId: l.actor.id,
      type: l.type,
      createdAt: l.at,
      oldTitle: l.oldTitle ?? null,
      newTitle: l.newTitle ?? null,
      oldContent: l.oldContent ?? null,
      newContent: l.newContent ?? null,
      oldCategory: l.oldCategory ?? null,
      newCategory: l.newCategory ?? null,
      oldTags: l.oldTags ?? null,
      newTags: l.newTags ?? null,
      oldClosed: l.oldClosed ?? null,
      newClosed: l.newClosed ?? null,
      oldPinnedAt: l.oldPinnedAt ?? null,
      newPinnedAt: l.newPinnedAt ?? null,
      oldFeatured: l.oldFeatured ?? null,
      newFeatured: l.newFeatured ?? null,
      oldVisibleScope: l.oldVisibleScope ?? null,
      newVisibleScope: l.newVisibleScope ?? null,
      amount: l.amount ?? null,
    })),
  );
  log(`change logs: ${LG.length}`);
}

/** Notifications: older ones mostly read, the last few days unread. */
export async function insertNotifications(
  tx: DB,
  NT: Notice[],
  r: { chance: (p: number) => boolean; now: Date },
  log: (m: string) => void,
): Promise<void> {
  const now = r.now;
  NT.sort((a, b) => a.at.getTime() - b.at.getTime());
  await insertChunks(
    (rows) => tx.insert(notifications).values(rows),
    NT.map((n) => ({
      userId: n.user.id,
      type: n.type,
      postId: n.post?.id ?? null,
      commentId: n.comment?.id ?? null,
      fromUserId: n.from?.id ?? null,
      reactionType: n.reactionType ?? null,
      content: n.content ?? null,
      approved: n.approved ?? null,
      createdAt: n.at,
      read: n.at.getTime() < now.getTime() - 4 * DAY ? r.chance(0.9) : r.chance(0.15),
    })),
    800,
  );
  const byType = new Map<string, number>();
  for (const n of NT) byType.set(n.type, (byType.get(n.type) ?? 0) + 1);
  log(`notifications: ${NT.length} (${[...byType].map(([t, k]) => `${t} ${k}`).join(", ")})`);
}
