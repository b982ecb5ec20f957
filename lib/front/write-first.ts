import type { IncomingMessage, ServerResponse } from "node:http";
import { SAFE_METHODS } from "@/lib/api/origin";

/**
 * Writes first. A process answers on one thread, and a request's every `await` (a query, a
 * lock, a commit) puts its next step at the back of the event loop's queue. Under a flood of reads, 20
 * connections each with a request in flight, a comment's dozen steps each wait behind a round of the
 * reads' steps: 5 ms of work took ~240 ms. So while a write is in flight, reads that arrive are held
 * before Next.js sees them (the reads already started finish), and the write's steps run at once.
 *
 * Bounded both ways, so neither side can starve the other, and a client cannot stall the reads:
 * - a write is favoured for at most `windowMs` from its arrival (a slow upload, a slow body, a hung
 *   request is then an ordinary request);
 * - no read is held longer than `windowMs` (the first held read starts a timer that lets every held
 *   read through), so the most a stream of writes adds to a read is `windowMs`.
 *
 * `WRITE_FIRST_MS` sets the window (default 60); `0` turns this off. The HTTP front (lib/front/index.ts)
 * admits every request that server.ts answers through it; the database knows nothing of it.
 */
export type WriteFirst = {
  /** Runs `go` now, or once no write is favoured (a read), marking a write as favoured while it runs. */
  admit(req: IncomingMessage, res: ServerResponse, go: () => void): void;
  /** Writes favoured now, reads held now (for the tests). */
  readonly state: { favoured: number; held: number };
};

export function writeFirst(windowMs: number): WriteFirst {
  let favoured = 0;
  let held: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;
  const release = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const go = held;
    held = [];
    for (const g of go) g();
  };
  return {
    admit(req, res, go) {
      if (windowMs <= 0) return go();
      if (!SAFE_METHODS.has(req.method ?? "GET")) {
        favoured++;
        let over = false;
        const end = () => {
          if (over) return;
          over = true;
          clearTimeout(limit);
          favoured--;
          if (favoured === 0 && held.length) release();
        };
        const limit = setTimeout(end, windowMs);
        limit.unref();
        res.once("finish", end);
        res.once("close", end);
        return go();
      }
      if (favoured === 0) return go();
      held.push(go);
      if (!timer) {
        timer = setTimeout(release, windowMs);
        timer.unref();
      }
    },
    get state() {
      return { favoured, held: held.length };
    },
  };
}
