// GET /robots.txt: what crawlers may fetch (docs/seo.md), and where the sitemap index is.
import { declared } from "@/lib/api/route";
import { crawlerFile } from "@/lib/api/seo-response";
import { robotsTxt } from "@/lib/seo/robots";

export const dynamic = "force-dynamic";

export const GET = declared(
  {
    tag: "Other",
    summary: "robots.txt",
    auth: "none",
    responses: [{ status: 200, description: "text/plain" }],
  },
  async (req) => crawlerFile(req, robotsTxt(), "text/plain; charset=utf-8"),
);
