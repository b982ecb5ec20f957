"use client";

import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { DiffView, type DiffMode } from "@/components/history/diff-view";
import { ContentDiff, type HistoryView } from "@/components/history/rendered-versions";
import { defaultAvatar } from "@/lib/avatar-url";
import type { ChangeLogDto, TagDto } from "@/lib/validation/responses";

/** Who made version 0 and when (the post's creation), shown at the bottom of the timeline. */
export type HistoryOriginInfo = { time: string; username: string; avatar: string };

const TYPE_LABEL: Record<ChangeLogDto["type"], string> = {
  CONTENT: "Content",
  TITLE: "Title",
  CATEGORY: "Category",
  TAG: "Tags",
  CLOSED: "Closed",
  PINNED: "Pinned",
  FEATURED: "Featured",
  VISIBLE_SCOPE: "Visibility",
  VOTE_RESULT: "Poll result",
  LOTTERY_RESULT: "Lottery result",
  DONATE: "Donation",
};

const SCOPE_LABEL = { ALL: "Everyone", ONLY_REGISTER: "Signed-in users", ONLY_ME: "Only the author" } as const;

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
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-sm" data-testid="before-after">
      <span className="sr-only">Before:</span>
      <Chip tone="old">{before ?? "none"}</Chip>
      <span aria-hidden="true">→</span>
      <span className="sr-only">After:</span>
      <Chip tone="new">{after ?? "none"}</Chip>
    </p>
  );
}

function tagNames(tags: TagDto[] | null): string {
  return tags && tags.length ? tags.map((t) => `#${t.name}`).join(" ") : "no tags";
}

const yesNo = (v: boolean | null, yes: string, no: string) => (v === null ? null : v ? yes : no);

function body(postId: number, log: ChangeLogDto, version: number | null, mode: DiffMode, view: HistoryView): ReactNode {
  switch (log.type) {
    case "TITLE":
    case "CONTENT": {
      const isTitle = log.type === "TITLE";
      const what = isTitle ? "title" : "content";
      const n = version ?? 0;
      return (
        <details open className="group space-y-2">
          <summary className="cursor-pointer text-sm text-zinc-700 dark:text-zinc-300">
            {log.restoredVersion != null
              ? `Restored the ${what} of version ${log.restoredVersion}: version ${n - 1} → ${n}`
              : `Edited the ${what}: version ${n - 1} → ${n}`}
          </summary>
          {isTitle ? (
            <DiffView oldText={log.oldTitle ?? ""} newText={log.newTitle ?? ""} mode={mode} labels={[`Version ${n - 1}`, `Version ${n}`]} />
          ) : (
            <ContentDiff
              oldText={log.oldContent ?? ""}
              newText={log.newContent ?? ""}
              mode={mode}
              view={view}
              labels={[`Version ${n - 1}`, `Version ${n}`]}
            />
          )}
        </details>
      );
    }
    case "CATEGORY":
      return <BeforeAfter before={log.oldCategory?.name} after={log.newCategory?.name} />;
    case "TAG":
      return <BeforeAfter before={tagNames(log.oldTags)} after={tagNames(log.newTags)} />;
    case "VISIBLE_SCOPE":
      return (
        <BeforeAfter
          before={log.oldVisibleScope ? SCOPE_LABEL[log.oldVisibleScope] : null}
          after={log.newVisibleScope ? SCOPE_LABEL[log.newVisibleScope] : null}
        />
      );
    case "CLOSED":
      return <BeforeAfter before={yesNo(log.oldClosed, "Closed", "Open")} after={yesNo(log.newClosed, "Closed", "Open")} />;
    case "PINNED":
      return <BeforeAfter before={log.oldPinnedAt ? "Pinned" : "Not pinned"} after={log.newPinnedAt ? "Pinned" : "Not pinned"} />;
    case "FEATURED":
      return (
        <BeforeAfter
          before={yesNo(log.oldFeatured, "Featured", "Not featured")}
          after={yesNo(log.newFeatured, "Featured", "Not featured")}
        />
      );
    case "VOTE_RESULT":
      return (
        <p className="text-sm">
          The poll ended and its result was published.{" "}
          <Link href={`/posts/${postId}`} className="text-sky-700 underline dark:text-sky-400">
            See the poll results
          </Link>
        </p>
      );
    case "LOTTERY_RESULT":
      return (
        <p className="text-sm">
          The lottery was drawn.{" "}
          <Link href={`/posts/${postId}`} className="text-sky-700 underline dark:text-sky-400">
            See the winners
          </Link>{" "}
          (the draw can be verified:{" "}
          <a href={`/api/posts/${postId}/lottery/verify`} className="text-sky-700 underline dark:text-sky-400">
            verification data
          </a>
          )
        </p>
      );
    case "DONATE":
      return <p className="text-sm">Donated {log.amount ?? 0} points to the author.</p>;
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
            {log.username}
          </Link>
        )}
        <Badge tone={log.type === "CONTENT" || log.type === "TITLE" ? "info" : "neutral"}>{TYPE_LABEL[log.type]}</Badge>
        {log.restoredVersion != null ? <Badge tone="warning">Restored version {log.restoredVersion}</Badge> : null}
        <RelativeTime iso={log.time} className="text-zinc-600 dark:text-zinc-400" />
      </div>
      {body(postId, log, version, mode, view)}
    </li>
  );
}

/** The bottom of the timeline: the post's creation (version 0). */
export function HistoryOrigin({ origin }: { origin: HistoryOriginInfo }) {
  return (
    <li className="relative space-y-1" data-testid="history-origin">
      <span
        aria-hidden="true"
        className="absolute top-2 -left-[27px] h-3 w-3 rounded-full border-2 border-white bg-zinc-400 dark:border-zinc-950"
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Avatar src={origin.avatar || defaultAvatar(origin.username)} name={origin.username} size={24} />
        <Link href={`/u/${encodeURIComponent(origin.username)}`} className="font-medium hover:underline">
          {origin.username}
        </Link>
        <Badge tone="success">Posted</Badge>
        <RelativeTime iso={origin.time} className="text-zinc-600 dark:text-zinc-400" />
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">Version 0: the original post.</p>
    </li>
  );
}
