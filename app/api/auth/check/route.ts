// GET /api/auth/check: whether the caller's token (or session) is valid, as OpenIsle's AuthController answers.
import { ok, route } from "@/lib/api/route";
import { authCheckSchema } from "@/lib/validation/openisle/compat";

export const GET = route(
  {
    tag: "Accounts",
    summary: "Check the caller's token",
    description:
      "OpenIsle's client calls it on start with its stored token: 200 `{valid: true}` when the bearer token (or session) is valid, else 401 (and the client signs out).",
    auth: "required",
    responses: [ok(authCheckSchema)],
  },
  () => ({ valid: true as const }),
);
