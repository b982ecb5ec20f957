"use client";

import { useTranslations } from "next-intl";
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import { useFirstPageState } from "@/components/layout/live-events";
import { JumpToUnread, MarkAllReadButton } from "@/components/posts/unread-marks";
import { api, ApiClientError, type PageStateQuery } from "@/lib/client/api-client";
import { notificationKeys, postKeys, userKeys } from "@/lib/client/query-keys";
import { messageKeys } from "@/components/messages/use-messages";
import type { PostDto } from "@/lib/validation/responses";

/**
 * The member's part of the pages every member shares (served from the page cache to every member who
 * is not staff, lib/front/page-cache.ts): the server renders them as "some member", and the browser asks
 * GET /api/users/me/page-state once for what is this member's own.
 */

/** What the site header shows of the signed-in member (lib/services/users/users.ts headerAccount). */
export type HeaderMe = {
  id: number;
  username: string;
  avatar: string;
  point: number;
  unverifiedEmail: string | null;
  /** While an admin's suspension runs (components/layout/suspension-notice.tsx), else null. */
  suspension: { until: string; reason: string | null } | null;
  /** On a shared page: a category moderator's review queue count (page-state), null for other members. */
  review?: number | null;
};

/** `muted`: in a category or tag the member muted, on a list that hides those (their home list). */
type Mark = { newComments: number; isNew: boolean; muted?: boolean };
/** Present only inside a members' shared list: the member's unread marks by post id (empty until loaded). */
const MarksContext = createContext<Map<number, Mark> | null>(null);

/**
 * The signed-in member as the header shows them on a shared page: undefined until page-state has
 * answered, null when the session turned out to be gone.
 */
export function useShellMe(): HeaderMe | null | undefined {
  return useQuery<HeaderMe | null>({ queryKey: userKeys.header(), queryFn: skipToken, enabled: false }).data;
}

/**
 * What a component on a shared page knows of the member before page-state answers: that someone who is
 * neither staff nor the post's author is signed in (`SOME_MEMBER`, id 0), so the page shows what members
 * see (the comment form, reactions, subscribe) and fills in the rest when it knows who.
 */
export function useShellViewer<T, P = T>(given: T | null | "deferred", of: (me: HeaderMe) => T, placeholder: P): T | P | null {
  const me = useShellMe();
  if (given !== "deferred") return given;
  return me === undefined ? placeholder : me === null ? null : of(me);
}

/**
 * Asks page-state once per page and puts the answer where the page's parts read it: the header's
 * account and unread count, and the post's subscription and poll votes (postKeys.detail). On the page
 * the tab opened on, the answer comes with the live-event stream the page opens anyway.
 */
function usePageState(q: PageStateQuery) {
  const qc = useQueryClient();
  const firstPageState = useFirstPageState();
  return useQuery({
    queryKey: userKeys.pageState(q),
    staleTime: Infinity,
    queryFn: async () => {
      try {
        const s = (await firstPageState(q)) ?? (await api.pageState(q));
        qc.setQueryData<HeaderMe | null>(userKeys.header(), s.me);
        qc.setQueryData(notificationKeys.unreadCount(), { count: s.unreadNotifications });
        qc.setQueryData(messageKeys.unread(), s.unreadMessages);
        const mine = s.post;
        if (mine) {
          qc.setQueryData<PostDto>(
            postKeys.detail(mine.id),
            (p) => p && { ...p, subscribed: mine.subscribed, poll: p.poll && { ...p.poll, myVotes: mine.myVotes } },
          );
        }
        return s;
      } catch (e) {
        // Signed out in the meantime (the session was ended elsewhere): the header says so.
        if (e instanceof ApiClientError && e.status === 401) qc.setQueryData<HeaderMe | null>(userKeys.header(), null);
        throw e;
      }
    },
  });
}

/**
 * A post row's unread marks: the member's own when the row is in a members' shared list page, else
 * what the server rendered.
 */
export function useRowMarks(postId: number, rendered: Partial<Mark>): Partial<Mark> {
  const marks = useContext(MarksContext);
  return marks ? (marks.get(postId) ?? {}) : rendered;
}

/**
 * Around the list of a members' shared list page: the member's header, the rows' unread marks and
 * "Mark all read". `visit`: the page counts as their visit (home, category, tag), as a rendered list does.
 */
export function ShellMarks({
  ids,
  visit,
  hideMuted = false,
  children,
}: {
  ids: number[];
  visit: boolean;
  /** The member's home list: rows in categories and tags they muted are hidden. */
  hideMuted?: boolean;
  children: ReactNode;
}) {
  const { data } = usePageState({ postIds: ids, visit, ...(hideMuted ? { muted: true } : {}) });
  const marks = new Map<number, Mark>((data?.marks ?? []).map((m) => [m.postId, m] as const));
  const muted = data?.muted ?? [];
  for (const id of muted) marks.set(id, { newComments: 0, isNew: false, ...marks.get(id), muted: true });
  return (
    <MarksContext.Provider value={marks}>
      {muted.length ? <MutedNote count={muted.length} /> : null}
      {data?.marks.length ? (
        <div className="flex justify-end">
          <MarkAllReadButton />
        </div>
      ) : null}
      {children}
    </MarksContext.Provider>
  );
}

/**
 * On a members' shared post page: the member's header, subscription and poll votes; their view is
 * counted and the post marked read (by page-state itself), then the page scrolls to the first comment
 * that was unread, as a rendered post page does.
 */
export function ShellPost({ postId, upTo }: { postId: number; upTo?: number }) {
  const { data } = usePageState({ postId, view: true, upTo });
  return data?.post ? <JumpToUnread postId={postId} commentId={data.post.firstUnreadCommentId} markRead={false} /> : null;
}

/** Says that rows were hidden, and where the member changes that. */
export function MutedNote({ count }: { count: number }) {
  const t = useTranslations("MutedNote");
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="muted-note">
      {t("text", { count })}{" "}
      <a href="/settings/watching" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
        {t("link")}
      </a>
    </p>
  );
}
