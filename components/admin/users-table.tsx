import { ArrowDown, ArrowUp, ArrowUpDown, Bot } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { useHumanDate } from "@/components/admin/dates";
import type { AdminUserRowDto, AdminUserSort } from "@/lib/validation/admin-users";

/** A role's badge colour; its name is Admin.role.<ROLE>. */
export const ROLE_TONE: Record<AdminUserRowDto["role"], "neutral" | "info" | "warning"> = {
  USER: "neutral",
  MODERATOR: "info",
  ADMIN: "warning",
};

// The columns; a header's text is AdminUsers.column.<label>.
const COLUMNS: { key: AdminUserSort | null; label: string; numeric?: boolean }[] = [
  { key: "username", label: "user" },
  { key: "role", label: "role" },
  { key: "joined", label: "joined" },
  { key: "lastSeen", label: "lastSeen" },
  { key: "posts", label: "posts", numeric: true },
  { key: "comments", label: "comments", numeric: true },
  { key: "flags", label: "flags", numeric: true },
  { key: null, label: "status" },
];

/**
 * The members table: a column header sorts by it (again: the other way); on a phone the table scrolls
 * sideways with the member's name kept in view.
 */
export function UsersTable({ rows, sort, href }: { rows: AdminUserRowDto[]; sort: string; href: (sort: string) => string }) {
  const t = useTranslations("AdminUsers");
  const ta = useTranslations("Admin");
  const format = useFormatter();
  const humanDate = useHumanDate();
  const current = sort.replace(/^-/, "");
  const descending = sort.startsWith("-");
  return (
    <div
      className="relative max-w-full overflow-x-auto rounded-lg border border-zinc-200 bg-white focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-zinc-800 dark:bg-zinc-900/40"
      tabIndex={0}
      role="region"
      aria-label={t("tableLabel")}
    >
      <table className="w-full min-w-[52rem] text-left text-sm" data-testid="users-table">
        <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
          <tr>
            {COLUMNS.map((c, i) => {
              const active = c.key === current;
              const Icon = active ? (descending ? ArrowDown : ArrowUp) : ArrowUpDown;
              // Numbers and dates read best biggest/newest first; names A to Z.
              const next = active ? (descending ? c.key! : `-${c.key}`) : c.key === "username" || c.key === "role" ? c.key! : `-${c.key}`;
              return (
                <th
                  key={c.label}
                  scope="col"
                  aria-sort={active ? (descending ? "descending" : "ascending") : undefined}
                  className={`px-3 py-2 font-semibold whitespace-nowrap ${c.numeric ? "text-right" : ""} ${i === 0 ? "sticky left-0 z-10 bg-white dark:bg-zinc-900" : ""}`}
                >
                  {c.key ? (
                    <Link
                      href={href(next)}
                      className="inline-flex min-h-6 items-center gap-1 rounded hover:text-zinc-900 dark:hover:text-zinc-100"
                      scroll={false}
                    >
                      {t(`column.${c.label}`)}
                      <Icon aria-hidden="true" className={`h-3.5 w-3.5 ${active ? "" : "opacity-50"}`} />
                      <span className="sr-only">{active ? (descending ? t("sortedDescending") : t("sortedAscending")) : t("sort")}</span>
                    </Link>
                  ) : (
                    t(`column.${c.label}`)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((u) => (
            <tr key={u.id} data-testid="admin-user" className="hover:bg-zinc-50 dark:hover:bg-zinc-900">
              <th scope="row" className="sticky left-0 z-10 bg-white px-3 py-2 font-medium dark:bg-zinc-900">
                <Link href={`/admin/users/${u.id}`} className="inline-flex min-h-6 items-center gap-2 hover:underline">
                  <Avatar src={u.avatar} name={u.username} size={24} decorative />
                  <span className="max-w-40 truncate">{u.username}</span>
                </Link>
              </th>
              <td className="px-3 py-2">
                <Badge tone={ROLE_TONE[u.role]}>{ta(`role.${u.role}`)}</Badge>
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-zinc-700 dark:text-zinc-300">
                <RelativeTime iso={u.joinedAt} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-zinc-700 dark:text-zinc-300">
                {u.lastSeenAt ? (
                  <RelativeTime iso={u.lastSeenAt} />
                ) : (
                  <span className="text-zinc-500 dark:text-zinc-400">{t("never")}</span>
                )}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{format.number(u.postCount)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{format.number(u.commentCount)}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {format.number(u.flagsAgainst)}
                {u.openFlagsAgainst ? (
                  <span className="text-red-700 dark:text-red-400"> {t("openFlags", { count: format.number(u.openFlagsAgainst) })}</span>
                ) : null}
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-1">
                  {u.bot ? (
                    <Badge tone="info">
                      <Bot aria-hidden="true" className="mr-0.5 inline h-3 w-3" />
                      {ta("bot")}
                    </Badge>
                  ) : null}
                  {u.suspendedUntil ? (
                    <Badge tone="danger" title={u.suspendedReason ?? undefined}>
                      {ta("suspendedUntil", { date: humanDate(u.suspendedUntil) })}
                    </Badge>
                  ) : !u.bot ? (
                    <Badge tone="success">{t("active")}</Badge>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
