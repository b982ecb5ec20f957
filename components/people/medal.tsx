import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import type { SpriteIcon } from "@/components/ui/icon-names";
import type { MedalType } from "@/db/schema/enums";

/** Each medal's icon; what it is called and what earns it (docs/api.md §2) are in the catalogs (Medals.<TYPE>). */
export const MEDALS: Record<MedalType, { icon: SpriteIcon }> = {
  COMMENT: { icon: "message-square" },
  POST: { icon: "pen-line" },
  FEATURED: { icon: "star" },
  CONTRIBUTOR: { icon: "heart-handshake" },
  PIONEER: { icon: "flag" },
  SEED: { icon: "sprout" },
};

/** A medal as a small labelled chip (the icon is decorative; the label is text). */
export function MedalChip({ type, size = "sm" }: { type: MedalType; size?: "sm" | "md" }) {
  const t = useTranslations("Medals");
  const m = MEDALS[type];
  return (
    <span
      title={t("title", { label: t(`${type}.label`), hint: t(`${type}.hint`) })}
      className={`inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200 ${
        size === "md" ? "px-2.5 py-1 text-sm" : "px-2 py-0.5 text-xs"
      }`}
    >
      <Icon name={m.icon} className={size === "md" ? "h-4 w-4" : "h-3.5 w-3.5"} />
      {t(`${type}.label`)}
    </span>
  );
}

/** ADMIN and MODERATOR as a badge; members have none. */
export function RoleBadge({ role }: { role: "USER" | "MODERATOR" | "ADMIN" }) {
  const t = useTranslations("Medals");
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
      {admin ? t("admin") : t("moderator")}
    </span>
  );
}
