import sharp, { type Metadata, type OutputInfo } from "sharp";
import { AppError, badRequest, msg, type Msg } from "@/lib/errors";
import { setting } from "@/lib/env";

export type ImageFormat = "png" | "jpeg" | "gif" | "webp" | "avif";

export const IMAGE_TYPES: Record<ImageFormat, { mime: string; ext: string }> = {
  png: { mime: "image/png", ext: "png" },
  jpeg: { mime: "image/jpeg", ext: "jpg" },
  gif: { mime: "image/gif", ext: "gif" },
  webp: { mime: "image/webp", ext: "webp" },
  avif: { mime: "image/avif", ext: "avif" },
};

/** Extension → MIME type, for serving stored files. */
export const MIME_BY_EXT: Record<string, string> = Object.fromEntries(Object.values(IMAGE_TYPES).map((t) => [t.ext, t.mime]));

const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString("latin1");

/** The image format decided by the file's magic bytes only (never a name or a client-sent type). */
export function sniffImage(buf: Buffer): ImageFormat | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpeg";
  if (buf.length >= 6 && (ascii(buf, 0, 6) === "GIF87a" || ascii(buf, 0, 6) === "GIF89a")) return "gif";
  if (buf.length >= 12 && ascii(buf, 0, 4) === "RIFF" && ascii(buf, 8, 12) === "WEBP") return "webp";
  // ISO-BMFF: [size]["ftyp"][major brand][minor version][compatible brands…]
  if (buf.length >= 16 && ascii(buf, 4, 8) === "ftyp") {
    const boxSize = Math.min(buf.readUInt32BE(0), buf.length, 256);
    const brands = [ascii(buf, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(buf, i, i + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return null;
}

export type ProcessedImage = { bytes: Buffer; format: ImageFormat; mime: string; ext: string; width: number; height: number };

/** Budgets of one image (README: UPLOAD_MAX_FRAMES, UPLOAD_MAX_TOTAL_PIXELS, IMAGE_CONCURRENCY, IMAGE_TIME_BUDGET_SEC). */
export const imageBudgets = () => ({
  /** Frames of an animated GIF/WebP. */
  maxFrames: setting("UPLOAD_MAX_FRAMES"),
  /** Decoded pixels across all frames: what decoding and re-encoding cost grows with. 40 M ≈ 160 frames of 500×500. */
  maxTotalPixels: setting("UPLOAD_MAX_TOTAL_PIXELS"),
  /** Re-encodes running at once in this process; the others wait in line. */
  concurrency: setting("IMAGE_CONCURRENCY"),
  /** Seconds one re-encode may take before it is abandoned (400). */
  timeBudgetSec: setting("IMAGE_TIME_BUDGET_SEC"),
  /** Uploads that may wait for a re-encode slot; beyond, 503 with Retry-After. */
  maxQueue: setting("IMAGE_MAX_QUEUE"),
});

// libvips threads per operation: one, so that a re-encode occupies one core and one libuv thread,
// never every core and the whole thread pool the server needs for everything else.
sharp.concurrency(1);
// No operation cache: uploads are never decoded twice, and it would hold their pixels in memory.
sharp.cache(false);

type Slot = () => void;
const waiting: Slot[] = [];
let running = 0;

/**
 * Runs `work` when a re-encode slot is free (IMAGE_CONCURRENCY per process, FIFO). Re-encoding runs on
 * libvips threads, off the JavaScript thread; the limit keeps CPU and the libuv pool for the requests.
 */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  const b = imageBudgets();
  if (running >= b.concurrency) {
    if (waiting.length >= b.maxQueue) {
      throw new AppError("service_unavailable", msg("imageQueueBusy"), { retryAfterSec: 5 });
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const unsupported = (message: Msg = msg("imagesOnly")) => new AppError("unsupported_media_type", message, { field: "file" });

/**
 * Validates and re-encodes an image in its own format: size cap (413), magic bytes (415), dimension cap
 * (400), EXIF orientation applied, then every metadata block (EXIF, GPS, XMP, ICC) dropped by the
 * re-encode. Animated GIF/WebP keep their frames.
 */
export async function processImage(input: Buffer, opts: { maxBytes: number; maxDimension: number }): Promise<ProcessedImage> {
  if (input.length === 0) throw badRequest(msg("fileEmpty"), "file");
  if (input.length > opts.maxBytes)
    throw new AppError("payload_too_large", msg("imageMaxBytes", { max: opts.maxBytes }), { field: "file" });
  const format = sniffImage(input);
  if (!format) throw unsupported();
  // Reading an animation's header walks all its frames: that too waits for a slot.
  return withImageSlot(() => reencode(input, format, opts));
}

async function reencode(input: Buffer, format: ImageFormat, opts: { maxDimension: number }): Promise<ProcessedImage> {
  const animated = format === "gif" || format === "webp";
  let meta: Metadata;
  try {
    // Only the header is read here; without the pixel limit, so that a huge declared size is a 400
    // below instead of a decoder refusal (415).
    meta = await sharp(input, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw unsupported(msg("notReadableImage"));
  }
  const expected = format === "avif" ? "heif" : format;
  if (meta.format !== expected) throw unsupported();
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw unsupported(msg("notReadableImage"));
  if (width > opts.maxDimension || height > opts.maxDimension) {
    throw badRequest(msg("imageMaxDimension", { max: opts.maxDimension }), "file");
  }

  const pages = meta.pages ?? 1;
  const budget = imageBudgets();
  if (pages > budget.maxFrames) throw badRequest(msg("animationMaxFrames", { max: budget.maxFrames }), "file");
  // Frames multiply the decoded size and the re-encoding time: bound the whole animation, not one frame.
  if (width * height * pages > budget.maxTotalPixels) {
    throw badRequest(msg("imageTooManyPixels", { max: budget.maxTotalPixels }), "file");
  }
  const multiPage = pages > 1;
  let pipeline = sharp(input, { animated: animated && multiPage }).timeout({ seconds: budget.timeBudgetSec });
  if (!multiPage) pipeline = pipeline.rotate();
  switch (format) {
    case "png":
      pipeline = pipeline.png({ compressionLevel: 9 });
      break;
    case "jpeg":
      pipeline = pipeline.jpeg({ quality: 90, mozjpeg: true });
      break;
    case "gif":
      pipeline = pipeline.gif();
      break;
    case "webp":
      pipeline = pipeline.webp({ quality: 90 });
      break;
    case "avif":
      pipeline = pipeline.avif({ quality: 60 });
      break;
  }
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await pipeline.toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (/timeout/i.test(String((err as Error)?.message))) {
      throw badRequest(msg("imageTooSlow", { seconds: budget.timeBudgetSec }), "file");
    }
    throw unsupported(msg("notReadableImage"));
  }
  const { mime, ext } = IMAGE_TYPES[format];
  return {
    bytes: out.data,
    format,
    mime,
    ext,
    width: out.info.width,
    height: out.info.pageHeight ?? out.info.height,
  };
}
