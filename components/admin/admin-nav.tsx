import { Link } from "@/components/ui/link";

const PAGES = [
  { href: "/admin", label: "Overview" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/categories", label: "Categories" },
  { href: "/admin/tags", label: "Tags" },
  { href: "/admin/goods", label: "Point goods" },
  { href: "/admin/settings", label: "Settings" },
  { href: "/admin/audit", label: "Audit log" },
  { href: "/admin/mail", label: "Outgoing mail" },
  { href: "/review", label: "Review queue" },
] as const;

/** The links between the admin pages. */
export function AdminNav({ current }: { current: (typeof PAGES)[number]["href"] }) {
  return (
    <nav aria-label="Administration" className="flex flex-wrap gap-1 border-b border-zinc-200 pb-2 text-sm dark:border-zinc-800">
      {PAGES.map((p) => (
        <Link
          key={p.href}
          href={p.href}
          aria-current={p.href === current ? "page" : undefined}
          className={`rounded-md px-3 py-1.5 ${p.href === current ? "bg-zinc-200 font-medium dark:bg-zinc-800" : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-900"}`}
        >
          {p.label}
        </Link>
      ))}
    </nav>
  );
}
