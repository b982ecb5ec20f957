// GET /api/events opened in-process (as tests/api/events-stream.test.ts does), for the tests that watch
// what each member's stream receives (spam-held-live, spam-review-live).
import { expect, vi } from "vitest";
import { GET as events } from "@/app/api/events/route";
import type { LiveEvent } from "@/lib/live/events";
import { req, type TestUser } from "../helpers";

export type Stream = {
  events: LiveEvent[];
  /** True once the server ended the stream. */
  ended: boolean;
  close: () => Promise<void>;
  waitFor: (pred: (e: LiveEvent) => boolean) => Promise<LiveEvent>;
};
const open: Stream[] = [];

/** Opens a stream as `as` (anonymous without) and collects its unnamed events. */
export async function stream(as?: TestUser): Promise<Stream> {
  const res = await events(req("/api/events", { token: as?.token }), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const out: Stream = {
    events: [],
    ended: false,
    close: async () => void (await reader.cancel().catch(() => {})),
    waitFor: (pred) =>
      vi.waitFor(
        () => {
          const hit = out.events.find(pred);
          if (!hit) throw new Error(`event not received; got ${JSON.stringify(out.events)}`);
          return hit;
        },
        { timeout: 3000, interval: 20 },
      ),
  };
  let buf = "";
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      buf += decoder.decode(value);
      let i: number;
      while ((i = buf.indexOf("\n\n")) >= 0) {
        const chunk = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (chunk.split("\n").some((l) => l.startsWith("event: "))) continue; // named frames (page-state)
        const data = chunk
          .split("\n")
          .filter((l) => l.startsWith("data: "))
          .map((l) => l.slice(6))
          .join("\n");
        if (data) out.events.push(JSON.parse(data));
      }
    }
    out.ended = true;
  })();
  open.push(out);
  return out;
}

/** Closes every stream this file opened (afterAll, before eventHub.close()). */
export async function closeStreams(): Promise<void> {
  for (const s of open.splice(0)) await s.close();
}
