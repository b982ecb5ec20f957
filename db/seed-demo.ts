import { count } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";

/** Fills a new, empty database with the demo community (first start of the embedded database). */
export async function seedDemoIfEmpty(): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const { seedDemo } = await import("./demo-content");
  await seedDemo(db);
  return true;
}
