import en from "@/messages/en/people.json";
import zhCN from "@/messages/zh-CN/people.json";
import { isDeletedName } from "@/lib/deleted-member";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale";

const LABELS: Record<Locale, string> = { en: en.Member.deleted, "zh-CN": zhCN.Member.deleted };

/** "deleted member" in `locale`, for text made outside a page render (feeds, mail, structured data). */
export const deletedMemberLabel = (locale: Locale = DEFAULT_LOCALE): string => LABELS[locale] ?? LABELS[DEFAULT_LOCALE];

/** The name to show for `username` in `locale`: "deleted member" for a deleted account (lib/deleted-member.ts). */
export const shownNameIn = (username: string, locale: Locale = DEFAULT_LOCALE): string =>
  isDeletedName(username) ? deletedMemberLabel(locale) : username;
