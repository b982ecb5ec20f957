// GET /api/upload/presign?filename=x.png: a signed, single-use PUT URL for one image (OpenIsle's editor upload).
import { siteOrigin } from "@/lib/api/origin";
import { ok, route } from "@/lib/api/route";
import { forbidden, suspended, msg } from "@/lib/errors";
import { presignUpload } from "@/lib/services/uploads/presign";
import { presignAnswerSchema, presignQuerySchema } from "@/lib/validation/openisle/compat";

export const GET = route(
  {
    tag: "Uploads",
    summary: "Presign an image upload",
    description:
      "OpenIsle's editor flow: answers `{uploadUrl, fileUrl, key}`; PUT the file's bytes to `uploadUrl` (no Authorization: the URL is signed, " +
      "valid 15 minutes, once), then use `fileUrl`. The PUT runs the checks of POST /api/upload. The file name only picks the extension " +
      "(png, jpg, jpeg, gif, webp, avif; anything else is a 415): the bytes decide the type.",
    auth: "required",
    query: presignQuerySchema,
    responses: [ok(presignAnswerSchema)],
    errors: [403, 415],
  },
  ({ req, viewer, query }) => {
    // The PUT it allows carries no credentials: the caller must be able to write now.
    if (viewer.via === "token" && !viewer.scopes.includes("write")) throw forbidden(msg("readScopeOnly"));
    if (viewer.suspendedUntil) throw suspended(viewer.suspendedUntil);
    return presignUpload(viewer, { filename: query.filename, origin: siteOrigin(req) });
  },
);
