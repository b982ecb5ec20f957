"use client";

import { Gift } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";

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
import { countdownParts, useNow } from "@/components/ui/use-now";
import { MemberName } from "@/components/people/member-name";

/** Prize, countdown to start/end, join button, participants, winners and the provably-fair seed. */
/** `me`: the member (id, balance), null signed out, "deferred" on a shared page (undefined until known). */
export function LotteryWidget({ postId, me: given }: { postId: number; me: { id: number; point: number } | null | "deferred" }) {
  const me = useShellViewer(given, (m) => ({ id: m.id, point: m.point }), undefined);
  const t = useTranslations("Lottery");
  const locale = useLocale() === "zh-CN" ? "zh-CN" : "en";
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
          <Gift aria-hidden="true" className="inline h-5 w-5 align-[-3px]" /> {t("title")}
        </h2>
        {phase === "upcoming" ? <Badge tone="info">{t("upcoming")}</Badge> : null}
        {phase === "open" ? <Badge tone="success">{t("open")}</Badge> : null}
        {phase === "drawing" ? <Badge tone="warning">{t("drawing")}</Badge> : null}
        {phase === "drawn" ? <Badge>{t("drawn")}</Badge> : null}
      </div>
      <div className="mt-3 flex gap-3">
        {lot.prizeIcon ? (
          <img src={lot.prizeIcon} alt={t("prize")} className="h-16 w-16 shrink-0 rounded-md object-cover" width={64} height={64} />
        ) : null}
        <div className="text-sm">
          <p className="font-medium">{lot.prizeDescription}</p>
          <p className="text-zinc-600 dark:text-zinc-400">{t("terms", { winners: lot.prizeCount, cost: lot.pointCost })}</p>
          <p className="text-zinc-600 dark:text-zinc-400">
            <span title={absoluteTime(lot.startTime, locale)}>{t("starts", { time: absoluteTime(lot.startTime, locale) })}</span> ·{" "}
            <span title={absoluteTime(lot.endTime, locale)}>{t("ends", { time: absoluteTime(lot.endTime, locale) })}</span>
          </p>
          {now !== null && phase === "upcoming" ? (
            <p aria-live="off" className="font-mono text-zinc-800 dark:text-zinc-200">
              {t("startsIn", { time: t("countdown", countdownParts(start, now)) })}
            </p>
          ) : null}
          {now !== null && phase === "open" ? (
            <p aria-live="off" className="font-mono text-zinc-800 dark:text-zinc-200">
              {t("endsIn", { time: t("countdown", countdownParts(end, now)) })}
            </p>
          ) : null}
        </div>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        {phase === "open" && me && !joined && !isAuthor && !confirming && !readOnly ? (
          // Points move only after a confirmation that shows the cost and the balance after; a free lottery joins at once.
          <Button onClick={() => (lot.pointCost ? setConfirming(true) : join.mutate())} disabled={join.isPending}>
            {lot.pointCost ? t("joinFor", { cost: lot.pointCost }) : t("join")}
          </Button>
        ) : null}
        {confirming && me ? (
          <div
            role="group"
            aria-label={t("confirmLabel")}
            className="w-full space-y-2 rounded-md bg-amber-50 p-3 text-sm dark:bg-amber-950/40"
            onKeyDown={(e) => e.key === "Escape" && setConfirming(false)}
          >
            <p>
              {t.rich("confirm", {
                cost: lot.pointCost,
                after: me.point - lot.pointCost,
                now: me.point,
                b: (chunks) => <strong>{chunks}</strong>,
              })}
              {me.point < lot.pointCost ? t("notEnough") : ""}
            </p>
            <div className="flex gap-2">
              <Button size="sm" autoFocus onClick={() => join.mutate()} disabled={join.isPending || me.point < lot.pointCost}>
                {join.isPending ? t("joining") : t("spendAndJoin", { cost: lot.pointCost })}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setConfirming(false)} disabled={join.isPending}>
                {t("cancel")}
              </Button>
            </div>
          </div>
        ) : null}
        {joined ? <Badge tone="success">{t("joined")}</Badge> : null}
        {me === null && phase === "open" ? <SignInLink className="text-sm underline">{t("signIn")}</SignInLink> : null}
      </div>
      {join.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {join.error.message}
        </p>
      ) : null}

      <div className="mt-3 text-sm">
        <p className="text-zinc-600 dark:text-zinc-400">{t("participantCount", { count: lot.participants.length })}</p>
        {lot.participants.length ? (
          <ul className="mt-1 flex flex-wrap gap-1" aria-label={t("participants")}>
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
          <p className="font-medium">{t("winners")}</p>
          {lot.winners.length ? (
            <ul className="mt-1 flex flex-wrap gap-2" aria-label={t("winners")}>
              {lot.winners.map((u) => (
                <li key={u.id} className="inline-flex items-center gap-1">
                  <Avatar src={u.avatar} name={u.username} size={24} />
                  <Link href={`/u/${encodeURIComponent(u.username)}`} className="hover:underline">
                    <MemberName username={u.username} />
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-zinc-600 dark:text-zinc-400">{t("noWinners")}</p>
          )}
        </div>
      ) : null}
      <details className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
        <summary className="cursor-pointer">{t("fair")}</summary>
        <p className="mt-1 break-all">
          {t("seedHash")} <code>{lot.seedHash}</code>
        </p>
        {lot.seed ? (
          <p className="mt-1 break-all">
            {t("seed")} <code>{lot.seed}</code>
          </p>
        ) : null}
        <a href={`/api/posts/${postId}/lottery/verify`} className="mt-1 inline-block underline">
          {t("verify")}
        </a>
      </details>
    </section>
  );
}
