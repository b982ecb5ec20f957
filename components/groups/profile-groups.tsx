"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { groupsApi } from "@/lib/client/groups-api";
import { groupKeys } from "@/lib/client/query-keys";
import type { GroupDto } from "@/lib/validation/groups";

/**
 * A profile's groups (issue 57). The server renders the groups its reader may see; on the render members
 * share (`shared`, read as "some member"), the signed-in reader's own list comes from
 * GET /api/users/{username}/groups, which adds the groups whose member list is for their members only.
 */
export function ProfileGroups({
  username,
  initial,
  shared,
  heading,
  label,
}: {
  username: string;
  initial: GroupDto[];
  shared: boolean;
  heading: string;
  label: string;
}) {
  const own = useQuery({
    queryKey: groupKeys.ofMember(username),
    queryFn: () => groupsApi.ofMember(username),
    enabled: shared,
    staleTime: 60_000,
  });
  const groups = (shared ? own.data : undefined) ?? initial;
  if (!groups.length) return null;
  return (
    <div className="mt-4">
      <h2 className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{heading}</h2>
      <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={label} data-testid="profile-groups">
        {groups.map((g) => (
          <li key={g.id}>
            <Link
              href={`/groups/${g.id}`}
              className="inline-flex items-center rounded-full border border-zinc-300 px-2.5 py-0.5 text-sm text-zinc-800 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
            >
              {g.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
