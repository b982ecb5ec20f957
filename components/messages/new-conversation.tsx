"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { PenSquare } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FieldError, inputClass } from "@/components/ui/field";
import { useOpenConversation } from "@/components/messages/use-messages";
import { ApiClientError, fieldErrors } from "@/lib/client/api-client";
import { typedUsernames, userIdsOf } from "@/components/messages/typed-usernames";
import { MAX_GROUP_MEMBERS } from "@/lib/validation/message-limits";

/** "New message" on /messages: one member (their conversation, found or started) or several (a new group of up to 10). */
export function NewConversation() {
  const t = useTranslations("Messages.new");
  const id = useId();
  const router = useRouter();
  const [openForm, setOpenForm] = useState(false);
  const [to, setTo] = useState("");
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const open = useOpenConversation();
  const list = typedUsernames(to);

  async function submit() {
    setError(null);
    if (!list.length) return setError(t("writeUsername"));
    if (list.length > MAX_GROUP_MEMBERS - 1) return setError(t("tooMany", { max: MAX_GROUP_MEMBERS }));
    setLooking(true);
    let ids: number[];
    try {
      ids = await userIdsOf(list);
    } catch (e) {
      setLooking(false);
      return setError(e instanceof ApiClientError && e.status === 404 ? t("noSuchMember") : (fieldErrors(e).form ?? t("notFound")));
    }
    setLooking(false);
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
      <label htmlFor={`${id}-to`} className="block text-sm font-medium">
        {t("to")}
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
        placeholder={t("toPlaceholder")}
      />
      {list.length > 1 ? (
        <>
          <label htmlFor={`${id}-name`} className="block text-sm font-medium">
            {t("groupName")}
          </label>
          <input id={`${id}-name`} className={inputClass} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
        </>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
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
