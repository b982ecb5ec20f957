import { randomBytes } from "node:crypto";

/**
 * How the HTTP front tells a page render that its document will be shared (lib/cache/README.md): a
 * request header it sets on the renders it stores in the page cache and removes from every other
 * request. Its value is a per-process secret, the class of reader the document is kept for, and
 * `ahead` when this process asked for the render itself after a write (lib/cache/render-ahead.ts).
 */
export const SHARED_RENDER_HEADER = "x-forum-shell";

/** Who a shared document is kept for: every anonymous visitor, every member who is not staff, or one member with ONLY_ME posts of their own (their lists differ). */
export type SharedClass = "anon" | "member" | `u${number}`;

const g = globalThis as unknown as { __forumShellToken?: string };
/** The header's secret: a client cannot ask for a shared render itself. */
const token = (): string => (g.__forumShellToken ??= randomBytes(18).toString("base64url"));

/** The header's value for a shared render of `cls` (rendered ahead by this process when `ahead`). */
export const sharedRenderValue = (cls: SharedClass, ahead = false): string => `${token()} ${cls}${ahead ? " ahead" : ""}`;

/** The class a request's header value names, or null when it is absent or not this process's. */
export function sharedClassOf(value: string | null | undefined): SharedClass | null {
  const [secret, cls] = (value ?? "").split(" ");
  if (secret !== token() || !cls) return null;
  return cls === "anon" || cls === "member" || /^u[1-9]\d{0,9}$/.test(cls) ? (cls as SharedClass) : null;
}

/** A per-process secret for other headers this process sends itself (the render-ahead request). */
export const processSecret = token;
