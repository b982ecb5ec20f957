// A real S3-compatible server (s3rver) for a test file: started on a free loopback port of 4200–4299
// with its files in a temporary folder, and the S3_* settings pointing at it (lib/env.ts re-read).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { env } from "@/lib/env";

export const S3_TEST_BUCKET = "forum-test";
const S3_VARS = ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL", "S3_STORE"];

export type TestS3 = { endpoint: string; env: Record<string, string>; stop: () => Promise<void> };

/** Starts s3rver with an empty bucket `forum-test` and sets S3_* in process.env; stop() undoes both. */
export async function startS3(): Promise<TestS3> {
  // The SDK warns once per process that its 2027 releases will need Node 22: noise in test output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
  const dir = mkdtempSync(path.join(os.tmpdir(), "forum-s3-"));
  let server: S3rver | undefined;
  let port = 0;
  // Test files run in parallel (and both database passes may run at once): take the first free port.
  for (let p = 4200 + Math.floor(Math.random() * 100), tries = 0; tries < 100 && !server; tries++, p = 4200 + ((p - 4200 + 1) % 100)) {
    const s = new S3rver({ port: p, address: "127.0.0.1", silent: true, directory: dir, configureBuckets: [{ name: S3_TEST_BUCKET }] });
    try {
      port = (await s.run()).port;
      server = s;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
    }
  }
  if (!server) throw new Error("no free port in 4200-4299 for s3rver");
  const endpoint = `http://127.0.0.1:${port}`;
  const vars = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: S3_TEST_BUCKET,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  Object.assign(process.env, vars);
  env(true);
  return {
    endpoint,
    env: vars,
    async stop() {
      for (const k of S3_VARS) delete process.env[k];
      env(true);
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
