import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminNav } from "@/components/admin/admin-nav";
import { AdminUserActions } from "@/components/admin/admin-user-actions";
import { UserLink } from "@/components/people/user-link";
import { Badge } from "@/components/ui/badge";
import { AdminPager, AdminSearch } from "@/components/admin/admin-search";
import { absoluteTime } from "@/components/ui/relative-time";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listUsersForAdmin } from "@/lib/services/moderation/admin-users";

export const metadata: Metadata = { title: "Users · Administration" };

const SIZE = 50;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Admins: find members, change their role, suspend them until a date (issue 18). Others get the 404 page. */
export default async function AdminUsersPage({ searchParams }: Props) {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/users");
  const sp = await searchParams;
  const q = typeof sp.q === "string" ? sp.q : "";
  const page = Math.max(0, Math.min(10_000, Number(sp.page) || 0));
  const rows = await orNotFound(listUsersForAdmin(viewer, { q, page, size: SIZE + 1 }));
  const more = rows.length > SIZE;
  const list = rows.slice(0, SIZE);

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">Users</h1>
      <AdminNav current="/admin/users" />
      <AdminSearch action="/admin/users" label="Find members" q={q} />
      {list.length ? (
        <ul
          className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/40"
          aria-label="Members"
        >
          {list.map((u) => (
            <li key={u.id} className="grid gap-3 p-3 sm:grid-cols-[12rem_1fr] sm:p-4" data-testid="admin-user">
              <div className="space-y-1">
                <UserLink username={u.username} className="font-medium hover:underline" />
                <div className="flex flex-wrap gap-1">
                  <Badge tone={u.role === "USER" ? "neutral" : "info"}>{u.role}</Badge>
                  {u.suspendedUntil ? (
                    <Badge tone="danger" title={u.suspendedReason ?? undefined}>
                      Suspended until {absoluteTime(u.suspendedUntil)}
                    </Badge>
                  ) : null}
                </div>
                {u.suspendedReason ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{u.suspendedReason}</p> : null}
              </div>
              <AdminUserActions user={u} self={u.id === viewer.id} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No member matches “{q}”.</p>
      )}
      <AdminPager action="/admin/users" q={q} page={page} more={more} />
    </div>
  );
}
