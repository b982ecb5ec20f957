import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";

/** The GET search box of an admin list page (`?q=`). */
export function AdminSearch({ action, label, q }: { action: string; label: string; q: string }) {
  const id = `${action.replaceAll("/", "-").slice(1)}-q`;
  const t = useTranslations("Admin");
  return (
    <form method="get" action={action} role="search" aria-label={label} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name="q"
        defaultValue={q}
        placeholder={label}
        className="w-full max-w-sm rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <button type="submit" className={buttonClass("secondary", "md")}>
        {t("search")}
      </button>
    </form>
  );
}

/** Previous / Next links of an admin list page, keeping its search. */
export function AdminPager({ action, q, page, more }: { action: string; q: string; page: number; more: boolean }) {
  const t = useTranslations("Admin");
  const href = (p: number) => `${action}?${new URLSearchParams({ ...(q ? { q } : {}), ...(p ? { page: String(p) } : {}) })}`;
  return (
    <nav aria-label={t("pagination")} className="flex justify-between">
      {page > 0 ? (
        <Link href={href(page - 1)} className={buttonClass("secondary", "sm")}>
          {t("previous")}
        </Link>
      ) : (
        <span />
      )}
      {more ? (
        <Link href={href(page + 1)} className={buttonClass("secondary", "sm")}>
          {t("next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
