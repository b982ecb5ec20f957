import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ConversationList } from "@/components/messages/conversation-list";
import { NewConversation } from "@/components/messages/new-conversation";
import { pageViewer } from "@/lib/cache/page-reader";
import { listConversations } from "@/lib/services/messages/conversations";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Messages"))("pageTitle") };
}

/** /messages: the member's conversations, newest first, unread ones marked. Per member: never from the shared page cache. */
export default async function MessagesPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/messages");
  const [conversations, t] = await Promise.all([listConversations(viewer, { page: 0, size: 100 }), getTranslations("Messages")]);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t("pageTitle")}</h1>
        <NewConversation />
      </div>
      <ConversationList initial={conversations} meId={viewer.id} />
    </div>
  );
}
