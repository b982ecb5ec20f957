import "server-only";
import { eq } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { users } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";

/**
 * The member's saved interface language (users.locale). The order a page's language is chosen
 * in: this preference, then the `lang` cookie, then Accept-Language, then English. Pages read only the
 * cookie (the page cache keys by it, without a database read), so saving the preference and signing in
 * set the cookie from it (app/api/users/me, lib/auth.ts); mail to the member reads the column.
 */

/** Saves (or with null forgets) the member's language. */
export async function setLocale(viewer: { id: number }, input: { locale: Locale | null }, tx: DbOrTx = db): Promise<Locale | null> {
  await tx.update(users).set({ locale: input.locale }).where(eq(users.id, viewer.id));
  return input.locale;
}

/** The member's saved language, or null when they have not chosen one. */
export async function savedLocale(userId: number, tx: DbOrTx = db): Promise<Locale | null> {
  const [row] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.locale ?? null;
}
