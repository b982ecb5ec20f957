import { NextResponse, type NextRequest } from "next/server";
import { lookupPage, PAGE_VERSION_HEADER } from "@/lib/api/page-cache";

/**
 * Runs before Next.js routes a public page: answers anonymous visitors from the page cache
 * (lib/api/page-cache.ts explains the coherence rule). Every other request passes untouched.
 */
export async function proxy(req: NextRequest) {
  const r = await lookupPage(req).catch(() => null); // a database hiccup: render as usual
  if (!r) return NextResponse.next();
  if ("hit" in r) return r.hit;
  const res = NextResponse.next();
  res.headers.set(PAGE_VERSION_HEADER, r.version);
  return res;
}

// Only the public pages: the API, static files and the other pages never reach the proxy.
export const config = { matcher: ["/", "/c/:id", "/t/:id", "/posts/:id", "/u/:name"] };
