"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban, Bot, Check, EyeOff, Lock, Trash2, UserX } from "lucide-react";
import { useHumanDate } from "@/components/admin/dates";
import { SuspendForm, type SuspendRequest } from "@/components/admin/suspend-form";
import { Link } from "@/components/ui/link";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { RelativeTime } from "@/components/ui/relative-time";
import { api } from "@/lib/client/api-client";
import { moderationKeys, postKeys } from "@/lib/client/query-keys";
import type { FlagAction } from "@/db/schema/enums";
import type { AdminFlagDto } from "@/lib/validation/moderation";

type Group = { key: string; first: AdminFlagDto; flags: AdminFlagDto[] };

/** Open flags grouped by target (a post or one comment), oldest first. */
function group(list: AdminFlagDto[]): Group[] {
  const map = new Map<string, Group>();
  for (const f of list) {
    const key = f.commentId === null ? `p${f.postId}` : `c${f.commentId}`;
    const g = map.get(key);
    if (g) g.flags.push(f);
    else map.set(key, { key, first: f, flags: [f] });
  }
  return [...map.values()];
}

export function useOpenFlags() {
  return useQuery({ queryKey: moderationKeys.flags("open"), queryFn: () => api.flags("open") });
}

export function useResolveFlag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ flagId, action }: { flagId: number; action: FlagAction }) => api.resolveFlag(flagId, action),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: moderationKeys.all }), qc.invalidateQueries({ queryKey: postKeys.all })]),
  });
}

/** Suspend the author of flagged content (moderators: members only; the API refuses bots and staff). */
export function useSuspendAuthor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, length, reason }: { userId: number } & SuspendRequest) => api.suspendUser(userId, length, reason),
    onSuccess: () => qc.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

/**
 * A reason staff may pick for the suspension, written by the site from the flag's category and what was
 * flagged. Never the flaggers' notes: they are staff-only, and the member reads this reason.
 */
function reasonFromFlag(t: ReturnType<typeof useTranslations<"Flags">>, f: AdminFlagDto): string {
  const text = t(f.comment ? "suspendReasonComment" : "suspendReasonPost", { reason: f.reason, title: f.post.title });
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}

/** The flagged content's author: a suspension from here, or why there is none. */
function SuspendAuthor({ flag, admin }: { flag: AdminFlagDto; admin: boolean }) {
  const author = (flag.comment ?? flag.post).author;
  const [open, setOpen] = useState(false);
  const suspend = useSuspendAuthor();
  const t = useTranslations("Flags");
  const humanDate = useHumanDate();
  if (author.bot)
    return (
      <p className="inline-flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
        <Bot aria-hidden="true" className="h-3.5 w-3.5" /> {t("authorIsBot", { username: author.username })}
      </p>
    );
  if (author.suspendedUntil)
    return (
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="author-suspended">
        {t("authorSuspended", { username: author.username, date: humanDate(author.suspendedUntil) })}
      </p>
    );
  if (author.role !== "USER" && !admin) return null;
  if (!open)
    return (
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="suspend-author">
        <UserX aria-hidden="true" className="h-4 w-4" />
        {t("suspendAuthor", { username: author.username })}
      </Button>
    );
  return (
    <div className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <SuspendForm
        username={author.username}
        templates={[reasonFromFlag(t, flag)]}
        busy={suspend.isPending}
        error={suspend.error}
        onSuspend={(r) => suspend.mutate({ userId: author.id, ...r }, { onSuccess: () => setOpen(false) })}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}

// The resolutions; a button's word is Flags.action.<action>.
const ACTIONS: { action: FlagAction; icon: typeof Check; variant: "secondary" | "danger" }[] = [
  { action: "DISMISS", icon: Check, variant: "secondary" },
  { action: "HIDE", icon: EyeOff, variant: "secondary" },
  { action: "CLOSE_POST", icon: Lock, variant: "secondary" },
  { action: "DELETE", icon: Trash2, variant: "danger" },
];

/**
 * The flag queue of the review page: one card per flagged target with every reason and note. `staff`
 * false: a category moderator's queue (issue 57), without deleting or suspending (staff's decisions).
 */
export function FlagQueue({ admin = false, staff = true }: { admin?: boolean; staff?: boolean }) {
  const router = useRouter();
  const [, startTransition] = useTransition();
  const { data, error } = useOpenFlags();
  const resolve = useResolveFlag();
  const t = useTranslations("Flags");
  if (error)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {error.message}
      </p>
    );
  const groups = group(data ?? []);
  if (!groups.length) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        {t("none")}
      </p>
    );
  }
  return (
    <ul className="space-y-3" data-testid="flag-list">
      {groups.map(({ key, first, flags }) => {
        const what = first.comment
          ? t("theCommentBy", { username: first.comment.author.username })
          : t("thePost", { title: first.post.title });
        return (
          <li key={key} className="space-y-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="flag-target">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="font-medium">{first.comment ? t("comment") : t("post")}</span>
              <span className="rounded-full bg-red-100 px-2 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-200">
                {t("count", { count: first.flagCount })}
              </span>
              {first.targetHidden ? (
                <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300">
                  <EyeOff aria-hidden="true" className="h-3.5 w-3.5" /> {t("hidden")}
                </span>
              ) : null}
              {first.post.closed ? <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("postClosed")}</span> : null}
            </div>
            {/* Say what is flagged: a comment's author wrote the comment, not the post it is on. */}
            <p className="text-sm" data-testid="flag-what">
              {first.comment ? (
                t.rich("commentByOn", {
                  username: first.comment.author.username,
                  title: first.post.title,
                  post: (chunks) => (
                    <Link href={`/posts/${first.post.id}#comment-${first.comment!.id}`} className="font-semibold hover:underline">
                      {chunks}
                    </Link>
                  ),
                })
              ) : (
                <>
                  <Link href={`/posts/${first.post.id}`} className="font-semibold hover:underline">
                    {first.post.title}
                  </Link>
                  <span className="text-zinc-600 dark:text-zinc-400"> {t("by", { username: first.post.author.username })}</span>
                </>
              )}
            </p>
            {first.comment ? (
              <blockquote className="border-l-2 border-zinc-300 pl-3 text-sm break-words text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
                {first.comment.excerpt || t("empty")}
              </blockquote>
            ) : null}
            <ul className="space-y-1 text-sm text-zinc-700 dark:text-zinc-300">
              {flags.map((f) => (
                <li key={f.id} className="flex flex-wrap gap-x-2">
                  <Ban aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 text-zinc-600 dark:text-zinc-400" />
                  <span className="font-medium">{t("reason", { reason: f.reason })}</span>
                  <span>{t("from", { username: f.reporter.username })}</span>
                  <RelativeTime iso={f.createdAt} className="text-zinc-500 dark:text-zinc-400" />
                  {f.note ? <span className="w-full pl-5 break-words text-zinc-600 dark:text-zinc-400">“{f.note}”</span> : null}
                </li>
              ))}
            </ul>
            <div role="group" aria-label={t("resolveLabel", { what })} className="flex flex-wrap gap-1.5">
              {ACTIONS.filter(({ action }) => staff || action !== "DELETE").map(({ action, icon: Icon, variant }) => {
                const act = () =>
                  resolve.mutate({ flagId: first.id, action }, { onSuccess: () => startTransition(() => router.refresh()) });
                const inner = (
                  <>
                    <Icon aria-hidden="true" className="h-4 w-4" />
                    {t(`action.${action}`)}
                  </>
                );
                // Deleting cannot be undone: asked inline first; the others can be reversed.
                return action === "DELETE" ? (
                  <ConfirmButton
                    key={action}
                    variant={variant}
                    disabled={resolve.isPending}
                    data-testid={`resolve-${action.toLowerCase()}`}
                    message={t("deleteMessage", { what })}
                    confirmLabel={first.comment ? t("deleteComment") : t("deletePost")}
                    onConfirm={act}
                  >
                    {inner}
                  </ConfirmButton>
                ) : (
                  <Button
                    key={action}
                    size="sm"
                    variant={variant}
                    disabled={resolve.isPending}
                    data-testid={`resolve-${action.toLowerCase()}`}
                    onClick={act}
                  >
                    {inner}
                  </Button>
                );
              })}
            </div>
            {staff ? <SuspendAuthor flag={first} admin={admin} /> : null}
          </li>
        );
      })}
      {resolve.error ? (
        <li role="alert" className="text-sm text-red-700 dark:text-red-400">
          {resolve.error.message}
        </li>
      ) : null}
    </ul>
  );
}
