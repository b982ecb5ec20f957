import type { DB } from "@/db";
import { categories } from "@/db/schema";

/** The demo community. */
export async function seedDemo(tx: DB): Promise<void> {
  await tx.insert(categories).values([{ name: "General", description: "Anything goes", icon: "💬", smallIcon: "💬" }]);
}
