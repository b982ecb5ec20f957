"use client";

import { Gift } from "lucide-react";

/* eslint-disable @next/next/no-img-element -- prize icons are user-supplied URLs */
import { Link } from "@/components/ui/link";
import { SignInLink } from "@/components/layout/sign-in-link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { absoluteTime } from "@/components/ui/relative-time";
import { useSuspension } from "@/components/layout/suspension-banner";
import { useShellViewer } from "@/components/layout/shell-marks";
import { usePost, usePostMutation } from "@/components/posts/use-post";
import { countdown, useNow } from "@/components/ui/use-now";

/** Prize, countdown to start/end, join button, participants, winners and the provably-fair seed. */
/** `me`: the member (id, balance), null signed out, "deferred" on a shared page (undefined until known). */
export function LotteryWidget({ postId, me: given }: { postId: number; me: { id: number; point: number } | null | "deferred" }) {
  const me = useShellViewer(given, (m) => ({ id: m.id, point: m.point }), undefined);
  const suspension = useSuspension();
  const { data: post } = usePost(postId);
  const now = useNow(1000);
  const [confirming, setConfirming] = useState(false);
  const hid = useId();
  const router = useRouter();
  const change = usePostMutation(postId);
  const join = {
    isPending: change.isPending,
    error: change.error,
    mutate: () =>
      change.mutate(
        { kind: "join-lottery" },
        {
          onSuccess: () => {
            setConfirming(false);
            // Joining costs points: the header's balance (a server component) is rendered again.
            router.refresh();
          },
        },
      ),
  };
  const lot = post?.lottery;
  if (!lot || !post) return null;

  const start = new Date(lot.startTime).getTime();
  const end = new Date(lot.endTime).getTime();
  const phase = lot.drawnAt ? "drawn" : now === null ? "unknown" : now < start ? "upcoming" : now < end ? "open" : "drawing";
  const joined = !!me && lot.participants.some((u) => u.id === me.id);
  const isAuthor = !!me && post.author.id === me.id;
  // No entries while the member is suspended or on a post a moderator rejected (the API refuses them too).
  const readOnly = !!suspension || post.status === "REJECTED";

  return (
    <section aria-labelledby={`${hid}-h`} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="lottery">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${hid}-h`} className="text-lg font-semibold">
          <Gift aria-hidden="true" className="inline h-5 w-5 align-[-3px]" /> Lottery
        </h2>
        {phase === "upcoming" ? <Badge tone="info">Not started</Badge> : null}
        {phase === "open" ? <Badge tone="success">Open</Badge> : null}
        {phase === "drawing" ? <Badge tone="warning">Drawing soon</Badge> : null}
        {phase === "drawn" ? <Badge>Drawn</Badge> : null}
      </div>
      <div className="mt-3 flex gap-3">
        {lot.prizeIcon ? (
          <img src={lot.prizeIcon} alt="Prize" className="h-16 w-16 shrink-0 rounded-md object-cover" width={64} height={64} />
        ) : null}
        <div className="text-sm">
          <p className="font-medium">{lot.prizeDescription}</p>
          <p className="text-zinc-600 dark:text-zinc-400">
            {lot.prizeCount} {lot.prizeCount === 1 ? "winner" : "winners"} · costs {lot.pointCost}{" "}
            {lot.pointCost === 1 ? "point" : "points"} to join
          </p>
          <p className="text-zinc-600 dark:text-zinc-400">
            <span title={absoluteTime(lot.startTime)}>Starts {absoluteTime(lot.startTime)}</span> ·{" "}
            <span title={absoluteTime(lot.endTime)}>ends {absoluteTime(lot.endTime)}</span>
          </p>
          {now !== null && phase === "upcoming" ? (
            <p aria-live="off" className="font-mono text-zinc-800 dark:text-zinc-200">
              Starts in {countdown(start, now)}
            </p>
          ) : null}
          {now !== null && phase === "open" ? (
            <p aria-live="off" className="font-mono text-zinc-800 dark:text-zinc-200">
              Ends in {countdown(end, now)}
            </p>
          ) : null}
        </div>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        {phase === "open" && me && !joined && !isAuthor && !confirming && !readOnly ? (
          // Points move only after a confirmation that shows the cost and the balance after; a free lottery joins at once.
          <Button onClick={() => (lot.pointCost ? setConfirming(true) : join.mutate())} disabled={join.isPending}>
            Join{lot.pointCost ? ` for ${lot.pointCost} points` : ""}
          </Button>
        ) : null}
        {confirming && me ? (
          <div
            role="group"
            aria-label="Confirm joining the lottery"
            className="w-full space-y-2 rounded-md bg-amber-50 p-3 text-sm dark:bg-amber-950/40"
            onKeyDown={(e) => e.key === "Escape" && setConfirming(false)}
          >
            <p>
              Join for <strong>{lot.pointCost} points</strong>? Your balance will be <strong>{me.point - lot.pointCost}</strong> (now{" "}
              {me.point}).
              {me.point < lot.pointCost ? " You do not have enough points." : ""}
            </p>
            <div className="flex gap-2">
              <Button size="sm" autoFocus onClick={() => join.mutate()} disabled={join.isPending || me.point < lot.pointCost}>
                {join.isPending ? "Joining…" : `Spend ${lot.pointCost} points and join`}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setConfirming(false)} disabled={join.isPending}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
        {joined ? <Badge tone="success">You joined</Badge> : null}
        {me === null && phase === "open" ? <SignInLink className="text-sm underline">Sign in to join</SignInLink> : null}
      </div>
      {join.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {join.error.message}
        </p>
      ) : null}

      <div className="mt-3 text-sm">
        <p className="text-zinc-600 dark:text-zinc-400">{lot.participants.length} participants</p>
        {lot.participants.length ? (
          <ul className="mt-1 flex flex-wrap gap-1" aria-label="Participants">
            {lot.participants.slice(0, 50).map((u) => (
              <li key={u.id}>
                <Avatar src={u.avatar} name={u.username} size={24} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {lot.drawnAt ? (
        <div className="mt-3 text-sm">
          <p className="font-medium">Winners</p>
          {lot.winners.length ? (
            <ul className="mt-1 flex flex-wrap gap-2" aria-label="Winners">
              {lot.winners.map((u) => (
                <li key={u.id} className="inline-flex items-center gap-1">
                  <Avatar src={u.avatar} name={u.username} size={24} />
                  <Link href={`/u/${encodeURIComponent(u.username)}`} className="hover:underline">
                    {u.username}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-zinc-600 dark:text-zinc-400">No participants, no winners.</p>
          )}
        </div>
      ) : null}
      <details className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
        <summary className="cursor-pointer">Provably fair draw</summary>
        <p className="mt-1 break-all">
          Seed hash (sha256, published at creation): <code>{lot.seedHash}</code>
        </p>
        {lot.seed ? (
          <p className="mt-1 break-all">
            Seed (revealed at the draw): <code>{lot.seed}</code>
          </p>
        ) : null}
        <a href={`/api/posts/${postId}/lottery/verify`} className="mt-1 inline-block underline">
          Verify the draw
        </a>
      </details>
    </section>
  );
}
