import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

export type AdminPageKey =
  | "overview"
  | "users"
  | "member"
  | "categories"
  | "tags"
  | "groups"
  | "goods"
  | "redemptions"
  | "settings"
  | "spam"
  | "legal"
  | "audit"
  | "mail"
  | "review"
  | "backups";

/** An admin page's `<title>`: "Users · Administration", in the page's language. */
export async function adminMetadata(key: AdminPageKey): Promise<Metadata> {
  const t = await getTranslations("Admin");
  return { title: t("metaTitle", { page: t(`page.${key}`) }) };
}
