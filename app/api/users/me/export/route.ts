// GET/POST /api/users/me/export: the caller's data export (issue 60): its state, asking for one.
import { ok, route } from "@/lib/api/route";
import { getDataExport, requestDataExport } from "@/lib/services/accounts/data-export";
import { dataExportSchema } from "@/lib/validation/data-export";

export const GET = route(
  {
    tag: "Accounts",
    summary: "Your data export: its state",
    description:
      "`status` none, pending, running, ready or failed; `progress` while it is made; once ready, `url` (served to the caller only) and `expiresAt` (48 hours after it was made).",
    auth: "required",
    responses: [ok(dataExportSchema)],
  },
  ({ viewer }) => getDataExport(viewer),
);

export const POST = route(
  {
    tag: "Accounts",
    summary: "Your data export: ask for one",
    description:
      "Starts an export of the caller's data (profile and settings, posts, comments with their history, the messages they sent and their conversations, reactions, votes, points, redemptions, notifications, sign-ins, uploads) as a tar.gz, made in the background; answers 202 with its state. While one is pending or running the same one is answered. Once one was made, the next may be asked for 24 hours later: 429 `rate_limited` with `Retry-After` until then. A mail with a link says when it is ready.",
    auth: "required",
    responses: [{ status: 202, description: "Accepted: the export, pending or running", schema: dataExportSchema }],
    errors: [429],
  },
  async ({ viewer }) => Response.json(await requestDataExport(viewer), { status: 202 }),
);
