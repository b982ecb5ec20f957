// GET /api/rss: RSS 2.0 of the newest featured public posts.
import { siteOrigin } from "@/lib/api/origin";
import { route } from "@/lib/api/route";
import { buildRss } from "@/lib/services/posts/rss";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    tag: "Other",
    summary: "RSS 2.0 of the newest featured public posts",
    auth: "none",
    responses: [{ status: 200, description: "RSS 2.0", media: "application/rss+xml" }],
  },
  async ({ req }) =>
    new Response(await buildRss(siteOrigin(req)), {
      headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=300" },
    }),
);
