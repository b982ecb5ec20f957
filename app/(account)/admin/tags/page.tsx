import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminNav } from "@/components/forum/admin-nav";
import { AdminTags } from "@/components/forum/admin-tags";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { orNotFound, pageViewer } from "@/lib/api/page";
import { listTagsForAdmin } from "@/lib/services/tags";

export const metadata: Metadata = { title: "Tags · Administration" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Admins: create, rename, merge and delete tags (issue 18). Others get the 404 page. */
export default async function AdminTagsPage({ searchParams }: Props) {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/tags");
  const sp = await searchParams;
  const q = typeof sp.q === "string" ? sp.q.slice(0, 64) : "";
  const page = Math.max(0, Math.min(10_000, Number(sp.page) || 0));
  const tags = await orNotFound(listTagsForAdmin(viewer, { keyword: q, page }));
  const href = (p: number) => `/admin/tags?${new URLSearchParams({ ...(q ? { q } : {}), ...(p ? { page: String(p) } : {}) })}`;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">Tags</h1>
      <AdminNav current="/admin/tags" />
      <form method="get" action="/admin/tags" role="search" aria-label="Find tags" className="flex gap-2">
        <label htmlFor="admin-tag-q" className="sr-only">
          Tag name
        </label>
        <input id="admin-tag-q" name="q" defaultValue={q} placeholder="Tag name" className="w-full max-w-sm rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900" />
        <button type="submit" className={buttonClass("secondary", "md")}>
          Search
        </button>
      </form>
      <AdminTags tags={tags} keyword={q} />
      <nav aria-label="Pagination" className="flex justify-between">
        {page > 0 ? <Link href={href(page - 1)} className={buttonClass("secondary", "sm")}>← Previous</Link> : <span />}
        {tags.length === 100 ? <Link href={href(page + 1)} className={buttonClass("secondary", "sm")}>Next →</Link> : <span />}
      </nav>
    </div>
  );
}
