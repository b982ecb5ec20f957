import "server-only";
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { announce } from "@/lib/changes/announce";
import { memberJoined } from "@/lib/changes/written";

/** Signs an OAuth identity into the account with the same email, or creates one with a free username. */
export async function findOrCreateOAuthUser(p: { email: string; name: string; image: string }): Promise<number> {
  const email = p.email.toLowerCase();
  if (!email) throw new Error("The provider returned no email");
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing) return existing.id;
  const base = (p.name || email.split("@")[0] || "user").replace(/[^A-Za-z0-9_-]/g, "").slice(0, 24) || "user";
  for (let i = 0; i < 5; i++) {
    const username = i === 0 && base.length >= 3 ? base : `${base}-${randomBytes(3).toString("hex")}`;
    const [row] = await db.insert(users).values({ username, email, avatar: p.image }).onConflictDoNothing().returning({ id: users.id });
    if (row) {
      await announce(memberJoined(row.id));
      return row.id;
    }
  }
  throw new Error("Could not create an account for this identity");
}
