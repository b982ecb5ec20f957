// POST /api/upload — JSON {file: data URL | base64} or multipart/form-data `file` → 201 "<absolute URL>"
import { created, route } from "@/lib/api/route";
import { env } from "@/lib/env";
import { hitRateLimit } from "@/lib/services/rate-limit";
import { readUploadBody } from "@/lib/api/body";
import { requestOrigin } from "@/lib/api/origin";
import { storeImage } from "@/lib/services/uploads";
import { requireViewer } from "@/lib/viewer";

export const POST = route(
  async ({ req, viewer }) => {
    const v = requireViewer(viewer);
    await hitRateLimit(`upload:${v.id}`, env().RATE_LIMIT_UPLOADS, env().RATE_LIMIT_WINDOW_SEC);
    const bytes = await readUploadBody(req);
    return created(await storeImage({ bytes, ownerId: v.id, origin: requestOrigin(req) }));
  },
  { auth: "required" },
);
