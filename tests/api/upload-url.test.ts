import http from "node:http";
import type { AddressInfo } from "node:net";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db";
import { statusOf } from "@/lib/api/errors";
import { AppError } from "@/lib/errors";
import { uploads } from "@/db/schema";
import { POST as uploadUrl } from "@/app/api/upload/url/route";
import { env } from "@/lib/env";
import { safeFetch } from "@/lib/ssrf";
import { uploadFromUrl } from "@/lib/services/uploads/uploads";
import { uploadResponseSchema } from "@/lib/validation/uploads";
import { call, makeUser, type TestUser } from "../helpers";
import { png, SVG } from "./upload-fixtures";

// Only a 127.0.0.1 test server is ever contacted; this explicit test-only setting lets it through.
process.env.UPLOAD_ALLOW_LOOPBACK = "1";
env(true);

let server: http.Server;
let base: string;
let image: Buffer;
const hostHeaders: string[] = [];
const sockets = new Set<import("node:net").Socket>();

beforeAll(async () => {
  image = await png(6, 6, "teal");
  server = http.createServer((req, res) => {
    hostHeaders.push(req.headers.host ?? "");
    const path = req.url ?? "/";
    if (path === "/img.png") return res.writeHead(200, { "content-type": "image/png" }).end(image);
    if (path === "/mislabelled") return res.writeHead(200, { "content-type": "text/plain" }).end(image);
    if (path === "/logo.svg") return res.writeHead(200, { "content-type": "image/png" }).end(SVG);
    if (path === "/to-img") return res.writeHead(302, { location: "/img.png" }).end();
    if (path === "/to-private") return res.writeHead(302, { location: "http://10.0.0.1/img.png" }).end();
    if (path === "/to-metadata") return res.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    if (path === "/to-file") return res.writeHead(301, { location: "file:///etc/passwd" }).end();
    if (path === "/to-decimal") return res.writeHead(302, { location: "http://167772161/" }).end();
    const loop = /^\/loop\/(\d+)$/.exec(path);
    if (loop) return res.writeHead(302, { location: `/loop/${Number(loop[1]) + 1}` }).end();
    if (path === "/chain3") return res.writeHead(302, { location: "/chain2" }).end();
    if (path === "/chain2") return res.writeHead(302, { location: "/chain1" }).end();
    if (path === "/chain1") return res.writeHead(302, { location: "/img.png" }).end();
    if (path === "/slow") return; // never answers
    if (path === "/slow-body") {
      res.writeHead(200, { "content-type": "image/png" });
      res.write(image.subarray(0, 10)); // then stalls
      return;
    }
    if (path === "/endless") {
      res.writeHead(200, { "content-type": "image/png" });
      const chunk = Buffer.alloc(64 * 1024, 7);
      const pump = () => {
        while (res.write(chunk));
        res.once("drain", pump);
      };
      res.on("close", () => res.removeAllListeners("drain"));
      return pump();
    }
    if (path === "/big-declared") return res.writeHead(200, { "content-length": String(50 * 1024 * 1024) }).end();
    if (path === "/missing") return res.writeHead(404).end("nope");
    if (path === "/error") return res.writeHead(500).end("boom");
    res.writeHead(404).end();
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => server.close(r));
  delete process.env.UPLOAD_ALLOW_LOOPBACK;
  env(true);
});

let user: TestUser;
beforeEach(async () => {
  user = await makeUser();
});

const post = (body: unknown, token: string | undefined = user.token) => call(uploadUrl, "/api/upload/url", { method: "POST", token, body });

describe("POST /api/upload/url", () => {
  it("401 without a caller", async () => {
    const r = await call(uploadUrl, "/api/upload/url", { method: "POST", body: { url: `${base}/img.png` } });
    expect(r.status).toBe(401);
    expect(hostHeaders).toHaveLength(0); // refused before fetching
  });

  it("fetches a permitted loopback server and stores the image (201, same URL as a direct upload)", async () => {
    const r = await post({ url: `${base}/img.png`, ignored: "yes" });
    expect(r.status).toBe(201);
    const url = uploadResponseSchema.parse(r.body);
    expect(url).toMatch(/^http:\/\/localhost:3000\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
    // The type is decided by the bytes, not the server's Content-Type.
    expect((await post({ url: `${base}/mislabelled` })).body).toBe(url);
    const [n] = await db.select({ n: count() }).from(uploads);
    expect(n!.n).toBe(1);
  });

  it("follows up to 3 redirects, re-checking each", async () => {
    expect((await post({ url: `${base}/to-img` })).status).toBe(201);
    expect((await post({ url: `${base}/chain3` })).status).toBe(201);
    const tooMany = await post({ url: `${base}/loop/0` });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe("fetch_failed");
  });

  it.each(["/to-private", "/to-metadata", "/to-file", "/to-decimal"])("refuses a redirect to a forbidden target (%s)", async (path) => {
    const r = await post({ url: `${base}${path}` });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("url_not_allowed");
    expect(r.body.error).toBeTruthy();
  });

  it("415 for an SVG served as image/png", async () => {
    const r = await post({ url: `${base}/logo.svg` });
    expect(r.status).toBe(415);
  });

  it("400 fetch_failed for bad statuses and closed ports", async () => {
    for (const path of ["/missing", "/error"]) {
      const r = await post({ url: `${base}${path}` });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("fetch_failed");
    }
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const r = await post({ url: `http://127.0.0.1:${port}/x.png` });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("fetch_failed");
  });

  it("400 for a missing or blank url (field url)", async () => {
    for (const body of [{}, { url: "" }, { url: "   " }, { url: 5 }, { file: "x" }]) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.field).toBe("url");
    }
  });

  it("refuses hostile URLs through the endpoint too", async () => {
    for (const url of [
      "file:///etc/passwd",
      "http://169.254.169.254/",
      "http://[::ffff:10.0.0.1]/",
      "http://user:pw@127.0.0.1/",
      "http://192.168.0.1/",
    ]) {
      const r = await post({ url });
      expect(r.status, url).toBe(400);
      expect(r.body.code, url).toBe("url_not_allowed");
    }
  });

  it("413 for an endless body and for a declared body over the cap", async () => {
    process.env.UPLOAD_MAX_BYTES = "100000";
    env(true);
    try {
      const started = Date.now();
      const r = await post({ url: `${base}/endless` });
      expect(r.status).toBe(413);
      expect(r.body.code).toBe("payload_too_large");
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await post({ url: `${base}/big-declared` })).status).toBe(413);
    } finally {
      delete process.env.UPLOAD_MAX_BYTES;
      env(true);
    }
  });
});

describe("safeFetch timeouts and pinning", () => {
  it.each(["/slow", "/slow-body"])("a slow server (%s) times out as fetch_failed", async (path) => {
    const started = Date.now();
    const err = await safeFetch(`${base}${path}`, { maxBytes: 1e6, allowLoopback: true, totalTimeoutMs: 400 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "fetch_failed" });
    expect(statusOf(err as AppError)).toBe(400);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("connects to the vetted address: a name is resolved once, never again by the socket", async () => {
    const port = new URL(base).port;
    let calls = 0;
    const resolver = async () => {
      calls++;
      return [{ address: "127.0.0.1", family: 4 as const }];
    };
    hostHeaders.length = 0;
    // `rebind.invalid` cannot be resolved by the system: success proves the pinned address was used.
    const url = await uploadFromUrl(user, {
      url: `http://rebind.invalid:${port}/img.png`,
      origin: "http://localhost:3000",
      resolver,
    });
    expect(url).toMatch(/\.png$/);
    expect(calls).toBe(1);
    expect(hostHeaders).toEqual([`rebind.invalid:${port}`]);
  });

  it("a name resolving to loopback is refused when loopback is not allowed", async () => {
    const err = await safeFetch(`${base.replace("127.0.0.1", "pinned.invalid")}/img.png`, {
      maxBytes: 1e6,
      allowLoopback: false,
      resolver: async () => [{ address: "127.0.0.1", family: 4 }],
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "url_not_allowed" });
  });
});
