import "server-only";
import { lsnValue, primaryLsn, replayedEverywhere, replicasConfigured, type ReadFrom } from "@/db/replicas";
import { cookieFromHeader } from "@/lib/api/caller";
import { SAFE_METHODS } from "@/lib/api/origin";
import type { Viewer } from "@/lib/viewer";
import { env } from "@/lib/env";

/**
 * Read-your-writes with read replicas (db/replicas.ts), decided here at the edge and passed to the
 * services as a plain value (`ctx.readFrom`, `viewer.readFrom`):
 *
 * - After a member's write commits, its answer carries the primary's WAL position (`pg_current_wal_insert_lsn()`,
 *   read after the commit and after the caches' stamps) as the `forum_wal` cookie and the `X-Forum-Wal`
 *   header; the process also remembers it for the member (token clients that keep no cookies).
 * - A request carrying such a position (cookie, header, or remembered) reads from the primary until every
 *   healthy replica has replayed it; afterwards, and for everybody else, "replica".
 *
 * So a member's next page after their comment shows it at once (it is read where it was written), and the
 * cookie costs nothing once the replicas have caught up. Without replicas everything is "primary" and no
 * cookie is set.
 */
export const WAL_COOKIE = "forum_wal";
export const WAL_HEADER = "x-forum-wal";

const remembered = new Map<number, { lsn: bigint; until: number }>();
const REMEMBERED_MAX = 10_000;
const keepMs = () => env().REPLICA_MAX_LAG_MS + 5_000;

/** Where this request's stale-tolerant reads go: "primary" while a write of this caller may be missing on a replica. */
export function readFromFor(headers: Headers, viewer: Viewer | null): ReadFrom {
  if (!replicasConfigured()) return "primary";
  let need = -1n;
  for (const v of [cookieFromHeader(headers.get("cookie"))(WAL_COOKIE), headers.get(WAL_HEADER)]) {
    const n = lsnValue(v);
    if (n > need) need = n;
  }
  if (viewer) {
    const w = remembered.get(viewer.id);
    if (w && w.until > Date.now() && w.lsn > need) need = w.lsn;
    else if (w && w.until <= Date.now()) remembered.delete(viewer.id);
  }
  return need >= 0n && !replayedEverywhere(need) ? "primary" : "replica";
}

/**
 * Marks the answer to a member's successful write with the primary's position after it (see above).
 * One trivial statement per write, only when replicas are configured.
 */
export async function rememberWrite(req: Request, viewer: Viewer | null, res: Response): Promise<Response> {
  if (SAFE_METHODS.has(req.method) || res.status >= 400 || !replicasConfigured()) return res;
  const lsn = await primaryLsn().catch(() => null);
  if (!lsn) return res;
  if (viewer) {
    if (remembered.size >= REMEMBERED_MAX) remembered.delete(remembered.keys().next().value!);
    remembered.delete(viewer.id);
    remembered.set(viewer.id, { lsn: lsnValue(lsn), until: Date.now() + keepMs() });
  }
  const secure = new URL(req.url).protocol === "https:" ? "; Secure" : "";
  try {
    res.headers.append(
      "set-cookie",
      `${WAL_COOKIE}=${lsn}; Path=/; Max-Age=${Math.ceil(keepMs() / 1000)}; HttpOnly; SameSite=Lax${secure}`,
    );
    res.headers.set(WAL_HEADER, lsn);
    return res;
  } catch {
    // An answer with immutable headers (a fetched or redirected Response): copy it.
    const copy = new Response(res.body, res);
    copy.headers.append(
      "set-cookie",
      `${WAL_COOKIE}=${lsn}; Path=/; Max-Age=${Math.ceil(keepMs() / 1000)}; HttpOnly; SameSite=Lax${secure}`,
    );
    copy.headers.set(WAL_HEADER, lsn);
    return copy;
  }
}
