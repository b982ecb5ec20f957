"use client";

import { Check, PackageCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useAdminMutation } from "@/components/admin/use-admin";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { RelativeTime } from "@/components/ui/relative-time";
import type { RedemptionDto } from "@/lib/validation/economy";

/**
 * The point shop's redemptions for the admins who hand the goods over: who, what, how to reach them,
 * when, and "Mark fulfilled" on the pending ones (the API writes the audit entry and tells the member).
 */
export function RedemptionsList({ rows }: { rows: RedemptionDto[] }) {
  const t = useTranslations("AdminRedemptions");
  const change = useAdminMutation();
  const [done, setDone] = useState<string | null>(null);
  const busyId = change.busy && change.variables?.kind === "redemption.fulfil" ? change.variables.id : null;

  const fulfil = (r: RedemptionDto) => {
    setDone(null);
    change.mutate(
      { kind: "redemption.fulfil", id: r.id },
      { onSuccess: () => setDone(t("done", { good: r.good.name, member: r.member.username })) },
    );
  };

  return (
    <div className="space-y-3">
      <p
        role="status"
        className={done ? "rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200" : "sr-only"}
      >
        {done}
      </p>
      {change.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {change.error.message}
        </p>
      ) : null}
      <ul
        aria-label={t("listLabel")}
        className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/40"
      >
        {rows.map((r) => (
          <li key={r.id} data-testid="redemption" data-status={r.status} className="flex flex-wrap items-start gap-x-4 gap-y-2 p-4">
            <div className="min-w-0 grow basis-72 space-y-1.5">
              <p className="flex flex-wrap items-center gap-2">
                <strong className="font-semibold break-words" data-testid="redemption-good">
                  {r.good.name}
                </strong>
                <span className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{t("cost", { count: r.cost })}</span>
                {r.good.id === null ? <span className="text-sm text-zinc-600 dark:text-zinc-400">{t("deletedGood")}</span> : null}
              </p>
              <p>
                <Link
                  href={`/admin/users/${r.member.id}`}
                  className="inline-flex min-h-6 items-center gap-2 text-sm font-medium hover:underline"
                  data-testid="redemption-member"
                >
                  <Avatar src={r.member.avatar} name={r.member.username} size={24} decorative />
                  <span className="max-w-48 truncate">{r.member.username}</span>
                </Link>
              </p>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
                <dt className="text-zinc-600 dark:text-zinc-400">{t("contact")}</dt>
                <dd className="break-words whitespace-pre-wrap" data-testid="redemption-contact">
                  {r.contact}
                </dd>
                <dt className="text-zinc-600 dark:text-zinc-400">{t("when")}</dt>
                <dd>
                  <RelativeTime iso={r.createdAt} />
                </dd>
              </dl>
            </div>
            <div className="flex shrink-0 flex-col items-start gap-2 sm:items-end">
              {r.status === "pending" ? (
                <>
                  <Badge tone="warning">{t("status.pending")}</Badge>
                  <Button
                    size="sm"
                    onClick={() => fulfil(r)}
                    disabled={change.busy}
                    aria-busy={busyId === r.id || undefined}
                    data-pending={busyId === r.id ? "" : undefined}
                    aria-label={t("markLabel", { member: r.member.username, good: r.good.name })}
                  >
                    <PackageCheck aria-hidden="true" className="h-4 w-4" />
                    {busyId === r.id ? t("marking") : t("markFulfilled")}
                  </Button>
                </>
              ) : (
                <>
                  <Badge tone="success">
                    <Check aria-hidden="true" className="h-3 w-3" />
                    {t("status.fulfilled")}
                  </Badge>
                  <p className="text-xs text-zinc-600 sm:text-right dark:text-zinc-400">
                    {r.fulfilledBy ? t("fulfilledBy", { admin: r.fulfilledBy.username }) : t("fulfilledNoAdmin")}
                    {r.fulfilledAt ? (
                      <>
                        {" · "}
                        <RelativeTime iso={r.fulfilledAt} />
                      </>
                    ) : null}
                  </p>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
