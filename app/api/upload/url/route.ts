// POST /api/upload/url — {url} fetched SSRF-safely, validated and stored → 201 "<absolute URL>"
import { requestOrigin } from "@/lib/api/origin";
import { created, made, route } from "@/lib/api/route";
import { hitSiteRateLimit } from "@/lib/limits/rate-limit";
import { uploadFromUrl } from "@/lib/services/uploads/uploads";
import { uploadResponseSchema, uploadUrlSchema } from "@/lib/validation/uploads";

export const POST = route(
  {
    tag: "Uploads",
    summary: "Fetch and store a remote image",
    description: "SSRF-safe: private, loopback and reserved addresses are refused (400 `url_not_allowed`).",
    auth: "required",
    body: uploadUrlSchema,
    responses: [made(uploadResponseSchema)],
    errors: [413, 415, 429],
  },
  async ({ req, viewer, body }) => {
    await hitSiteRateLimit(`upload:${viewer.id}`, "uploads");
    return created(await uploadFromUrl(viewer, { url: body.url, origin: requestOrigin(req) }));
  },
);
