/**
 * What a backup file holds (docs/backups.md): a gzip-compressed tar whose entries are, in order,
 *   forum-backup.json   the manifest (below)
 *   database.sql        a plain SQL dump (pg_dump --inserts, no owners or privileges)
 *   uploads/<key>       every uploaded file the database knows
 *   forum-backup.sha256 the SHA-256 of the manifest's bytes
 * The same format from the embedded database and from a Postgres server.
 */

export const FORMAT = "forum-backup";
export const FORMAT_VERSION = 1;
export const MANIFEST_NAME = "forum-backup.json";
export const DUMP_NAME = "database.sql";
export const TRAILER_NAME = "forum-backup.sha256";
export const UPLOAD_PREFIX = "uploads/";
export const FILE_SUFFIX = ".forum-backup.tar.gz";

export type TableSum = { name: string; rows: number; checksum: string };
export type UploadEntry = { key: string; bytes: number; sha256: string; mime: string };

export type Manifest = {
  format: typeof FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  source: { kind: "pglite" | "postgres"; serverVersion: string; dumpedBy: string };
  /** The migrations applied to the database (drizzle's journal): how many and the last one's time stamp. */
  migrations: { count: number; lastCreatedAt: number | null };
  database: { file: typeof DUMP_NAME; bytes: number; sha256: string };
  tables: TableSum[];
  uploads: UploadEntry[];
  /** Uploads the database lists whose file was not found in storage when the backup was made. */
  missingUploads: string[];
};

/** Why a file is refused; `code` is stable (scripts and tests match it), `message` is for people. */
export type RefusalCode =
  | "not_a_backup"
  | "truncated"
  | "damaged"
  | "newer_format"
  | "newer_migrations"
  | "checksum_mismatch"
  | "target_not_empty"
  | "target_in_use"
  | "missing_program"
  | "verify_failed";

export class BackupError extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = "BackupError";
  }
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Checks a parsed manifest's shape; throws `not_a_backup` / `newer_format` with what is wrong. */
export function checkManifest(value: unknown): Manifest {
  const m = value as Partial<Manifest> | null;
  if (!m || typeof m !== "object" || m.format !== FORMAT)
    throw new BackupError("not_a_backup", "This is not a forum backup (its manifest does not say forum-backup).");
  if (typeof m.formatVersion !== "number" || m.formatVersion > FORMAT_VERSION)
    throw new BackupError(
      "newer_format",
      `This backup has format version ${String(m.formatVersion)}; this version of the forum reads up to ${FORMAT_VERSION}. Upgrade the forum first.`,
    );
  const bad = (what: string) => new BackupError("damaged", `The backup's manifest is damaged (${what}).`);
  if (!m.database || typeof m.database.bytes !== "number" || !HEX64.test(m.database.sha256 ?? "")) throw bad("database");
  if (
    !Array.isArray(m.tables) ||
    m.tables.some((t) => typeof t?.name !== "string" || typeof t.rows !== "number" || typeof t.checksum !== "string")
  )
    throw bad("tables");
  if (
    !Array.isArray(m.uploads) ||
    m.uploads.some((u) => typeof u?.key !== "string" || typeof u.bytes !== "number" || !HEX64.test(u.sha256 ?? ""))
  )
    throw bad("uploads");
  if (!m.migrations || typeof m.migrations.count !== "number") throw bad("migrations");
  if (!Array.isArray(m.missingUploads)) throw bad("missingUploads");
  return m as Manifest;
}

/** A short summary of a manifest, for listings (sidecar files, the admin page). */
export type BackupSummary = {
  name: string;
  bytes: number;
  createdAt: string;
  source: Manifest["source"]["kind"];
  appVersion: string;
  rows: number;
  tables: number;
  uploads: number;
  counts: Record<string, number>;
};

export function summarize(name: string, bytes: number, m: Manifest): BackupSummary {
  return {
    name,
    bytes,
    createdAt: m.createdAt,
    source: m.source.kind,
    appVersion: m.appVersion,
    rows: m.tables.reduce((a, t) => a + t.rows, 0),
    tables: m.tables.length,
    uploads: m.uploads.length,
    counts: Object.fromEntries(m.tables.map((t) => [t.name, t.rows])),
  };
}

/** A backup file's name: `forum-<UTC time>.forum-backup.tar.gz`, safe in any folder or bucket. */
export function backupFileName(at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `forum-${stamp}-${Math.random().toString(36).slice(2, 6)}${FILE_SUFFIX}`;
}

export const isBackupName = (name: string) => /^[A-Za-z0-9._-]{1,120}$/.test(name) && name.endsWith(FILE_SUFFIX);
