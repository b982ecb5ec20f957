import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import CLIENT_NAMESPACES from "@/lib/i18n/client-namespaces.json";
import { pageReader } from "@/lib/cache/page-reader";

type Area = Exclude<keyof typeof CLIENT_NAMESPACES, "base">;

/**
 * What only a signed-in member is ever shown: the header's notification and message badges and their
 * dropdowns, the verification, suspension and muted-posts notices, and on a post the comment composer,
 * the flag dialog and the staff's review buttons. A document read by nobody (the anonymous page, shared
 * by every visitor) goes without them; signing in loads new documents.
 * tests/e2e/anonymous-messages.spec.ts reads the public pages anonymously in both languages and fails
 * on any missing message.
 */
const MEMBER_ONLY = new Set([
  "NotificationGroup",
  "NotificationText",
  "Notifications",
  "Messages.badge",
  "VerifyNotice",
  "Suspension",
  "MutedNote",
  "Composer",
  "Flags",
  "Review",
]);

type Tree = Record<string, unknown>;

/** The messages at `path` ("Messages.button") as a tree holding only that part, or null when absent. */
function pick(all: Tree, path: string): [string, unknown] | null {
  const [head = "", ...rest] = path.split(".");
  const node = all[head];
  if (node === undefined) return null;
  if (rest.length === 0) return [head, node];
  if (!node || typeof node !== "object") return null;
  const inner = pick(node as Tree, rest.join("."));
  return inner ? [head, { [inner[0]]: inner[1] }] : null;
}

/** Merges picked parts of one namespace ("Messages.badge" and "Messages.button") into one tree. */
function merge(into: Tree, key: string, value: unknown) {
  const have = into[key];
  if (have && typeof have === "object" && value && typeof value === "object" && !Array.isArray(value) && !Array.isArray(have)) {
    // A copy: `have` may be the catalog's own object, shared by every request.
    const copy: Tree = { ...(have as Tree) };
    for (const [k, v] of Object.entries(value)) merge(copy, k, v);
    into[key] = copy;
  } else into[key] = value;
}

/**
 * The messages the browser gets: only the namespaces (or parts of one) client components use
 * (lib/i18n/client-namespaces.json, generated from the import graph by `npm run gen:i18n-client` and
 * checked in CI), not the whole catalog. The root layout sends `base` (the header, the footer, the pages
 * outside the areas); an area's layout (a post's pages, its history, the composer, admin, settings…)
 * sends what its pages use, since a nested provider replaces the outer one's messages inside it. Server
 * components read the full catalog on the server. The messages are inline in every document, so
 * each one left out is bytes every page view no longer carries.
 */
export async function ClientMessages({ area, children }: { area?: Area; children: ReactNode }) {
  const [all, { viewer }] = await Promise.all([getMessages(), pageReader()]);
  const messages: Tree = {};
  for (const name of CLIENT_NAMESPACES[area ?? "base"]) {
    if (viewer === null && MEMBER_ONLY.has(name)) continue;
    const part = pick(all as Tree, name);
    if (part) merge(messages, part[0], part[1]);
  }
  return <NextIntlClientProvider messages={messages as Record<string, never>}>{children}</NextIntlClientProvider>;
}
