import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { ConversationView } from "@/components/messages/conversation-view";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/api/errors";
import { pageViewer } from "@/lib/cache/page-reader";
import { getConversation } from "@/lib/services/messages/conversations";
import { MESSAGE_PAGE } from "@/lib/validation/messages";

type Props = { params: Promise<{ id: string }> };

/** One load per request, shared by the title and the page; not marked read here (a prefetch renders it unseen). */
const load = cache(async (idParam: string) => {
  const viewer = await pageViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent(`/messages/${idParam}`)}`);
  if (!/^[1-9]\d{0,8}$/.test(idParam)) notFound();
  try {
    return {
      viewer,
      detail: await getConversation(viewer, { conversationId: Number(idParam), page: 0, size: MESSAGE_PAGE, markRead: false }),
    };
  } catch (e) {
    if (e instanceof AppError && statusOf(e) === 404) notFound();
    throw e;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ viewer, detail }, t] = await Promise.all([load((await params).id), getTranslations("Messages")]);
  const others = detail.participants.filter((p) => p.id !== viewer.id).map((p) => p.username);
  return { title: detail.name ?? t("titleWith", { names: others.join(", ") || t("yourself") }) };
}

/** /messages/{id}: one conversation (members only; anyone else 404), live. Per member: never from the shared page cache. */
export default async function ConversationPage({ params }: Props) {
  const { viewer, detail } = await load((await params).id);
  // Keyed by conversation: going from one to another starts afresh (read mark, reply target, draft).
  return (
    <ConversationView
      key={detail.id}
      initial={JSON.parse(JSON.stringify(detail)) as typeof detail}
      me={{ id: viewer.id, username: viewer.username }}
    />
  );
}
