// POST /api/upload — JSON {file: data URL | base64} → 201 "<absolute URL>"; multipart/form-data `file`
// (OpenIsle's client) → 200 {code: 0, msg: "ok", data: {url}}, as OpenIsle's UploadController answers
import { readUploadBody } from "@/lib/api/body";
import { requestOrigin } from "@/lib/api/origin";
import { created, made, ok, route } from "@/lib/api/route";
import { hitSiteRateLimit } from "@/lib/limits/rate-limit";
import { storeImage } from "@/lib/services/uploads/uploads";
import { openIsleUploadAnswerSchema } from "@/lib/validation/openisle/compat";
import { uploadFileSchema, uploadResponseSchema } from "@/lib/validation/uploads";

export const POST = route(
  {
    tag: "Uploads",
    summary: "Upload an image",
    description:
      "Body `{file}` (data URL or base64): answers 201 with the absolute URL as a JSON string. Multipart/form-data with a `file` part " +
      '(OpenIsle\'s wire format): answers 200 `{code: 0, msg: "ok", data: {url}}` as OpenIsle does. PNG, JPEG, GIF, WebP, AVIF; re-encoded without metadata.',
    auth: "required",
    body: uploadFileSchema,
    customBody: true,
    responses: [made(uploadResponseSchema), ok(openIsleUploadAnswerSchema, "multipart/form-data request")],
    errors: [413, 415, 429],
  },
  async ({ req, viewer }) => {
    await hitSiteRateLimit(`upload:${viewer.id}`, "uploads");
    const multipart = (req.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
    const bytes = await readUploadBody(req);
    const url = await storeImage(viewer, { bytes, origin: requestOrigin(req) });
    return multipart ? { code: 0 as const, msg: "ok", data: { url } } : created(url);
  },
);
