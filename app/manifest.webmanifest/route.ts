// GET /manifest.webmanifest: the web app manifest, in the site's name, colour and icons (issue 61).
import { route } from "@/lib/api/route";
import { webManifest } from "@/lib/services/site/manifest";

export const GET = route(
  {
    tag: "Other",
    summary: "Web app manifest",
    auth: "none",
    responses: [{ status: 200, description: "The manifest (application/manifest+json)" }],
  },
  async () =>
    new Response(JSON.stringify(await webManifest()), {
      headers: { "content-type": "application/manifest+json; charset=utf-8", "cache-control": "no-cache" },
    }),
);
