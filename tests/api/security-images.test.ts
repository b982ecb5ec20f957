// finding 3 (animated GIFs tied up the server) and finding 9's PNG (a declared 50000×50000
// PNG was a 415): frame and pixel budgets, one re-encode at a time off the request thread (the libuv
// pool stays free for the server's own work), a time budget.
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { POST as upload } from "@/app/api/upload/route";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/api/errors";
import { processImage } from "@/lib/image";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeUser } from "../helpers";
import { elapse } from "../time";

const LIMITS = { maxBytes: 5 * 1024 * 1024, maxDimension: 8192 };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A small PNG file whose header declares width×height (the pixels are never there). */
function declaredPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * An animated GIF of `frames` frames on a `size`×`size` canvas, written byte by byte: each frame is one
 * 1×1 pixel at the corner (the canvas stays), so the file is tiny and instant to make, while decoding
 * and re-encoding it handles frames × size² pixels, as the probe's GIF did.
 */
function animatedGif(frames: number, size: number): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const bytes: number[] = [...Buffer.from("GIF89a", "latin1"), ...u16(size), ...u16(size), 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff];
  bytes.push(0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0", "latin1"), 0x03, 0x01, 0x00, 0x00, 0x00);
  for (let i = 0; i < frames; i++) {
    bytes.push(0x21, 0xf9, 0x04, 0x00, 0x04, 0x00, 0x00, 0x00); // 40 ms, keep the canvas
    bytes.push(0x2c, ...u16(i % size), ...u16(0), ...u16(1), ...u16(1), 0x00);
    bytes.push(0x02, 0x02, 0x44, 0x01, 0x00); // one pixel of colour 1, LZW minimum code size 2
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

afterEach(() => {
  delete process.env.UPLOAD_MAX_FRAMES;
  delete process.env.UPLOAD_MAX_TOTAL_PIXELS;
  delete process.env.IMAGE_TIME_BUDGET_SEC;
  delete process.env.UPLOAD_MAX_TOTAL_PIXELS;
});

describe("declared sizes", () => {
  it("a PNG declaring 50000×50000 is a 400 naming the file, through POST /api/upload too", async () => {
    const err = await refusal(processImage(declaredPng(50_000, 50_000), LIMITS));
    expect(statusOf(err)).toBe(400);
    expect(err.field).toBe("file");
    const u = await makeUser();
    const r = await call(upload, "/api/upload", { token: u.token, body: { file: declaredPng(50_000, 50_000).toString("base64") } });
    expect(r.status).toBe(400);
    expect(errorSchema.parse(r.body)).toMatchObject({ code: "validation_failed", field: "file" });
  });
});

describe("animation budgets", () => {
  it("refuses more frames than UPLOAD_MAX_FRAMES", async () => {
    process.env.UPLOAD_MAX_FRAMES = "20";
    const err = await refusal(processImage(animatedGif(21, 8), LIMITS));
    expect(statusOf(err)).toBe(400);
    expect(err.message).toMatch(/frames/);
    process.env.UPLOAD_MAX_FRAMES = "21";
    expect((await processImage(animatedGif(21, 8), LIMITS)).format).toBe("gif");
  });

  it("refuses an animation over the total pixel budget although each frame is small (the probe's 140 × 1000² GIF)", async () => {
    const err = await refusal(processImage(animatedGif(140, 1000), LIMITS));
    expect(statusOf(err)).toBe(400);
    expect(err.message).toMatch(/pixels/);
  });
});

describe("re-encoding leaves the server responsive", () => {
  it("4 GIF re-encodes at once leave the libuv pool free: a gzip (as for a response) stays under 500 ms", async () => {
    // The time budget is not what this test is about (a loaded machine may be slow).
    process.env.IMAGE_TIME_BUDGET_SEC = "120";
    const gif = animatedGif(16, 1000);
    const jobs = Array.from({ length: 4 }, () => processImage(gif, LIMITS));
    await elapse(150, "let the re-encodes take the pool before the gzips are timed");
    const lags: number[] = [];
    let finished = false;
    void Promise.allSettled(jobs).then(() => (finished = true));
    while (!finished) {
      const t0 = performance.now();
      await promisify(gzip)(Buffer.from('{"status":"ok","db":"ok"}'));
      lags.push(performance.now() - t0);
      await elapse(50, "one gzip timed every 50 ms while the re-encodes run");
    }
    const results = await Promise.all(jobs);
    expect(results.every((r) => r.format === "gif" && r.width === 1000)).toBe(true);
    expect(lags.length).toBeGreaterThan(3);
    expect(Math.max(...lags)).toBeLessThan(500);
  }, 120_000);

  it("a re-encode over IMAGE_TIME_BUDGET_SEC is abandoned with a 400", async () => {
    process.env.IMAGE_TIME_BUDGET_SEC = "1";
    process.env.UPLOAD_MAX_TOTAL_PIXELS = "200000000";
    const err = await refusal(processImage(animatedGif(150, 1000), LIMITS));
    expect(statusOf(err)).toBe(400);
    expect(err.message).toMatch(/too long/);
  }, 120_000);
});
