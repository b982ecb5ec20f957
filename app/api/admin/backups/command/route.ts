// POST /api/admin/backups/command: `npm run backup` asking the running embedded forum to make the backup
// (only one process may open its database folder). Loopback only, with the token of $DATA_DIR/backup-control.json.
import { peerAddress } from "@/lib/api/client-ip";
import { route } from "@/lib/api/route";
import { assertCommandCaller } from "@/lib/services/backups/control";
import { backupForCommand } from "@/lib/services/backups/backups";
import { backupCommandSchema } from "@/lib/validation/backups";

export const POST = route(
  {
    tag: "Administration",
    summary: "Back up for the command line",
    description:
      "For `npm run backup` on the same machine: the `x-forum-backup-token` header must hold the token the forum wrote into its data folder at start-up, and the request must come from a loopback address (403 otherwise). Answers with one JSON object per line: progress, then `{done, name, bytes}` or `{error}`.",
    auth: "none",
    body: backupCommandSchema,
    bodyOptional: true,
    responses: [{ status: 200, description: "Progress, one JSON object per line", media: "application/x-ndjson" }],
  },
  ({ req, body }) => {
    assertCommandCaller(req.headers.get("x-forum-backup-token"), peerAddress(req.headers));
    const enc = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (o: unknown) => controller.enqueue(enc.encode(JSON.stringify(o) + "\n"));
        backupForCommand(body?.out ?? null, (p) => send(p))
          .then((r) =>
            send(
              r.ok
                ? { done: true, name: r.summary.name, bytes: r.summary.bytes, rows: r.summary.rows, uploads: r.summary.uploads }
                : { error: r.error },
            ),
          )
          .catch((e: unknown) => send({ error: e instanceof Error ? e.message : String(e) }))
          .finally(() => controller.close());
      },
    });
    return new Response(stream, { headers: { "content-type": "application/x-ndjson", "cache-control": "no-store" } });
  },
);
