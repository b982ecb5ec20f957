// POST /api/users/me/avatar: multipart `file` or JSON {file} (as /api/upload) → {url, user}; the image becomes the avatar.
import { readUploadBody } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { env } from "@/lib/env";
import { setAvatar } from "@/lib/services/profiles";
import { hitRateLimit } from "@/lib/services/rate-limit";
import { requireViewer } from "@/lib/viewer";

export const POST = route(
  async ({ req, viewer }) => {
    const v = requireViewer(viewer);
    await hitRateLimit(`upload:${v.id}`, env().RATE_LIMIT_UPLOADS, env().RATE_LIMIT_WINDOW_SEC);
    return setAvatar({ userId: v.id, bytes: await readUploadBody(req) });
  },
  { auth: "required" },
);
