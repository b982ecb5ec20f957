import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ConversationList } from "@/components/messages/conversation-list";
import { NewConversation } from "@/components/messages/new-conversation";
import { pageViewer } from "@/lib/cache/page-reader";
import { listConversations } from "@/lib/services/messages/conversations";

export const metadata: Metadata = { title: "Messages" };

/** /messages: the member's conversations, newest first, unread ones marked. Per member: never from the shared page cache. */
export default async function MessagesPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/messages");
  const conversations = await listConversations(viewer, { page: 0, size: 100 });
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Messages</h1>
        <NewConversation />
      </div>
      <ConversationList initial={conversations} meId={viewer.id} />
    </div>
  );
}
