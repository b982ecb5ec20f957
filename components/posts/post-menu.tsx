"use client";

import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { usePostMutation, type PostChange } from "@/components/posts/use-post";
import { useSuspension } from "@/components/layout/suspension-banner";

export type PostPerms = { edit: boolean; close: boolean; pin: boolean; feature: boolean; delete: boolean };
type Flags = { closed: boolean; pinned: boolean; featured: boolean };

/** The author/moderator actions of a post. After each one the server-rendered page is refreshed. */
export function PostMenu({ postId, perms, flags }: { postId: number; perms: PostPerms; flags: Flags }) {
  const t = useTranslations("Post");
  const router = useRouter();
  const change = usePostMutation(postId);
  const [refreshing, startTransition] = useTransition();
  const pending = change.isPending || refreshing;
  // A suspended member's writes are all refused: their post's actions wait until it ends.
  const suspended = !!useSuspension();

  const run = (c: PostChange, after?: () => void) =>
    change.mutate(c, { onSuccess: () => (after ? after() : startTransition(() => router.refresh())) });

  if (suspended || !Object.values(perms).some(Boolean)) return null;
  return (
    <div role="group" aria-label={t("actions")} className="flex flex-wrap items-center gap-1.5" aria-busy={pending}>
      {perms.edit ? (
        <Link href={`/posts/${postId}/edit`} className={buttonClass("secondary", "sm")}>
          {t("edit")}
        </Link>
      ) : null}
      {perms.close ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={pending}
          onClick={() => run({ kind: "action", action: flags.closed ? "reopen" : "close" })}
        >
          {flags.closed ? t("reopen") : t("close")}
        </Button>
      ) : null}
      {perms.pin ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={pending}
          onClick={() => run({ kind: "action", action: flags.pinned ? "unpin" : "pin" })}
        >
          {flags.pinned ? t("unpin") : t("pin")}
        </Button>
      ) : null}
      {perms.feature ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={pending}
          onClick={() => run({ kind: "action", action: flags.featured ? "unfeature" : "feature" })}
        >
          {flags.featured ? t("unfeature") : t("feature")}
        </Button>
      ) : null}
      {perms.delete ? (
        <ConfirmButton
          variant="danger"
          disabled={pending}
          message={t("deleteConfirm")}
          confirmLabel={t("deletePost")}
          onConfirm={() =>
            run({ kind: "delete" }, () => {
              router.push("/");
              router.refresh();
            })
          }
        >
          {t("delete")}
        </ConfirmButton>
      ) : null}
      {change.error ? (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {change.error.message || t("actionFailed")}
        </p>
      ) : null}
    </div>
  );
}
