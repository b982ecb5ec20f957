"use client";

import { useId, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useAddPeople } from "@/components/messages/use-messages";
import { RecipientPicker, type Recipient, type RecipientPickerHandle } from "@/components/messages/recipient-picker";
import { fieldErrors } from "@/lib/client/api-client";

/**
 * "Add people" in a group's header (members only, while there is room): members picked with
 * suggestions as chips (RecipientPicker, as for a new message), then
 * POST /api/messages/conversations/{id}/participants; a refusal (their policy, a block, the level
 * rule, the size) is shown under the field. The system line it writes reaches everyone live.
 */
export function AddPeople({ conversationId, room }: { conversationId: number; room: number }) {
  const t = useTranslations("Messages.add");
  const id = useId();
  const picker = useRef<RecipientPickerHandle>(null);
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState<Recipient[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const add = useAddPeople(conversationId);

  async function submit() {
    setError(null);
    setLooking(true);
    const list = await picker.current?.commit();
    setLooking(false);
    if (!list) return;
    if (!list.length) return setError(t("writeUsername"));
    add.mutate(
      list.map((r) => r.id),
      {
        onSuccess: () => {
          setTo([]);
          setOpen(false);
        },
        onError: (e) => {
          const f = fieldErrors(e);
          setError(f.form ?? Object.values(f.fields)[0] ?? t("couldNotAdd"));
        },
      },
    );
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
      <RecipientPicker
        ref={picker}
        id={`${id}-to`}
        label={t("label")}
        value={to}
        onChange={setTo}
        max={room}
        error={error}
        onError={setError}
        placeholder={t("placeholder")}
        autoFocus
      />
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
