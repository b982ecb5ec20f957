import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rawRows, type DbOrTx } from "@/db";
import { usernameHistory, users } from "@/db/schema";
import { releasedNameHeldSql } from "@/lib/services/shared/released-names";
import { isDeletedName } from "@/lib/deleted-member";

/**
 * Whether `name` (case-insensitively) is held or was held by a member other than `exceptUserId`. Names of
 * a deleted account's shape (`deleted-<digits>`, lib/deleted-member.ts) count as taken for everyone.
 */
export function nameTakenSql(name: string, exceptUserId: number | null): SQL {
  const lower = name.toLowerCase();
  if (isDeletedName(lower)) return sql`true`;
  const other = (col: SQL | typeof users.id) => (exceptUserId === null ? sql`true` : sql`${col} <> ${exceptUserId}`);
  return sql`(exists (select 1 from ${users} where lower(${users.username}) = ${lower} and ${other(users.id)})
    or exists (select 1 from ${usernameHistory} where lower(${usernameHistory.username}) = ${lower} and ${other(sql`${usernameHistory.userId}`)})
    or ${releasedNameHeldSql(lower)})`;
}

/** Whether `name` is free for a new account (nobody holds it, nobody had it). */
export async function nameFree(name: string, runner: DbOrTx = db): Promise<boolean> {
  const [row] = await rawRows<{ taken: boolean }>(runner, sql`select ${nameTakenSql(name, null)} as taken`);
  return !row?.taken;
}
