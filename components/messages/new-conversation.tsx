"use client";

import { useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { PenSquare } from "lucide-react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { useOpenConversation } from "@/components/messages/use-messages";
import { RecipientPicker, type Recipient, type RecipientPickerHandle } from "@/components/messages/recipient-picker";
import { fieldErrors } from "@/lib/client/api-client";
import { MAX_GROUP_MEMBERS } from "@/lib/validation/message-limits";

/**
 * "New message" on /messages: one member (their conversation, found or started) or several (a new group
 * of up to 10), picked with suggestions as chips (RecipientPicker); a name that is no member's is refused
 * before anything is sent, and a refusal of the rules (their policy, a block, the level rule) under the field.
 */
export function NewConversation() {
  const t = useTranslations("Messages.new");
  const id = useId();
  const router = useRouter();
  const picker = useRef<RecipientPickerHandle>(null);
  const [openForm, setOpenForm] = useState(false);
  const [to, setTo] = useState<Recipient[]>([]);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const open = useOpenConversation();

  async function submit() {
    setError(null);
    setLooking(true);
    const list = await picker.current?.commit();
    setLooking(false);
    if (!list) return;
    if (!list.length) return setError(t("writeUsername"));
    const ids = list.map((r) => r.id);
    open.mutate(ids.length === 1 ? { recipientId: ids[0]! } : { recipientIds: ids, ...(name.trim() ? { name: name.trim() } : {}) }, {
      onSuccess: (r) => router.push(`/messages/${r.conversationId}`),
      onError: (e) => {
        const f = fieldErrors(e);
        setError(f.form ?? Object.values(f.fields)[0] ?? t("couldNotStart"));
      },
    });
  }

  if (!openForm) {
    return (
      <Button type="button" size="sm" onClick={() => setOpenForm(true)} aria-expanded={false} aria-controls={`${id}-form`}>
        <PenSquare className="h-4 w-4" aria-hidden="true" />
        {t("button")}
      </Button>
    );
  }
  return (
    <form
      id={`${id}-form`}
      aria-label={t("button")}
      className="w-full space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <RecipientPicker
        ref={picker}
        id={`${id}-to`}
        label={t("to")}
        value={to}
        onChange={setTo}
        max={MAX_GROUP_MEMBERS - 1}
        error={error}
        onError={setError}
        placeholder={t("toPlaceholder")}
        autoFocus
      />
      {to.length > 1 ? (
        <>
          <label htmlFor={`${id}-name`} className="block text-sm font-medium">
            {t("groupName")}
          </label>
          <input id={`${id}-name`} className={inputClass} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
        </>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={looking || open.isPending}>
          {t("start")}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => setOpenForm(false)}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
