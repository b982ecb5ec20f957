"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Mail } from "lucide-react";
import { SignInLink } from "@/components/layout/sign-in-link";
import { buttonClass } from "@/components/ui/button";
import { useRelation } from "@/components/people/use-relation";
import { useOpenConversation } from "@/components/messages/use-messages";
import { fieldErrors } from "@/lib/client/api-client";

/**
 * "Message" on a profile or an author card (beside Follow, in PersonActions): opens the conversation
 * with that member, found or started. Shared pages render it for everyone, so who is asking comes from
 * the browser (the relation query Follow reads): nothing on one's own profile or for a member one
 * blocked; signed-out readers are sent to sign in. A refusal (their policy, a block, the level rule)
 * is shown beside it.
 */
export function MessageButton({ username, size = "sm" }: { username: string; size?: "sm" | "md" }) {
  const t = useTranslations("Messages.button");
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
  const error = open.error ? (fieldErrors(open.error).form ?? t("cannotMessage")) : null;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button
        type="button"
        className={buttonClass("secondary", size)}
        disabled={open.isPending}
        aria-label={t("messageUser", { username })}
        onClick={() => open.mutate({ recipientId: r.userId }, { onSuccess: (c) => router.push(`/messages/${c.conversationId}`) })}
        data-testid="message-button"
      >
        <Mail className="h-4 w-4" aria-hidden="true" />
        {t("message")}
      </button>
      {error ? (
        <span role="alert" className="max-w-56 text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </span>
  );
}
