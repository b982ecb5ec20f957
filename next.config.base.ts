// The Next.js configuration without build plugins: next.config.ts wraps it (next-intl), and tests read
// its headers() from here (the next-intl plugin loads a native file watcher that cannot load in
// several of Vitest's worker threads).
import type { NextConfig } from "next";
import { API_POLICY, IMAGE_POLICY, pagePolicy } from "./lib/api/csp";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const csp = (value: string) => [{ key: "Content-Security-Policy", value }];

const nextConfig: NextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "piscina"],
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // Keeps the `RSC` header and the `_rsc` parameter on the request as it arrived, so that the page cache
  // (lib/front/page-cache.ts) and Next.js agree on what is a document request and what an RSC request
  // (client navigation, router.refresh): an RSC request must never be answered with a cached HTML page.
  skipProxyUrlNormalize: true,
  typedRoutes: false,
  // Metadata (the <title>) is rendered in the document's head and in each RSC answer, not streamed after
  // the body for every browser. Streamed, it is keyed per request, so a router.refresh() unmounted the
  // old <title> before the new one arrived: the tab's title went blank for ~300 ms after a save (and an
  // axe audit at that instant found no title). The head then waits for generateMetadata, which reads only
  // what the page reads itself (deduplicated with React's cache()).
  htmlLimitedBots: /./,
  experimental: {
    // No optimistic routing (on by default in Next 16.4). With it, a navigation to a page whose head is
    // not fully prefetched (every page here: the titles are translated per request) renders the new
    // page's head as an empty string first and the real head in a later, deferred render: the old
    // <title> is removed in the commit that shows the new page and the new one inserted 10-30 ms later.
    // The settings test caught the document without a title in 7 of 16 runs with it, 0 of 16 without
    // (upstream: vercel/next.js#97702, #98684). The routes have no loading.tsx, so predicting their route
    // trees showed nothing earlier anyway.
    optimisticRouting: false,
    // Turbopack keeps a build cache on disk so that the next build is faster. A build on a fresh clone
    // whose cache is thrown away (CI: NEXT_BUILD_CACHE=0 in .ci/run) skips writing it: 23 s of a 1.6 min build.
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== "0",
  },
  async headers() {
    // One Content-Security-Policy per kind of path, so that no rule overwrites another: pages get the
    // page policy (the HTTP front adds the hashes of each page's inline scripts, lib/front/csp.ts), API
    // answers a policy that allows nothing, stored uploads and avatars an image-only sandbox.
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/((?!api/|uploads/).*)", headers: csp(pagePolicy()) },
      { source: "/api/((?!avatars/).*)", headers: csp(API_POLICY) },
      { source: "/api/avatars/:path*", headers: csp(IMAGE_POLICY) },
      { source: "/uploads/:path*", headers: csp(IMAGE_POLICY) },
      // The site icon: kept a day by browsers, instead of a revalidation (~3 ms of server CPU) per page view.
      { source: "/icon.svg", headers: [{ key: "Cache-Control", value: "public, max-age=86400" }] },
      // The icon sprite (scripts/gen-icons.ts): app/icons.css names it with a hash of its content.
      { source: "/icons.svg", headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }] },
    ];
  },
};

export default nextConfig;
