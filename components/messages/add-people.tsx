"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FieldError, inputClass } from "@/components/ui/field";
import { useAddPeople } from "@/components/messages/use-messages";
import { ApiClientError, fieldErrors } from "@/lib/client/api-client";
import { typedUsernames, userIdsOf } from "@/components/messages/typed-usernames";
import { MAX_GROUP_MEMBERS } from "@/lib/validation/message-limits";

/**
 * "Add people" in a group's header (members only, while there is room): usernames, then
 * POST /api/messages/conversations/{id}/participants; a refusal (their policy, a block, the level
 * rule, the size) is shown under the field. The system line it writes reaches everyone live.
 */
export function AddPeople({ conversationId, room }: { conversationId: number; room: number }) {
  const t = useTranslations("Messages.add");
  const id = useId();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const add = useAddPeople(conversationId);
  const list = typedUsernames(to);

  async function submit() {
    setError(null);
    if (!list.length) return setError(t("writeUsername"));
    if (list.length > room) return setError(t("tooMany", { max: MAX_GROUP_MEMBERS }));
    setLooking(true);
    let ids: number[];
    try {
      ids = await userIdsOf(list);
    } catch (e) {
      setLooking(false);
      return setError(e instanceof ApiClientError && e.status === 404 ? t("noSuchMember") : (fieldErrors(e).form ?? t("couldNotAdd")));
    }
    setLooking(false);
    add.mutate(ids, {
      onSuccess: () => {
        setTo("");
        setOpen(false);
      },
      onError: (e) => {
        const f = fieldErrors(e);
        setError(f.form ?? Object.values(f.fields)[0] ?? t("couldNotAdd"));
      },
    });
  }

  if (!open) {
    return (
      <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(true)} aria-expanded={false} data-testid="add-people">
        <UserPlus className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t("button")}</span>
      </Button>
    );
  }
  return (
    <form
      aria-label={t("button")}
      className="absolute top-full right-0 z-20 mt-1 w-full max-w-md space-y-2 rounded-lg border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-800 dark:bg-zinc-950"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") setOpen(false);
      }}
    >
      <label htmlFor={`${id}-to`} className="block text-sm font-medium">
        {t("label")}
      </label>
      <input
        id={`${id}-to`}
        className={inputClass}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        autoFocus
        autoComplete="off"
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder={t("placeholder")}
      />
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={looking || add.isPending}>
          {t("submit")}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(false)}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
