import "server-only";
import { eq } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { users, type MedalType } from "@/db/schema";
import { unauthorized } from "@/lib/errors";
import { iso, userSummary } from "@/lib/services/dto";
import { earnedMedals, levelOf } from "@/lib/services/shared/medals";
import type { MeDto } from "@/lib/validation/responses";
import type { Viewer } from "@/lib/viewer";

type UserRow = typeof users.$inferSelect;

function meFrom(u: UserRow, medals: MedalType[]): MeDto {
  return {
    ...userSummary({ ...u, earnedMedal: u.earnedMedal ?? medals[0] ?? null }),
    email: u.email,
    introduction: u.introduction,
    role: u.role,
    point: u.point,
    experience: u.experience,
    ...levelOf(u.experience),
    medals,
    createdAt: iso(u.createdAt)!,
    emailVerified: u.emailVerifiedAt !== null,
    locale: u.locale ?? null,
  };
}

/** The signed-in user's own view of their account (docs/api.md §5 `GET /api/users/me`). */
export async function getMe(viewer: Pick<Viewer, "id">, tx: DbOrTx = db): Promise<MeDto> {
  const userId = viewer.id;
  const [u] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw unauthorized();
  return meFrom(u, await earnedMedals(tx, userId));
}
