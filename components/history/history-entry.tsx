"use client";

import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { DiffView, type DiffMode } from "@/components/history/diff-view";
import { ContentDiff, type HistoryView } from "@/components/history/rendered-versions";
import { defaultAvatar } from "@/lib/avatar-url";
import type { ChangeLogDto, TagDto } from "@/lib/validation/responses";
import { MemberName } from "@/components/people/member-name";

/** Who made version 0 and when (the post's creation), shown at the bottom of the timeline. */
export type HistoryOriginInfo = { time: string; username: string; avatar: string };

/** The history's texts (History in messages/<locale>/posts.json): entry kinds are `type.<TYPE>`, scopes `scope.<SCOPE>`. */
type T = ReturnType<typeof useTranslations>;

function Chip({ children, tone }: { children: ReactNode; tone: "old" | "new" }) {
  return (
    <span
      className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs ${
        tone === "old"
          ? "bg-red-50 text-red-900 line-through decoration-red-400 dark:bg-red-950/50 dark:text-red-200"
          : "bg-emerald-50 text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200"
      }`}
    >
      {children}
    </span>
  );
}

/** "before → after" as two chips (missing values read "none"). */
function BeforeAfter({ before, after }: { before: ReactNode; after: ReactNode }) {
  const t = useTranslations("History");
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-sm" data-testid="before-after">
      <span className="sr-only">{t("before")}</span>
      <Chip tone="old">{before ?? t("none")}</Chip>
      <span aria-hidden="true">→</span>
      <span className="sr-only">{t("after")}</span>
      <Chip tone="new">{after ?? t("none")}</Chip>
    </p>
  );
}

function tagNames(tags: TagDto[] | null, t: T): string {
  return tags && tags.length ? tags.map((tag) => `#${tag.name}`).join(" ") : t("noTags");
}

const yesNo = (v: boolean | null, yes: string, no: string) => (v === null ? null : v ? yes : no);

function body(postId: number, log: ChangeLogDto, version: number | null, mode: DiffMode, view: HistoryView, t: T): ReactNode {
  switch (log.type) {
    case "TITLE":
    case "CONTENT": {
      const isTitle = log.type === "TITLE";
      const what = isTitle ? "title" : "content";
      const n = version ?? 0;
      const labels: [string, string] = [t("version", { n: n - 1 }), t("version", { n })];
      return (
        <details open className="group space-y-2">
          <summary className="cursor-pointer text-sm text-zinc-700 dark:text-zinc-300">
            {log.restoredVersion != null
              ? t("restoredField", { what, version: log.restoredVersion, from: n - 1, to: n })
              : t("editedField", { what, from: n - 1, to: n })}
          </summary>
          {isTitle ? (
            <DiffView oldText={log.oldTitle ?? ""} newText={log.newTitle ?? ""} mode={mode} labels={labels} />
          ) : (
            <ContentDiff oldText={log.oldContent ?? ""} newText={log.newContent ?? ""} mode={mode} view={view} labels={labels} />
          )}
        </details>
      );
    }
    case "CATEGORY":
      return <BeforeAfter before={log.oldCategory?.name} after={log.newCategory?.name} />;
    case "TAG":
      return <BeforeAfter before={tagNames(log.oldTags, t)} after={tagNames(log.newTags, t)} />;
    case "VISIBLE_SCOPE":
      return (
        <BeforeAfter
          before={log.oldVisibleScope ? t(`scope.${log.oldVisibleScope}`) : null}
          after={log.newVisibleScope ? t(`scope.${log.newVisibleScope}`) : null}
        />
      );
    case "CLOSED":
      return <BeforeAfter before={yesNo(log.oldClosed, t("closed"), t("open"))} after={yesNo(log.newClosed, t("closed"), t("open"))} />;
    case "PINNED":
      return <BeforeAfter before={log.oldPinnedAt ? t("pinned") : t("notPinned")} after={log.newPinnedAt ? t("pinned") : t("notPinned")} />;
    case "FEATURED":
      return (
        <BeforeAfter
          before={yesNo(log.oldFeatured, t("featured"), t("notFeatured"))}
          after={yesNo(log.newFeatured, t("featured"), t("notFeatured"))}
        />
      );
    case "VOTE_RESULT":
      return (
        <p className="text-sm">
          {t("pollEnded")}{" "}
          <Link href={`/posts/${postId}`} className="text-sky-700 underline dark:text-sky-400">
            {t("pollResults")}
          </Link>
        </p>
      );
    case "LOTTERY_RESULT":
      return (
        <p className="text-sm">
          {t("lotteryDrawn")}{" "}
          <Link href={`/posts/${postId}`} className="text-sky-700 underline dark:text-sky-400">
            {t("lotteryWinners")}
          </Link>{" "}
          {t.rich("lotteryVerify", {
            link: (chunks) => (
              <a href={`/api/posts/${postId}/lottery/verify`} className="text-sky-700 underline dark:text-sky-400">
                {chunks}
              </a>
            ),
          })}
        </p>
      );
    case "DONATE":
      return <p className="text-sm">{t("donated", { amount: log.amount ?? 0 })}</p>;
  }
}

/** One change log entry on the timeline: who, when, what kind, and what changed. */
export function HistoryEntry({
  postId,
  log,
  version,
  mode,
  view = "source",
}: {
  postId: number;
  log: ChangeLogDto;
  version: number | null;
  mode: DiffMode;
  view?: HistoryView;
}) {
  const t = useTranslations("History");
  const system = log.type === "VOTE_RESULT" || log.type === "LOTTERY_RESULT";
  return (
    <li className="relative space-y-2" data-testid="history-entry" data-type={log.type} id={`change-${log.id}`}>
      <span
        aria-hidden="true"
        className="absolute top-2 -left-[27px] h-3 w-3 rounded-full border-2 border-white bg-sky-600 dark:border-zinc-950"
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Avatar src={log.userAvatar || defaultAvatar(log.username)} name={log.username} size={24} />
        {system ? (
          <span className="font-medium">{log.username}</span>
        ) : (
          <Link href={`/u/${encodeURIComponent(log.username)}`} className="font-medium hover:underline">
            <MemberName username={log.username} />
          </Link>
        )}
        <Badge tone={log.type === "CONTENT" || log.type === "TITLE" ? "info" : "neutral"}>{t(`type.${log.type}`)}</Badge>
        {log.restoredVersion != null ? <Badge tone="warning">{t("restoredVersion", { n: log.restoredVersion })}</Badge> : null}
        <RelativeTime iso={log.time} className="text-zinc-600 dark:text-zinc-400" />
      </div>
      {body(postId, log, version, mode, view, t)}
    </li>
  );
}

/** The bottom of the timeline: the post's creation (version 0). */
export function HistoryOrigin({ origin }: { origin: HistoryOriginInfo }) {
  const t = useTranslations("History");
  return (
    <li className="relative space-y-1" data-testid="history-origin">
      <span
        aria-hidden="true"
        className="absolute top-2 -left-[27px] h-3 w-3 rounded-full border-2 border-white bg-zinc-400 dark:border-zinc-950"
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Avatar src={origin.avatar || defaultAvatar(origin.username)} name={origin.username} size={24} />
        <Link href={`/u/${encodeURIComponent(origin.username)}`} className="font-medium hover:underline">
          <MemberName username={origin.username} />
        </Link>
        <Badge tone="success">{t("posted")}</Badge>
        <RelativeTime iso={origin.time} className="text-zinc-600 dark:text-zinc-400" />
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("original")}</p>
    </li>
  );
}
