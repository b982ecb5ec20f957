import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminNav } from "@/components/admin/admin-nav";
import { FilterForm } from "@/components/admin/filter-form";
import { UsersTable } from "@/components/admin/users-table";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listUsersForAdmin } from "@/lib/services/moderation/admin-users";
import { adminUsersQuerySchema } from "@/lib/validation/admin-users";

export const metadata: Metadata = { title: "Users · Administration" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const STATUS_OPTIONS = [
  { value: "", label: "Everyone" },
  { value: "suspended", label: "Suspended" },
  { value: "new", label: "New this week" },
  { value: "bot", label: "Bots" },
];
const ROLE_OPTIONS = [
  { value: "", label: "Any role" },
  { value: "USER", label: "Members" },
  { value: "MODERATOR", label: "Moderators" },
  { value: "ADMIN", label: "Admins" },
];

/** Admins: the members table — search, filters that apply as they change, sortable columns, pages (issue 47). Others get the 404 page. */
export default async function AdminUsersPage({ searchParams }: Props) {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/users");
  const sp = await searchParams;
  const one = (k: string) => (typeof sp[k] === "string" && sp[k] ? (sp[k] as string) : undefined);
  // A hand-edited URL with a bad value falls back to the defaults rather than failing the page.
  const parsed = adminUsersQuerySchema.safeParse({
    q: one("q"),
    role: one("role"),
    status: one("status"),
    sort: one("sort"),
    page: one("page"),
    pageSize: one("pageSize"),
  });
  const query = parsed.success ? parsed.data : adminUsersQuerySchema.parse({});
  const data = await orNotFound(listUsersForAdmin(viewer, query));
  const pages = Math.max(1, Math.ceil(data.total / query.pageSize));

  const href = (over: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams();
    const all: Record<string, string | number | undefined> = {
      q: query.q,
      role: query.role,
      status: query.status,
      sort: query.sort === "-joined" ? undefined : query.sort,
      ...over,
    };
    for (const [k, v] of Object.entries(all)) if (v !== undefined && v !== "" && !(k === "page" && v === 0)) p.set(k, String(v));
    const qs = p.toString();
    return qs ? `/admin/users?${qs}` : "/admin/users";
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <h1 className="text-2xl font-semibold">Users</h1>
      <AdminNav current="/admin/users" />
      <FilterForm action="/admin/users" label="Find members">
        <div className="min-w-48 grow basis-64 space-y-1">
          <label htmlFor="users-q" className="block text-sm font-medium">
            Search
          </label>
          <input id="users-q" type="search" name="q" defaultValue={query.q} placeholder="Username or email" className={inputClass} />
        </div>
        <div className="space-y-1">
          <label htmlFor="users-role" className="block text-sm font-medium">
            Role
          </label>
          <select id="users-role" name="role" defaultValue={query.role ?? ""} className={inputClass}>
            {ROLE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="users-status" className="block text-sm font-medium">
            Status
          </label>
          <select id="users-status" name="status" defaultValue={query.status ?? ""} className={inputClass}>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {query.sort !== "-joined" ? <input type="hidden" name="sort" value={query.sort} /> : null}
      </FilterForm>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status" data-testid="users-count">
        {data.total === 1 ? "1 member" : `${data.total} members`}
        {query.q ? ` matching “${query.q}”` : ""}
      </p>
      {data.items.length ? (
        <UsersTable rows={data.items} sort={query.sort} href={(sort) => href({ sort: sort === "-joined" ? undefined : sort, page: 0 })} />
      ) : (
        <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          No member matches these filters.
        </p>
      )}
      {pages > 1 ? (
        <nav aria-label="Pagination" className="flex items-center justify-between gap-2 text-sm">
          {query.page > 0 ? (
            <Link href={href({ page: query.page - 1 })} className={buttonClass("secondary", "sm")}>
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-zinc-600 dark:text-zinc-400">
            Page {query.page + 1} of {pages}
          </span>
          {query.page + 1 < pages ? (
            <Link href={href({ page: query.page + 1 })} className={buttonClass("secondary", "sm")}>
              Next →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
