"use client";

import { ShieldOff, Trash2, VolumeX } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { ChangeError } from "@/components/admin/admin-kit";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { RelativeTime } from "@/components/ui/relative-time";
import { spamApi } from "@/lib/client/spam-api";
import type { UserSpamDto } from "@/lib/validation/spam";
import { useSpamMutation } from "./use-spam";

/** A member's admin page: recent sign-in addresses, Silence (read-only) and, for a new member, Delete spammer. */
export function UserSpamPanel({
  userId,
  username,
  state,
  canAct,
}: {
  userId: number;
  username: string;
  state: UserSpamDto;
  canAct: boolean;
}) {
  const id = useId();
  const t = useTranslations("Spam");
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const silence = useSpamMutation(() => spamApi.silence(userId, reason.trim()));
  const lift = useSpamMutation(() => spamApi.unsilence(userId));
  const wipe = useSpamMutation(() => spamApi.deleteSpammer(userId));
  const error = silence.error ?? lift.error ?? wipe.error;
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3" data-testid="user-spam">
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {t("user.title")}
      </h2>
      {state.silenced ? (
        <p
          role="status"
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
          data-testid="silenced-note"
        >
          <VolumeX aria-hidden="true" className="mr-1 inline h-4 w-4 align-[-3px]" />
          {state.silenced.automatic
            ? t("user.silencedAuto", { reason: state.silenced.reason })
            : t("user.silencedBy", { reason: state.silenced.reason || "—" })}{" "}
          <RelativeTime iso={state.silenced.createdAt} />
        </p>
      ) : null}
      <div>
        <h3 className="text-sm font-medium">{t("user.addresses")}</h3>
        {state.addresses.length ? (
          <ul className="mt-1 space-y-1 text-sm" aria-label={t("user.addresses")}>
            {state.addresses.map((a) => (
              <li key={a.ip} className="flex flex-wrap items-center gap-2">
                <span className="font-mono">{a.ip}</span>
                <RelativeTime iso={a.lastUsedAt} />
                {a.screened ? <Badge tone={a.screened === "BLOCK" ? "danger" : "success"}>{t(`screenAction.${a.screened}`)}</Badge> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("user.noAddresses")}</p>
        )}
      </div>
      {canAct ? (
        <div className="flex flex-wrap items-end gap-2">
          {state.silenced ? (
            <Button variant="secondary" disabled={lift.busy} onClick={() => lift.mutate(undefined)}>
              <ShieldOff aria-hidden="true" className="h-4 w-4" /> {t("user.unsilence")}
            </Button>
          ) : (
            <>
              <label className="grow basis-56 text-sm">
                <span className="mb-1 block font-medium">{t("user.reason")}</span>
                <input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} className={inputClass} />
              </label>
              <Button variant="secondary" disabled={silence.busy} onClick={() => silence.mutate(undefined)}>
                <VolumeX aria-hidden="true" className="h-4 w-4" /> {t("user.silence")}
              </Button>
            </>
          )}
          {state.newMember ? (
            confirming ? (
              <span className="flex flex-wrap items-center gap-2">
                <span className="text-sm">{t("user.confirmDelete", { name: username })}</span>
                <Button
                  variant="danger"
                  disabled={wipe.busy}
                  onClick={() =>
                    wipe.mutate(undefined, {
                      onSuccess: (r) => {
                        setConfirming(false);
                        setDone(t("user.deleted", { posts: r.posts, comments: r.comments, messages: r.messages }));
                      },
                    })
                  }
                >
                  {t("user.confirm")}
                </Button>
                <Button variant="ghost" onClick={() => setConfirming(false)}>
                  {t("user.cancel")}
                </Button>
              </span>
            ) : (
              <Button variant="danger" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" className="h-4 w-4" /> {t("user.deleteSpammer")}
              </Button>
            )
          ) : null}
        </div>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {done}
        </p>
      ) : null}
      <ChangeError error={error} />
    </section>
  );
}
