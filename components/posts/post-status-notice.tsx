import { CircleX, Hourglass } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { PostDto } from "@/lib/validation/responses";

/**
 * Why a post is not public, for the only people who can open it: its author and staff (a post waiting
 * for review or rejected is a 404 to everyone else, so no shared document holds this). `own`: the
 * reader wrote it; `children`: what staff can do about it (approve, reject).
 */
export function PostStatusNotice({
  post,
  own,
  children,
}: {
  post: Pick<PostDto, "status" | "rejectedReason">;
  own: boolean;
  children?: ReactNode;
}) {
  const t = useTranslations("PostStatus");
  if (post.status === "PENDING")
    return (
      <section
        aria-labelledby="post-status-title"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        data-testid="post-status-notice"
        data-status="PENDING"
      >
        <div className="flex gap-2.5">
          <Hourglass aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700 dark:text-amber-300" />
          <div className="min-w-0 space-y-1 text-sm">
            <h2 id="post-status-title" className="font-semibold">
              {t("pendingTitle")}
            </h2>
            <p>{own ? t("pendingOwn") : t("pendingOther")}</p>
            {children ? <div className="pt-1">{children}</div> : null}
          </div>
        </div>
      </section>
    );
  if (post.status === "REJECTED")
    return (
      <section
        aria-labelledby="post-status-title"
        className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-950 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
        data-testid="post-status-notice"
        data-status="REJECTED"
      >
        <div className="flex gap-2.5">
          <CircleX aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-red-700 dark:text-red-300" />
          <div className="min-w-0 space-y-1 text-sm">
            <h2 id="post-status-title" className="font-semibold">
              {post.rejectedReason ? t("rejectedWithReason") : t("rejected")}{" "}
              {post.rejectedReason ? (
                <span className="font-normal" data-testid="rejected-reason">
                  {post.rejectedReason}
                </span>
              ) : null}
            </h2>
            <p>
              {own ? t("rejectedOwn") : t("rejectedOther")} {t("readOnly")}
            </p>
            {children ? <div className="pt-1">{children}</div> : null}
          </div>
        </div>
      </section>
    );
  return null;
}
