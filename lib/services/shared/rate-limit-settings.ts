import "server-only";
import { RATE_LIMIT_DEFAULTS, siteSettings, type RateLimitAction } from "@/db/schema";
import { rateLimitColumns } from "@/lib/limits/rate-limit";
import { RATE_LIMIT_ACTIONS, type RateLimits, type RateLimitsInput } from "@/lib/validation/rate-limits";

type Columns = ReturnType<typeof rateLimitColumns<RateLimitAction>>;
/** The rate limits as the settings row holds them: rateLimitLogin, rateLimitLoginWindowSeconds… */
export type RateLimitSettings = Record<Columns["limit"] | Columns["window"], number>;

const entries = <T>(f: (a: RateLimitAction, c: Columns) => [string, T][]) =>
  Object.fromEntries(RATE_LIMIT_ACTIONS.flatMap((a) => f(a, rateLimitColumns(a))));

/** The rate limits' columns, for the one settings query (lib/services/shared/site-settings.ts readSettings). */
export const rateLimitSettingsSelect = entries<unknown>((_, c) => [
  [c.limit, siteSettings[c.limit]],
  [c.window, siteSettings[c.window]],
]) as { [K in keyof RateLimitSettings]: (typeof siteSettings)[K] };

/** Until an admin saves the settings: the defaults of db/schema/users.ts (the former RATE_LIMIT_* defaults). */
export const RATE_LIMIT_SETTING_DEFAULTS = entries((a, c) => [
  [c.limit, RATE_LIMIT_DEFAULTS[a].limit],
  [c.window, RATE_LIMIT_DEFAULTS[a].windowSeconds],
]) as RateLimitSettings;

/** The row's columns as GET /api/admin/config shows them: `{ login: { limit, windowSeconds }, … }`. */
export function rateLimitsOf(row: RateLimitSettings): RateLimits {
  return Object.fromEntries(
    RATE_LIMIT_ACTIONS.map((a) => {
      const c = rateLimitColumns(a);
      return [a, { limit: row[c.limit], windowSeconds: row[c.window] }];
    }),
  ) as RateLimits;
}

/** PUT /api/admin/config's `rateLimits` as the columns it changes (only those given). */
export function rateLimitPatch(input: RateLimitsInput | undefined): Partial<RateLimitSettings> {
  const patch: Partial<RateLimitSettings> = {};
  for (const a of RATE_LIMIT_ACTIONS) {
    const c = rateLimitColumns(a);
    const given = input?.[a];
    if (given?.limit !== undefined) patch[c.limit] = given.limit;
    if (given?.windowSeconds !== undefined) patch[c.window] = given.windowSeconds;
  }
  return patch;
}

/** The rate-limit columns out of a settings row (the API shows them as `rateLimits` only). */
export function withoutRateLimitColumns<T extends RateLimitSettings>(row: T): Omit<T, keyof RateLimitSettings> {
  const rest: Record<string, unknown> = { ...row };
  for (const k of Object.keys(RATE_LIMIT_SETTING_DEFAULTS)) delete rest[k];
  return rest as Omit<T, keyof RateLimitSettings>;
}
