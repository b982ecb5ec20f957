// The server keeps an idle keep-alive connection open for KEEP_ALIVE_MS (lib/front/keep-alive.ts), so a
// pooled client's next request, after a few seconds of other work, goes out on the same connection
// instead of racing the server's close (ECONNRESET on a POST: seen in the browser suite with Node's 5 s).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { keepConnectionsAlive, KEEP_ALIVE_MS } from "@/lib/front/keep-alive";
import { elapse } from "../time";

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.close();
    s.closeAllConnections();
  }
});

async function serve(keep: boolean): Promise<number> {
  const s = http.createServer((_req, res) => res.end("ok"));
  if (keep) keepConnectionsAlive(s);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return (s.address() as AddressInfo).port;
}

/** POSTs through `agent`; whether the request went out on a connection the agent had pooled. */
function post(agent: http.Agent, port: number): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/", agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on("error", reject);
    req.end("{}");
  });
}

describe("keep-alive", () => {
  it("an idle connection is still open after 6 s (Node's default closes it at 5 s)", async () => {
    expect(KEEP_ALIVE_MS).toBeGreaterThanOrEqual(60_000);
    const kept = await serve(true);
    const plain = await serve(false);
    const a = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const b = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await post(a, kept)).toEqual({ status: 200, reused: false });
    expect(await post(b, plain)).toEqual({ status: 200, reused: false });
    await elapse(6_000, "idle past Node's default 5 s keep-alive timeout");
    // The same connection: the server did not close it under the client.
    expect(await post(a, kept)).toEqual({ status: 200, reused: true });
    // Node's default had closed it: a new connection (a client sending as it closed would have got ECONNRESET).
    expect(await post(b, plain)).toEqual({ status: 200, reused: false });
    a.destroy();
    b.destroy();
  }, 15_000);
});
