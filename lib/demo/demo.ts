// The demo community (npm run db:seed, and the first start of an empty embedded database): simulated by
// simulate.ts and record.ts from the data files in lib/demo/content/, inserted in one transaction.
import { count, sql } from "drizzle-orm";
import { db, type DB } from "@/db";
import { users } from "@/db/schema";
import { env } from "@/lib/env";
import { hashPassword } from "@/lib/services/shared/passwords";
import { record } from "./record";
import { simulate } from "./simulate";

export type SeedOptions = { log?: (message: string) => void };

/** The demo community, inserted in one transaction. Expects empty forum tables. */
export async function seedDemo(database: DB, opts: SeedOptions = {}): Promise<void> {
  const log = opts.log ?? (() => {});
  const passwordHash = await hashPassword(env().DEMO_PASSWORD);
  await database.transaction(async (tx) => {
    const world = await simulate(tx as unknown as DB, passwordHash, log);
    await record(tx as unknown as DB, world, log);
    // Demo replies and mentions are history, not news: nobody gets mail about them.
    await tx.execute(sql`delete from notification_mail_queue`);
  });
}

/** Fills a new, empty database with the demo community (first start of the embedded database, lib/startup.ts). */
export async function seedDemoIfEmpty(): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db);
  return true;
}
