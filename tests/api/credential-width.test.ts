import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { connection } from "@/db";
import { createFront } from "@/lib/front";

// The HTTP front as server.ts builds it, with a stand-in for Next.js that "hashes" each sign-in for 80 ms
// (an async wait, as the off-thread hash is) and records how many were inside at once.
let inside = 0;
let most = 0;
const server = http.createServer();
server.on(
  "request",
  createFront({
    server,
    next: (req, res) => {
      if (req.method === "GET") return void res.end("read");
      inside++;
      most = Math.max(most, inside);
      req.resume();
      setTimeout(() => {
        inside--;
        res.end("signed in");
      }, 80);
    },
  }),
);
server.keepAliveTimeout = 1;
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("how many sign-ins the front lets into Next.js at once (lib/front/index.ts)", () => {
  it("one on the embedded database, whose statements share the server's thread; two on a Postgres server", async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => fetch(`${base}/api/auth/reset`, { method: "POST", body: "{}" }).then((r) => r.text())),
    );
    expect(answers).toEqual(Array(12).fill("signed in"));
    expect(most).toBe(connection().kind === "pglite" ? 1 : 2);
    // Reads are not held behind the sign-ins' list.
    expect(await (await fetch(`${base}/api/health`)).text()).toBe("read");
  });
});
