// PUT /api/upload/presigned/{token}: the file's bytes for a URL from GET /api/upload/presign (once, within 15 minutes).
import { readBodyBytes } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { env } from "@/lib/env";
import { hitSiteRateLimit } from "@/lib/limits/rate-limit";
import { receivePresignedUpload, verifyPresignToken } from "@/lib/services/uploads/presign";
import { openIsleUploadAnswerSchema } from "@/lib/validation/openisle/compat";

export const PUT = route(
  {
    tag: "Uploads",
    summary: "Send the file of a presigned upload",
    description:
      "The body is the image's bytes (any Content-Type; the bytes decide the type). The same checks as POST /api/upload. " +
      "Answers `{code: 0, msg, data: {url}}` with the presigned `fileUrl`. A used URL is a 409, an expired or forged one a 403.",
    auth: "none",
    customBody: true,
    responses: [ok(openIsleUploadAnswerSchema)],
    errors: [403, 409, 413, 415, 429],
  },
  async ({ req, params }) => {
    const e = env();
    const owner = verifyPresignToken(params.token ?? "").u;
    await hitSiteRateLimit(`upload:${owner}`, "uploads");
    const bytes = await readBodyBytes(req, e.UPLOAD_MAX_BYTES);
    const { fileUrl } = await receivePresignedUpload({ token: params.token ?? "", bytes });
    return { code: 0 as const, msg: "ok", data: { url: fileUrl } };
  },
);
