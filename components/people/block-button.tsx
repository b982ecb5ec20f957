"use client";

import { Ban } from "lucide-react";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { useBlockMutation, useRelation } from "@/components/people/use-relation";

/**
 * Block / Unblock on a member's profile, for a signed-in member who is not that member. Blocking is
 * quiet (the other member is not told) and undone the same way or in Settings → Privacy.
 */
export function BlockButton({ username }: { username: string }) {
  const t = useTranslations("People");
  const rel = useRelation(username);
  const block = useBlockMutation(username);
  const r = rel.data;
  if (!r || !r.signedIn || r.self) return null;
  return (
    <button
      type="button"
      aria-pressed={r.blocked}
      aria-label={r.blocked ? t("unblockUser", { username }) : t("blockUser", { username })}
      title={r.blocked ? t("unblockUser", { username }) : t("blockTitle", { username })}
      disabled={block.isPending}
      onClick={() => block.mutate(!r.blocked)}
      className={buttonClass("ghost", "sm")}
      data-testid="block-button"
    >
      <Ban aria-hidden="true" className="h-4 w-4" />
      {r.blocked ? t("unblock") : t("block")}
    </button>
  );
}
