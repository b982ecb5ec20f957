"use client";

import { useEffect, useId, useState } from "react";
import { useTranslations } from "next-intl";
import { Reply, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { Composer, type ComposerHandle } from "@/components/composer/composer";
import { plainLine } from "@/components/messages/conversation-list";
import { useSendMessage } from "@/components/messages/use-messages";
import { textBoxError } from "@/lib/client/api-client";
import { MESSAGE_MAX_LENGTH } from "@/lib/validation/message-limits";
import type { MessageDto } from "@/lib/validation/messages";
import { useShownName } from "@/components/people/member-name";

type Me = { id: number; username: string };

/** The composer of comments, with a draft per member and conversation kept in this browser. */
export function MessageComposer({
  conversationId,
  me,
  composer,
  replyTo,
  onSent,
  onCancelReply,
}: {
  conversationId: number;
  me: Me;
  composer: React.RefObject<ComposerHandle | null>;
  replyTo: MessageDto | null;
  onSent: () => void;
  onCancelReply: () => void;
}) {
  const t = useTranslations("Messages.composer");
  const shown = useShownName();
  const id = useId();
  const draftKey = `dm-draft:${me.id}:${conversationId}`;
  const [text, setText] = useState("");
  const [emptyError, setEmptyError] = useState(false);
  useEffect(() => {
    const saved = localStorage.getItem(draftKey);
    if (!saved) return;
    const t = setTimeout(() => setText((cur) => cur || saved), 0);
    return () => clearTimeout(t);
  }, [draftKey]);
  useEffect(() => {
    const t = setTimeout(() => (text.trim() ? localStorage.setItem(draftKey, text) : localStorage.removeItem(draftKey)), 300);
    return () => clearTimeout(t);
  }, [text, draftKey]);

  const send = useSendMessage(conversationId);
  function submit() {
    if (!text.trim()) return setEmptyError(true);
    setEmptyError(false);
    send.mutate(
      { content: text, replyToId: replyTo?.id ?? null },
      {
        onSuccess: () => {
          setText("");
          localStorage.removeItem(draftKey);
          onSent();
        },
      },
    );
  }
  const error = textBoxError(emptyError, send.error, t("couldNotSend"));

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="space-y-1"
      aria-label={t("label")}
    >
      {replyTo ? (
        <div className="flex items-center gap-2 rounded-md bg-zinc-100 px-2 py-1 text-xs dark:bg-zinc-800" data-testid="replying-to">
          <Reply className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate">
            {t.rich("replyingTo", {
              name: shown(replyTo.sender.username),
              text: plainLine(replyTo.content, 80),
              b: (chunks) => <span className="font-medium">{chunks}</span>,
            })}
          </span>
          <button
            type="button"
            onClick={onCancelReply}
            className="rounded p-0.5 focus-visible:outline-2 focus-visible:outline-sky-600"
            aria-label={t("cancelReply")}
          >
            <X className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      <label htmlFor={id} className="sr-only">
        {t("yourMessage")}
      </label>
      <Composer
        ref={composer}
        id={id}
        value={text}
        onChange={setText}
        rows={2}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={t("placeholder")}
        autoFocus
        onSubmitShortcut={submit}
        invalid={!!error}
        describedBy={error ? `${id}-error` : `${id}-hint`}
      />
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
          {t("hint")}
        </span>
        <Button type="submit" size="sm" disabled={send.isPending}>
          {t("send")}
        </Button>
      </div>
    </form>
  );
}
