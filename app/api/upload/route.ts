// POST /api/upload — JSON {file: data URL | base64} or multipart/form-data `file` → 201 "<absolute URL>"
import { created, route } from "@/lib/api/route";
import { env } from "@/lib/env";
import { hitRateLimit } from "@/lib/services/rate-limit";
import { uploadFromRequest } from "@/lib/services/uploads";
import { requireViewer } from "@/lib/viewer";

export const POST = route(
  async ({ req, viewer }) => {
    const v = requireViewer(viewer);
    await hitRateLimit(`upload:${v.id}`, env().RATE_LIMIT_UPLOADS, env().RATE_LIMIT_WINDOW_SEC);
    return created(await uploadFromRequest(req, v.id));
  },
  { auth: "required" },
);
