import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";

/** The admin pages, each named Admin.page.<key> (the dashboard lists them too, with what each is for). */
export const ADMIN_PAGES = [
  { href: "/admin", key: "overview" },
  { href: "/admin/users", key: "users" },
  { href: "/admin/categories", key: "categories" },
  { href: "/admin/tags", key: "tags" },
  { href: "/admin/groups", key: "groups" },
  { href: "/admin/goods", key: "goods" },
  { href: "/admin/redemptions", key: "redemptions" },
  { href: "/admin/settings", key: "settings" },
  { href: "/admin/spam", key: "spam" },
  { href: "/admin/legal", key: "legal" },
  { href: "/admin/audit", key: "audit" },
  { href: "/admin/backups", key: "backups" },
  { href: "/admin/mail", key: "mail" },
  { href: "/review", key: "review" },
] as const;

/** The links between the admin pages. */
export function AdminNav({ current }: { current: (typeof ADMIN_PAGES)[number]["href"] }) {
  const t = useTranslations("Admin");
  return (
    <nav aria-label={t("administration")} className="flex flex-wrap gap-1 border-b border-zinc-200 pb-2 text-sm dark:border-zinc-800">
      {ADMIN_PAGES.map((p) => (
        <Link
          key={p.href}
          href={p.href}
          aria-current={p.href === current ? "page" : undefined}
          className={`rounded-md px-3 py-1.5 ${p.href === current ? "bg-zinc-200 font-medium dark:bg-zinc-800" : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-900"}`}
        >
          {t(`page.${p.key}`)}
        </Link>
      ))}
    </nav>
  );
}
