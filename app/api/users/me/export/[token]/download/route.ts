// GET /api/users/me/export/{token}/download: the caller's data archive, streamed; its owner only.
import { Readable } from "node:stream";
import { route } from "@/lib/api/route";
import { openDataExportDownload } from "@/lib/services/accounts/data-export";

export const GET = route(
  {
    tag: "Accounts",
    summary: "Your data export: download it",
    description:
      "The archive (a gzip-compressed tar with README.txt, JSON files and the uploaded images), streamed and never cached. Only its owner gets it: another member, an unknown id and an expired export answer 404.",
    auth: "required",
    responses: [{ status: 200, description: "The archive", media: "application/gzip" }],
  },
  async ({ viewer, params }) => {
    const file = await openDataExportDownload(viewer, { token: params.token ?? "" });
    return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
      headers: {
        "content-type": "application/gzip",
        "content-length": String(file.bytes),
        "content-disposition": `attachment; filename="${file.fileName}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
);
