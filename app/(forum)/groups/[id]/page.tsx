import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { Users } from "lucide-react";
import { cache } from "react";
import { GroupMembers } from "@/components/groups/group-members";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { groupKeys } from "@/lib/client/query-keys";
import { getGroup } from "@/lib/services/groups/groups";

type Props = { params: Promise<{ id: string }> };

/** Never shared (not a page-cache path): read as the member, whose access decides what the page shows. */
const load = cache(async (idParam: string) => {
  if (!/^\d{1,9}$/.test(idParam)) notFound();
  const viewer = await pageViewer();
  return { viewer, group: await orNotFound(getGroup(viewer, { id: Number(idParam) })) };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { group } = await load((await params).id);
  return { title: group.name };
}

/**
 * A group's page (linked from its members' profiles): its description and members, for whoever may
 * see them (lib/services/groups/groups.ts, groupVisibleSql); its owners and admins add and remove
 * members here (admins also make owners, here or on /admin/groups).
 */
export default async function GroupPage({ params }: Props) {
  const { viewer, group } = await load((await params).id);
  const t = await getTranslations("Groups");
  const qc = new QueryClient();
  qc.setQueryData(groupKeys.detail(group.id), group);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <header className="flex flex-wrap items-start gap-3">
        <span className="rounded-lg bg-sky-50 p-2 text-sky-700 dark:bg-sky-950 dark:text-sky-300" aria-hidden="true">
          <Users className="h-6 w-6" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{t("kicker")}</p>
          <h1 className="text-2xl font-semibold tracking-tight break-words">{group.name}</h1>
          {group.description ? <p className="mt-1 text-zinc-600 dark:text-zinc-400">{group.description}</p> : null}
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {t("memberCount", { count: group.memberCount })} · {t("listVisibleTo", { who: t(`visibility.${group.membersVisibility}`) })}
          </p>
        </div>
      </header>
      <HydrationBoundary state={dehydrate(qc)}>
        <GroupMembers groupId={group.id} isAdmin={viewer?.role === "ADMIN"} viewerId={viewer?.id ?? null} />
      </HydrationBoundary>
    </div>
  );
}
