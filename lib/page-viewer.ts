import { cache } from "react";
import { cookies } from "next/headers";
import { resolveViewer, SESSION_COOKIES, type Viewer } from "@/lib/viewer";

/**
 * The signed-in user of the page being rendered (from the Auth.js session cookie), or null.
 * Cached per request so the layout and the page share one lookup.
 */
export const pageViewer = cache(async (): Promise<Viewer | null> => {
  const jar = await cookies();
  const parts: string[] = [];
  for (const name of SESSION_COOKIES) {
    const c = jar.get(name);
    if (c) parts.push(`${name}=${encodeURIComponent(c.value)}`);
  }
  if (parts.length === 0) return null;
  return resolveViewer(new Request("http://localhost/", { headers: { cookie: parts.join("; ") } })).catch(() => null);
});
