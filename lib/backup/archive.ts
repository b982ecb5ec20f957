/**
 * The container of a backup: a gzip-compressed tar (ustar) file, so an operator can look inside with
 * `tar tzf`. Written and read as streams (no whole file in memory); only what this module writes is
 * read back (regular files, names up to 100 bytes, no extensions).
 */
import { createHash } from "node:crypto";
import { PassThrough, type Readable, type Writable } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";

const BLOCK = 512;

function header(name: string, size: number, mtime: Date): Buffer {
  const h = Buffer.alloc(BLOCK, 0);
  if (Buffer.byteLength(name) > 100) throw new Error(`archive: name too long: ${name}`);
  h.write(name, 0, 100, "utf8");
  h.write("0000644\0", 100, 8, "ascii");
  h.write("0000000\0", 108, 8, "ascii");
  h.write("0000000\0", 116, 8, "ascii");
  h.write(size.toString(8).padStart(11, "0") + "\0", 124, 12, "ascii");
  h.write(
    Math.floor(mtime.getTime() / 1000)
      .toString(8)
      .padStart(11, "0") + "\0",
    136,
    12,
    "ascii",
  );
  h.write("        ", 148, 8, "ascii");
  h.write("0", 156, 1, "ascii");
  h.write("ustar\0", 257, 6, "ascii");
  h.write("00", 263, 2, "ascii");
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, 8, "ascii");
  return h;
}

function waitDrain(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      out.off("error", fail);
      resolve();
    };
    const fail = (e: Error) => {
      out.off("drain", done);
      reject(e);
    };
    out.once("drain", done);
    out.once("error", fail);
  });
}

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await waitDrain(out);
}

/** Writes entries into a gzip stream; `finish()` ends the archive. */
export class ArchiveWriter {
  readonly stream: Readable;
  private readonly gzip = createGzip({ level: 6 });
  bytesIn = 0;

  constructor() {
    this.stream = this.gzip;
  }

  /** One file from a buffer or a stream of known size; returns its SHA-256 (hex). */
  async add(name: string, body: Buffer | Readable, size: number, mtime = new Date()): Promise<string> {
    const hash = createHash("sha256");
    await write(this.gzip, header(name, size, mtime));
    let written = 0;
    const chunks: Iterable<Buffer> | AsyncIterable<Buffer> = Buffer.isBuffer(body) ? [body] : (body as AsyncIterable<Buffer>);
    for await (const chunk of chunks) {
      const c = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      written += c.length;
      if (written > size) throw new Error(`archive: ${name} grew while it was written (${written} > ${size} bytes)`);
      hash.update(c);
      await write(this.gzip, c);
    }
    if (written !== size) throw new Error(`archive: ${name} has ${written} bytes, expected ${size}`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await write(this.gzip, Buffer.alloc(pad, 0));
    this.bytesIn += BLOCK + size + pad;
    return hash.digest("hex");
  }

  async finish(): Promise<void> {
    await write(this.gzip, Buffer.alloc(BLOCK * 2, 0));
    this.gzip.end();
  }
}

export type ArchiveEntry = {
  name: string;
  size: number;
  /** The entry's bytes; must be read to the end (or `skip()`ped) before the next entry comes. */
  body: Readable;
};

export class ArchiveFormatError extends Error {
  constructor(
    message: string,
    readonly reason: "not_gzip" | "truncated" | "corrupt",
  ) {
    super(message);
  }
}

function parseHeader(h: Buffer): { name: string; size: number } | null {
  if (h.every((b) => b === 0)) return null;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  const stored = parseInt(h.toString("ascii", 148, 156).replace(/\0.*$/, "").trim(), 8);
  if (stored !== sum || h.toString("ascii", 257, 262) !== "ustar") throw new ArchiveFormatError("not a tar archive", "corrupt");
  const name = h.toString("utf8", 0, 100).replace(/\0.*$/s, "");
  const size = parseInt(h.toString("ascii", 124, 136).replace(/\0.*$/, "").trim(), 8);
  if (!Number.isFinite(size) || size < 0) throw new ArchiveFormatError("bad entry size", "corrupt");
  return { name, size };
}

/**
 * The entries of an archive, in order. Errors say what is wrong with the file: not gzip, cut short,
 * or damaged (a gzip check failure).
 */
export async function* readArchive(input: Readable): AsyncGenerator<ArchiveEntry> {
  const gunzip = createGunzip();
  let gzipError: Error | null = null;
  gunzip.on("error", (e) => (gzipError = e));
  input.on("error", (e) => gunzip.destroy(e));
  input.pipe(gunzip);
  const it = (gunzip as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let buf: Buffer = Buffer.alloc(0);
  let ended = false;
  const classify = (e: unknown): never => {
    const err = (gzipError ?? e) as NodeJS.ErrnoException;
    if (err instanceof ArchiveFormatError) throw err;
    if (err?.code === "Z_DATA_ERROR" && /header/i.test(err.message)) throw new ArchiveFormatError("not a gzip file", "not_gzip");
    if (err?.code === "Z_BUF_ERROR" || /unexpected end/i.test(err?.message ?? ""))
      throw new ArchiveFormatError("the file ends too early", "truncated");
    throw new ArchiveFormatError(`the file is damaged (${err?.message ?? String(err)})`, "corrupt");
  };
  const fill = async (n: number): Promise<boolean> => {
    while (buf.length < n && !ended) {
      let r: IteratorResult<Buffer>;
      try {
        r = await it.next();
      } catch (e) {
        classify(e);
        throw e;
      }
      if (r.done) ended = true;
      else buf = buf.length ? Buffer.concat([buf, r.value]) : r.value;
    }
    return buf.length >= n;
  };
  const take = (n: number) => {
    const out = buf.subarray(0, n);
    buf = buf.subarray(n);
    return out;
  };
  for (;;) {
    if (!(await fill(BLOCK))) throw new ArchiveFormatError("the file ends too early", "truncated");
    const h = parseHeader(take(BLOCK));
    if (!h) {
      // End of archive: drain the rest so gzip checks its trailer (length and CRC).
      try {
        while (!(await it.next()).done);
      } catch (e) {
        classify(e);
      }
      if (gzipError) classify(gzipError);
      return;
    }
    const body = new PassThrough();
    let left = h.size;
    const pump = (async () => {
      while (left > 0) {
        if (!(await fill(1))) throw new ArchiveFormatError("the file ends too early", "truncated");
        const c = take(Math.min(left, buf.length));
        left -= c.length;
        if (!body.write(c)) await new Promise((r) => body.once("drain", r));
      }
      body.end();
      const pad = (BLOCK - (h.size % BLOCK)) % BLOCK;
      if (pad && !(await fill(pad))) throw new ArchiveFormatError("the file ends too early", "truncated");
      take(pad);
    })();
    pump.catch((e) => body.destroy(e));
    yield { name: h.name, size: h.size, body };
    // Whatever the consumer left unread is read here.
    body.resume();
    await pump;
  }
}

/** Reads a whole entry body into memory (the manifest, small files). */
export async function readAll(body: Readable, limit = 256 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of body as AsyncIterable<Buffer>) {
    n += c.length;
    if (n > limit) throw new ArchiveFormatError("an entry is larger than expected", "corrupt");
    chunks.push(c);
  }
  return Buffer.concat(chunks);
}

/** Hashes an entry body to the end: SHA-256 hex and byte count. */
export async function hashBody(body: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const c of body as AsyncIterable<Buffer>) {
    hash.update(c);
    bytes += c.length;
  }
  return { sha256: hash.digest("hex"), bytes };
}
