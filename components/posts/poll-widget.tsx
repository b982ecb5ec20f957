"use client";

import { ChartColumn } from "lucide-react";
import { useTranslations } from "next-intl";

import { Link } from "@/components/ui/link";
import { SignInLink } from "@/components/layout/sign-in-link";
import { useId, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { usePost, usePostMutation } from "@/components/posts/use-post";
import { useNow } from "@/components/ui/use-now";
import { useSuspension } from "@/components/layout/suspension-banner";

/** Vote (once, final), results bars with voters, and the ended state. */
export function PollWidget({ postId, signedIn }: { postId: number; signedIn: boolean }) {
  const t = useTranslations("Poll");
  const { data: post } = usePost(postId);
  const suspension = useSuspension();
  const now = useNow(10_000);
  const [chosen, setChosen] = useState<string[]>([]);
  const [hint, setHint] = useState<string | null>(null);
  const vote = usePostMutation(postId);
  const error = hint ?? (vote.error ? (vote.error instanceof Error ? vote.error.message : t("voteFailed")) : null);
  const groupId = useId();
  const poll = post?.poll;
  if (!poll) return null;

  const ended = poll.finalized || (now !== null && new Date(poll.endTime).getTime() <= now);
  const voted = poll.myVotes.length > 0;
  const total = Object.values(poll.votes).reduce((a, b) => a + b, 0);
  // No votes while the member is suspended or on a post a moderator rejected (the API refuses them too).
  const canVote = signedIn && !voted && !ended && !suspension && post?.status !== "REJECTED";

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!chosen.length) {
      setHint(t("chooseFirst"));
      return;
    }
    setHint(null);
    vote.mutate({ kind: "vote", options: chosen });
  }

  return (
    <section aria-labelledby={`${groupId}-h`} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="poll">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${groupId}-h`} className="text-lg font-semibold">
          <ChartColumn aria-hidden="true" className="inline h-5 w-5 align-[-3px]" /> {t("title")}
        </h2>
        {poll.multiple ? <Badge>{t("multiple")}</Badge> : <Badge>{t("single")}</Badge>}
        {ended ? <Badge tone="neutral">{t("endedBadge")}</Badge> : <Badge tone="success">{t("openBadge")}</Badge>}
        <span className="text-sm text-zinc-600 dark:text-zinc-400">
          {t.rich(ended ? "ended" : "ends", { time: () => <RelativeTime iso={poll.endTime} /> })}
        </span>
      </div>

      {canVote ? (
        <form onSubmit={submit} className="mt-3 space-y-2">
          <fieldset>
            <legend className="sr-only">{t("yourChoice")}</legend>
            {poll.options.map((o, i) => (
              <label
                key={o}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
              >
                <input
                  type={poll.multiple ? "checkbox" : "radio"}
                  name={`${groupId}-option`}
                  value={o}
                  id={`${groupId}-o${i}`}
                  checked={chosen.includes(o)}
                  onChange={(e) => setChosen((c) => (poll.multiple ? (e.target.checked ? [...c, o] : c.filter((x) => x !== o)) : [o]))}
                  className="h-4 w-4 accent-sky-700"
                />
                <span>{o}</span>
              </label>
            ))}
          </fieldset>
          <Button type="submit" disabled={vote.isPending}>
            {t("vote")}
          </Button>
        </form>
      ) : null}

      {!canVote ? (
        <ul className="mt-3 space-y-3" aria-label={t("results")}>
          {poll.options.map((o) => {
            const n = poll.votes[o] ?? 0;
            const pct = total ? Math.round((n / total) * 100) : 0;
            const mine = poll.myVotes.includes(o);
            const voters = poll.optionParticipants[o] ?? [];
            return (
              <li key={o}>
                <div className="flex items-center justify-between text-sm">
                  <span className={mine ? "font-semibold" : ""}>
                    {o}
                    {mine ? <span className="ml-1 text-sky-700 dark:text-sky-400">{t("yourVote")}</span> : null}
                  </span>
                  <span className="text-zinc-600 dark:text-zinc-400">{t("votes", { count: n, pct })}</span>
                </div>
                <div
                  className="mt-1 h-2.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
                  role="progressbar"
                  aria-label={t("barLabel", { option: o, pct })}
                  aria-valuenow={pct}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <div
                    className={`h-full rounded-full ${mine ? "bg-sky-600" : "bg-zinc-400 dark:bg-zinc-500"}`}
                    style={{ width: `${pct}%` }}
                  />
                </div>
                {voters.length ? (
                  <ul className="mt-1 flex flex-wrap gap-1" aria-label={t("votedFor", { option: o })}>
                    {voters.slice(0, 20).map((u) => (
                      <li key={u.id}>
                        <Link href={`/u/${encodeURIComponent(u.username)}`}>
                          <Avatar src={u.avatar} name={u.username} size={20} />
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
        {t("voters", { count: poll.participants.length })}
        {!signedIn && !ended ? (
          <>
            {" · "}
            <SignInLink className="underline">{t("signIn")}</SignInLink>
          </>
        ) : null}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </section>
  );
}
