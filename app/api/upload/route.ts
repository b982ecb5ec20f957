// POST /api/upload — JSON {file: data URL | base64} or multipart/form-data `file` → 201 "<absolute URL>"
import { readUploadBody } from "@/lib/api/body";
import { requestOrigin } from "@/lib/api/origin";
import { created, made, route } from "@/lib/api/route";
import { env } from "@/lib/env";
import { hitRateLimit } from "@/lib/limits/rate-limit";
import { storeImage } from "@/lib/services/uploads/uploads";
import { uploadFileSchema, uploadResponseSchema } from "@/lib/validation/uploads";

export const POST = route(
  {
    tag: "Uploads", summary: "Upload an image",
    description: "Body `{file}` (data URL or base64), or multipart/form-data with a `file` part. PNG, JPEG, GIF, WebP, AVIF; re-encoded without metadata. Answers the absolute URL.",
    auth: "required", body: uploadFileSchema, customBody: true, responses: [made(uploadResponseSchema)], errors: [413, 415, 429],
  },
  async ({ req, viewer }) => {
    await hitRateLimit(`upload:${viewer.id}`, env().RATE_LIMIT_UPLOADS, env().RATE_LIMIT_WINDOW_SEC);
    const bytes = await readUploadBody(req);
    return created(await storeImage({ bytes, ownerId: viewer.id, origin: requestOrigin(req) }));
  },
);
