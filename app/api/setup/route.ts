// GET/POST /api/setup: the first-run setup (open only while no administrator exists, and only with the token npm start printed; else 404).
import { created, made, ok, route } from "@/lib/api/route";
import { completeSetup, getSetupState } from "@/lib/services/site/setup";
import { setupInputSchema, setupQuerySchema, setupResultSchema, setupStateSchema } from "@/lib/validation/setup";

export const GET = route(
  {
    tag: "Other",
    summary: "Whether the first-run setup is open",
    description: "200 while no administrator exists and `token` is the setup token; 404 otherwise (the same 404 for a wrong token).",
    auth: "none",
    query: setupQuerySchema,
    responses: [ok(setupStateSchema)],
  },
  ({ query }) => getSetupState(query),
);

export const POST = route(
  {
    tag: "Other",
    summary: "Create the first administrator",
    description:
      "The setup's first step. Two requests at once create one administrator: the other is a 404, as is every request once one exists. Then sign in (POST /api/auth/login) and set the site's name with PUT /api/admin/config.",
    auth: "none",
    body: setupInputSchema,
    responses: [made(setupResultSchema)],
    errors: [409],
  },
  async ({ body }) => created(await completeSetup(body)),
);
