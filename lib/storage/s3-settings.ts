import { env, type Env } from "@/lib/env";

// No SDK import here: choosing a storage (lib/storage/index.ts) must not load the AWS SDK.

export type S3Settings = {
  endpoint: string;
  bucket: string;
  /** Where backups go (S3_BACKUP_BUCKET, default the same bucket). */
  backupBucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  publicUrl?: string;
  store: { uploads: boolean; backups: boolean };
};

/** The S3 settings from the environment (checked at start-up by lib/env.ts), or null when S3_BUCKET is unset. */
export function s3Settings(e: Env = env()): S3Settings | null {
  if (!e.S3_BUCKET) return null;
  const parts = e.S3_STORE.split(",").map((p) => p.trim());
  return {
    // lib/env.ts refuses a bucket without these.
    endpoint: e.S3_ENDPOINT!,
    bucket: e.S3_BUCKET,
    backupBucket: e.S3_BACKUP_BUCKET || e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "1" || e.S3_FORCE_PATH_STYLE === "true",
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ""),
    store: { uploads: parts.includes("uploads"), backups: parts.includes("backups") },
  };
}
