"use client";

import { useRouter } from "next/navigation";
import { Ban, UserCheck, UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { SignInLink } from "@/components/layout/sign-in-link";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { useFollowMutation, useRelation } from "@/components/people/use-relation";

/**
 * Follow / Following, a toggle button (aria-pressed) for the signed-in member; "Follow" leads anonymous
 * readers to sign in; nothing on one's own profile. A member one blocked shows as blocked, with the
 * way back in the privacy settings.
 */
export function FollowButton({
  username,
  size = "sm",
  refreshOnChange = false,
}: {
  username: string;
  size?: "sm" | "md";
  /** On the member's profile: render it again after a change, so its follower count follows. */
  refreshOnChange?: boolean;
}) {
  const t = useTranslations("People");
  const router = useRouter();
  const rel = useRelation(username);
  const follow = useFollowMutation(username);
  const r = rel.data;
  if (!r) {
    // Holds the place while the caller's state loads, so the row does not jump.
    return (
      <span className={buttonClass("secondary", size, "invisible")} aria-hidden="true">
        <UserPlus className="h-4 w-4" />
        {t("follow")}
      </span>
    );
  }
  if (r.self) return null;
  if (!r.signedIn)
    return (
      <SignInLink className={buttonClass("primary", size)}>
        <UserPlus aria-hidden="true" className="h-4 w-4" />
        {t("follow")}
        <span className="sr-only">{t("followSignIn", { username })}</span>
      </SignInLink>
    );
  if (r.blocked)
    return (
      <Link href="/settings/privacy" className={buttonClass("secondary", size)} data-testid="blocked-badge">
        <Ban aria-hidden="true" className="h-4 w-4" />
        {t("blocked")}
      </Link>
    );
  const on = r.following;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? t("followingUser", { username }) : t("followUser", { username })}
      title={on ? t("unfollowTitle", { username }) : t("followTitle", { username })}
      // Not `disabled` while saving: a disabled button drops the keyboard focus; a second press waits instead.
      aria-busy={follow.isPending || undefined}
      onClick={() => {
        if (!follow.isPending) follow.mutate(!on, { onSuccess: () => refreshOnChange && router.refresh() });
      }}
      className={buttonClass(on ? "secondary" : "primary", size)}
      data-testid="follow-button"
    >
      {on ? <UserCheck aria-hidden="true" className="h-4 w-4" /> : <UserPlus aria-hidden="true" className="h-4 w-4" />}
      {on ? t("following") : t("follow")}
    </button>
  );
}
