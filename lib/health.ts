import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";

export async function checkHealth(): Promise<{ status: "ok" | "degraded"; db: "ok" | "down" }> {
  try {
    await Promise.race([db.execute(sql`select 1`), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000))]);
    return { status: "ok", db: "ok" };
  } catch {
    return { status: "degraded", db: "down" };
  }
}
