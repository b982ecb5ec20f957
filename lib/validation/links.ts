import { z } from "zod";

const CONTROL = /[\u0000-\u001f\u007f]/;
/** A scheme as a browser reads one: it ignores tabs and line breaks inside and spaces before. */
const SCHEME = /^\s*([a-z][a-z0-9+.-]*):/i;

/** An http(s) URL, a path on this site (`/…`, not `//host` or `/\host`), or empty. */
export function isSafeImageRef(v: string): boolean {
  if (v === "") return true;
  if (CONTROL.test(v) || v.includes("\\")) return false;
  if (v.startsWith("/")) return !v.startsWith("//");
  const scheme = SCHEME.exec(v)?.[1]?.toLowerCase();
  if (scheme !== "http" && scheme !== "https") return false;
  try {
    return ["http:", "https:"].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}

/** An icon: an image reference as above, or a name or emoji (text with no URL scheme at all). */
export function isSafeIcon(v: string): boolean {
  if (CONTROL.test(v)) return false;
  if (v.startsWith("/") || SCHEME.test(v)) return isSafeImageRef(v);
  return true;
}

const MESSAGE_IMAGE = "must be an http(s) URL or a path on this site";
const MESSAGE_ICON = "must be an icon name, an emoji, an http(s) URL or a path on this site";

/** Zod for stored image addresses (shop goods, prizes): no `javascript:`, `data:` or other schemes. */
export const imageRefSchema = (max: number) => z.string().trim().max(max).refine(isSafeImageRef, MESSAGE_IMAGE);
/** Zod for category and tag icons. */
export const iconSchema = (max: number) => z.string().trim().max(max).refine(isSafeIcon, MESSAGE_ICON);
