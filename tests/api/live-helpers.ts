// GET /api/events opened in-process (as tests/api/events-stream.test.ts does), for the tests that watch
// what each member's stream receives (spam-held-live, spam-review-live).
import { expect, vi } from "vitest";
import { GET as events } from "@/app/api/events/route";
import type { LiveEvent } from "@/lib/live/events";
import { req, type TestUser } from "../helpers";

/** One server-sent frame: its `event:` name (none for the live events), its `data:` parsed, and the text. */
export type Frame = { event?: string; data?: unknown; raw: string };

/** Reads a text/event-stream body frame by frame until it ends (or is cancelled). */
export async function readFrames(reader: ReadableStreamDefaultReader<Uint8Array>, onFrame: (f: Frame) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buf = "";
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) return;
    buf += decoder.decode(value);
    let i: number;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const raw = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const lines = raw.split("\n");
      const data = lines
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .join("\n");
      const event = lines.find((l) => l.startsWith("event: "))?.slice(7);
      onFrame({ event, data: data ? JSON.parse(data) : undefined, raw });
    }
  }
}

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
  void readFrames(reader, (f) => {
    if (f.event === undefined && f.data !== undefined) out.events.push(f.data as LiveEvent); // named frames: page-state
  }).then(() => (out.ended = true));
  open.push(out);
  return out;
}

/** Closes every stream this file opened (afterAll, before eventHub.close()). */
export async function closeStreams(): Promise<void> {
  for (const s of open.splice(0)) await s.close();
}
