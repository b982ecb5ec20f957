// POST /api/auth/verify/resend: mail a new verification code to the signed-in member (rate limited).
import { route } from "@/lib/api/route";
import { resendVerification } from "@/lib/services/verification";
import { requireViewer } from "@/lib/viewer";

export const POST = route(({ viewer }) => resendVerification(requireViewer(viewer)), { auth: "required" });
