// POST /api/users/me/avatar: multipart `file` or JSON {file} (as /api/upload) → {url, user}; the image becomes the avatar.
import { readUploadBody } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { setAvatar } from "@/lib/services/users/profiles";
import { hitSiteRateLimit } from "@/lib/limits/rate-limit";
import { uploadFileSchema } from "@/lib/validation/uploads";
import { avatarResultSchema } from "@/lib/validation/users";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Upload a new avatar",
    description:
      "Multipart `file` or JSON `{file}` (data URL or base64) as POST /api/upload takes it, through the same pipeline (validated, re-encoded, metadata stripped). Answers the new avatar URL and the account.",
    auth: "required",
    body: uploadFileSchema,
    customBody: true,
    responses: [ok(avatarResultSchema)],
    errors: [413, 415, 429],
  },
  async ({ req, viewer }) => {
    await hitSiteRateLimit(`upload:${viewer.id}`, "uploads");
    return setAvatar(viewer, { bytes: await readUploadBody(req) });
  },
);
