import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { RedemptionsList } from "@/components/admin/redemptions-list";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listRedemptionsForAdmin } from "@/lib/services/points/redemptions";
import { adminRedemptionsQuerySchema, type RedemptionFilter } from "@/lib/validation/economy";

export const generateMetadata = () => adminMetadata("redemptions");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const FILTERS: RedemptionFilter[] = ["pending", "fulfilled", "all"];

/** Admins: the point shop's redemptions to hand over, pending first by default. Others get the 404 page. */
export default async function AdminRedemptionsPage({ searchParams }: Props) {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/redemptions");
  const sp = await searchParams;
  const one = (k: string) => (typeof sp[k] === "string" && sp[k] ? (sp[k] as string) : undefined);
  // A hand-edited URL with a bad value falls back to the defaults rather than failing the page.
  const parsed = adminRedemptionsQuerySchema.safeParse({ status: one("status"), page: one("page") });
  const query = parsed.success ? parsed.data : adminRedemptionsQuerySchema.parse({});
  const data = await orNotFound(listRedemptionsForAdmin(viewer, query));
  const pages = Math.max(1, Math.ceil(data.total / query.pageSize));
  const t = await getTranslations("AdminRedemptions");
  const ta = await getTranslations("Admin");
  const href = (status: RedemptionFilter, page = 0) => {
    const p = new URLSearchParams();
    if (status !== "pending") p.set("status", status);
    if (page) p.set("page", String(page));
    const qs = p.toString();
    return qs ? `/admin/redemptions?${qs}` : "/admin/redemptions";
  };

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">{ta("page.redemptions")}</h1>
      <AdminNav current="/admin/redemptions" />
      <nav aria-label={t("filterLabel")} className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
        {FILTERS.map((f) => (
          <Link key={f} href={href(f)} className="tab" aria-current={f === query.status ? "page" : undefined} scroll={false}>
            {f === "pending" ? t("tabCount", { label: t(`status.${f}`), count: data.pending }) : t(`status.${f}`)}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="redemptions-count">
        {t("count", { status: query.status, count: data.total })}
      </p>
      {/* Keyed by the filter: the last "marked fulfilled" line does not follow the admin to another tab. */}
      {data.items.length ? <RedemptionsList key={query.status} rows={data.items} /> : null}
      {pages > 1 ? (
        <nav aria-label={ta("pagination")} className="flex items-center justify-between gap-2 text-sm">
          {query.page > 0 ? (
            <Link href={href(query.status, query.page - 1)} className={buttonClass("secondary", "sm")}>
              {ta("previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-zinc-600 dark:text-zinc-400">{ta("pageOf", { page: query.page + 1, pages })}</span>
          {query.page + 1 < pages ? (
            <Link href={href(query.status, query.page + 1)} className={buttonClass("secondary", "sm")}>
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
