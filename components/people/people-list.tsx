import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import { Link } from "@/components/ui/link";
import { RoleBadge } from "@/components/people/medal";
import { markdownExcerpt } from "@/lib/markdown";
import type { UserDetailDto } from "@/lib/validation/openisle/profiles";
import { MemberName } from "@/components/people/member-name";

/** A list of members (a profile's followers or following): avatar, name, role, a line of introduction. */
export function PeopleList({ people, label }: { people: UserDetailDto[]; label: string }) {
  const t = useTranslations("People");
  return (
    <ul aria-label={label} className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {people.map((u) => (
        <li key={u.id} className="flex items-center gap-3 px-4 py-3" data-testid="person-row">
          <Avatar src={u.avatar} name={u.username} size={40} decorative />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-1.5">
              <Link href={`/u/${encodeURIComponent(u.username)}`} className="font-medium break-all hover:underline">
                <MemberName username={u.username} />
              </Link>
              <RoleBadge role={u.role} />
            </p>
            {u.introduction ? (
              <p className="line-clamp-1 text-sm text-zinc-600 dark:text-zinc-400">{markdownExcerpt(u.introduction, 140)}</p>
            ) : null}
          </div>
          <span className="shrink-0 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{t("followers", { count: u.followers })}</span>
        </li>
      ))}
    </ul>
  );
}
