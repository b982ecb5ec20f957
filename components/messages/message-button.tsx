"use client";

import { useId } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Info, Mail } from "lucide-react";
import { SignInLink } from "@/components/layout/sign-in-link";
import { buttonClass } from "@/components/ui/button";
import { useRelation } from "@/components/people/use-relation";
import { useOpenConversation } from "@/components/messages/use-messages";
import { fieldErrors } from "@/lib/client/api-client";

/**
 * "Message" on a profile or an author card (beside Follow, in PersonActions): opens the conversation
 * with that member, found or started. Shared pages render it for everyone, so who is asking comes from
 * the browser (the relation query Follow reads): nothing on one's own profile or for a member one
 * blocked; signed-out readers are sent to sign in. When the rules of direct messages refuse the caller
 * (their policy, a block, the level rule for starting a conversation), the relation says so before the
 * click (`messageRefusal`, computed by the server with the same rule as sending): the button
 * stays in the tab order but is marked disabled, and the reason is shown under it and read with it.
 * A refusal met on the click itself (the facts changed since) is shown the same way.
 */
export function MessageButton({ username, size = "sm" }: { username: string; size?: "sm" | "md" }) {
  const t = useTranslations("Messages.button");
  const noteId = useId();
  const rel = useRelation(username);
  const router = useRouter();
  const open = useOpenConversation();
  const r = rel.data;
  if (!r || r.self || r.blocked) return null;
  if (!r.signedIn) {
    return (
      <SignInLink className={buttonClass("secondary", size)}>
        <Mail className="h-4 w-4" aria-hidden="true" />
        {t("message")}
        <span className="sr-only"> {t("signInFirst", { username })}</span>
      </SignInLink>
    );
  }
  const refusal = r.messageRefusal;
  const error = open.error ? (fieldErrors(open.error).form ?? t("cannotMessage")) : null;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button
        type="button"
        className={buttonClass("secondary", size, "aria-disabled:cursor-not-allowed aria-disabled:opacity-60")}
        disabled={open.isPending}
        aria-disabled={refusal ? true : undefined}
        aria-label={t("messageUser", { username })}
        aria-describedby={refusal ? noteId : undefined}
        onClick={() => {
          if (refusal) return;
          open.mutate({ recipientId: r.userId }, { onSuccess: (c) => router.push(`/messages/${c.conversationId}`) });
        }}
        data-testid="message-button"
      >
        <Mail className="h-4 w-4" aria-hidden="true" />
        {t("message")}
      </button>
      {refusal ? (
        <span
          id={noteId}
          className="flex max-w-64 items-start gap-1 text-xs text-zinc-600 dark:text-zinc-400"
          data-testid="message-refusal"
        >
          <Info className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          <span>{refusal}</span>
        </span>
      ) : error ? (
        <span role="alert" className="max-w-56 text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </span>
  );
}
