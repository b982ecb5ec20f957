// GET /api/admin/backups/{name}/download (admin): the backup file, streamed from where it is kept.
import { Readable } from "node:stream";
import { route } from "@/lib/api/route";
import { openBackupDownload } from "@/lib/services/backups/backups";

export const GET = route(
  {
    tag: "Administration",
    summary: "Download a backup",
    description:
      "The file as it is stored (a gzip-compressed tar), streamed: never held in memory or cached (`Cache-Control: no-store`, private). Audited. Restore it with `npm run restore -- FILE` (docs/backups.md).",
    auth: "required",
    role: "ADMIN",
    responses: [{ status: 200, description: "The backup file", media: "application/gzip" }],
  },
  async ({ viewer, params }) => {
    const file = await openBackupDownload(viewer, { name: params.name ?? "" });
    return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
      headers: {
        "content-type": "application/gzip",
        "content-length": String(file.bytes),
        "content-disposition": `attachment; filename="${file.name}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
);
