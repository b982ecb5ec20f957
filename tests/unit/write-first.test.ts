import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { writeFirst } from "@/lib/front/write-first";

// A real HTTP server with the gate in front of its handler, as the HTTP front (lib/front/index.ts) puts it
// before Next.js. The handler logs when each request starts; a write answers after `writeMs` (its "steps").
let server: Server | null = null;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function serve(windowMs: number, writeMs: number) {
  const gate = writeFirst(windowMs);
  // `at`: when the handler started; `held`: how long after its arrival (0 when started in the same call).
  const started: { what: string; at: number; held: number }[] = [];
  const t0 = performance.now();
  server = createServer((req, res) => {
    const arrived = performance.now();
    let inCall = true;
    gate.admit(req, res, () => {
      const now = performance.now();
      started.push({ what: `${req.method} ${req.url}`, at: now - t0, held: inCall ? 0 : now - arrived });
      if (req.method === "GET") return void res.end("read");
      req.resume();
      if (writeMs >= 0) setTimeout(() => res.end("written"), writeMs);
      // writeMs < 0: a write that never answers (a hung request).
    });
    inCall = false;
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const at = (what: string) => started.find((s) => s.what === what)?.at ?? NaN;
  const held = (what: string) => started.find((s) => s.what === what)?.held ?? NaN;
  return { gate, base, at, held, t0 };
}

describe("writes first (lib/front/write-first.ts)", () => {
  it("holds a read that arrives while a write is in flight until the write has answered", async () => {
    const { gate, base, at } = await serve(1000, 300);
    const write = fetch(`${base}/w`, { method: "POST", body: "x" }).then(async (r) => ({ body: await r.text(), at: performance.now() }));
    await expect.poll(() => gate.state.favoured).toBe(1);
    const read = fetch(`${base}/r`).then((r) => r.text());
    await expect.poll(() => gate.state.held).toBe(1);
    expect(gate.state.favoured).toBe(1);
    expect(Number.isNaN(at("GET /r"))).toBe(true);
    const [w, r] = await Promise.all([write, read]);
    expect(w.body).toBe("written");
    expect(r).toBe("read");
    // The read started after the write's 300 ms, not when it arrived.
    expect(at("GET /r")).toBeGreaterThanOrEqual(at("POST /w") + 298);
    expect(gate.state).toEqual({ favoured: 0, held: 0 });
  });

  it("lets reads through at once when no write is in flight, and reads never hold reads", async () => {
    const { gate, base, held } = await serve(500, 80);
    const answers = await Promise.all([1, 2, 3].map((i) => fetch(`${base}/r${i}`).then((r) => r.text())));
    expect(answers).toEqual(["read", "read", "read"]);
    expect([1, 2, 3].map((i) => held(`GET /r${i}`))).toEqual([0, 0, 0]);
    expect(gate.state).toEqual({ favoured: 0, held: 0 });
  });

  it("holds no read longer than the window, even behind a write that never answers", async () => {
    const { gate, base, at, held } = await serve(200, -1);
    const ctl = new AbortController();
    void fetch(`${base}/hung`, { method: "POST", body: "x", signal: ctl.signal }).catch(() => {});
    await expect.poll(() => gate.state.favoured).toBe(1);
    expect(await fetch(`${base}/r`).then((r) => r.text())).toBe("read");
    // Held, then let through when the write's favour ran out (200 ms after its arrival: a timer never fires
    // early), although the write never answered.
    expect(held("GET /r")).toBeGreaterThan(0);
    expect(at("GET /r")).toBeGreaterThanOrEqual(at("POST /hung") + 198);
    expect(held("GET /r")).toBeLessThan(1000);
    // The hung write's favour has run out: the next read is not held at all.
    await fetch(`${base}/r2`).then((r) => r.text());
    expect(held("GET /r2")).toBe(0);
    expect(gate.state.favoured).toBe(0);
    ctl.abort();
  });

  it("releases the held reads when the writer goes away before its answer", async () => {
    const { gate, base } = await serve(2000, -1);
    const ctl = new AbortController();
    const write = fetch(`${base}/w`, { method: "POST", body: "x", signal: ctl.signal }).catch((e: Error) => e.name);
    await expect.poll(() => gate.state.favoured).toBe(1);
    const t = performance.now();
    const read = fetch(`${base}/r`).then((r) => r.text());
    await expect.poll(() => gate.state.held).toBe(1);
    ctl.abort();
    expect(await write).toBe("AbortError");
    expect(await read).toBe("read");
    // Released by the closed connection, long before the 2 s window.
    expect(performance.now() - t).toBeLessThan(1000);
    expect(gate.state).toEqual({ favoured: 0, held: 0 });
  });

  it("does nothing with a window of 0 (WRITE_FIRST_MS=0)", async () => {
    const { gate, base, at, held } = await serve(0, 150);
    const write = fetch(`${base}/w`, { method: "POST", body: "x" }).then((r) => r.text());
    // The write is in its handler (its 150 ms) when the read arrives.
    await expect.poll(() => at("POST /w")).not.toBeNaN();
    expect(await fetch(`${base}/r`).then((r) => r.text())).toBe("read");
    expect(held("GET /r")).toBe(0);
    expect(gate.state).toEqual({ favoured: 0, held: 0 });
    await write;
  });
});
