"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import { MarkAllReadButton } from "@/components/forum/unread-marks";
import type { HeaderMe } from "@/components/forum/header-bar";
import { api, ApiClientError } from "@/lib/api-client";
import { notificationKeys, userKeys } from "@/lib/query-keys";

type Mark = { newComments: number; isNew: boolean };
/** Present only inside a members' shared list: the member's unread marks by post id (empty until loaded). */
const MarksContext = createContext<Map<number, Mark> | null>(null);

/**
 * A post row's unread marks: the member's own when the row is in a members' shared list page (served
 * from the page cache to every member, lib/api/page-cache.ts), else what the server rendered.
 */
export function useRowMarks(postId: number, rendered: Partial<Mark>): Partial<Mark> {
  const marks = useContext(MarksContext);
  return marks ? (marks.get(postId) ?? {}) : rendered;
}

/**
 * Around the list of a members' shared list page: one request for what is the member's own (the
 * header's name, avatar, points and unread count; the rows' unread marks; "Mark all read"), which also
 * counts as their visit, as a rendered list does.
 */
export function ShellMarks({ ids, children }: { ids: number[]; children: ReactNode }) {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: userKeys.pageState(ids),
    queryFn: async () => {
      try {
        const s = await api.pageState(ids);
        qc.setQueryData<HeaderMe | null>(userKeys.header(), s.me);
        qc.setQueryData(notificationKeys.unreadCount(), { count: s.unreadNotifications });
        return s;
      } catch (e) {
        // Signed out in the meantime (the session was ended elsewhere): the header says so.
        if (e instanceof ApiClientError && e.status === 401) qc.setQueryData<HeaderMe | null>(userKeys.header(), null);
        throw e;
      }
    },
  });
  const marks = new Map((data?.marks ?? []).map((m) => [m.postId, m] as const));
  return (
    <MarksContext.Provider value={marks}>
      {marks.size ? (
        <div className="flex justify-end">
          <MarkAllReadButton />
        </div>
      ) : null}
      {children}
    </MarksContext.Provider>
  );
}
