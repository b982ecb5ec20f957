"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell, BellOff, Circle } from "lucide-react";
import { useTranslations } from "next-intl";
import { accountApi } from "@/lib/client/account-api";
import { userKeys } from "@/lib/client/query-keys";
import type { WatchDto } from "@/lib/validation/account";

export type WatchTarget = { kind: "category" | "tag"; id: number; name: string };
type Level = "WATCH" | "NORMAL" | "MUTE";

/** The member's watched and muted categories and tags (one request per page, shared by every control on it). */
export function useWatches(enabled = true) {
  return useQuery({ queryKey: userKeys.watches(), queryFn: accountApi.watches, enabled, staleTime: 60_000 });
}

/** Sets the member's choice for one category or tag; the answer is the whole list. */
export function useSetWatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { target: WatchTarget; level: Level }) =>
      accountApi.setWatch({ [a.target.kind === "category" ? "categoryId" : "tagId"]: a.target.id, level: a.level }),
    onSuccess: (list: WatchDto[]) => {
      qc.setQueryData(userKeys.watches(), list);
    },
  });
}

export function levelOf(list: WatchDto[] | undefined, t: WatchTarget): Level {
  return list?.find((w) => w.kind === t.kind && w.id === t.id)?.level ?? "NORMAL";
}

/** Each level's label and hint are in the catalogs (Watch.<LEVEL>). */
const CHOICES: { level: Level; icon: typeof Bell }[] = [
  { level: "WATCH", icon: Bell },
  { level: "NORMAL", icon: Circle },
  { level: "MUTE", icon: BellOff },
];

/**
 * Watch / Normal / Mute for one category or tag. On the category and tag pages (shared by every
 * member, lib/cache/README.md) the member's own choice is asked for by the browser; `signedIn` is only
 * whether the page was rendered for members at all (anonymous visitors see nothing).
 */
export function WatchControl({ target, signedIn = true, compact = false }: { target: WatchTarget; signedIn?: boolean; compact?: boolean }) {
  const t = useTranslations("Watch");
  const watches = useWatches(signedIn);
  const set = useSetWatch();
  if (!signedIn) return null;
  const current = set.isPending && set.variables ? set.variables.level : levelOf(watches.data, target);
  const what = target.kind === "category" ? target.name : `#${target.name}`;
  return (
    <div className="flex flex-col items-start gap-1" data-testid={`watch-${target.kind}-${target.id}`}>
      <div
        role="group"
        aria-label={t("groupLabel", { what })}
        className="inline-flex rounded-md border border-zinc-300 dark:border-zinc-700"
      >
        {CHOICES.map(({ level, icon: Icon }, i) => {
          const on = current === level;
          return (
            <button
              key={level}
              type="button"
              aria-pressed={on}
              title={t(`${level}.hint`)}
              disabled={watches.isPending || set.isPending}
              onClick={() => !on && set.mutate({ target, level })}
              className={`inline-flex min-h-8 items-center gap-1.5 px-2.5 text-sm font-medium focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-sky-600 disabled:cursor-wait ${
                i > 0 ? "border-l border-zinc-300 dark:border-zinc-700" : ""
              } ${i === 0 ? "rounded-l-md" : ""} ${i === CHOICES.length - 1 ? "rounded-r-md" : ""} ${
                on
                  ? "bg-sky-700 text-white dark:bg-sky-700"
                  : "bg-white text-zinc-800 hover:bg-zinc-100 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800"
              }`}
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {t(`${level}.label`)}
            </button>
          );
        })}
      </div>
      {!compact ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {set.error ? <span className="text-red-700 dark:text-red-400">{set.error.message}</span> : t(`${current}.hint`)}
        </p>
      ) : set.error ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {set.error.message}
        </p>
      ) : null}
    </div>
  );
}
