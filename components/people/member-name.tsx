"use client";

import { useTranslations } from "next-intl";
import { isDeletedName, shownName } from "@/lib/deleted-member";

/** `(username) => name to show`: "deleted member" in the reader's language for a deleted account (lib/deleted-member.ts). */
export function useShownName(): (username: string) => string {
  const t = useTranslations("Member");
  const label = t("deleted");
  return (username) => shownName(username, label);
}

/** A member's name as text, "deleted member" for a deleted account. */
export function MemberName({ username }: { username: string }) {
  const t = useTranslations("Member");
  return isDeletedName(username) ? (
    <span className="deleted-member italic" data-deleted-member="">
      {t("deleted")}
    </span>
  ) : (
    <>{username}</>
  );
}
