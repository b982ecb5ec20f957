import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { credentialGate, isCredentialRequest } from "@/lib/front/credential-gate";

// A real HTTP server with the gate in front of its handler, as lib/front/index.ts puts it before Next.js.
// A credential request "hashes" for `workMs` (an async wait, as the off-thread hash is); others answer at once.
let server: Server | null = null;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function serve(limits: { running: number; queued: number }, workMs: number) {
  const gate = credentialGate(limits);
  let inside = 0;
  let most = 0;
  server = createServer((req, res) => {
    gate.admit(req, res, () => {
      if (req.method === "GET") return void res.end("read");
      inside++;
      most = Math.max(most, inside);
      req.resume();
      setTimeout(() => {
        inside--;
        res.end("signed in");
      }, workMs);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { gate, base, most: () => most };
}

const signIn = (base: string) => fetch(`${base}/api/auth/login`, { method: "POST", body: "{}" });

describe("the credential gate (lib/front/credential-gate.ts)", () => {
  it("lets at most `running` sign-ins into the server at once, and answers every one", async () => {
    const { gate, base, most } = await serve({ running: 4, queued: 100 }, 60);
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(base).then((r) => r.text())));
    expect(answers).toEqual(Array(20).fill("signed in"));
    expect(most()).toBe(4);
    expect(gate.state).toEqual({ running: 0, queued: 0 });
  });

  it("a read arriving during a flood of sign-ins is answered at once, not after them", async () => {
    const { gate, base } = await serve({ running: 4, queued: 100 }, 100);
    const flood = Promise.all(Array.from({ length: 40 }, () => signIn(base).then((r) => r.text())));
    await expect.poll(() => gate.state.queued).toBeGreaterThan(20);
    const t0 = performance.now();
    expect(await (await fetch(`${base}/api/health`)).text()).toBe("read");
    // 40 sign-ins of 100 ms, 4 at a time, take ~1 s; the read waited for none of them.
    expect(performance.now() - t0).toBeLessThan(150);
    await flood;
  });

  it("beyond the waiting list: 503 service_unavailable with Retry-After, in the error body", async () => {
    const { base } = await serve({ running: 1, queued: 2 }, 200);
    const answers = await Promise.all(Array.from({ length: 5 }, () => signIn(base)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 503, 503]);
    const refused = answers.find((r) => r.status === 503)!;
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(await refused.json()).toMatchObject({ code: "service_unavailable" });
  });

  it("a waiting request whose client went away leaves the list", async () => {
    const { gate, base } = await serve({ running: 1, queued: 10 }, 300);
    const first = signIn(base);
    await expect.poll(() => gate.state.running).toBe(1);
    const { port } = new URL(base);
    const gone = httpRequest({ host: "127.0.0.1", port, path: "/api/auth/reset", method: "POST" });
    gone.on("error", () => {});
    gone.end("{}");
    await expect.poll(() => gate.state.queued).toBe(1);
    gone.destroy();
    await expect.poll(() => gate.state.queued).toBe(0);
    await first;
  });

  it("names the writes that may hash a password, and nothing else", () => {
    const r = (method: string, url: string) => isCredentialRequest({ method, url } as never);
    for (const [m, u] of [
      ["POST", "/api/auth/login"],
      ["POST", "/api/auth/reset"],
      ["POST", "/api/auth/register"],
      ["POST", "/api/auth/callback/credentials?x=1"],
      ["PUT", "/api/users/me/password"],
      ["POST", "/api/users/me/email"],
      ["DELETE", "/api/users/me"],
      ["DELETE", "/api/users/me/two-factor"],
      ["POST", "/login"],
      ["POST", "/reset-password"],
    ])
      expect(r(m!, u!), `${m} ${u}`).toBe(true);
    for (const [m, u] of [
      ["GET", "/api/auth/session"],
      ["GET", "/login"],
      ["POST", "/api/posts"],
      ["POST", "/api/users/me/avatar"],
      ["OPTIONS", "/api/auth/login"],
    ])
      expect(r(m!, u!), `${m} ${u}`).toBe(false);
  });
});
