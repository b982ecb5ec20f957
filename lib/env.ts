import { z } from "zod";

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

/** Every setting the app reads, validated once. The README documents each of them. */
const envSchema = z.object({
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  PORT: int(3000),
  PUBLIC_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().optional(),
  AUTH_GITHUB_ID: z.string().optional(),
  AUTH_GITHUB_SECRET: z.string().optional(),
  AUTH_GOOGLE_ID: z.string().optional(),
  AUTH_GOOGLE_SECRET: z.string().optional(),
  UPLOADTHING_TOKEN: z.string().optional(),
  DEMO_PASSWORD: z.string().default("demo-password"),
  UPLOAD_MAX_BYTES: int(5 * 1024 * 1024),
  UPLOAD_MAX_DIMENSION: int(8192),
  UPLOAD_ALLOW_LOOPBACK: z.enum(["0", "1", "true", "false"]).default("0"),
  RATE_LIMIT_LOGIN: int(10),
  RATE_LIMIT_LOGIN_WINDOW_SEC: int(300),
  RATE_LIMIT_REGISTER: int(10),
  RATE_LIMIT_REGISTER_WINDOW_SEC: int(3600),
  RATE_LIMIT_POSTS: int(10),
  RATE_LIMIT_COMMENTS: int(30),
  /** Direct messages a member may send per RATE_LIMIT_WINDOW_SEC. */
  RATE_LIMIT_MESSAGES: int(30),
  RATE_LIMIT_UPLOADS: int(30),
  RATE_LIMIT_WINDOW_SEC: int(60),
  SEED_MEDAL_BEFORE: z.string().default("2026-01-01T00:00:00.000Z"),
  SCHEDULER_INTERVAL_MS: int(2000),
  /** Least time between the starts of two renders ahead of a process's hot list pages (lib/cache/page-versions.ts); 0: no pause. */
  PAGE_AHEAD_INTERVAL_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  /** How long a write may hold arriving reads back (lib/front/write-first.ts); 0 turns it off. */
  WRITE_FIRST_MS: z.coerce.number().int().min(0).max(1_000).default(60),
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
  SITE_NAME: z.string().default("Forum"),
  MAIL_AWAY_MINUTES: int(10),
  MAIL_MAX_ATTEMPTS: int(8),
  MAIL_RETRY_BASE_SEC: int(30),
  UNVERIFIED_POST_ALLOWANCE: z.coerce.number().int().min(0).default(3),
  /** Members below this level (lib/services/points/points.ts LEVELS) pick existing tags only; staff always may create. */
  TAG_CREATE_MIN_LEVEL: z.coerce.number().int().min(0).max(6).default(1),
  RATE_LIMIT_VERIFY_RESEND: int(3),
  RATE_LIMIT_VERIFY_RESEND_WINDOW_SEC: int(3600),
  RATE_LIMIT_FORGOT: int(5),
  RATE_LIMIT_FORGOT_WINDOW_SEC: int(900),
  /** Argon2id cost of new password hashes (lib/services/auth/passwords.ts): memory in KiB, passes. OWASP's minimum; the tests lower it. */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).max(1_048_576).default(19_456),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).max(20).default(2),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;
/** Parsed settings; re-read when `reload` is true (tests change process.env between files). */
export function env(reload = false): Env {
  if (!cached || reload) cached = envSchema.parse(process.env);
  return cached;
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
  const parsed = envSchema.safeParse(source);
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
