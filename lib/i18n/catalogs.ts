/**
 * The message catalogs: one JSON file per area and language, `messages/<locale>/<file>.json`,
 * each holding its own top-level namespaces (no namespace in two files). A translator edits these files;
 * `npm run check:i18n` checks every language has every key of English with the same arguments.
 * To add an area, add its file name here and create it in every language folder.
 */
import type { Locale } from "@/lib/i18n/locale";

export const CATALOG_FILES = ["common", "posts", "people", "admin", "server", "messages", "notifications"] as const;

export type Messages = Record<string, Record<string, unknown>>;

/** Every catalog of a language, merged into one object of namespaces. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const parts = await Promise.all(
    CATALOG_FILES.map(async (file) => (await import(`../../messages/${locale}/${file}.json`)).default as Messages),
  );
  return Object.assign({}, ...parts) as Messages;
}
