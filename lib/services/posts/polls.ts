import "server-only";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { pollVotes, polls, postChangeLogs, posts, users } from "@/db/schema";
import { badRequest, conflict, notFound, msg } from "@/lib/errors";
import { iso, userSummary, userSummaryColumns } from "@/lib/services/dto";
import { assertCategoryVisible } from "@/lib/permissions/category-access";
import { assertCanSeePost, assertNotRejected } from "@/lib/permissions";
import { notify } from "@/lib/services/shared/notification-writer";
import { systemUserId } from "@/lib/services/shared/change-logs";
import { pollInputSchema, type PollInput } from "@/lib/validation/economy";
import type { PollDto, UserSummaryDto } from "@/lib/validation/responses";
import type { Viewer } from "@/lib/viewer";
import { afterCommit } from "@/lib/changes/announce";
import { pollClosed, pollVoted } from "@/lib/changes/written";

/** Creates the poll of a POLL post in the caller's transaction (validates 2..20 unique options, future endTime). */
export async function createPoll(tx: DbOrTx, postId: number, input: PollInput): Promise<void> {
  const p = pollInputSchema.parse(input);
  await tx.insert(polls).values({ postId, options: p.options, multiple: p.multiple, endTime: new Date(p.endTime) });
}

/** Polls of the given posts, keyed by post id, in two queries whatever the number of posts. */
export async function loadPolls(postIds: number[], viewerId: number | null, runner: DbOrTx = db): Promise<Map<number, PollDto>> {
  const out = new Map<number, PollDto>();
  const ids = [...new Set(postIds)];
  if (!ids.length) return out;
  const [rows, votes] = await Promise.all([
    runner.select().from(polls).where(inArray(polls.postId, ids)),
    runner
      .select({ postId: pollVotes.postId, option: pollVotes.option, user: userSummaryColumns })
      .from(pollVotes)
      .innerJoin(users, eq(users.id, pollVotes.userId))
      .where(inArray(pollVotes.postId, ids))
      .orderBy(asc(pollVotes.id)),
  ]);
  for (const r of rows) {
    // Null-prototype records: an option may be any string, "__proto__" included.
    const counts: Record<string, number> = Object.create(null);
    const optionParticipants: Record<string, UserSummaryDto[]> = Object.create(null);
    for (const o of r.options) {
      counts[o] = 0;
      optionParticipants[o] = [];
    }
    out.set(r.postId, {
      options: r.options,
      votes: counts,
      endTime: iso(r.endTime)!,
      participants: [],
      optionParticipants,
      multiple: r.multiple,
      finalized: r.finalizedAt !== null,
      myVotes: [],
    });
  }
  const seen = new Map<number, Set<number>>();
  for (const v of votes) {
    const poll = out.get(v.postId);
    if (!poll || !(v.option in poll.votes)) continue;
    const summary = userSummary(v.user);
    poll.votes[v.option]! += 1;
    poll.optionParticipants[v.option]!.push(summary);
    let s = seen.get(v.postId);
    if (!s) seen.set(v.postId, (s = new Set()));
    if (!s.has(v.user.id)) {
      s.add(v.user.id);
      poll.participants.push(summary);
    }
    if (viewerId !== null && v.user.id === viewerId) poll.myVotes.push(v.option);
  }
  // Hand out ordinary objects (React refuses null-prototype ones across the server/client boundary);
  // Object.fromEntries defines every key as an own property, "__proto__" included.
  for (const poll of out.values()) {
    poll.votes = Object.fromEntries(Object.entries(poll.votes));
    poll.optionParticipants = Object.fromEntries(Object.entries(poll.optionParticipants));
  }
  return out;
}

export async function getPoll(viewer: Viewer | null, { postId }: { postId: number }): Promise<PollDto> {
  const [post] = await db
    .select({ authorId: posts.authorId, status: posts.status, visibleScope: posts.visibleScope, categoryId: posts.categoryId })
    .from(posts)
    .where(eq(posts.id, postId));
  assertCanSeePost(viewer, post);
  await assertCategoryVisible(viewer, post.categoryId);
  let poll = (await loadPolls([postId], viewer?.id ?? null)).get(postId);
  if (!poll) throw notFound(msg("noPoll"));
  // A poll past its end is announced on first read, not only by the next scheduler tick.
  if (!poll.finalized && Date.parse(poll.endTime) <= Date.now() && (await finalizePoll(postId))) poll = { ...poll, finalized: true };
  return poll;
}

/**
 * One final vote per user. The poll row is locked (`for update`) for the duration of the vote, so two
 * concurrent votes by one user are serialized and the second sees the first (409); finalization, which
 * updates the same row, cannot interleave with a vote either.
 */
export async function votePoll(viewer: Viewer, a: { postId: number; options?: string[]; indexes?: number[] }): Promise<PollDto> {
  await afterCommit(
    db.transaction(async (tx) => {
      const [post] = await tx
        .select({
          id: posts.id,
          authorId: posts.authorId,
          status: posts.status,
          visibleScope: posts.visibleScope,
          categoryId: posts.categoryId,
        })
        .from(posts)
        .where(eq(posts.id, a.postId));
      assertCanSeePost(viewer, post);
      await assertCategoryVisible(viewer, post.categoryId, undefined, tx);
      assertNotRejected(post);
      const [poll] = await tx.select().from(polls).where(eq(polls.postId, a.postId)).for("update");
      if (!poll) throw notFound(msg("noPoll"));
      if (poll.finalizedAt || poll.endTime.getTime() <= Date.now()) throw conflict(msg("pollEnded"));

      let chosen: string[];
      if (a.indexes && a.indexes.length) {
        chosen = a.indexes.map((i) => {
          const o = Number.isInteger(i) && i >= 0 ? poll.options[i] : undefined;
          if (o === undefined) throw badRequest(msg("invalidOption"), "option");
          return o;
        });
      } else {
        chosen = (a.options ?? []).map((o) => {
          if (!poll.options.includes(o)) throw badRequest(msg("unknownOption", { option: o }), "options");
          return o;
        });
      }
      chosen = [...new Set(chosen)];
      if (!chosen.length) throw badRequest(msg("noOptionsSelected"), "options");
      if (!poll.multiple && chosen.length !== 1) throw badRequest(msg("pollSingleOption"), "options");

      const [already] = await tx
        .select({ id: pollVotes.id })
        .from(pollVotes)
        .where(and(eq(pollVotes.postId, a.postId), eq(pollVotes.userId, viewer.id)))
        .limit(1);
      if (already) throw conflict(msg("alreadyVoted"));
      const inserted = await tx
        .insert(pollVotes)
        .values(chosen.map((option) => ({ postId: a.postId, userId: viewer.id, option })))
        .onConflictDoNothing()
        .returning({ id: pollVotes.id });
      if (inserted.length !== chosen.length) throw conflict(msg("alreadyVoted"));
      await notify(tx, { userId: post.authorId, type: "POLL_VOTE", fromUserId: viewer.id, postId: a.postId });
    }),
    pollVoted(a.postId),
  );
  return (await loadPolls([a.postId], viewer.id)).get(a.postId)!;
}

/**
 * Announces a poll's result exactly once: whichever process wins the conditional update on
 * `finalized_at` sends POLL_RESULT_OWNER / POLL_RESULT_PARTICIPANT and writes the VOTE_RESULT log.
 * Returns false when the poll is not due or was already finalized.
 */
export async function finalizePoll(postId: number): Promise<boolean> {
  return afterCommit(
    db.transaction(async (tx) => {
      const claimed = await tx
        .update(polls)
        .set({ finalizedAt: sql`now()` })
        .where(and(eq(polls.postId, postId), isNull(polls.finalizedAt), lte(polls.endTime, sql`now()`)))
        .returning({ postId: polls.postId });
      if (!claimed.length) return false;
      const [post] = await tx.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, postId));
      if (!post) return true;
      const voters = await tx.selectDistinct({ userId: pollVotes.userId }).from(pollVotes).where(eq(pollVotes.postId, postId));
      await notify(tx, [
        { userId: post.authorId, type: "POLL_RESULT_OWNER", postId },
        ...voters.map((v) => ({ userId: v.userId, type: "POLL_RESULT_PARTICIPANT" as const, postId })),
      ]);
      await tx.insert(postChangeLogs).values({ postId, actorId: await systemUserId(tx), type: "VOTE_RESULT" });
      return true;
    }),
    (done) => (done ? pollClosed(postId) : []),
  );
}

/** Polls whose end has passed and whose result is not published yet; the scheduler's probe asks whether there are any. */
const pollDue = () => and(isNull(polls.finalizedAt), lte(polls.endTime, sql`now()`))!;
export const pollsDue = () => sql`exists (select 1 from ${polls} where ${pollDue()})`;

/** Scheduler job: finalizes every poll past its end time; returns how many this process finalized. */
export async function processDuePolls(): Promise<number> {
  const due = await db.select({ postId: polls.postId }).from(polls).where(pollDue()).orderBy(asc(polls.endTime)).limit(100);
  let n = 0;
  for (const d of due) if (await finalizePoll(d.postId)) n++;
  return n;
}
