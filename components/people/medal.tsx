import { Icon } from "@/components/ui/icon";
import type { SpriteIcon } from "@/components/ui/icon-names";
import type { MedalType } from "@/db/schema/enums";

/** What each medal is called and what earns it (API.md §2). */
export const MEDALS: Record<MedalType, { label: string; hint: string; icon: SpriteIcon }> = {
  COMMENT: { label: "Commentator", hint: "100 comments", icon: "message-square" },
  POST: { label: "Author", hint: "100 posts", icon: "pen-line" },
  FEATURED: { label: "Featured", hint: "a post was featured", icon: "star" },
  CONTRIBUTOR: { label: "Contributor", hint: "granted by an admin", icon: "heart-handshake" },
  PIONEER: { label: "Pioneer", hint: "one of the first 1,000 members", icon: "flag" },
  SEED: { label: "Seed member", hint: "joined before the launch", icon: "sprout" },
};

/** A medal as a small labelled chip (the icon is decorative; the label is text). */
export function MedalChip({ type, size = "sm" }: { type: MedalType; size?: "sm" | "md" }) {
  const m = MEDALS[type];
  return (
    <span
      title={`${m.label}: ${m.hint}`}
      className={`inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200 ${
        size === "md" ? "px-2.5 py-1 text-sm" : "px-2 py-0.5 text-xs"
      }`}
    >
      <Icon name={m.icon} className={size === "md" ? "h-4 w-4" : "h-3.5 w-3.5"} />
      {m.label}
    </span>
  );
}

/** ADMIN and MODERATOR as a badge; members have none. */
export function RoleBadge({ role }: { role: "USER" | "MODERATOR" | "ADMIN" }) {
  if (role === "USER") return null;
  const admin = role === "ADMIN";
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${
        admin
          ? "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200"
          : "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
      }`}
    >
      {admin ? "Admin" : "Moderator"}
    </span>
  );
}
