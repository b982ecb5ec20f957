import "server-only";
import { recordSignUp, screenSignUp } from "@/lib/services/spam/signup";
import type { Viewer } from "@/lib/viewer";
import { eq, or, sql, type SQL } from "drizzle-orm";
import { db, jsonValue, rawRows } from "@/db";
import { users, type MedalType } from "@/db/schema";
import { AppError, badRequest, pgCode, twoFactorRequired, msg } from "@/lib/errors";
import { defaultAvatar } from "@/lib/avatar-url";
import { getRegistrationMode } from "@/lib/services/shared/site-settings";
import { enqueueMail } from "@/lib/mail/outbox";
import { hashPassword } from "@/lib/services/shared/passwords";
import { refreshMedal } from "@/lib/services/points/points";
import { earnedMedals } from "@/lib/services/shared/medals";
import { getMe } from "@/lib/services/shared/me";
import { attemptLogin } from "@/lib/services/auth/login-attempts";
import { checkSecondFactor, hasTwoFactor } from "@/lib/services/auth/two-factor";
import { hitSiteRateLimit } from "@/lib/limits/rate-limit";
import { issueLoginToken } from "@/lib/services/auth/tokens";
import { nameFree } from "@/lib/services/shared/name-taken";
import type { AuthResultDto, LoginInput, RegisterInput } from "@/lib/validation/auth";
import type { MeDto } from "@/lib/validation/responses";
import { afterCommit, announce } from "@/lib/changes/announce";
import { memberJoined, memberShown } from "@/lib/changes/written";
import { recordTermsAcceptance, termsVersion } from "@/lib/services/site/legal";
import { assertPasswordSignIn, assertPasswordSignUp } from "@/lib/services/auth/sso";

/** What the site header and a page's widgets show of the signed-in member. */
export type AccountSummary = {
  id: number;
  username: string;
  avatar: string;
  point: number;
  email: string;
  emailVerified: boolean;
  /** While an admin's suspension runs: until when (ISO) and why; else null. */
  suspension: Suspension | null;
};
export type Suspension = { until: string; reason: string | null };

/** What the header shows of the member (the address only while it is unconfirmed). */
export function headerAccount(a: AccountSummary): {
  id: number;
  username: string;
  avatar: string;
  point: number;
  unverifiedEmail: string | null;
  suspension: Suspension | null;
} {
  return {
    id: a.id,
    username: a.username,
    avatar: a.avatar,
    point: a.point,
    unverifiedEmail: a.emailVerified ? null : a.email,
    suspension: a.suspension,
  };
}

/**
 * The signed-in member's name, avatar, balance and address in one row read: what a page shows on every
 * view, without the four counts `getMe` runs for the earned medals (2-3 ms at 100k posts, twice a page).
 * As an SQL value (one JSON object, null without the account), so a combined read (page-state) can ask
 * for it in the same statement as the rest; `accountSummaryFrom` reads it.
 */
export function accountSummarySql(userId: number): SQL {
  return sql`(select json_build_object('id', ${users.id}, 'username', ${users.username}, 'avatar', ${users.avatar}, 'point', ${users.point},
    'email', ${users.email}, 'emailVerified', ${users.emailVerifiedAt} is not null,
    'suspendedUntil', case when ${users.suspendedUntil} > now() then ${users.suspendedUntil} end, 'suspendedReason', ${users.suspendedReason})
    from ${users} where ${users.id} = ${userId})`;
}

export function accountSummaryFrom(value: unknown): AccountSummary | null {
  const u = jsonValue<
    | (Omit<AccountSummary, "avatar" | "suspension"> & {
        avatar: string | null;
        suspendedUntil: string | null;
        suspendedReason: string | null;
      })
    | null
  >(value, null);
  if (!u) return null;
  return {
    id: Number(u.id),
    username: u.username,
    avatar: u.avatar || defaultAvatar(u.username),
    point: Number(u.point),
    email: u.email,
    emailVerified: !!u.emailVerified,
    suspension: u.suspendedUntil ? { until: new Date(u.suspendedUntil).toISOString(), reason: u.suspendedReason || null } : null,
  };
}

export async function getAccountSummary(userId: number): Promise<AccountSummary | null> {
  const [row] = await rawRows<{ a: unknown }>(db, sql`select ${accountSummarySql(userId)} as a`);
  return accountSummaryFrom(row?.a);
}

function duplicate(field: "username" | "email"): AppError {
  const message = field === "username" ? msg("usernameTaken") : msg("emailTaken");
  return new AppError("conflict", message, { field });
}

/**
 * Creates an account (username and email unique case-insensitively) and a 30-day login token.
 * Rate limited per client address and per address of mail asked for (the site's `register` limit on
 * each), before the password is hashed.
 */
export async function registerUser(input: RegisterInput & { ip: string; userAgent?: string }): Promise<AuthResultDto> {
  if ((await getRegistrationMode()) === "CLOSED") throw new AppError("registration_closed", msg("registrationClosed"));
  await assertPasswordSignUp();
  const email = input.email.toLowerCase();
  await screenSignUp({ ...input, email });
  await hitSiteRateLimit(`register:ip:${input.ip}`, "register");
  await hitSiteRateLimit(`register:email:${email}`, "register");
  const [taken] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, input.username.toLowerCase()), eq(sql`lower(${users.email})`, email)))
    .limit(1);
  if (taken) throw duplicate(taken.username.toLowerCase() === input.username.toLowerCase() ? "username" : "email");
  // A name a member had before a rename still leads to them (usernames.ts): it is not free either.
  if (!(await nameFree(input.username))) throw duplicate("username");
  const passwordHash = await hashPassword(input.password);
  try {
    return await afterCommit(
      db.transaction(async (tx) => {
        // Unverified until the code from the mail comes back (POST /api/auth/verify); the mail is queued here, sent after commit.
        const [u] = await tx
          .insert(users)
          .values({ username: input.username, email, passwordHash, emailVerifiedAt: null })
          .returning({ id: users.id });
        await enqueueMail(tx, { kind: "verify", to: email, userId: u!.id });
        await refreshMedal(tx, u!.id);
        // Signing up accepts the terms in force (the sign-up form links them): issue 61.
        await recordTermsAcceptance(tx, u!.id, await termsVersion(tx));
        const t = await issueLoginToken(tx, u!.id, input.userAgent);
        return { token: t.token, expiresAt: t.expiresAt, user: await getMe({ id: u!.id }, tx) };
      }),
      (r) => memberJoined(r.user.id),
    ).then(async (r) => (await recordSignUp(r.user.id, input.ip), r));
  } catch (err) {
    // Two registrations racing for the same name: the unique index decides.
    if (pgCode(err) === "23505") throw duplicate(String(err).includes("email") ? "email" : "username");
    throw err;
  }
}

/** Checks the credentials (through the one login-attempt service) and issues a 30-day login token. */
export async function loginUser(input: LoginInput & { ip: string; userAgent?: string }): Promise<AuthResultDto> {
  const user = await attemptLogin({ identifier: input.identifier, password: input.password, ip: input.ip });
  // SSO-only sign-in (issue 60): 403 sso_only after a right password, except for admins.
  await assertPasswordSignIn(user);
  // Two-factor sign-in (issue 60): the right password alone answers 401 two_factor_required.
  if (await hasTwoFactor(user.id)) {
    if (!input.otp) throw twoFactorRequired();
    await checkSecondFactor({ userId: user.id, code: input.otp, ip: input.ip });
  }
  const t = await issueLoginToken(db, user.id, input.userAgent);
  return { token: t.token, expiresAt: t.expiresAt, user: await getMe({ id: user.id }) };
}

/** Shows `type` as the user's medal; only an earned medal may be chosen (400 otherwise). */
export async function selectMedal(viewer: Pick<Viewer, "id">, { type }: { type: MedalType }): Promise<MeDto> {
  const userId = viewer.id;
  const medals = await earnedMedals(db, userId);
  if (!medals.includes(type)) throw badRequest(msg("medalNotEarned"), "type");
  await db.update(users).set({ displayMedal: type }).where(eq(users.id, userId));
  await announce(memberShown(userId));
  return getMe(viewer);
}
