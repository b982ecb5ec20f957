import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { users } from "@/db/schema";
import { notify } from "@/lib/services/notify";

/** At most this many distinct users are notified per text, so one comment cannot spam the whole forum. */
export const MAX_MENTIONS = 20;

// `@[name]` (OpenIsle's editor form) or a bare `@name` that does not continue a word or an e-mail address.
const MENTION_RE = /@\[([A-Za-z0-9_-]{1,32})\]|(?<![A-Za-z0-9_.@-])@([A-Za-z0-9_-]{1,32})(?![A-Za-z0-9_-])/g;

/** The distinct usernames mentioned in `content`, lower-cased, in order of appearance. */
export function extractMentions(content: string): string[] {
  const names = new Set<string>();
  for (const m of content.matchAll(MENTION_RE)) {
    const name = (m[1] ?? m[2])!.toLowerCase();
    names.add(name);
    if (names.size >= MAX_MENTIONS) break;
  }
  return [...names];
}

/** MENTION to every existing user named in `content` (`@username` or `@[username]`), except the actor. */
export async function notifyMentions(
  tx: DbOrTx,
  m: { content: string; actorId: number; postId: number; commentId?: number | null },
): Promise<void> {
  const names = extractMentions(m.content);
  if (!names.length) return;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, names));
  await notify(
    tx,
    found.map((u) => ({ userId: u.id, type: "MENTION" as const, fromUserId: m.actorId, postId: m.postId, commentId: m.commentId ?? null })),
  );
}
