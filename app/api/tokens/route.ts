// GET /api/tokens (list) and POST /api/tokens (create): the caller's personal API tokens.
import { created, made, okList, route } from "@/lib/api/route";
import { createPersonalToken, listPersonalTokens } from "@/lib/services/auth/personal-tokens";
import { apiTokenSchema, createdTokenSchema, createTokenSchema } from "@/lib/validation/auth";

export const GET = route(
  {
    tag: "Accounts",
    summary: "The caller's API tokens (personal and login tokens)",
    auth: "required",
    responses: [okList(apiTokenSchema)],
  },
  ({ viewer }) => listPersonalTokens(viewer),
);

export const POST = route(
  {
    tag: "Accounts",
    summary: "Create a personal API token (shown once)",
    auth: "required",
    body: createTokenSchema,
    bodyLimit: 16 * 1024,
    responses: [made(createdTokenSchema)],
  },
  async ({ viewer, body }) => created(await createPersonalToken(viewer, body)),
);
