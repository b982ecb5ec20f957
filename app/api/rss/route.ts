// GET /api/rss: RSS 2.0 of the newest featured public posts.
import { route } from "@/lib/api/route";
import { siteOrigin } from "@/lib/api/origin";
import { buildRss } from "@/lib/services/rss";

export const dynamic = "force-dynamic";

export const GET = route(async ({ req }) =>
  new Response(await buildRss(siteOrigin(req)), {
    headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=300" },
  }),
);
