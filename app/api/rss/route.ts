// GET /api/rss: the newest public posts, RSS 2.0 (Atom with ?format=atom), as OpenIsle's path.
import { feedResponse } from "@/lib/api/feed-response";
import { siteOrigin } from "@/lib/api/origin";
import { route } from "@/lib/api/route";
import { buildFeed } from "@/lib/services/posts/rss";
import { feedQuerySchema } from "@/lib/validation/feeds";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    tag: "Other",
    summary: "Feed of the newest public posts",
    description: "RSS 2.0, or Atom 1.0 with format=atom: the 20 newest published posts visible to everyone, newest first.",
    auth: "none",
    query: feedQuerySchema,
    responses: [{ status: 200, description: "RSS 2.0 (application/atom+xml with format=atom)", media: "application/rss+xml" }],
  },
  async ({ req, query }) => feedResponse(req, await buildFeed({ kind: "latest" }, query.format, siteOrigin(req))),
);
