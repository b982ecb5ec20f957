import "server-only";
import type { SQL } from "drizzle-orm";
import { db, rawRows } from "@/db";

/**
 * Runs a search statement inside a transaction. On the Postgres server, statements with parameters
 * outside a transaction become prepared statements (db/index.ts), and after a few runs Postgres may
 * switch them to a generic plan that ignores the keyword (a common and a rare word need opposite
 * plans: measured 490 ms instead of 30 ms at 100k posts). In a transaction they are planned per call.
 */
export function planned<T>(query: SQL): Promise<T[]> {
  return db.transaction((tx) => rawRows<T>(tx, query));
}
