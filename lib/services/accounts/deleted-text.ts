import "server-only";
import { and, eq, ne, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { comments, drafts, messages, notifications, postChangeLogs, posts } from "@/db/schema";

/**
 * A literal string as a Postgres regular expression (ARE) that matches exactly it: every character that
 * is special outside brackets is escaped. What a member typed never reaches the engine as a pattern.
 */
export function regexLiteral(s: string): string {
  return s.replace(/[\\^$.|?*+()[\]{}]/g, "\\$&");
}

/** What the member's own text says in place of their address: the account's address now. */
export const deletedAddress = (deletedName: string) => `${deletedName}@deleted.invalid`;

/** The patterns of one deletion: `mentionOf`/`ownOf` rewrite a text, `mentions`/`owns` say whether it needs it. */
function patterns(names: string[], email: string, to: string) {
  const alternatives = [...new Set(names.map((n) => regexLiteral(n.toLowerCase())))].join("|");
  // `@old`, not inside a longer name or an address.
  const mention = `(?<![A-Za-z0-9_.@-])@(${alternatives})(?![A-Za-z0-9_-])`;
  // `old` as a word: not inside a longer word or name, an address (`x@old`, `old@x`, `old.b@x`), a path
  // (`/old`) or a host name (`old.example`). Fixed-width lookarounds only: a run-of-non-spaces test
  // (`(?<!\\S*@\\S*)`) made one 100 KB text cost 5-13 s of the embedded database's thread (every position
  // scanned back); these keep it linear (bench/results/deleted-text-2026-12-03.md).
  const word = `(?<![A-Za-z0-9_.@/-])(${alternatives})(?![A-Za-z0-9_@-])(?!\\.[A-Za-z0-9])`;
  // The address itself, not inside a longer one.
  const address = `(?<![A-Za-z0-9._%+-])${regexLiteral(email.toLowerCase())}(?![A-Za-z0-9_-])(?!\\.[A-Za-z0-9])`;
  const mentionOf = (col: SQL) => sql`regexp_replace(${col}, ${mention}, ${"@" + to}, 'gi')`;
  // Their address first (it may hold the name), then their mentions, then the bare name.
  const ownOf = (col: SQL) =>
    sql`regexp_replace(regexp_replace(regexp_replace(${col}, ${address}, ${deletedAddress(to)}, 'gi'), ${mention}, ${"@" + to}, 'gi'), ${word}, ${to}, 'gi')`;
  const own = `${address}|${mention}|${word}`;
  return {
    mentionOf,
    ownOf,
    mentions: (col: SQL) => sql`${col} ~* ${mention}`,
    owns: (col: SQL) => sql`${col} ~* ${own}`,
  };
}

const col = (c: AnyColumn) => sql`${c}`;

/**
 * In deleteMyAccount's transaction, before the account is renamed: the deleted member's names and
 * address leave every stored text a reader can see or search, one statement per table.
 *
 * - Other members' text keeps their words: only mentions (`@old`, any case, not inside a longer name or
 *   an address) become `@<to>`, in post titles and contents, comments, messages, version histories,
 *   drafts and notification texts (a deleted post's title), as Discourse rewrites mentions on a rename.
 * - The member's own text (posts, comments and messages they wrote, the histories of their posts and
 *   comments, whoever made the edit) and the system lines of conversations ("a added b", which name
 *   members by name) also lose the names as words (`Alice.` but not `malice`, `alice_b`, `alice@host`,
 *   a link or a host name) and the address (any case, not inside a longer one), which becomes
 *   deletedAddress(to).
 * - The member's own draft goes: nobody can publish it any more.
 *
 * The search columns are generated from the text and migration 0053's trigger clears the stored HTML,
 * so both follow. Returns what changed, for the post-commit announcement.
 */
export async function rewriteDeletedText(tx: DbOrTx, m: { userId: number; names: string[]; email: string; to: string }) {
  const p = patterns(m.names, m.email, m.to);
  const either = (own: SQL, c: SQL) => sql`case when ${own} then ${p.ownOf(c)} else ${p.mentionOf(c)} end`;
  const touched = (own: SQL, cs: SQL[]) => or(and(own, or(...cs.map(p.owns))), and(sql`not (${own})`, or(...cs.map(p.mentions))));

  const ownPost = eq(posts.authorId, m.userId);
  const postRows = await tx
    .update(posts)
    .set({ title: either(ownPost, col(posts.title)), content: either(ownPost, col(posts.content)) })
    .where(touched(ownPost, [col(posts.title), col(posts.content)]))
    .returning({ id: posts.id });

  const ownComment = eq(comments.authorId, m.userId);
  const commentRows = await tx
    .update(comments)
    .set({ content: either(ownComment, col(comments.content)) })
    .where(touched(ownComment, [col(comments.content)]))
    .returning({ id: comments.id, postId: comments.postId });

  const ownMessage = sql`(${messages.senderId} = ${m.userId} or ${messages.event} is not null)`;
  await tx
    .update(messages)
    .set({ content: either(ownMessage, col(messages.content)) })
    .where(touched(ownMessage, [col(messages.content)]));

  // A history entry is the member's text when it is of their post or their comment.
  const ownLog = sql`(case when ${postChangeLogs.commentId} is null
    then ${postChangeLogs.postId} in (select p.id from posts p where p.author_id = ${m.userId})
    else ${postChangeLogs.commentId} in (select c.id from comments c where c.author_id = ${m.userId}) end)`;
  const logTexts = [postChangeLogs.oldTitle, postChangeLogs.newTitle, postChangeLogs.oldContent, postChangeLogs.newContent].map(col);
  const logRows = await tx
    .update(postChangeLogs)
    .set({
      oldTitle: either(ownLog, logTexts[0]!),
      newTitle: either(ownLog, logTexts[1]!),
      oldContent: either(ownLog, logTexts[2]!),
      newContent: either(ownLog, logTexts[3]!),
    })
    .where(touched(ownLog, logTexts))
    .returning({ postId: postChangeLogs.postId, commentId: postChangeLogs.commentId });

  await tx.delete(drafts).where(eq(drafts.userId, m.userId));
  await tx
    .update(drafts)
    .set({ title: p.mentionOf(col(drafts.title)), content: p.mentionOf(col(drafts.content)) })
    .where(and(ne(drafts.userId, m.userId), or(p.mentions(col(drafts.title)), p.mentions(col(drafts.content)))));
  const noteRows = await tx
    .update(notifications)
    .set({ content: p.mentionOf(col(notifications.content)) })
    .where(and(ne(notifications.userId, m.userId), p.mentions(col(notifications.content))))
    .returning({ id: notifications.id });

  const historyComments = logRows.filter((l) => l.commentId !== null).map((l) => ({ id: l.commentId!, postId: l.postId }));
  const historyPosts = logRows.filter((l) => l.commentId === null).map((l) => l.postId);
  return {
    posts: [...new Set([...postRows.map((r) => r.id), ...historyPosts])],
    comments: dedupe([...commentRows, ...historyComments]),
    notifications: noteRows.map((r) => r.id),
  };
}

function dedupe(cs: { id: number; postId: number }[]) {
  return [...new Map(cs.map((c) => [c.id, c])).values()];
}
