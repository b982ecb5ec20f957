import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "@/lib/storage/s3-settings";

/**
 * A bucket (or a prefix of one) in any S3-compatible store: AWS S3, Cloudflare R2, MinIO, Backblaze B2,
 * s3rver in the tests. Uploads (lib/storage/s3.ts, prefix `uploads/`) and backups (prefix `backups/`)
 * use it; keys given to it are relative to its prefix.
 */
export interface ObjectStore {
  /** The bucket and prefix, for messages: `s3://bucket/prefix/`. */
  readonly where: string;
  /**
   * Stores an object. A Buffer goes in one PUT (its SHA-256 recorded as metadata `sha256`); a stream of
   * unknown length goes in a multipart upload of 8 MiB parts, so a backup of any size never sits in memory.
   */
  put(key: string, body: Buffer | Readable, opts?: { contentType?: string; cacheControl?: string; sha256?: string }): Promise<void>;
  /** The object's bytes as a stream (a byte range when asked), or null when there is none. */
  get(key: string, opts?: { range?: { start: number; end?: number } }): Promise<StoreObject | null>;
  /** Size and recorded checksum, or null when absent. */
  head(key: string): Promise<{ size: number; sha256?: string; etag?: string; contentType?: string } | null>;
  /** Removes the object (no error when it is already gone). */
  delete(key: string): Promise<void>;
  /** Every object under `prefix` (relative to the store's), in key order. */
  list(prefix?: string): AsyncIterable<{ key: string; size: number; lastModified?: Date }>;
}

export type StoreObject = {
  body: Readable;
  /** Bytes in `body` (the range's length when a range was asked). */
  size: number;
  contentType?: string;
  /** `bytes start-end/total` when a range was asked. */
  contentRange?: string;
};

const clients = new Map<string, S3Client>();

/** One client per distinct configuration (it keeps its connections alive between requests). */
function clientFor(s: S3Settings): S3Client {
  const id = JSON.stringify([s.endpoint, s.region, s.accessKeyId, s.secretAccessKey, s.forcePathStyle]);
  let client = clients.get(id);
  if (!client) {
    client = new S3Client({
      endpoint: s.endpoint,
      region: s.region,
      forcePathStyle: s.forcePathStyle,
      credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
      // The SDK's default since 3.729 adds CRC32 checksums in aws-chunked trailers, which several
      // S3-compatible stores (B2, older MinIO and R2, s3rver) refuse; send them only where S3 requires.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
    clients.set(id, client);
  }
  return client;
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === "NoSuchKey" || err.name === "NotFound");

const PART_SIZE = 8 * 1024 * 1024;

/** The store at `s3://bucket/<prefix>` (prefix like `uploads/` or `backups/`). */
export function s3ObjectStore(settings: S3Settings, prefix: string): ObjectStore {
  const client = clientFor(settings);
  const Bucket = settings.bucket;
  const full = (key: string) => prefix + key;
  return {
    where: `s3://${Bucket}/${prefix}`,
    async put(key, body, opts = {}) {
      const common = { Bucket, Key: full(key), ContentType: opts.contentType, CacheControl: opts.cacheControl };
      if (Buffer.isBuffer(body)) {
        const sha256 = opts.sha256 ?? createHash("sha256").update(body).digest("hex");
        await client.send(new PutObjectCommand({ ...common, Body: body, ContentLength: body.length, Metadata: { sha256 } }));
        return;
      }
      // lib-storage is only loaded for streams (backups), never on the upload path.
      const { Upload } = await import("@aws-sdk/lib-storage");
      await new Upload({
        client,
        params: { ...common, Body: body, Metadata: opts.sha256 ? { sha256: opts.sha256 } : undefined },
        partSize: PART_SIZE,
        queueSize: 2,
      }).done();
    },
    async get(key, opts = {}) {
      const r = opts.range;
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: full(key), Range: r ? `bytes=${r.start}-${r.end ?? ""}` : undefined }),
        );
        if (!res.Body) return null;
        return {
          body: res.Body instanceof Readable ? res.Body : Readable.fromWeb(res.Body.transformToWebStream() as never),
          size: Number(res.ContentLength ?? 0),
          contentType: res.ContentType,
          contentRange: res.ContentRange,
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async head(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
        return {
          size: Number(res.ContentLength ?? 0),
          sha256: res.Metadata?.sha256,
          etag: res.ETag?.replace(/"/g, ""),
          contentType: res.ContentType,
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async *list(sub = "") {
      let token: string | undefined;
      do {
        const res = await client.send(new ListObjectsV2Command({ Bucket, Prefix: full(sub), ContinuationToken: token }));
        for (const o of res.Contents ?? []) {
          if (o.Key) yield { key: o.Key.slice(prefix.length), size: Number(o.Size ?? 0), lastModified: o.LastModified };
        }
        token = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
