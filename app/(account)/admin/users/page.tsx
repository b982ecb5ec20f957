import { getFormatter, getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { FilterForm, FilterSearch, FilterSelect } from "@/components/admin/filter-form";
import { UsersTable } from "@/components/admin/users-table";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { orNotFound, pageSearchParams } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listUsersForAdmin } from "@/lib/services/moderation/admin-users";
import { adminUsersQuerySchema } from "@/lib/validation/admin-users";

export const generateMetadata = () => adminMetadata("users");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// The filters' values; their labels are AdminUsers.status.* and AdminUsers.role.* ("" is "any").
const STATUSES = ["", "suspended", "new", "bot"] as const;
const ROLES = ["", "USER", "MODERATOR", "ADMIN"] as const;

/** Admins: the members table — search, filters that apply as they change, sortable columns, pages. Others get the 404 page. */
export default async function AdminUsersPage({ searchParams }: Props) {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/users");
  const sp = await pageSearchParams(searchParams);
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
  const t = await getTranslations("AdminUsers");
  const ta = await getTranslations("Admin");
  const format = await getFormatter();

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
      <h1 className="text-2xl font-semibold">{ta("page.users")}</h1>
      <AdminNav current="/admin/users" />
      <FilterForm action="/admin/users" label={t("findMembers")}>
        <FilterSearch
          id="users-q"
          name="q"
          label={t("search")}
          defaultValue={query.q ?? ""}
          placeholder={t("searchPlaceholder")}
          className="min-w-48 grow basis-64"
        />
        <FilterSelect
          id="users-role"
          name="role"
          label={t("roleFilter")}
          defaultValue={query.role ?? ""}
          options={ROLES.map((v) => ({ value: v, label: t(`roleOption.${v || "any"}`) }))}
        />
        <FilterSelect
          id="users-status"
          name="status"
          label={t("statusFilter")}
          defaultValue={query.status ?? ""}
          options={STATUSES.map((v) => ({ value: v, label: t(`statusOption.${v || "any"}`) }))}
        />
        {query.sort !== "-joined" ? <input type="hidden" name="sort" value={query.sort} /> : null}
      </FilterForm>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status" data-testid="users-count">
        {query.q
          ? t("countMatching", { count: data.total, shown: format.number(data.total), q: query.q })
          : t("count", { count: data.total, shown: format.number(data.total) })}
      </p>
      {data.items.length ? (
        <UsersTable rows={data.items} sort={query.sort} href={(sort) => href({ sort: sort === "-joined" ? undefined : sort, page: 0 })} />
      ) : (
        <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {t("noMatch")}
        </p>
      )}
      {pages > 1 ? (
        <nav aria-label={ta("pagination")} className="flex items-center justify-between gap-2 text-sm">
          {query.page > 0 ? (
            <Link href={href({ page: query.page - 1 })} className={buttonClass("secondary", "sm")}>
              {ta("previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-zinc-600 dark:text-zinc-400">{ta("pageOf", { page: query.page + 1, pages })}</span>
          {query.page + 1 < pages ? (
            <Link href={href({ page: query.page + 1 })} className={buttonClass("secondary", "sm")}>
              {ta("next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
