"use client";

import { useMutation } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { ChangeError } from "@/components/admin/admin-kit";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/client/api-client";

type Deleted = { deleted: true; username: string; postsRemoved: number; commentsRemoved: number };

/**
 * A member's admin page, admins only: delete the member's account (DELETE /api/admin/users/{id}/account),
 * after a confirmation that asks whether their posts and comments are kept or removed. Audit-logged by the
 * server; an admin's account (the page's own admin included) is not offered.
 */
export function AdminDeleteAccount({ userId, username }: { userId: number; username: string }) {
  const t = useTranslations("AdminUser.deleteAccount");
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [content, setContent] = useState<"keep" | "remove">("keep");
  const [done, setDone] = useState<Deleted | null>(null);
  // No refresh afterwards: the page would drop this panel (a deleted account has none) and its answer with it.
  const del = useMutation({
    mutationFn: () => {
      return apiFetch<Deleted>(`/api/admin/users/${userId}/account`, { method: "DELETE", body: { content } });
    },
    onSuccess: (r) => (setDone(r), setConfirming(false)),
  });
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3" data-testid="admin-delete-account">
      <h2 id={`${id}-h`} className="flex items-center gap-2 text-lg font-semibold">
        <Trash2 aria-hidden="true" className="size-5 text-red-700 dark:text-red-400" />
        {t("title")}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("intro")}</p>
      {done ? (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {t("done", { posts: done.postsRemoved, comments: done.commentsRemoved })}
        </p>
      ) : confirming ? (
        <form
          aria-label={t("confirm", { name: username })}
          className="space-y-3 rounded-md border border-red-300 p-3 dark:border-red-900"
          onSubmit={(e) => {
            e.preventDefault();
            del.mutate();
          }}
        >
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t("contentLegend")}</legend>
            {(["keep", "remove"] as const).map((v) => (
              <label key={v} className="flex items-start gap-2 text-sm">
                <input type="radio" name="content" value={v} checked={content === v} onChange={() => setContent(v)} className="mt-1" />
                <span>{t(v)}</span>
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={del.isPending}>
              {t("confirm", { name: username })}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="h-4 w-4" /> {t("open")}
        </Button>
      )}
      <ChangeError error={del.error} />
    </section>
  );
}
