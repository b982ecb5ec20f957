import "server-only";
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { releasedUsernames } from "@/db/schema";

/** A deleted account's name stays unavailable to others this long (then anyone may register it). */
export const DELETED_NAME_COOLDOWN_DAYS = 30;

/** How a released name is kept: SHA-256 of the lower-cased name, so the table holds no one's name. */
export const releasedNameHash = (name: string) => createHash("sha256").update(`released-name:${name.toLowerCase()}`).digest("hex");

/** Whether `lower` (a lower-cased name) belonged to an account deleted within the cooldown. */
export function releasedNameHeldSql(lower: string): SQL {
  return sql`exists (select 1 from ${releasedUsernames} where ${releasedUsernames.nameHash} = ${releasedNameHash(lower)}
    and ${releasedUsernames.releasedAt} > now() - make_interval(days => ${DELETED_NAME_COOLDOWN_DAYS}))`;
}
