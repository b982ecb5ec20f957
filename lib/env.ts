import { z } from "zod";
import type { RateLimitAction } from "@/db/schema/users";
import { RATE_LIMIT_ACTIONS, RATE_LIMIT_MAX, RATE_WINDOW_MAX_SECONDS, type RateLimitsInput } from "@/lib/validation/rate-limits";

/** `http(s)://host[:port]`, nothing more (a trailing slash is tolerated). */
function isOrigin(o: string): boolean {
  try {
    const u = new URL(o);
    return (u.protocol === "http:" || u.protocol === "https:") && u.pathname === "/" && !u.search && !u.hash && !u.username && !u.password;
  } catch {
    return false;
  }
}

const int = (def: number) => z.coerce.number().int().positive().default(def);

/** `login=1000,posts=4/300` as PUT /api/admin/config's `rateLimits`; null when malformed (TEST_RATE_LIMITS). */
export function parseRateLimitList(v: string): RateLimitsInput | null {
  const out: RateLimitsInput = {};
  for (const part of v
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z]+)=(\d+)(?:\/(\d+))?$/.exec(part);
    if (!m || !(RATE_LIMIT_ACTIONS as readonly string[]).includes(m[1]!)) return null;
    const limit = Number(m[2]);
    const windowSeconds = m[3] === undefined ? undefined : Number(m[3]);
    if (limit < 1 || limit > RATE_LIMIT_MAX) return null;
    if (windowSeconds !== undefined && (windowSeconds < 1 || windowSeconds > RATE_WINDOW_MAX_SECONDS)) return null;
    out[m[1] as RateLimitAction] = { limit, ...(windowSeconds === undefined ? {} : { windowSeconds }) };
  }
  return out;
}

/** Every setting the app reads, validated once. The README documents each of them. */
const envSchema = z.object({
  DATABASE_URL: z.string().optional(),
  /**
   * Comma-separated URLs of streaming read replicas of DATABASE_URL (db/replicas.ts): public reads that may be a
   * little stale go there; writes, transactions and a member's reads until their last write has replayed stay on the primary.
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .default("")
    .refine(
      (v) =>
        v
          .split(",")
          .map((u) => u.trim())
          .filter(Boolean)
          .every((u) => /^postgres(ql)?:\/\/[^\s]+$/.test(u)),
      "DATABASE_REPLICA_URLS must be a comma-separated list of postgres:// URLs",
    ),
  /** A replica further behind the primary than this is taken out of the reads until it catches up. */
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  /** How often each process asks the primary for its WAL position and each replica for its replay position. */
  REPLICA_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(200),
  /** "transaction": DATABASE_URL is a transaction-mode pooler (PgBouncer): no prepared statements, no startup parameters. */
  DATABASE_POOLER: z.enum(["none", "transaction"]).default("none"),
  /** A direct connection to the primary (not through the pooler) for LISTEN and the migrations' advisory lock; default DATABASE_URL. */
  DATABASE_DIRECT_URL: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  PORT: int(3000),
  PUBLIC_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().optional(),
  AUTH_GITHUB_ID: z.string().optional(),
  AUTH_GITHUB_SECRET: z.string().optional(),
  AUTH_GOOGLE_ID: z.string().optional(),
  AUTH_GOOGLE_SECRET: z.string().optional(),
  /** Any OpenID Connect provider (docs/accounts.md): its issuer URL (discovery at /.well-known/openid-configuration) and this forum's client. */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The sign-in button says "Sign in with <this>". */
  OIDC_LABEL: z.string().trim().min(1).max(40).default("Single sign-on"),
  UPLOADTHING_TOKEN: z.string().optional(),
  /** An S3-compatible object store (docs/storage.md): uploads and/or backups go there when S3_BUCKET is set. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Public base URL of the bucket (a CDN): new uploads' URLs point there; unset, /uploads/ streams from the bucket. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** Path-style requests (`endpoint/bucket/key`), which MinIO and most S3-compatible stores need; 0: virtual-hosted. */
  S3_FORCE_PATH_STYLE: z.enum(["0", "1", "true", "false"]).default("1"),
  /** Another bucket (same endpoint and keys) for backups, e.g. when S3_BUCKET is publicly readable; default S3_BUCKET. */
  S3_BACKUP_BUCKET: z.string().optional(),
  /** What goes to the store when S3_BUCKET is set: `uploads`, `backups` or both. */
  S3_STORE: z
    .string()
    .default("uploads,backups")
    .refine(
      (v) => v.split(",").every((p) => ["uploads", "backups"].includes(p.trim())),
      "S3_STORE must be uploads, backups or uploads,backups",
    ),
  DEMO_PASSWORD: z.string().default("demo-password"),
  UPLOAD_MAX_BYTES: int(5 * 1024 * 1024),
  UPLOAD_MAX_DIMENSION: int(8192),
  /** Budgets of one image (lib/image.ts): frames of an animated GIF/WebP, decoded pixels over all frames. */
  UPLOAD_MAX_FRAMES: int(300),
  UPLOAD_MAX_TOTAL_PIXELS: int(40_000_000),
  /** Re-encodes at once per process, seconds one may take (then 400), uploads that may wait (then 503). */
  IMAGE_CONCURRENCY: int(1),
  IMAGE_TIME_BUDGET_SEC: int(10),
  IMAGE_MAX_QUEUE: int(16),
  UPLOAD_ALLOW_LOOPBACK: z.enum(["0", "1", "true", "false"]).default("0"),
  SEED_MEDAL_BEFORE: z.string().default("2026-01-01T00:00:00.000Z"),
  SCHEDULER_INTERVAL_MS: int(2000),
  /** Least time between the starts of two renders ahead of a process's hot list pages (lib/cache/page-versions.ts); 0: no pause. */
  PAGE_AHEAD_INTERVAL_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  /** How long a write may hold arriving reads back (lib/front/write-first.ts); 0 turns it off. */
  WRITE_FIRST_MS: z.coerce.number().int().min(0).max(1_000).default(60),
  /** GET /metrics (docs/observability.md) with `Authorization: Bearer <this>`; unset (and no METRICS_PORT): no metrics. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** Serves /metrics without a token on 127.0.0.1 at this port (a separate listener for a local scraper). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** The JSON log's least level (pino): each request is logged at info. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Sign-up captcha (docs/spam.md): "turnstile" or "hcaptcha" with both keys; unset, sign-up asks for none. */
  CAPTCHA_PROVIDER: z.enum(["turnstile", "hcaptcha"]).optional(),
  CAPTCHA_SITE_KEY: z.string().optional(),
  CAPTCHA_SECRET_KEY: z.string().optional(),
  /** The provider's siteverify URL (default the provider's own; tests stand a local endpoint in). */
  CAPTCHA_VERIFY_URL: z.string().url().optional(),
  /** The widget script the sign-up page loads (default the provider's own); its origin goes into the page policy. Tests stand a local script in. */
  CAPTCHA_SCRIPT_URL: z.string().url().optional(),
  /** Akismet check of new members' first posts and comments (docs/spam.md); unset: none. */
  AKISMET_KEY: z.string().optional(),
  /** The Akismet API base (default https://rest.akismet.com); tests stand a local endpoint in. */
  AKISMET_URL: z.string().url().default("https://rest.akismet.com"),
  /** Comma-separated CIDRs (or addresses) of reverse proxies whose X-Forwarded-For is believed; empty: none. */
  TRUSTED_PROXIES: z.string().default(""),
  /** Comma-separated origins (`https://app.example`) whose pages may call /api from the browser (lib/front/cors.ts); empty: none. */
  CORS_ORIGINS: z
    .string()
    .default("")
    .refine(
      (v) =>
        v
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean)
          .every(isOrigin),
      "CORS_ORIGINS must be a comma-separated list of origins like https://app.example (scheme, host, optional port; no path)",
    ),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Forum <forum@localhost>"),
  /** The site's name until an admin sets one (blank: unset, "Forum"). */
  SITE_NAME: z.string().optional(),
  MAIL_AWAY_MINUTES: int(10),
  MAIL_MAX_ATTEMPTS: int(8),
  MAIL_RETRY_BASE_SEC: int(30),
  UNVERIFIED_POST_ALLOWANCE: z.coerce.number().int().min(0).default(3),
  /** Members below this level (lib/services/shared/medals.ts LEVELS) pick existing tags only; staff always may create. */
  TAG_CREATE_MIN_LEVEL: z.coerce.number().int().min(0).max(6).default(1),
  /** Argon2id cost of new password hashes (lib/services/shared/passwords.ts): memory in KiB, passes. OWASP's minimum; the tests lower it. */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).max(1_048_576).default(19_456),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).max(20).default(2),
  /** Connections per process to the Postgres server; replicas get DATABASE_REPLICA_POOL_SIZE each (default the same). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_REPLICA_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  /** Seconds before a database connection attempt fails (503). */
  DATABASE_CONNECT_TIMEOUT: z.coerce.number().int().min(1).max(120).default(5),
  /** "0": no demo content on a new embedded database. */
  SEED_DEMO: z.enum(["0", "1"]).default("1"),
  /** Where backups are kept on disk (default $DATA_DIR/backups), unless S3 keeps them. */
  BACKUP_DIR: z.string().optional(),
  /** The Postgres server's pg_dump; unset: the cluster's binaries, then PATH (lib/backup/source.ts). */
  PG_DUMP: z.string().optional(),
  /** On SIGTERM, time for in-flight requests before the database is closed. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  /** Public pages each process's page cache keeps (lib/front/page-cache.ts). */
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(500),
  // Development and tests (docs/configuration.md, last table). Tests change some of these while a file runs:
  // they call env(true) after setting them.
  /** Where the embedded database lives (default $DATA_DIR/pglite; `memory://` in the unit tests). */
  PGLITE_DIR: z.string().optional(),
  /** Where the migrations are read from (default ./db/migrations). */
  MIGRATIONS_DIR: z.string().optional(),
  /** "0" turns the per-process read caches off, the page cache included (the unit tests do). */
  LIST_CACHE: z.enum(["0", "1"]).default("1"),
  /** "1": a public page that reads the member during a shared render throws in production too (lib/cache/page-reader.ts). */
  PAGE_READER_STRICT: z.enum(["0", "1"]).default("0"),
  /**
   * Test servers only (the browser tests' server, scripts/reliability): rate limits each start writes into
   * the site's settings, over what an admin set, e.g. `login=1000,posts=4/300` (limit, or limit/window in
   * seconds). Rate limits are site settings (/admin/settings); operators never set this.
   */
  TEST_RATE_LIMITS: z
    .string()
    .default("")
    .refine((v) => parseRateLimitList(v) !== null, {
      message: `TEST_RATE_LIMITS must be a comma-separated list of action=limit or action=limit/seconds (actions: ${RATE_LIMIT_ACTIONS.join(", ")}; a limit 1 to ${RATE_LIMIT_MAX}, a window 1 to ${RATE_WINDOW_MAX_SECONDS} s)`,
    }),
  /** Interval of the `: ping` comment on open live-event streams. */
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(10).max(600_000).default(20_000),
  /** How often each process rechecks the sign-ins of its open signed-in streams (the backstop). */
  EVENTS_RECHECK_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
});

export type Env = z.infer<typeof envSchema>;

/** The settings with the rules that span several of them (prettier would re-indent the object if chained there). */
const checkedEnvSchema = envSchema.superRefine(s3SettingsAgree).superRefine(oidcSettingsAgree);

/**
 * The S3 settings that only make sense together. Each problem names a setting whose value may be shown
 * (never a secret's): settingProblems prints `NAME=value: message without the name`.
 */
function s3SettingsAgree(v: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const list = (names: string[]) => names.join(", ");
  const need = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((k) => !v[k]);
  if (v.S3_BUCKET && need.length) {
    ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: `needs ${list(need)} as well (docs/storage.md)` });
  }
  const stray = ["S3_ENDPOINT", "S3_PUBLIC_URL", "S3_BACKUP_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((k) => v[k]);
  if (!v.S3_BUCKET && stray.length) {
    ctx.addIssue({
      code: "custom",
      path: ["S3_BUCKET"],
      message: `is not set, but ${list(stray)} ${stray.length > 1 ? "are" : "is"} (docs/storage.md)`,
    });
  }
  if (v.S3_BUCKET && v.UPLOADTHING_TOKEN && String(v.S3_STORE).includes("uploads")) {
    ctx.addIssue({
      code: "custom",
      path: ["S3_STORE"],
      message: "sends uploads to S3_BUCKET, and UPLOADTHING_TOKEN sends them to UploadThing: set S3_STORE=backups, or unset one",
    });
  }
}

/** The OpenID Connect provider needs its issuer, client id and secret together. */
function oidcSettingsAgree(v: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const names = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"];
  const missing = names.filter((k) => !v[k]);
  if (missing.length && missing.length < names.length) {
    const path = missing.includes("OIDC_ISSUER") ? "OIDC_CLIENT_ID" : "OIDC_ISSUER";
    ctx.addIssue({ code: "custom", path: [path], message: `needs ${missing.join(", ")} as well (docs/accounts.md)` });
  }
}

let cached: Env | undefined;
/** Parsed settings; re-read when `reload` is true (tests change process.env between files). */
export function env(reload = false): Env {
  if (!cached || reload) cached = checkedEnvSchema.parse(process.env);
  return cached;
}

/**
 * One setting, read now from the environment through its schema (validated like the rest). For the few
 * that tests change while a file runs (LIST_CACHE, PAGE_READER_STRICT, EVENTS_*): env() keeps its first
 * reading.
 */
export function setting<K extends keyof Env>(name: K): Env[K] {
  return envSchema.shape[name].parse(process.env[name]) as Env[K];
}

/** What a setting's schema allows, in words: "a whole number ≥ 1 (default 10)". */
export function allowedValues(schema: z.ZodType): string {
  let s = schema as z.ZodType & { def: Record<string, any> };
  let fallback: unknown;
  for (;;) {
    const d = s.def;
    if (d.type === "default") fallback = typeof d.defaultValue === "function" ? d.defaultValue() : d.defaultValue;
    else if (d.type !== "optional" && d.type !== "nullable") break;
    s = d.innerType;
  }
  const d = s.def;
  let what = "text";
  if (d.type === "number") {
    const whole = (s as unknown as z.ZodNumber).isInt;
    let lo: number | undefined;
    let hi: number | undefined;
    for (const c of (d.checks ?? []) as unknown as { _zod: { def: { check: string; value: number; inclusive: boolean } } }[]) {
      const { check, value, inclusive } = c._zod.def;
      if (check === "greater_than") lo = inclusive ? value : whole ? value + 1 : value;
      if (check === "less_than") hi = inclusive ? value : whole ? value - 1 : value;
    }
    what = whole ? "a whole number" : "a number";
    if (lo !== undefined && hi !== undefined) what += ` from ${lo} to ${hi}`;
    else if (lo !== undefined) what += ` ≥ ${lo}`;
    else if (hi !== undefined) what += ` ≤ ${hi}`;
  } else if (d.type === "enum") {
    what = `one of ${Object.values(d.entries as Record<string, string>).join(", ")}`;
  } else if (d.type === "string" && (s as unknown as z.ZodString).format === "url") {
    what = "a URL such as https://forum.example";
  }
  return fallback === undefined || fallback === "" ? what : `${what} (default ${String(fallback)})`;
}

/**
 * Settings this forum no longer reads, one line each, for a warning at start-up: the RATE_LIMIT_*
 * variables became site settings (/admin/settings), so a value left in an operator's environment would
 * otherwise be ignored without a word.
 */
export function retiredSettings(source: Record<string, string | undefined>): string[] {
  return Object.keys(source)
    .filter((name) => name.startsWith("RATE_LIMIT_") && source[name] !== undefined)
    .sort()
    .map((name) => `${name} is no longer read: rate limits are site settings, changed in /admin/settings (docs/configuration.md)`);
}

/** A value as the problem line shows it: quoted when empty or with spaces, cut when long. */
const shown = (v: unknown) => {
  const s = String(v ?? "");
  const cut = s.length > 60 ? `${s.slice(0, 57)}…` : s;
  return !s || /\s|"/.test(cut) ? JSON.stringify(cut) : cut;
};

/**
 * Every invalid setting in `source`, one line each (`MAIL_AWAY_MINUTES=0: must be a whole number ≥ 1
 * (default 10)`); none when all are valid. server.ts checks this before it loads anything else.
 */
export function settingProblems(source: Record<string, string | undefined>): string[] {
  const parsed = checkedEnvSchema.safeParse(source);
  if (parsed.success) return [];
  const lines = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? "");
    if (!name || lines.has(name)) continue;
    const field = envSchema.shape[name as keyof typeof envSchema.shape] as z.ZodType | undefined;
    // A rule of its own (a list of origins…) says what it wants in its message; a plain type, its schema.
    const problem =
      issue.code === "custom" || !field ? issue.message.replace(new RegExp(`^${name}\\s+`), "") : `must be ${allowedValues(field)}`;
    lines.set(name, `${name}=${shown(source[name])}: ${problem}`);
  }
  return [...lines.values()];
}
