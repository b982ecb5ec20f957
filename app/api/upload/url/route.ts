// POST /api/upload/url — {url} fetched SSRF-safely, validated and stored → 201 "<absolute URL>"
import { created, route } from "@/lib/api/route";
import { env } from "@/lib/env";
import { hitRateLimit } from "@/lib/services/rate-limit";
import { readUploadUrl } from "@/lib/api/body";
import { requestOrigin } from "@/lib/api/origin";
import { uploadFromUrl } from "@/lib/services/uploads";
import { requireViewer } from "@/lib/viewer";

export const POST = route(
  async ({ req, viewer }) => {
    const v = requireViewer(viewer);
    const url = await readUploadUrl(req);
    await hitRateLimit(`upload:${v.id}`, env().RATE_LIMIT_UPLOADS, env().RATE_LIMIT_WINDOW_SEC);
    return created(await uploadFromUrl({ url, ownerId: v.id, origin: requestOrigin(req) }));
  },
  { auth: "required" },
);
