// Uploads in an S3-compatible bucket (issue 56 item 5, docs/storage.md), against a real S3 server
// (s3rver on a loopback port, started and stopped here): the upload route stores the image in the
// bucket and not on disk, /uploads/... streams it back byte-identical with the local headers, a CDN
// base changes the recorded URL, delete removes it, `npm run uploads:copy-to-store` copies local files
// idempotently, and a half-configured store is refused with one clear line.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db";
import { uploads } from "@/db/schema";
import { POST as upload } from "@/app/api/upload/route";
import { GET as serve } from "@/app/uploads/[...path]/route";
import { env, settingProblems } from "@/lib/env";
import { getStorage } from "@/lib/storage";
import { localPath, localStorage } from "@/lib/storage/local";
import { uploadResponseSchema } from "@/lib/validation/uploads";
import { call, makeUser, type TestUser } from "../helpers";
import { S3_TEST_BUCKET, startS3, type TestS3 } from "../s3-server";
import { png } from "./upload-fixtures";

const run = promisify(execFile);

let s3: TestS3;
let sdk: S3Client;
let user: TestUser;

beforeAll(async () => {
  s3 = await startS3();
  sdk = new S3Client({
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
});
afterAll(async () => {
  sdk?.destroy();
  await s3?.stop();
});
beforeEach(async () => {
  delete process.env.S3_PUBLIC_URL;
  env(true);
  user = await makeUser();
});

/** The bucket's copy of an object, through the SDK (not through our code), or null. */
async function inBucket(key: string): Promise<Buffer | null> {
  try {
    const res = await sdk.send(new GetObjectCommand({ Bucket: S3_TEST_BUCKET, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  } catch (err) {
    if ((err as { name?: string }).name === "NoSuchKey") return null;
    throw err;
  }
}

const serveKey = (key: string, headers: Record<string, string> = {}) =>
  serve(new Request(`http://localhost:3000/uploads/${key}`, { headers }), { params: Promise.resolve({ path: key.split("/") }) });

const uploadPng = async (width: number, background = "teal") => {
  const r = await call(upload, "/api/upload", {
    method: "POST",
    token: user.token,
    body: { file: (await png(width, 5, background)).toString("base64") },
  });
  expect(r.status, r.text).toBe(201);
  return uploadResponseSchema.parse(r.body);
};

describe("uploads in an S3-compatible bucket", () => {
  it("stores an uploaded image in the bucket (not on disk) and serves it byte-identical through /uploads", async () => {
    expect((await getStorage()).kind).toBe("s3");
    const url = await uploadPng(11);
    const m = /^http:\/\/localhost:3000\/uploads\/(([0-9a-f]{2})\/([0-9a-f]{64})\.png)$/.exec(url);
    expect(m, url).not.toBeNull();
    const key = m![1]!;

    const object = await inBucket(`uploads/${key}`);
    expect(object).not.toBeNull();
    expect(createHash("sha256").update(object!).digest("hex")).toBe(m![3]);
    const head = await sdk.send(new HeadObjectCommand({ Bucket: S3_TEST_BUCKET, Key: `uploads/${key}` }));
    expect(head.ContentType).toBe("image/png");
    expect(head.Metadata?.sha256).toBe(m![3]);
    expect(existsSync(localPath(key)!)).toBe(false);

    const [row] = await db.select().from(uploads).where(eq(uploads.hash, m![3]!));
    expect(row).toMatchObject({ key, url: `/uploads/${key}`, size: object!.length, ownerId: user.id });

    const res = await serveKey(key);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-length")).toBe(String(object!.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(object!)).toBe(true);

    const again = await serveKey(key, { "if-none-match": res.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("answers the same URL for the same image, and puts a deleted object back on the next upload of it", async () => {
    const url = await uploadPng(12);
    expect(await uploadPng(12)).toBe(url);
    const key = url.replace("http://localhost:3000/uploads/", "");
    await (await getStorage()).delete(key);
    expect(await inBucket(`uploads/${key}`)).toBeNull();
    expect((await serveKey(key)).status).toBe(404);
    expect(await uploadPng(12)).toBe(url);
    expect(await inBucket(`uploads/${key}`)).not.toBeNull();
    expect((await serveKey(key)).status).toBe(200);
  });

  it("records the CDN's URL when S3_PUBLIC_URL is set", async () => {
    process.env.S3_PUBLIC_URL = "https://cdn.example/";
    env(true);
    const url = await uploadPng(13);
    const m = /^https:\/\/cdn\.example\/uploads\/(([0-9a-f]{2})\/([0-9a-f]{64})\.png)$/.exec(url);
    expect(m, url).not.toBeNull();
    const [row] = await db.select({ url: uploads.url }).from(uploads).where(eq(uploads.hash, m![3]!));
    expect(row!.url).toBe(url);
    expect(await inBucket(`uploads/${m![1]}`)).not.toBeNull();
    // The site's own path still serves it (a post written before the CDN was set up keeps working).
    expect((await serveKey(m![1]!)).status).toBe(200);
  });

  it("lists and deletes through the storage interface; /uploads reads nothing but image keys", async () => {
    const storage = await getStorage();
    const url = await uploadPng(14);
    const key = url.replace("http://localhost:3000/uploads/", "");
    const keys: string[] = [];
    for await (const o of storage.list()) keys.push(o.key);
    expect(keys).toContain(key);
    expect(await storage.has(key)).toBe(true);
    // Another object of the bucket (a backup, say) is never reachable through /uploads.
    await sdk.send(new PutObjectCommand({ Bucket: S3_TEST_BUCKET, Key: "backups/x.tar", Body: "secret" }));
    for (const p of [
      ["..", "backups", "x.tar"],
      ["backups", "x.tar"],
      ["uploads", key.split("/")[1]!],
    ]) {
      const res = await serve(new Request("http://localhost:3000/uploads/x"), { params: Promise.resolve({ path: p }) });
      expect(res.status).toBe(404);
    }
    await storage.delete(key);
    expect(await storage.has(key)).toBe(false);
    expect(await storage.read(key)).toBeNull();
  });

  it("still serves a file written to local disk before uploads moved to the bucket", async () => {
    const bytes = await png(15, 5, "orange");
    const hash = createHash("sha256").update(bytes).digest("hex");
    const key = `${hash.slice(0, 2)}/${hash}.png`;
    await localStorage().put({ key, bytes, mime: "image/png" });
    expect(await inBucket(`uploads/${key}`)).toBeNull();
    const res = await serveKey(key);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe("npm run uploads:copy-to-store", () => {
  const script = (extra: Record<string, string | undefined> = {}) =>
    run("npx", ["tsx", "--import", "./scripts/allow-server-only.mjs", "scripts/uploads-copy-to-store.ts"], {
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true", ...extra },
      timeout: 120_000,
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it("copies local uploads into the bucket, and a second run copies nothing", async () => {
    const files: { key: string; bytes: Buffer }[] = [];
    for (const [i, colour] of ["red", "green", "blue"].entries()) {
      const bytes = await png(20 + i, 7, colour);
      const hash = createHash("sha256").update(bytes).digest("hex");
      const key = `${hash.slice(0, 2)}/${hash}.png`;
      await localStorage().put({ key, bytes, mime: "image/png" });
      files.push({ key, bytes });
    }
    // One of them is already there (the upload test's or an earlier run's), one is there but truncated.
    await sdk.send(
      new PutObjectCommand({ Bucket: S3_TEST_BUCKET, Key: `uploads/${files[1]!.key}`, Body: files[1]!.bytes.subarray(0, 10) }),
    );

    const before: string[] = [];
    for await (const o of localStorage().list()) before.push(o.key);
    const first = await script();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`${before.length}/${before.length} files`);
    expect(first.stdout).toMatch(
      new RegExp(`${before.length} files: ${before.length} copied .*0 already in the store, 0 damaged, 0 failed`),
    );
    for (const f of files) {
      const object = await inBucket(`uploads/${f.key}`);
      expect(object?.equals(f.bytes), f.key).toBe(true);
    }
    const head = await sdk.send(new HeadObjectCommand({ Bucket: S3_TEST_BUCKET, Key: `uploads/${files[0]!.key}` }));
    expect(head.ContentType).toBe("image/png");

    const second = await script();
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(new RegExp(`${before.length} files: 0 copied .*${before.length} already in the store`));
  }, 180_000);

  it("refuses a damaged local file (bytes not matching its name) and says which", async () => {
    const fake = "ab" + "0".repeat(62);
    const dir = path.join(env().DATA_DIR, "uploads", "ab");
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${fake}.png`), "not the bytes of that hash");
    const r = await script();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`damaged (bytes do not match the name, not copied): ab/${fake}.png`);
    expect(await inBucket(`uploads/ab/${fake}.png`)).toBeNull();
  }, 180_000);

  it("says what is missing when the store is half-configured, before doing anything", async () => {
    const r = await script({ S3_ENDPOINT: undefined, S3_SECRET_ACCESS_KEY: undefined });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`S3_BUCKET=${S3_TEST_BUCKET}: needs S3_ENDPOINT, S3_SECRET_ACCESS_KEY as well (docs/storage.md)`);
  }, 180_000);
});

describe("S3 settings at start-up (lib/env.ts settingProblems)", () => {
  it("names what a bucket needs, and never shows a secret", () => {
    expect(settingProblems({ S3_BUCKET: "forum" })).toEqual([
      "S3_BUCKET=forum: needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as well (docs/storage.md)",
    ]);
    const lines = settingProblems({ S3_ENDPOINT: "https://s3.example", S3_SECRET_ACCESS_KEY: "hunter2" });
    expect(lines).toEqual(['S3_BUCKET="": is not set, but S3_ENDPOINT, S3_SECRET_ACCESS_KEY are (docs/storage.md)']);
    expect(lines.join("\n")).not.toContain("hunter2");
    expect(settingProblems({ S3_BUCKET: "b", S3_ENDPOINT: "not a url", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" })).toEqual([
      'S3_ENDPOINT="not a url": must be a URL such as https://forum.example',
    ]);
    const both = {
      S3_BUCKET: "b",
      S3_ENDPOINT: "https://s3.example",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
      UPLOADTHING_TOKEN: "t",
    };
    expect(settingProblems(both)).toEqual([
      'S3_STORE="": sends uploads to S3_BUCKET, and UPLOADTHING_TOKEN sends them to UploadThing: set S3_STORE=backups, or unset one',
    ]);
    expect(settingProblems({ ...both, S3_STORE: "backups" })).toEqual([]);
    expect(settingProblems({ ...both, S3_STORE: "photos" })[0]).toMatch(/^S3_STORE=photos: /);
  });
});
