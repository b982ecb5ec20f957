import type { CategoryPermissionsDto } from "@/lib/validation/groups";

/** The two messages of the Categories namespace the words are made of (server `getTranslations` or client `useTranslations`). */
type Words = (key: "permissions" | "principal", values: Record<string, string>) => string;

/**
 * A category's permissions in words: "Visible to: Staff, Design team · New posts: Staff · Replies:
 * Members" (the category page and the admin category editor; both languages).
 */
export function permissionWords(t: Words, p: Pick<CategoryPermissionsDto, "see" | "post" | "reply">): string {
  const list = (l: { principal: string; label: string }[]) =>
    l.map((x) => t("principal", { kind: x.principal.startsWith("group:") ? "group" : x.principal, name: x.label })).join(", ");
  return t("permissions", { see: list(p.see), post: list(p.post), reply: list(p.reply) });
}
