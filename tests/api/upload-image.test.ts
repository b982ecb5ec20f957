import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db";
import { RATE_LIMIT_DEFAULTS, uploads } from "@/db/schema";
import { POST as upload } from "@/app/api/upload/route";
import { GET as serve } from "@/app/uploads/[...path]/route";
import { env } from "@/lib/env";
import { sniffImage } from "@/lib/image";
import { uploadResponseSchema } from "@/lib/validation/uploads";
import { call, makeUser, setRateLimits, type TestUser } from "../helpers";
import { animatedGif, animatedWebp, avif, HTML, hasGpsTag, jpeg, jpegWithGps, png, SVG, TEXT } from "./upload-fixtures";

let user: TestUser;
beforeEach(async () => {
  user = await makeUser();
});
afterEach(async () => {
  delete process.env.UPLOAD_MAX_BYTES;
  delete process.env.UPLOAD_MAX_DIMENSION;
  env(true);
  await setRateLimits({ uploads: RATE_LIMIT_DEFAULTS.uploads });
});

const asJson = (bytes: Buffer, token = user.token) =>
  call(upload, "/api/upload", { method: "POST", token, body: { file: bytes.toString("base64") } });
const asDataUrl = (bytes: Buffer, mime = "image/png") =>
  call(upload, "/api/upload", { method: "POST", token: user.token, body: { file: `data:${mime};base64,${bytes.toString("base64")}` } });
const asMultipart = (bytes: Buffer, name = "image.png", type = "image/png", token = user.token) => {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  return call(upload, "/api/upload", { method: "POST", token, rawBody: form });
};

/** Splits an answered URL into the /uploads/<2 hex>/<file> parts and reads the file back through the route. */
async function fetchStored(url: string) {
  const m = /^http:\/\/localhost:3000\/uploads\/([0-9a-f]{2})\/([0-9a-f]{64})\.(\w+)$/.exec(url);
  expect(m, url).not.toBeNull();
  const res = await serve(new Request(url), { params: Promise.resolve({ path: [m![1]!, `${m![2]}.${m![3]}`] }) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()), hash: m![2]!, ext: m![3]! };
}

describe("POST /api/upload", () => {
  it("needs a signed-in caller (401)", async () => {
    const r = await call(upload, "/api/upload", { method: "POST", body: { file: (await png()).toString("base64") } });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("unauthorized");
  });

  it.each([
    ["PNG", png, "png", "image/png"],
    ["JPEG", () => jpeg(), "jpg", "image/jpeg"],
    ["AVIF", avif, "avif", "image/avif"],
    ["GIF (animated)", animatedGif, "gif", "image/gif"],
    ["WebP (animated)", animatedWebp, "webp", "image/webp"],
  ] as const)("accepts %s and serves it with the right headers", async (_name, make, ext, mime) => {
    const r = await asJson(await make());
    expect(r.status).toBe(201);
    const url = uploadResponseSchema.parse(r.body);
    const stored = await fetchStored(url);
    expect(stored.ext).toBe(ext);
    expect(stored.res.status).toBe(200);
    expect(stored.res.headers.get("content-type")).toBe(mime);
    expect(stored.res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(stored.res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Content-addressed by the stored bytes.
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(stored.bytes).digest("hex")).toBe(stored.hash);
    const [row] = await db.select().from(uploads).where(eq(uploads.hash, stored.hash));
    expect(row).toMatchObject({
      mime,
      size: stored.bytes.length,
      ownerId: user.id,
      key: `${stored.hash.slice(0, 2)}/${stored.hash}.${ext}`,
    });
    expect(row!.width).toBeGreaterThan(0);
  });

  it("keeps the animation of GIF and WebP", async () => {
    for (const make of [animatedGif, animatedWebp]) {
      const r = await asJson(await make());
      expect(r.status).toBe(201);
      const meta = await sharp((await fetchStored(r.body)).bytes, { animated: true }).metadata();
      expect(meta.pages).toBe(2);
      expect(meta.pageHeight).toBe(8);
    }
  });

  it("drops EXIF GPS and applies the EXIF orientation", async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(hasGpsTag(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);
    const r = await asMultipart(input, "holiday.jpg", "image/jpeg");
    expect(r.status).toBe(200);
    const { bytes } = await fetchStored(r.body.data.url);
    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(hasGpsTag(bytes)).toBe(false);
    expect(bytes.includes(Buffer.from("SpyCam"))).toBe(false);
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([4, 8]); // rotated upright
  });

  it("deduplicates: the same image three ways gives one URL and one row", async () => {
    const img = await png(5, 5, "purple");
    const a = await asJson(img);
    const b = await asDataUrl(img);
    const c = await asMultipart(img);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 200]);
    expect(b.body).toBe(a.body);
    expect(c.body.data.url).toBe(a.body);
    const hash = (await fetchStored(a.body)).hash;
    const [n] = await db.select({ n: count() }).from(uploads).where(eq(uploads.hash, hash));
    expect(n!.n).toBe(1);
  });

  it("accepts multipart/form-data with a file part, answering as OpenIsle's UploadController does", async () => {
    const r = await asMultipart(await png(3, 3, "white"), "whatever.bin", "application/octet-stream");
    // the multipart form (OpenIsle's client) gets OpenIsle's answer; the JSON form keeps the seed's string.
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 0, msg: "ok", data: { url: expect.stringMatching(/^http:\/\/localhost:3000\/uploads\//) } });
    expect(sniffImage((await fetchStored(r.body.data.url)).bytes)).toBe("png");
  });

  it("413 just above UPLOAD_MAX_BYTES, 201 at it", async () => {
    const img = await png(16, 16, "orange");
    process.env.UPLOAD_MAX_BYTES = String(img.length - 1);
    env(true);
    const over = await asJson(img);
    expect(over.status).toBe(413);
    expect(over.body.code).toBe("payload_too_large");
    const overMultipart = await asMultipart(img);
    expect(overMultipart.status).toBe(413);
    process.env.UPLOAD_MAX_BYTES = String(img.length);
    env(true);
    expect((await asJson(img)).status).toBe(201);
  });

  it("413 for a body over 8 MiB, JSON or multipart, before parsing", async () => {
    const big = "A".repeat(8 * 1024 * 1024 + 10);
    const r = await call(upload, "/api/upload", { method: "POST", token: user.token, body: { file: big } });
    expect(r.status).toBe(413);
    const m = await asMultipart(Buffer.alloc(8 * 1024 * 1024 + 1, 1));
    expect(m.status).toBe(413);
    // A streamed body without content-length is cut off while reading.
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        sent += 1024 * 1024;
        if (sent > 64 * 1024 * 1024) c.close();
        else c.enqueue(new Uint8Array(1024 * 1024).fill(65));
      },
    });
    const res = await upload(
      new Request("http://localhost:3000/api/upload", {
        method: "POST",
        headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });

  it.each([
    ["SVG", SVG],
    ["HTML", HTML],
    ["text", TEXT],
    [
      "PNG magic followed by garbage",
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("not really a png")]),
    ],
  ])("415 for %s named .png (JSON and multipart)", async (_name, bytes) => {
    const a = await asJson(bytes);
    expect(a.status).toBe(415);
    expect(a.body.code).toBe("unsupported_media_type");
    const b = await asMultipart(bytes, "innocent.png", "image/png");
    expect(b.status).toBe(415);
    const c = await asDataUrl(bytes, "image/png");
    expect(c.status).toBe(415);
  });

  it("415 for a percent-encoded SVG data URL", async () => {
    const r = await call(upload, "/api/upload", {
      method: "POST",
      token: user.token,
      body: { file: `data:image/svg+xml,${encodeURIComponent(SVG.toString())}` },
    });
    expect(r.status).toBe(415);
  });

  it("400 for dimensions over UPLOAD_MAX_DIMENSION", async () => {
    process.env.UPLOAD_MAX_DIMENSION = "100";
    env(true);
    const r = await asJson(await png(101, 10));
    expect(r.status).toBe(400);
    expect(r.body.field).toBe("file");
    expect((await asJson(await png(100, 100))).status).toBe(201);
  });

  it("400 for a missing, empty or non-base64 file", async () => {
    for (const body of [{}, { file: "" }, { file: "%%%not base64%%%" }, { file: 42 }]) {
      const r = await call(upload, "/api/upload", { method: "POST", token: user.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.field).toBe("file");
    }
    const form = new FormData();
    form.append("other", "x");
    const m = await call(upload, "/api/upload", { method: "POST", token: user.token, rawBody: form });
    expect(m.status).toBe(400);
    expect(m.body.field).toBe("file");
  });

  it("403 for a read-scope token", async () => {
    const reader = await makeUser({ scopes: ["read"] });
    expect((await asJson(await png(), reader.token)).status).toBe(403);
  });

  it("rate limits uploads per user (429 with headers)", async () => {
    await setRateLimits({ uploads: { limit: 2 } });
    const u = await makeUser();
    const img = await png(2, 2);
    expect((await asJson(img, u.token)).status).toBe(201);
    expect((await asJson(img, u.token)).status).toBe(201);
    const third = await asJson(img, u.token);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBeTruthy();
  });
});

describe("GET /uploads/...", () => {
  const get = (path: string[]) =>
    serve(new Request("http://localhost:3000/uploads/" + path.join("/")), { params: Promise.resolve({ path }) });

  it("404 for unknown, malformed and traversal paths", async () => {
    const unknown = "ab" + "0".repeat(62);
    for (const path of [
      ["ab", `${unknown}.png`],
      ["..", "..", "etc", "passwd"],
      ["ab", "..%2F..%2Fetc%2Fpasswd"],
      ["..", `${unknown}.png`],
      ["cd", `${unknown}.png`], // prefix does not match the hash
      ["ab", `${unknown}.svg`],
      ["ab", `${unknown}.png.tmp`],
      ["ab"],
      [],
    ]) {
      const r = await get(path);
      expect(r.status, path.join("/")).toBe(404);
    }
  });

  it("answers 304 for a matching If-None-Match", async () => {
    const r = await asJson(await png(4, 4, "black"));
    const { hash, ext } = await fetchStored(r.body);
    const res = await serve(new Request(r.body, { headers: { "if-none-match": `"${hash}"` } }), {
      params: Promise.resolve({ path: [hash.slice(0, 2), `${hash}.${ext}`] }),
    });
    expect(res.status).toBe(304);
  });
});
