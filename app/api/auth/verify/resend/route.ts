// POST /api/auth/verify/resend: mail a new verification code to the signed-in member (rate limited).
import { ok, route } from "@/lib/api/route";
import { resendVerification } from "@/lib/services/auth/verification";
import { resendResultSchema } from "@/lib/validation/mail";

export const POST = route(
  { tag: "Accounts", summary: "Mail a new verification code", auth: "required", responses: [ok(resendResultSchema)], errors: [409, 429] },
  ({ viewer }) => resendVerification(viewer),
);
