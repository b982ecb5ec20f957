import { NextResponse, type NextRequest } from "next/server";
import { lookupPage, PAGE_VERSION_HEADER, SHELL_HEADER, shellToken } from "@/lib/api/page-cache";

/**
 * Runs before Next.js routes a public page: answers from the page cache (lib/api/page-cache.ts
 * explains the coherence rule and who shares which page). A member's list page that must be rendered
 * is rendered as the members' shared page, marked by SHELL_HEADER (a per-process secret value); the
 * header is removed from every other request.
 */
export async function proxy(req: NextRequest) {
  const r = await lookupPage(req).catch(() => null); // a database hiccup: render as usual
  if (r && "hit" in r) return r.hit;
  const headers = new Headers(req.headers);
  headers.delete(SHELL_HEADER);
  if (r && r.shell) headers.set(SHELL_HEADER, `${shellToken()} ${r.shell}`);
  const res = NextResponse.next({ request: { headers } });
  if (r) res.headers.set(PAGE_VERSION_HEADER, r.version);
  return res;
}

// Only the public pages: the API, static files and the other pages never reach the proxy.
export const config = { matcher: ["/", "/c/:id", "/t/:id", "/posts/:id", "/u/:name"] };
