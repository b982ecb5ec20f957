// POST /api/auth/verify {username?, code}: confirm the account's email address with the code from the mail.
import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { verifyEmail } from "@/lib/services/verification";
import { verifyEmailSchema } from "@/lib/validation/mail";

export const POST = route(async ({ req, viewer }) => {
  const input = await readJson(req, verifyEmailSchema, 4 * 1024);
  return verifyEmail({ ...input, viewer });
});
